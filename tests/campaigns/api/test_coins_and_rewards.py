"""Coins and Reward cards through the API: treasure counts wherever it is entered, one guild may win several
Reward cards in one scenario (RB:1625, BR:202-203, BR:215-216, RB:1292-1293)."""

import pytest

from campaigns.models import InventoryCard
from tests.factories import SIX_SCENARIOS, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def _post(api, campaign, path, data):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/{path}",
        {**data, "revision": refreshed(campaign).revision},
        format="json",
    )


def test_treasure_typed_in_counts_for_most_coins_and_for_spending(owner, owner_api):
    """BR:216 "each Treasure Chest token … gives the coin value listed on it to his Guild"; RB:1292-1293 Most
    Coins "won the most coins during the scenario (before spending them)"."""
    campaign = build_campaign(owner)
    response = _post(
        owner_api,
        campaign,
        "plays/",
        {
            "scenario": "beyond-the-gates-of-hell",
            "results": [
                result_line("yellow", winner=True, coins=2),
                result_line("teal", coins=1, treasure=4),
            ],
        },
    )
    assert response.status_code == 201, response.json()
    assert response.json()["plays"][0]["achievements"]["most_coins"] == ["teal"]
    phase = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/", {"guild": "teal"}).json()
    assert phase["mine"]["guild"] == "teal" and phase["mine"]["coins"] == 5


def test_coins_and_treasure_together_are_bounded(owner, owner_api, snapshot):
    """BR:216: the treasure adds to the coins; their sum stays within the sheet's cap (never a 500)."""
    campaign = build_campaign(owner)
    before = snapshot()
    response = _post(
        owner_api,
        campaign,
        "plays/",
        {
            "scenario": "beyond-the-gates-of-hell",
            "results": [result_line("yellow", winner=True, coins=999, treasure=999), result_line("teal")],
        },
    )
    assert response.status_code == 400 and "together are at most" in str(response.json())
    assert snapshot() == before


def test_one_guild_wins_both_reward_cards_of_a_scenario_tracked_live(owner, owner_api):
    """RB:1625 "Guild who accomplishes a Quest associated with a Reward card … immediately gets it": in Pit of
    Tormented Souls, Kill Bellya'al and Kill The Judge each give Rock Bottom's Helm (GF:119)."""
    campaign = build_campaign(owner)
    for slug in SIX_SCENARIOS[:4]:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    assert (
        _post(owner_api, campaign, "live/start/", {"scenario": "pit-of-tormented-souls"}).status_code == 201
    )
    for quest in ("kill-bellyaal", "kill-the-judge"):
        tapped = owner_api.post(
            f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/live/quest/",
            {"quest": quest, "revision": refreshed(campaign).guilds.get(colour__slug="yellow").revision},
            format="json",
        )
        assert tapped.status_code == 200, tapped.json()
    draft = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]["results_draft"]
    yellow = next(line for line in draft if line["guild"] == "yellow")
    assert [c["card"] for c in yellow["reward_cards"]] == ["rock-bottoms-helm", "rock-bottoms-helm"]
    yellow["winner"] = True
    recorded = _post(owner_api, campaign, "plays/", {"scenario": "pit-of-tormented-souls", "results": draft})
    assert recorded.status_code == 201, recorded.json()
    helms = InventoryCard.objects.filter(guild__colour__slug="yellow", card__slug="rock-bottoms-helm")
    assert helms.count() == 2
