"""An angel rescued while the scenario is tracked live swaps in at once for one of the guild's 3 heroes
(GF:174-175, M8): the live lines follow, recording keeps the angel and the hero it replaced (W1) with the
Death tokens that hero took before the swap, and the swap can be undone or abandoned with the scenario."""

import pytest

from campaigns.models import GuildHero, HeroCurse, HeroResult, InventoryCard, ScenarioPlay, UpgradePhase
from tests.campaigns.api.helpers import guild_url, last_seq, post, undo
from tests.factories import build_campaign, campaign_rev, guild_rev, record, result_line

pytestmark = pytest.mark.django_db


@pytest.fixture
def live(owner, owner_api):
    """The Prisoner (Angel Eyes to rescue) tracked live as the second scenario."""
    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    started = post(
        owner_api, campaign, "live/start/", {"scenario": "the-prisoner", "revision": campaign_rev(campaign)}
    )
    assert started.status_code == 201, started.json()
    return campaign


def _guild(api, campaign, colour, action, data):
    return api.post(
        guild_url(campaign, colour, action), {**data, "revision": guild_rev(campaign, colour)}, format="json"
    )


def _state(api, campaign):
    return api.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]


def _line(state, colour):
    return next(g for g in state["guilds"] if g["guild"] == colour)


def _roster(campaign, colour="yellow"):
    heroes = GuildHero.objects.filter(guild__campaign=campaign, guild__colour__slug=colour)
    return {h.hero.slug: (h.fielded, h.retired) for h in heroes.select_related("hero")}


def _cards(slug):
    return sorted(InventoryCard.objects.filter(hero__hero__slug=slug).values_list("card__slug", flat=True))


def _rescue_and_swap(api, campaign):
    assert (
        _guild(
            api, campaign, "yellow", "live/tally", {"counter": "deaths", "delta": 2, "hero": "diana"}
        ).status_code
        == 200
    )
    assert _guild(api, campaign, "yellow", "live/quest", {"quest": "save-the-angel"}).status_code == 200
    swap = _guild(api, campaign, "yellow", "live/angel", {"swap_for": "diana"})
    assert swap.status_code == 200, swap.json()
    return swap


def test_the_rescuer_is_offered_the_swap_and_the_live_lines_follow_it(owner_api, live):
    """GF:174 "Whoever completes the 'Save the Angel' quest takes that Angel card and may immediately swap it
    for one of its 3 Heroes"; GF:175 "chosen Hero leaves the board … the Angel enters fresh"."""
    assert _line(_state(owner_api, live), "yellow")["angel_swap"] is None
    _guild(owner_api, live, "yellow", "live/quest", {"quest": "save-the-angel"})
    offered = _state(owner_api, live)
    assert _line(offered, "yellow")["angel_swap"] == {
        "angel": "angel-eyes",
        "name": "Angel Eyes",
        "heroes": ["diana", "mark", "kisha"],
    }
    assert _line(offered, "teal")["angel_swap"] is None
    diana_cards = _cards("diana")
    swap = _guild(owner_api, live, "yellow", "live/angel", {"swap_for": "diana"})
    assert swap.status_code == 200, swap.json()
    state = _line(_state(owner_api, live), "yellow")
    assert [(h["hero"], h["on_board"]) for h in state["heroes"]] == [
        ("diana", False),
        ("mark", True),
        ("kisha", True),
        ("angel-eyes", True),
    ]
    assert state["angel_swap"] is None
    assert _roster(live) == {
        "diana": (False, False),
        "mark": (True, False),
        "kisha": (True, False),
        "angel-eyes": (True, False),
    }
    assert _cards("angel-eyes") == diana_cards and _cards("diana") == []


def test_recording_keeps_the_angel_and_the_swapped_out_heros_deaths(owner_api, live):
    """GF:176 "from then on … the player fields any 3 of its Heroes (Angel optional)": the hero stays (W1);
    its Death tokens from before the swap stay on the scenario's record (RB:1289-1291) and on the hero until
    the Upgrade Phase (RB:695-696), where it draws for them (BR:224); GF:175 removed only the curse it held
    (N11)."""
    _rescue_and_swap(owner_api, live)
    tap = {"counter": "deaths", "delta": 1, "hero": "angel-eyes"}
    assert _guild(owner_api, live, "yellow", "live/tally", tap).status_code == 200
    results = _state(owner_api, live)["results_draft"]
    for line in results:
        line["winner"] = line["guild"] == "yellow"
    assert next(r for r in results if r["guild"] == "yellow")["angel"] is True
    recorded = post(
        owner_api,
        live,
        "plays/",
        {"scenario": "the-prisoner", "results": results, "revision": campaign_rev(live)},
    )
    assert recorded.status_code == 201, recorded.json()
    yellow = next(g for g in recorded.json()["guilds"] if g["colour"] == "yellow")
    assert {h["hero"]: (h["fielded"], h["retired"]) for h in yellow["heroes"]} == {
        "diana": (False, False),
        "mark": (True, False),
        "kisha": (True, False),
        "angel-eyes": (True, False),
    }
    play = ScenarioPlay.objects.get(campaign=live, number=2)
    lines = HeroResult.objects.filter(result__play=play, result__guild__colour__slug="yellow")
    assert {h.hero.hero.slug: h.deaths for h in lines.select_related("hero__hero")} == {
        "diana": 2,
        "mark": 0,
        "kisha": 0,
        "angel-eyes": 1,
    }
    assert GuildHero.objects.filter(campaign=live, hero__slug="angel-eyes").count() == 1
    draws = {d["hero"]: d for d in UpgradePhase.objects.get(play=play).curse_draws if d["guild"] == "yellow"}
    assert (draws["diana"]["draw_count"], len(draws["diana"]["drawn"])) == (2, 2)  # N11: her 2 Death tokens
    assert draws["angel-eyes"]["draw_count"] == 1
    assert HeroCurse.objects.get(hero__hero__slug="diana").curse.code == draws["diana"]["kept"]


def test_the_results_must_give_the_rescue_to_the_guild_that_swapped_the_angel_in(owner_api, live, snapshot):
    """GF:174: only the guild that completed Save the Angel takes the Angel card."""
    _rescue_and_swap(owner_api, live)
    results = _state(owner_api, live)["results_draft"]
    for line in results:
        line["winner"] = line["guild"] == "yellow"
        line["angel"] = False
    before = snapshot()
    refused = post(
        owner_api,
        live,
        "plays/",
        {"scenario": "the-prisoner", "results": results, "revision": campaign_rev(live)},
    )
    assert refused.status_code == 400 and "swapped Angel Eyes in" in refused.json()["results"][0]
    assert snapshot() == before


def test_undoing_the_swap_puts_the_hero_back_and_offers_the_swap_again(owner_api, live):
    """GF:174 the swap is a choice ("or keep it on the roster for later"): taken back, the hero plays on."""
    diana_cards = _cards("diana")
    _rescue_and_swap(owner_api, live)
    quest_undo = undo(owner_api, live, last_seq(live) - 1, guild_rev(live))
    assert quest_undo.status_code == 409  # the swap builds on the rescue: it goes first
    undone = undo(owner_api, live, last_seq(live), guild_rev(live))
    assert undone.status_code == 200, undone.json()
    assert _roster(live) == {"diana": (True, False), "mark": (True, False), "kisha": (True, False)}
    assert _cards("diana") == diana_cards
    state = _line(_state(owner_api, live), "yellow")
    assert [(h["hero"], h["deaths"]) for h in state["heroes"]] == [("diana", 2), ("mark", 0), ("kisha", 0)]
    assert state["angel_swap"]["heroes"] == ["diana", "mark", "kisha"]


def test_abandoning_the_scenario_takes_the_swap_back_and_its_undo_restores_it(owner, owner_api, live):
    """GF:174: an angel joins the guild only by completing the quest in a scenario played; an abandoned one
    was not played (W9: its undo puts everything back)."""
    diana_cards = _cards("diana")
    _rescue_and_swap(owner_api, live)
    abandoned = post(owner_api, live, "live/abandon/", {"revision": campaign_rev(live)})
    assert abandoned.status_code == 200, abandoned.json()
    assert _roster(live) == {"diana": (True, False), "mark": (True, False), "kisha": (True, False)}
    assert _cards("diana") == diana_cards
    restored = post(owner_api, live, "undo/", {"seq": last_seq(live), "revision": campaign_rev(live)})
    assert restored.status_code == 200, restored.json()
    assert _roster(live)["angel-eyes"] == (True, False) and _cards("angel-eyes") == diana_cards
    state = _line(_state(owner_api, live), "yellow")
    assert [(h["hero"], h["deaths"], h["on_board"]) for h in state["heroes"]] == [
        ("diana", 2, False),
        ("mark", 0, True),
        ("kisha", 0, True),
        ("angel-eyes", 0, True),
    ]


@pytest.mark.parametrize(
    ("colour", "steps", "swap_for", "message"),
    [
        ("teal", [], "natasha", "Only the guild that completed Save the Angel"),
        ("yellow", [], "diana", "Only the guild that completed Save the Angel"),
        ("yellow", ["quest", "swap"], "mark", "already on the guild's roster"),
        ("yellow", ["quest"], "natasha", "has no hero"),
    ],
)
def test_who_may_swap_and_when(owner_api, live, snapshot, colour, steps, swap_for, message):
    """GF:174 only "whoever completes the 'Save the Angel' quest", once, "for one of its 3 Heroes"."""
    if "quest" in steps:
        _guild(owner_api, live, "yellow", "live/quest", {"quest": "save-the-angel"})
    if "swap" in steps:
        _guild(owner_api, live, "yellow", "live/angel", {"swap_for": "diana"})
    before = snapshot()
    refused = _guild(owner_api, live, colour, "live/angel", {"swap_for": swap_for})
    assert refused.status_code == 400 and message in refused.json()["swap_for"][0]
    assert snapshot() == before


def test_a_swapped_out_hero_is_off_the_board_for_kills(owner_api, live, snapshot):
    """GF:175 "chosen Hero leaves the board": it cannot be killed afterwards in this scenario."""
    _rescue_and_swap(owner_api, live)
    before = snapshot()
    kill = {"victim": "hero", "hero": "diana", "hero_guild": "yellow", "killer": "teal"}
    refused = post(owner_api, live, "live/kill/", {**kill, "revision": campaign_rev(live)})
    assert refused.status_code == 400 and "left the board" in refused.json()["hero"][0]
    assert snapshot() == before


def test_no_swap_once_the_scenario_is_won(owner_api, live, snapshot):
    """BR:205 at the win "the scenario immediately ends": the angel is fielded at a later start (GF:176)."""
    quests = _line(_state(owner_api, live), "yellow")["quest_choices"]
    for quest in ["save-the-angel", *(q for q in quests if q != "save-the-angel")]:
        _guild(owner_api, live, "yellow", "live/quest", {"quest": quest})
        if _line(_state(owner_api, live), "yellow")["winner"]:
            break
    assert _line(_state(owner_api, live), "yellow")["winner"]
    assert _line(_state(owner_api, live), "yellow")["angel_swap"] is None
    before = snapshot()
    refused = _guild(owner_api, live, "yellow", "live/angel", {"swap_for": "diana"})
    assert refused.status_code == 400 and "The scenario is over" in refused.json()["swap_for"][0]
    assert snapshot() == before


def test_the_guild_angel_route_swaps_the_angel_just_rescued_as_the_live_route_does(owner_api, live, snapshot):
    """GF:174 "may immediately swap it … or keep it on the roster for later": through guilds/{colour}/angel/
    too; kept, it joins the roster when the scenario is recorded."""
    _guild(owner_api, live, "yellow", "live/quest", {"quest": "save-the-angel"})
    before = snapshot()
    kept = _guild(owner_api, live, "yellow", "angel", {"angel": "angel-eyes"})
    assert (
        kept.status_code == 400
        and "joins the roster when the scenario is recorded" in kept.json()["swap_for"][0]
    )
    assert snapshot() == before
    swap = _guild(owner_api, live, "yellow", "angel", {"angel": "angel-eyes", "swap_for": "kisha"})
    assert swap.status_code == 200, swap.json()
    assert _roster(live)["kisha"] == (False, False) and _roster(live)["angel-eyes"] == (True, False)


def test_abandoning_waits_while_a_later_change_builds_on_the_swapped_in_angel(owner_api, live, snapshot):
    """The abandon takes the swap back only as the swap left the roster: a card added to the angel since would
    be lost with it, so it is refused until that change is undone (the history's rule for undo)."""
    _rescue_and_swap(owner_api, live)
    card = _cards("angel-eyes")[0]
    added = _guild(owner_api, live, "yellow", "cards", {"card": card, "hero": "angel-eyes"})
    assert added.status_code == 200, added.json()
    before = snapshot()
    refused = post(owner_api, live, "live/abandon/", {"revision": campaign_rev(live)})
    assert refused.status_code == 400 and "Later changes build on" in refused.json()["scenario"][0]
    assert snapshot() == before
    assert undo(owner_api, live, last_seq(live), guild_rev(live)).status_code == 200
    assert post(owner_api, live, "live/abandon/", {"revision": campaign_rev(live)}).status_code == 200
    assert "angel-eyes" not in _roster(live)
