"""Whole campaigns played through the API from a script, one per edition, with seeded randomness; the final
Campaign Sheet is checked field by field against what the rulebooks give for that script.

Inferno: six scenarios (RB:392) with an Angel swapped in (GF:174-176), a Reward card that runs out
(BR:202-203), treasure that counts (BR:216), two Reward cards for one guild (RB:1625), every Upgrade Phase
played in the app, the finale (RB:1311-1334), and an episodic game beside it (GF:298). Base Arcadia Quest:
six scenarios to the game's winner (BR:260-261).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from campaigns.services import upgrade

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


class Table:
    """One group's phone: every call goes through the API with the revision of the last sheet it read."""

    def __init__(self, api: Any, campaign_id: int) -> None:
        self.api, self.id = api, campaign_id
        self.sheet = self.get("")

    def url(self, path: str) -> str:
        return f"/api/v1/campaigns/{self.id}/{path}"

    def get(self, path: str, **params: Any) -> dict[str, Any]:
        response = self.api.get(self.url(path), params)
        assert response.status_code == 200, response.content[:500]
        return response.json()

    def post(self, path: str, body: dict[str, Any], *, guild: str | None = None) -> dict[str, Any]:
        if guild is not None:
            revision = next(g["revision"] for g in self.sheet["guilds"] if g["colour"] == guild)
            path = f"guilds/{guild}/{path}"
        else:
            revision = self.sheet["revision"]
        response = self.api.post(self.url(path), {**body, "revision": revision}, format="json")
        assert response.status_code in (200, 201), (path, response.content[:800])
        self.sheet = response.json()
        return self.sheet

    def record(self, scenario: str, results: list[dict[str, Any]], **extra: Any) -> None:
        self.post("plays/", {"scenario": scenario, "results": results, **extra})

    def play_upgrade_phase(self) -> dict[str, Any]:
        """Every guild drafts the first cards of its hand, buys nothing and confirms (BR:230-233)."""
        colours = [g["colour"] for g in self.sheet["guilds"]]
        view = self.get("upgrade-phase/")
        if view["draft_mode"] == "manual":
            for n, colour in enumerate(colours):
                level = view["level"]
                cards = [
                    {"name": f"Dealt L{level} {colour} {k}", "code": f"L{level}-{n}{k}", "cost": 1}
                    for k in range(6)
                ]
                self.post("upgrade-phase/enter/", {"cards": cards}, guild=colour)
        while not self.get("upgrade-phase/")["draft_complete"]:
            for colour in colours:
                mine = self.get("upgrade-phase/", guild=colour)["mine"]
                if mine["hand"] and not mine["picked_this_round"]:
                    self.post("upgrade-phase/pick/", {"cards": mine["hand"][:2]}, guild=colour)
        review = self.get("upgrade-phase/")
        for colour in colours:
            self.post("upgrade-phase/buy/", {"cards": []}, guild=colour)
            self.post("upgrade-phase/confirm/", {}, guild=colour)
        return review


def line(colour: str, *, winner: bool = False, coins: int = 0, **extra: Any) -> dict[str, Any]:
    return {"guild": colour, "winner": winner, "coins": coins, **extra}


def _create(
    api: Any, name: str, edition: str, rosters: dict[str, list[str]], mode: str = "campaign"
) -> Table:
    response = api.post("/api/v1/campaigns/", {"name": name, "edition": edition, "mode": mode}, format="json")
    assert response.status_code == 201, response.content[:300]
    table = Table(api, response.json()["id"])
    owner = table.sheet["owner"]
    for colour, heroes in rosters.items():
        table.post("guilds/", {"colour": colour, "player": owner})
        table.post("heroes/", {"heroes": heroes}, guild=colour)
    return table


@pytest.fixture
def seeded(monkeypatch):
    """Every Upgrade Phase shuffles from one seeded generator, so the script plays the same way each run."""
    rng = random.Random(2026)
    monkeypatch.setattr(upgrade, "secrets", SimpleNamespace(randbits=rng.getrandbits))


INFERNO = {
    "yellow": ["diana", "mark", "kisha"],
    "purple": ["cassius", "izzy", "jaimie"],
    "teal": ["natasha", "phyx", "sybbyl"],
}


def _guild(sheet: dict[str, Any], colour: str) -> dict[str, Any]:
    return next(g for g in sheet["guilds"] if g["colour"] == colour)


def _cards(guild: dict[str, Any]) -> dict[str, list[str]]:
    return {h["hero"]: sorted(s["card"]["slug"] for s in h["slots"] if s["card"]) for h in guild["heroes"]}


def _play_inferno(table: Table) -> list[str]:
    """The six scenarios; returns the levels of the Upgrade Phases' curse draws, for the checks."""
    # 1. Ferry of the Dead: Yellow wins and takes the first-only Ticket Scalper; Purple's treasure makes its
    # coins the most (BR:216, RB:1292); Purple kills the Demon Pitcher for Sharp Justice.
    table.record(
        "ferry-of-the-dead",
        [
            line("yellow", winner=True, coins=4, title=True, quests=["destroy-the-tickets"]),
            line(
                "purple",
                coins=3,
                treasure=2,
                quests=["kill-the-demon-pitcher"],
                reward_cards=[{"card": "sharp-justice", "hero": "cassius"}],
            ),
            line("teal", coins=1, heroes=[{"hero": "natasha", "deaths": 2}]),
        ],
    )
    table.play_upgrade_phase()
    # 2. The Prisoner (West): Teal wins with the Keymaster; Yellow rescues Angel Eyes and swaps her in for
    # Diana, who stays in the guild (GF:174-176).
    table.record(
        "the-prisoner",
        [
            line("yellow", coins=2, angel=True, quests=["save-the-angel"]),
            line("purple", coins=2, heroes=[{"hero": "izzy", "deaths": 1}]),
            line("teal", winner=True, coins=3, title=True, quests=["find-the-lost-keys"]),
        ],
    )
    table.play_upgrade_phase()
    table.post("angel/", {"angel": "angel-eyes", "swap_for": "diana"}, guild="yellow")
    # 3. Lost in the Dark, tracked live: three guilds rescue the hero, only two Collector's Armors exist
    # (BR:202-203: the third quest still counts); Teal's third quest wins (BR:205).
    table.post("live/start/", {"scenario": "lost-in-the-dark"})
    table.post("live/tally/", {"counter": "treasure", "delta": 3}, guild="yellow")
    for colour, quest in (
        ("yellow", "rescue-the-hero"),
        ("purple", "rescue-the-hero"),
        ("teal", "rescue-the-hero"),
        ("teal", "kill-bellyaal"),
        ("teal", "pvp:yellow"),
    ):
        table.post("live/quest/", {"quest": quest}, guild=colour)
    draft = table.get("live/")["live"]["results_draft"]
    table.record("lost-in-the-dark", draft)
    table.play_upgrade_phase()
    # Diana comes back and Kisha sits out: any 3 of the roster are fielded (GF:176).
    table.post("field/", {"heroes": ["diana", "mark", "angel-eyes"]}, guild="yellow")
    # 4. The Fallen Temple: Purple wins and kills the Judge; The Redeemed goes to every guild that earns it.
    table.record(
        "the-fallen-temple",
        [
            line("yellow", coins=1, title=True, quests=["recover-the-amulet"]),
            line(
                "purple",
                winner=True,
                coins=2,
                treasure=1,
                title=True,
                quests=["recover-the-amulet", "kill-the-judge"],
                reward_cards=[{"card": "stone-of-replenishment", "hero": "izzy"}],
            ),
            line("teal"),
        ],
    )
    table.play_upgrade_phase()
    # 5. Pit of Tormented Souls: Yellow wins both Rock Bottom's Helms (RB:1625); deaths and Damnation for
    # the last Upgrade Phase's curses (RB:763-764).
    table.record(
        "pit-of-tormented-souls",
        [
            line(
                "yellow",
                winner=True,
                coins=3,
                quests=["kill-bellyaal", "kill-the-judge"],
                reward_cards=[
                    {"card": "rock-bottoms-helm", "hero": "mark"},
                    {"card": "rock-bottoms-helm", "hero": "angel-eyes"},
                ],
                heroes=[{"hero": "mark", "deaths": 1}],
            ),
            line("purple", heroes=[{"hero": "jaimie", "deaths": 2, "damnation": 2}]),
            line("teal", coins=1, title=True, quests=["recover-a-soul"]),
        ],
    )
    last_phase = table.play_upgrade_phase()
    # 6. Hit Rock Bottom: Yellow kills the Underlord.
    table.record(
        "hit-rock-bottom",
        [
            line("yellow", winner=True, coins=3, quests=["kill-rock-bottom"]),
            line("purple", coins=2),
            line("teal", coins=2),
        ],
    )
    table.post("finale/", {"savior": "yellow"})
    return last_phase["curse_draws"]


def test_a_scripted_inferno_campaign_ends_with_the_rulebook_sheet(seeded, owner_api):
    """RB:392 six scenarios; RB:1287-1300 the sheet's achievements; RB:1311-1334 Medals, Council seat,
    Savior, Ultimate Arcadian; GF:174-176 the swapped hero stays; BR:202-203 a Reward card runs out, not
    the quest; BR:216 treasure counts; RB:1625 one guild, two Reward cards; RB:763-764 curses from deaths
    and Damnation."""
    table = _create(owner_api, "Scripted Inferno", "inferno", INFERNO)
    draws = _play_inferno(table)
    sheet = table.get("")

    assert sheet["finished"] is True and sheet["game_winner"] is None and sheet["finale_kind"] == "medals"
    assert [(p["number"], p["scenario"], p["level"]) for p in sheet["plays"]] == [
        (1, "ferry-of-the-dead", "1"),
        (2, "the-prisoner", "2-3"),
        (3, "lost-in-the-dark", "2-3"),
        (4, "the-fallen-temple", "4-5"),
        (5, "pit-of-tormented-souls", "4-5"),
        (6, "hit-rock-bottom", "6"),
    ]
    expected = [
        # winner, least deaths, most coins (coins + treasure), won reward, won title
        (["yellow"], ["purple", "yellow"], ["purple"], ["purple"], ["yellow"]),
        (["teal"], ["teal", "yellow"], ["teal"], ["yellow"], ["teal"]),
        (["teal"], ["purple", "teal", "yellow"], ["teal", "yellow"], ["purple", "yellow"], ["teal"]),
        (["purple"], ["purple", "teal", "yellow"], ["purple"], ["purple"], ["purple", "yellow"]),
        (["yellow"], ["teal"], ["yellow"], ["yellow"], ["teal"]),
        (["yellow"], ["purple", "teal", "yellow"], ["yellow"], [], []),
    ]
    kinds = ("winner", "least_deaths", "most_coins", "won_reward", "won_title")
    for play, row in zip(sheet["plays"], expected, strict=True):
        assert tuple(play["achievements"][k] for k in kinds) == row, play["scenario"]

    # Lost in the Dark: Teal's Rescue the Hero counted towards its win but no Armor was left (BR:203).
    lost = {r["guild"]: r for r in sheet["plays"][2]["results"]}
    assert set(lost["teal"]["quests"]) == {"rescue-the-hero", "kill-bellyaal", "pvp:yellow"}
    assert lost["teal"]["reward_cards"] == []
    assert (lost["yellow"]["reward_cards"], lost["purple"]["reward_cards"]) == (
        ["collectors-armor"],
        ["collectors-armor"],
    )
    assert (lost["yellow"]["coins"], lost["yellow"]["treasure"], lost["teal"]["coins"]) == (2, 3, 5)

    assert sheet["finale"] == {
        "kind": "medals",
        "game_winner": None,
        "medals": {
            "winner": ["yellow"],
            "least_deaths": ["teal", "yellow"],
            "most_coins": ["yellow"],
            "won_reward": ["purple", "yellow"],
            "won_title": ["teal"],
        },
        "council": ["yellow"],
        "savior": "yellow",
        "ultimate_arcadian": ["yellow"],
    }

    yellow, purple, teal = (_guild(sheet, c) for c in ("yellow", "purple", "teal"))
    assert [(h["hero"], h["fielded"]) for h in yellow["heroes"]] == [
        ("diana", True),
        ("mark", True),
        ("kisha", False),
        ("angel-eyes", True),
    ]
    assert yellow["angels"] == ["angel-eyes"] and purple["angels"] == teal["angels"] == []
    assert [t["slug"] for t in yellow["titles"]] == ["ticket-scalper", "the-redeemed"]
    assert [t["slug"] for t in purple["titles"]] == ["the-redeemed"]
    assert [t["slug"] for t in teal["titles"]] == ["keymaster", "demon-slayer", "soul-keeper"]
    # Angel Eyes took Diana's cards (GF:175); the Armor and a Helm followed; nothing was bought.
    yellow_cards = _cards(yellow)
    assert "rock-bottoms-helm" in yellow_cards["mark"] and "rock-bottoms-helm" in yellow_cards["angel-eyes"]
    assert any("collectors-armor" in cards for cards in yellow_cards.values())
    assert yellow_cards["diana"] == []
    purple_cards = _cards(purple)
    assert "sharp-justice" in purple_cards["cassius"] and "stone-of-replenishment" in purple_cards["izzy"]
    assert not any("collectors-armor" in cards for cards in _cards(teal).values())
    # Each guild kept one unspent coin from the last Upgrade Phase (BR:232).
    assert [g["saved_coins"] for g in (yellow, purple, teal)] == [1, 1, 1]
    # The last phase's curses: Mark 1 card (1 death), Jaimie 3 (2 deaths + 2 Damnation); nobody else draws.
    counts = {d["hero"]: d["draw_count"] for d in draws}
    assert {hero: n for hero, n in counts.items() if n} == {"mark": 1, "jaimie": 3}
    cursed = {h["hero"] for g in sheet["guilds"] for h in g["heroes"] if h["curse"]}
    assert cursed == {d["hero"] for d in draws if d["kept"]} and cursed <= {"mark", "jaimie"}


def test_an_episodic_game_beside_the_campaign_changes_nothing_in_it(seeded, owner_api):
    """GF:298 "play any single scenario without campaign consequences": replays at chosen levels, the angel,
    title and reward of those games stay there, and the campaign beside them is untouched."""
    campaign = _create(owner_api, "Scripted Inferno", "inferno", INFERNO)
    campaign.record(
        "ferry-of-the-dead",
        [line("yellow", winner=True, coins=2, title=True), line("purple", coins=1), line("teal")],
    )
    before = campaign.get("")
    games = _create(owner_api, "Friday one-shots", "inferno", INFERNO, mode="episodic")
    for level in (2, 5):
        games.record(
            "the-prisoner",
            [line("yellow", winner=True, angel=True, title=True), line("purple"), line("teal")],
            level=level,
        )
    sheet = games.get("")
    assert [(p["scenario"], p["level"]) for p in sheet["plays"]] == [
        ("the-prisoner", "2-3"),
        ("the-prisoner", "4-5"),
    ]
    yellow = _guild(sheet, "yellow")
    assert yellow["angels"] == [] and yellow["titles"] == []
    assert [h["hero"] for h in yellow["heroes"]] == ["diana", "mark", "kisha"]
    assert sheet["finale"] is None and sheet["game_winner"] is None
    after = campaign.get("")
    assert {k: v for k, v in after.items() if k != "history_seq"} == {
        k: v for k, v in before.items() if k != "history_seq"
    }


BASE = {
    "orange": ["diva", "grom", "maya"],
    "blue": ["greensleeves", "hobsbawm", "johan"],
    "red": ["kanga", "scarlet", "seth"],
}


def test_a_scripted_base_campaign_is_won_by_the_last_scenarios_winner(seeded, owner_api):
    """BR:40-43 three Outer, two Inner, the Final Showdown; BR:205 a scenario's winner (tracked live with the
    numbered PvE quests no source names); BR:224 no Damnation; BR:260-261 the last scenario's winner wins."""
    table = _create(owner_api, "Scripted Arcadia", "arcadia-quest", BASE)
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
