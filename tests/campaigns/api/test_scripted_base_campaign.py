"""A base Arcadia Quest campaign played through the API from a script with seeded randomness: six
scenarios to the game's winner (BR:260-261); the final sheet checked field by field. The Inferno script is
in test_scripted_campaigns.py."""

from __future__ import annotations

import pytest

from tests.campaigns.api.scripted import create, line

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def _guild(sheet, colour):
    return next(g for g in sheet["guilds"] if g["colour"] == colour)


BASE = {
    "orange": ["diva", "grom", "maya"],
    "blue": ["greensleeves", "hobsbawm", "johan"],
    "red": ["kanga", "scarlet", "seth"],
}


def test_a_scripted_base_campaign_is_won_by_the_last_scenarios_winner(seeded, owner_api):
    """BR:40-43 three Outer, two Inner, the Final Showdown; BR:205 a scenario's winner (tracked live with the
    numbered PvE quests no source names); BR:224 no Damnation; BR:260-261 the last scenario's winner wins."""
    table = create(owner_api, "Scripted Arcadia", "arcadia-quest", BASE)
    table.post("live/start/", {"scenario": "district-of-hammers"})
    for quest in ("pvp:blue", "pve-unlisted-1", "pvp:orange"):
        table.post("live/quest/", {"quest": quest}, guild="red")
    table.record("district-of-hammers", table.get("live/")["live"]["results_draft"])
    table.play_upgrade_phase()
    script = [
        ("the-moon-gate", "blue", [{"hero": "grom", "deaths": 2}]),
        ("the-rookery", "red", []),
        ("alchemists-district", "orange", []),
        ("evershadow-district", "red", [{"hero": "johan", "deaths": 1}]),
        ("the-temple-of-dawning-twilight", "blue", []),
    ]
    for number, (scenario, winner, deaths) in enumerate(script, start=2):
        lines = [
            line(
                c,
                winner=c == winner,
                coins=2 if c == winner else 1,
                heroes=[d for d in deaths if d["hero"] in BASE[c]],
            )
            for c in BASE
        ]
        if scenario == "the-moon-gate":
            lines[1]["title"], lines[1]["quests"] = True, ["title-quest"]
        table.record(scenario, lines)
        if number < 6:
            table.play_upgrade_phase()
    assert table.sheet["game_winner"] == "blue"
    table.post("finale/", {})
    sheet = table.get("")

    assert sheet["has_damnation"] is False and sheet["finale_kind"] == "last-winner"
    assert [(p["scenario"], p["level"], p["achievements"]["winner"]) for p in sheet["plays"]] == [
        ("district-of-hammers", "1", ["red"]),
        ("the-moon-gate", "2-3", ["blue"]),
        ("the-rookery", "2-3", ["red"]),
        ("alchemists-district", "4-5", ["orange"]),
        ("evershadow-district", "4-5", ["red"]),
        ("the-temple-of-dawning-twilight", "6", ["blue"]),
    ]
    first = {r["guild"]: r for r in sheet["plays"][0]["results"]}
    # Red: First Bonus on its two PvP quests only, 1 coin per quest at the end (BR:199-200, BR:215).
    assert (first["red"]["coins"], first["red"]["quests"]) == (
        5,
        ["pvp:blue", "pve-unlisted-1", "pvp:orange"],
    )
    assert sheet["plays"][1]["achievements"]["won_title"] == ["blue"]
    assert sheet["plays"][1]["achievements"]["least_deaths"] == ["blue", "red"]
    assert [t["slug"] for t in _guild(sheet, "blue")["titles"]] == ["moon-gate-title"]
    assert sheet["finished"] is True and sheet["game_winner"] == "blue"
    assert sheet["finale"]["kind"] == "last-winner" and sheet["finale"]["game_winner"] == "blue"
    assert sheet["finale"]["savior"] is None and sheet["finale"]["council"] == []
    # Red won three scenarios, Blue two: the game still goes to the last scenario's winner (BR:261).
    wins = [p["achievements"]["winner"][0] for p in sheet["plays"]]
    assert wins.count("red") == 3 and wins[-1] == "blue"
