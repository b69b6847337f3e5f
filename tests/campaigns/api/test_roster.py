"""A guild's roster through the API: a hero swapped for an angel stays in the guild, any 3 are fielded at the
start of a scenario, and fielding is frozen while one is tracked live (GF:174-176)."""

import pytest

from campaigns.models import GuildHero, InventoryCard
from tests.campaigns.api.helpers import guild_url
from tests.factories import angel_campaign, guild_rev, refreshed

pytestmark = pytest.mark.django_db


def _post(api, campaign, colour, action, data):
    return api.post(
        guild_url(campaign, colour, action), {**data, "revision": guild_rev(campaign, colour)}, format="json"
    )


def _roster(campaign, colour="yellow"):
    heroes = GuildHero.objects.filter(guild__campaign=campaign, guild__colour__slug=colour)
    return {h.hero.slug: h.fielded for h in heroes.select_related("hero")}


def test_a_hero_swapped_for_an_angel_stays_and_can_be_fielded_again(owner, owner_api):
    """GF:176 "from then on, at the start of each scenario the player fields any 3 of its Heroes (Angel
    optional)"; RB:1040 rescued angels "join your Guild"."""
    campaign = angel_campaign(owner)
    diana_cards = set(
        InventoryCard.objects.filter(hero__hero__slug="diana").values_list("card__slug", flat=True)
    )
    swap = _post(owner_api, campaign, "yellow", "angel", {"angel": "angel-eyes", "swap_for": "diana"})
    assert swap.status_code == 200, swap.json()
    assert _roster(campaign) == {"diana": False, "mark": True, "kisha": True, "angel-eyes": True}
    assert (
        set(InventoryCard.objects.filter(hero__hero__slug="angel-eyes").values_list("card__slug", flat=True))
        == diana_cards
    )
    sheet_heroes = {h["hero"]: h for h in swap.json()["guilds"][0]["heroes"]}
    assert sheet_heroes["diana"]["retired"] is False
    back = _post(owner_api, campaign, "yellow", "field", {"heroes": ["diana", "mark", "kisha"]})
    assert back.status_code == 200, back.json()
    assert _roster(campaign) == {"diana": True, "mark": True, "kisha": True, "angel-eyes": False}


def test_fielding_is_refused_while_a_scenario_is_tracked_live(owner, owner_api, snapshot):
    """GF:176 "unused Heroes cannot join mid-scenario"."""
    campaign = angel_campaign(owner)
    started = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": "the-parade", "revision": refreshed(campaign).revision},
        format="json",
    )
    assert started.status_code == 201, started.json()
    before = snapshot()
    field = _post(owner_api, campaign, "yellow", "field", {"heroes": ["angel-eyes", "mark", "kisha"]})
    assert field.status_code == 400 and "cannot join in the middle" in field.json()["heroes"][0]
    swap = _post(owner_api, campaign, "yellow", "angel", {"angel": "angel-eyes", "swap_for": "diana"})
    assert swap.status_code == 400 and "kept for later" in swap.json()["angel"][0]
    assert snapshot() == before
