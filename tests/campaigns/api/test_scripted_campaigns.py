"""Whole campaigns played through the API from a script, one per edition, with seeded randomness; the final
Campaign Sheet is checked field by field against what the rulebooks give for that script.

Inferno: six scenarios (RB:392) with an Angel swapped in live, mid-scenario (GF:174-176), a Reward card that
runs out (BR:202-203), treasure that counts (BR:216), two Reward cards for one guild (RB:1625), every Upgrade
Phase played in the app with its hands passing left in each scenario's seating (RB:505-512, RB:1633) and its
curses drawn from the full 24-card deck (GF:207), the finale (RB:1311-1334), and an episodic game beside it
(GF:298). The base game's script is in test_scripted_base_campaign.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from campaigns.models import DeathCurse, UpgradeCard
from tests.campaigns.api.scripted import Table, create, line

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


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
    # coins the most (BR:216, RB:1292); Purple kills the Demon Pitcher for Sharp Justice. The Starting Areas
    # are drawn in the app, and so is the first player of the first scenario (BR:96).
    table.seat()
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
    # 2. The Prisoner (West), tracked live: Teal wins with the Keymaster; Diana dies once, then Yellow rescues
    # Angel Eyes and swaps her in for Diana at once (GF:174-175), who stays in the guild (GF:176). The table
    # drew its own tokens: Purple 1, Teal 2, Yellow 3, so Purple, left of the last winner (Yellow), plays
    # first (BR:96).
    table.seat({"yellow": 3, "purple": 1, "teal": 2})
    table.post("live/start/", {"scenario": "the-prisoner"})
    table.post("live/tally/", {"counter": "deaths", "delta": 1, "hero": "diana"}, guild="yellow")
    table.post("live/tally/", {"counter": "deaths", "delta": 1, "hero": "izzy"}, guild="purple")
    # Each quest brings its First Bonus coin (BR:199-200) and 1 coin at the end (BR:215): Yellow's and Teal's
    # 2 coins come with their quest, the rest is tapped.
    for colour, coins in (("purple", 2), ("teal", 1)):
        table.post("live/tally/", {"counter": "coins", "delta": coins}, guild=colour)
    table.post("live/quest/", {"quest": "save-the-angel"}, guild="yellow")
    table.post("live/angel/", {"swap_for": "diana"}, guild="yellow")
    table.post("live/quest/", {"quest": "find-the-lost-keys"}, guild="teal")
    draft = table.get("live/")["live"]["results_draft"]
    for result in draft:  # the table calls the scenario for Teal (the win is not reached by quest count)
        result["winner"] = result["guild"] == "teal"
    table.record("the-prisoner", draft)
    table.play_upgrade_phase()
    # 3. Lost in the Dark, tracked live: three guilds rescue the hero, only two Collector's Armors exist
    # (BR:202-203: the third quest still counts); Teal's third quest wins (BR:205).
    table.seat()
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
    table.seat({"yellow": 3, "purple": 2, "teal": 1})
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
    table.seat()
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
    table.seat({"teal": 1, "yellow": 2, "purple": 3})
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
    Savior, Ultimate Arcadian; GF:174-176 the angel swapped in live, the swapped hero stays with its deaths;
    BR:202-203 a Reward card runs out, not the quest; BR:216 treasure counts; RB:1625 one guild, two Reward
    cards; RB:763-764 curses from deaths and Damnation; RB:505-512 Starting Areas and seating, RB:1633 pass
    left, BR:96 the first player; GF:207 the 24-card curse deck with its copies,
    drawn with a seeded Random."""
    table = create(owner_api, "Scripted Inferno", "inferno", INFERNO)
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
        (["teal"], ["teal"], ["teal"], ["yellow"], ["teal"]),
        (["teal"], ["purple", "teal", "yellow"], ["teal", "yellow"], ["purple", "yellow"], ["teal"]),
        (["purple"], ["purple", "teal", "yellow"], ["purple"], ["purple"], ["purple", "yellow"]),
        (["yellow"], ["teal"], ["yellow"], ["yellow"], ["teal"]),
        (["yellow"], ["purple", "teal", "yellow"], ["yellow"], [], []),
    ]
    kinds = ("winner", "least_deaths", "most_coins", "won_reward", "won_title")
    for play, row in zip(sheet["plays"], expected, strict=True):
        assert tuple(play["achievements"][k] for k in kinds) == row, play["scenario"]

    # The Prisoner, tracked live: Angel Eyes swapped in for Diana mid-scenario (GF:174-175); Diana's Death
    # token from before the swap stays on the record (RB:1289-1291) and on her until the phase that follows
    # (RB:695-696), where she draws a curse for it (BR:224; GF:175 removed only the curse she held, N11).
    prisoner = {r["guild"]: r for r in sheet["plays"][1]["results"]}
    assert prisoner["yellow"]["angel"] is True and prisoner["yellow"]["quests"] == ["save-the-angel"]
    assert {h["hero"]: h["deaths"] for h in prisoner["yellow"]["heroes"]} == {
        "diana": 1,
        "mark": 0,
        "kisha": 0,
        "angel-eyes": 0,
    }
    assert [
        (r["coins"], r["winner"], r["title"]) for r in (prisoner[c] for c in ("yellow", "purple", "teal"))
    ] == [
        (2, False, False),
        (2, False, False),
        (3, True, True),
    ]
    after_prisoner = {d["hero"]: d for d in table.phases[1]["curse_draws"]}
    assert {hero: d["draw_count"] for hero, d in after_prisoner.items() if d["draw_count"]} == {
        "diana": 1,
        "izzy": 1,
    }

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
            "least_deaths": ["teal"],
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

    # Seating (RB:505-512): each scenario keeps the Starting Areas drawn (1, 3, 5, seeded) or entered (2, 4,
    # 6); the guilds sit in area order and the first player sits left of the last winner, drawn at random
    # for the first scenario (BR:96). Every Upgrade draft passed left in that order (`play_upgrade_phase`).
    assert [p["seating"] for p in sheet["plays"]] == [
        {
            "starting_areas": {"yellow": 2, "purple": 1, "teal": 3},
            "order": ["purple", "yellow", "teal"],
            "first_player": "yellow",
        },
        {
            "starting_areas": {"yellow": 3, "purple": 1, "teal": 2},
            "order": ["purple", "teal", "yellow"],
            "first_player": "purple",
        },  # left of Yellow, who won the Ferry
        {
            "starting_areas": {"yellow": 1, "purple": 2, "teal": 3},
            "order": ["yellow", "purple", "teal"],
            "first_player": "yellow",
        },  # left of Teal
        {
            "starting_areas": {"yellow": 3, "purple": 2, "teal": 1},
            "order": ["teal", "purple", "yellow"],
            "first_player": "purple",
        },  # left of Teal
        {
            "starting_areas": {"yellow": 2, "purple": 1, "teal": 3},
            "order": ["purple", "yellow", "teal"],
            "first_player": "yellow",
        },  # left of Purple
        {
            "starting_areas": {"teal": 1, "yellow": 2, "purple": 3},
            "order": ["teal", "yellow", "purple"],
            "first_player": "purple",
        },  # left of Yellow
    ]
    assert sheet["seating"] is None  # the campaign is over: no next scenario to seat

    # The curse deck is the box's 24 cards with their copies (GF:207; death-curses.csv), never short: no
    # phase notes an incomplete deck, and one phase's draws never take more copies than the deck holds.
    deck = Counter({c.code: c.deck_copies for c in DeathCurse.objects.filter(edition__slug="inferno")})
    assert deck.total() == 24
    assert [phase["curse_deck_note"] for phase in table.phases] == [None] * 5
    drawn = [
        {d["hero"]: (d["drawn"], d["kept"]) for d in phase["curse_draws"] if d["draw_count"]}
        for phase in table.phases
    ]
    assert drawn == [
        {"natasha": (["D-00", "D-00"], "D-00")},  # two copies of No Curse: the copies are in the deck
        {"diana": (["INFD-01"], "INFD-01"), "izzy": (["D-00"], "D-00")},  # Diana swapped out (N11)
        {},
        {},
        {"mark": (["INFD-01"], "INFD-01"), "jaimie": (["D-02", "D-00", "INFD-03"], "INFD-03")},
    ]
    for phase in table.phases:
        assert not Counter(code for d in phase["curse_draws"] for code in d["drawn"]) - deck
    # The final sheet's curses, hero by hero: only the last phase's stay (old curses go back, RB:1628-1630).
    # (Its Brazilian name and where that comes from travel beside these; the names have their own tests.)
    kept = ("code", "name", "value", "takes_slot", "slot", "from_incomplete_deck")
    curses = {
        h["hero"]: h["curse"] and {key: h["curse"][key] for key in kept}
        for g in sheet["guilds"]
        for h in g["heroes"]
    }
    assert curses == {
        "diana": None,
        "mark": {
            "code": "INFD-01",
            "name": "Damned",
            "value": 1,
            "takes_slot": False,
            "slot": None,
            "from_incomplete_deck": False,
        },
        "kisha": None,
        "angel-eyes": None,
        "cassius": None,
        "izzy": None,
        "jaimie": {
            "code": "INFD-03",
            "name": "Sinful",
            "value": 3,
            "takes_slot": False,
            "slot": None,
            "from_incomplete_deck": False,
        },
        "natasha": None,
        "phyx": None,
        "sybbyl": None,
    }


def test_an_episodic_game_beside_the_campaign_changes_nothing_in_it(seeded, owner_api):
    """GF:298 "play any single scenario without campaign consequences": replays at chosen levels, the angel,
    title and reward of those games stay there, and the campaign beside them is untouched."""
    campaign = create(owner_api, "Scripted Inferno", "inferno", INFERNO)
    campaign.record(
        "ferry-of-the-dead",
        [line("yellow", winner=True, coins=2, title=True), line("purple", coins=1), line("teal")],
    )
    before = campaign.get("")
    games = create(owner_api, "Friday one-shots", "inferno", INFERNO, mode="episodic")
    for level in (2, 5):
        # The guilds are dealt 3 Upgrade cards each from the deck of the game's level (GF:298; the number is
        # the table's, the sources give none); the last game's go back to the box.
        games.post("episodic-deal/", {"level": level, "cards": 3})
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
    level_five = {c.slug for c in UpgradeCard.objects.filter(edition__slug="inferno", deck="level-5")}
    for guild in sheet["guilds"]:
        held = [s["card"]["slug"] for h in guild["heroes"] for s in h["slots"] if s["card"]]
        held += [c["slug"] for h in guild["heroes"] for c in h["overflow"]]
        assert len([c for c in held if c in level_five]) == 3, guild["colour"]
        assert not UpgradeCard.objects.filter(slug__in=held, deck="level-2").exists()
    after = campaign.get("")
    assert {k: v for k, v in after.items() if k != "history_seq"} == {
        k: v for k, v in before.items() if k != "history_seq"
    }
