"""Episodic Mode through the API (GF:298): any single scenario at a chosen level, no campaign consequences."""

from collections import Counter

import pytest

from campaigns.models import Campaign, InventoryCard
from campaigns.selectors.overrides import campaign_level_deck
from tests.conftest import db_snapshot
from tests.factories import build_campaign, campaign_rev, refreshed, result_line

pytestmark = pytest.mark.django_db


def _episodic(owner):
    campaign = build_campaign(owner, name="One-shots")
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    return refreshed(campaign)


def _record(api, campaign, scenario, results, **extra):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {"scenario": scenario, "results": results, "revision": campaign_rev(campaign), **extra},
        format="json",
    )


def test_an_episodic_scenario_can_be_played_again(owner, owner_api):
    """GF:298 "play any single scenario": the same scenario may be played twice, never an HTTP 500."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    assert _record(owner_api, campaign, "the-prisoner", lines, level=1).status_code == 201
    again = _record(owner_api, campaign, "the-prisoner", lines, level=2)
    assert again.status_code == 201, again.content[:300]


def test_an_episodic_game_is_played_at_the_level_the_table_chose(owner, owner_api):
    """GF:298 "use Upgrade cards of any level chosen": a Third Circle scenario first, at level 4 ("4-5")."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    response = _record(owner_api, campaign, "pit-of-tormented-souls", lines, level=4)
    assert response.status_code == 201, response.json()
    assert response.json()["plays"][0]["level"] == "4-5"


def test_an_episodic_level_outside_the_campaign_is_refused(owner, owner_api):
    """GF:298: the level is one a campaign has, 1 to 6 (RB:392 six scenarios)."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    response = _record(owner_api, campaign, "the-prisoner", lines, level=7)
    assert response.status_code == 400 and "GF:298" in response.json()["level"][0]
    assert _record(owner_api, campaign, "the-prisoner", lines).status_code == 400


def test_a_campaign_cannot_choose_its_level(owner, owner_api, campaign):
    """RB:479-485: in a campaign the Monster level is the scenario's number."""
    lines = [result_line("yellow", winner=True), result_line("teal")]
    response = _record(owner_api, campaign, "ferry-of-the-dead", lines, level=3)
    assert response.status_code == 400 and "RB:479-485" in response.json()["level"][0]


def test_an_episodic_game_carries_no_angel_title_or_reward(owner, owner_api):
    """GF:298 "without campaign consequences": the rescued Angel, the Title and the Reward card stay in it."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True, angel=True, title=True), result_line("teal")]
    response = _record(owner_api, campaign, "the-prisoner", lines, level=2)
    assert response.status_code == 201, response.json()
    sheet = response.json()
    yellow = next(g for g in sheet["guilds"] if g["colour"] == "yellow")
    assert yellow["angels"] == [] and yellow["titles"] == []
    assert [h["hero"] for h in yellow["heroes"]] == ["diana", "mark", "kisha"]
    assert sheet["plays"][0]["results"][0]["angel"] is True  # the game's own result still says so


def test_episodic_games_go_on_past_six_and_have_no_finale(owner, owner_api):
    """GF:298 "any single scenario": no six-scenario campaign, so no finale closes the games."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    for _ in range(7):
        assert _record(owner_api, campaign, "ferry-of-the-dead", lines, level=1).status_code == 201
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/finale/", {"revision": campaign_rev(campaign)}, format="json"
    )
    assert response.status_code == 400 and "GF:298" in response.json()["savior"][0]


def test_an_episodic_game_tracked_live_keeps_its_chosen_level(owner, owner_api):
    """GF:298: the level chosen when the game starts is the one recorded."""
    campaign = _episodic(owner)
    started = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": "hit-rock-bottom", "level": 3, "revision": campaign_rev(campaign)},
        format="json",
    )
    assert started.status_code in (200, 201), started.json()
    lines = [result_line("yellow", winner=True), result_line("teal")]
    response = _record(owner_api, campaign, "hit-rock-bottom", lines)
    assert response.status_code == 201, response.json()
    assert response.json()["plays"][0]["level"] == "2-3"


# --- Upgrade cards of the chosen level (GF:298) -----------------------------------------------------------


def _deal(api, campaign, **body):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/episodic-deal/",
        {"revision": campaign_rev(campaign), **body},
        format="json",
    )


def _upgrade_cards(campaign):
    held = InventoryCard.objects.filter(guild__campaign=campaign).exclude(card__deck="starter")
    return {
        colour: sorted(held.filter(guild__colour__slug=colour).values_list("card__slug", flat=True))
        for colour in ("yellow", "teal")
    }


def test_an_episodic_game_deals_each_guild_upgrade_cards_of_the_chosen_level(owner, owner_api):
    """GF:298 "use Upgrade cards of any level chosen": each guild is dealt from that level's deck (BR:230
    "Shuffle the Upgrade deck ... Each player is dealt"), as many as the table says (GF:298 gives no number);
    the Starter deck stays (GF:298 "3 Heroes + Starter deck")."""
    campaign = _episodic(owner)
    starter = Counter(
        InventoryCard.objects.filter(guild__campaign=campaign, card__deck="starter").values_list(
            "card__slug", flat=True
        )
    )
    response = _deal(owner_api, campaign, level=3, cards=4)
    assert response.status_code == 200, response.json()
    hands = _upgrade_cards(campaign)
    assert [len(hand) for hand in hands.values()] == [4, 4]
    deck = Counter(campaign_level_deck(campaign, 3))
    dealt = Counter(card for hand in hands.values() for card in hand)
    assert dealt and not dealt - deck  # only level-3 cards, never more copies than the deck holds
    assert (
        Counter(
            InventoryCard.objects.filter(guild__campaign=campaign, card__deck="starter").values_list(
                "card__slug", flat=True
            )
        )
        == starter
    )
    # The sheet shows them on the guilds' heroes.
    yellow = next(g for g in response.json()["guilds"] if g["colour"] == "yellow")
    held = [s["card"] for h in yellow["heroes"] for s in h["slots"] if s["card"]]
    held += [c for h in yellow["heroes"] for c in h["overflow"]]
    on_sheet = sorted(c["slug"] for c in held if c["slug"] in deck)
    assert on_sheet == hands["yellow"]


def test_a_new_episodic_deal_carries_nothing_from_the_last_game(owner, owner_api):
    """GF:298 "without campaign consequences": the next game's deal returns the last game's Upgrade cards to
    the box; the guilds hold only the new level's cards."""
    campaign = _episodic(owner)
    _deal(owner_api, campaign, level=1, cards=3)
    response = _deal(owner_api, campaign, level=5, cards=2)
    assert response.status_code == 200, response.json()
    level_five = set(campaign_level_deck(campaign, 5))
    hands = _upgrade_cards(campaign)
    assert [len(hand) for hand in hands.values()] == [2, 2]
    assert all(card in level_five for hand in hands.values() for card in hand)
    # The deal is one change in the history, and its undo gives back the last game's cards.
    history = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
    dealt = sorted((e for e in history if e["kind"] == "episodic-dealt"), key=lambda e: e["seq"])
    assert len(dealt) == 2 and dealt[-1]["undoable"]
    undone = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": dealt[-1]["seq"], "revision": campaign_rev(campaign)},
        format="json",
    )
    assert undone.status_code == 200, undone.json()
    level_one = set(campaign_level_deck(campaign, 1))
    hands = _upgrade_cards(campaign)
    assert [len(hand) for hand in hands.values()] == [3, 3]
    assert all(card in level_one for hand in hands.values() for card in hand)


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"level": 6, "cards": 2}, "level", "GF:298"),  # no Level 6 deck (GF:204)
        ({"level": 0, "cards": 2}, "level", "GF:298"),
        ({"level": 2, "cards": 0}, "cards", "GF:298"),
        ({"level": 2, "cards": 13}, "cards", "BR:233"),
        ({"level": 2}, "cards", ""),
    ],
)
def test_an_episodic_deal_outside_the_rules_is_refused_and_changes_nothing(
    owner, owner_api, body, field, words
):
    """GF:298 a level the box has (BR:230, GF:204); the table's number, 1 to the 12-card limit (BR:233)."""
    campaign = _episodic(owner)
    before = db_snapshot()
    response = _deal(owner_api, campaign, **body)
    assert response.status_code == 400 and words in response.json()[field][0]
    assert db_snapshot() == before


def test_a_campaign_is_not_dealt_episodic_cards(owner, owner_api, campaign):
    """BR:230 a campaign's Upgrade cards come from its Upgrade Phases; only an episodic game (GF:298) is
    dealt a chosen level."""
    before = db_snapshot()
    response = _deal(owner_api, campaign, level=1, cards=2)
    assert response.status_code == 400 and "episodic" in response.json()["level"][0]
    assert db_snapshot() == before
