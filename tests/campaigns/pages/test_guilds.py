"""Setting up the table and the inventory from the sheet: guilds, claims, heroes, cards, curses, coins."""

import re

import pytest
from django.urls import reverse

from campaigns.models import GuildHero, HeroCurse, InventoryCard
from tests.campaigns.pages.helpers import act
from tests.factories import build_campaign, client_for, guild_rev, refreshed

pytestmark = pytest.mark.django_db


def test_the_owner_adds_a_guild_left_open_and_a_player_claims_it(owner, player, campaign):
    response = act(
        owner, campaign, "guild-add", {"revision": campaign.revision, "colour": "gray", "holder": "open"}
    )
    assert response.status_code == 302
    assert refreshed(campaign).guilds.get(colour__slug="gray").player is None
    act(player, campaign, "claim", {"revision": guild_rev(campaign, "gray"), "guild": "gray"})
    assert refreshed(campaign).guilds.get(colour__slug="gray").player == player


def test_a_taken_colour_is_refused_next_to_the_form(owner, campaign, snapshot):
    before = snapshot()
    response = act(
        owner, campaign, "guild-add", {"revision": campaign.revision, "colour": "teal", "holder": "open"}
    )
    assert response.status_code == 400
    assert "Teal is already taken" in response.content.decode()
    assert snapshot() == before


def test_a_player_cannot_add_guilds(player, campaign, snapshot):
    before = snapshot()
    response = act(
        player, campaign, "guild-add", {"revision": campaign.revision, "colour": "gray", "holder": "open"}
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_choosing_heroes_from_the_sheet(owner):
    campaign = build_campaign(owner, guilds={})
    act(owner, campaign, "guild-add", {"revision": campaign.revision, "colour": "purple", "holder": "olga"})
    data = {"revision": guild_rev(campaign, "purple"), "guild": "purple"}
    act(owner, campaign, "heroes", {**data, "hero_1": "cassius", "hero_2": "izzy", "hero_3": "jaimie"})
    assert GuildHero.objects.filter(guild__campaign=campaign).count() == 3


@pytest.mark.parametrize(
    "heroes",
    [
        {"hero_1": "cassius", "hero_2": "izzy"},
        {"hero_1": "cassius", "hero_2": "izzy", "hero_3": "jaimie", "hero_4": "diana"},
        {},
    ],
    ids=["two", "four", "none"],
)
def test_a_guild_chooses_exactly_the_editions_number_of_heroes(owner, heroes, snapshot):
    """RB:311 "each chooses 3 of them": the page offers the Edition's number of hero fields, and any other
    count posted is refused with the rule, nothing written."""
    campaign = build_campaign(owner, guilds={})
    act(owner, campaign, "guild-add", {"revision": campaign.revision, "colour": "purple", "holder": "olga"})
    before = snapshot()
    data = {"revision": guild_rev(campaign, "purple"), "guild": "purple", **heroes}
    response = act(owner, campaign, "heroes", data)
    assert response.status_code == 400
    assert "Choose exactly 3 heroes" in response.content.decode()
    assert snapshot() == before


def test_a_player_moves_and_discards_their_own_cards(player, campaign):
    card = InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="teal").first()
    data = {"revision": guild_rev(campaign, "teal"), "guild": "teal", "id": card.pk, "to": "sybbyl:4"}
    assert act(player, campaign, "move", data).status_code == 302
    card.refresh_from_db()
    assert (card.hero.hero.slug, card.slot) == ("sybbyl", 4)
    act(
        player, campaign, "discard", {"revision": guild_rev(campaign, "teal"), "guild": "teal", "id": card.pk}
    )
    assert not InventoryCard.objects.filter(pk=card.pk).exists()


def test_a_player_cannot_touch_another_guild(player, campaign, snapshot):
    card = InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="yellow").first()
    before = snapshot()
    response = act(
        player,
        campaign,
        "discard",
        {"revision": guild_rev(campaign, "yellow"), "guild": "yellow", "id": card.pk},
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_adding_a_card_curse_and_saved_coin(player, campaign):
    base = {"guild": "teal"}
    act(
        player,
        campaign,
        "card-add",
        {**base, "revision": guild_rev(campaign, "teal"), "card": "the-finisher", "hero": "phyx"},
    )
    curse = campaign.edition.death_curses.order_by("code").first()
    act(
        player,
        campaign,
        "curse-set",
        {**base, "revision": guild_rev(campaign, "teal"), "hero": "phyx", "curse": curse.code},
    )
    act(player, campaign, "saved-coins", {**base, "revision": guild_rev(campaign, "teal"), "coins": 1})
    assert InventoryCard.objects.filter(guild__colour__slug="teal", card__slug="the-finisher").exists()
    assert HeroCurse.objects.filter(hero__hero__slug="phyx").exists()
    assert refreshed(campaign).guilds.get(colour__slug="teal").saved_coins == 1
    # Removing a curse asks first (issue 27: curse removals ask to confirm), naming the hero.
    sheet = client_for(player).get(reverse("campaigns:mine", args=[campaign.pk])).content.decode()
    assert re.search(r"curse-remove/\"[^>]*hx-confirm=\"Remove Phyx's Death Curse\?", sheet)
    act(player, campaign, "curse-remove", {**base, "revision": guild_rev(campaign, "teal"), "hero": "phyx"})
    assert not HeroCurse.objects.filter(hero__hero__slug="phyx").exists()


def test_a_second_saved_coin_is_refused_with_the_rule(player, campaign, snapshot):
    before = snapshot()
    response = act(
        player,
        campaign,
        "saved-coins",
        {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 2},
    )
    assert response.status_code == 400
    assert "saves at most 1 coin" in response.content.decode()
    assert snapshot() == before
