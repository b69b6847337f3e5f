"""The guilds API: colours, heroes, cards, curses, saved coins, angels and fielding, each refusal with its
rule and the database exactly as it was."""

import pytest

from campaigns.models import InventoryCard
from tests.campaigns.api.helpers import guild_url
from tests.factories import angel_campaign, build_campaign, guild_rev, refreshed

pytestmark = pytest.mark.django_db


def test_a_duplicate_guild_colour_is_refused_and_nothing_changes(owner_api, campaign, snapshot):
    before = snapshot()
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "teal", "revision": campaign.revision},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"colour": ["Teal is already taken in this campaign."]}
    assert snapshot() == before


def test_a_player_cannot_change_another_players_guild(player_api, campaign, snapshot):
    before = snapshot()
    response = player_api.post(
        guild_url(campaign, "yellow", "saved-coins"),
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 403
    assert snapshot() == before


def _card_on(campaign, colour, hero):
    return InventoryCard.objects.filter(
        guild__campaign=campaign, guild__colour__slug=colour, hero__hero__slug=hero
    )


def test_a_fifth_card_on_a_hero_is_refused(owner_api, campaign, snapshot):
    client = owner_api
    for slot in (3, 4):
        assert (
            client.post(
                guild_url(campaign, "yellow", "cards"),
                {
                    "card": "dusty-blade",
                    "hero": "diana",
                    "slot": slot,
                    "revision": guild_rev(campaign, "yellow"),
                },
                format="json",
            ).status_code
            == 200
        )
    before = snapshot()
    response = client.post(
        guild_url(campaign, "yellow", "cards"),
        {
            "card": "short-bow",
            "hero": "diana",
            "revision": guild_rev(campaign, "yellow"),
        },
        format="json",
    )
    assert response.status_code == 400
    assert "no free slot" in response.json()["hero"][0]
    assert snapshot() == before


def test_a_thirteenth_card_in_a_guild_is_refused(owner_api, campaign, snapshot):
    client = owner_api
    free = [(h, s) for h in ("mark", "kisha", "diana") for s in (1, 2, 3, 4)]
    while InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="yellow").count() < 12:
        hero, slot = free.pop()
        if _card_on(campaign, "yellow", hero).filter(slot=slot).exists():
            continue
        client.post(
            guild_url(campaign, "yellow", "cards"),
            {
                "card": "grimbolt",
                "hero": hero,
                "slot": slot,
                "revision": guild_rev(campaign, "yellow"),
            },
            format="json",
        )
    _card_on(campaign, "yellow", "kisha").filter(slot=4).delete()
    client.post(
        guild_url(campaign, "yellow", "cards"),
        {"card": "grimbolt", "hero": "kisha", "slot": 4, "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="yellow").count() == 12
    before = snapshot()
    response = client.post(
        guild_url(campaign, "yellow", "cards"),
        {"card": "grimbolt", "hero": "kisha", "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400
    assert snapshot() == before


def test_two_saved_coins_are_refused(owner_api, campaign, snapshot):
    before = snapshot()
    response = owner_api.post(
        guild_url(campaign, "yellow", "saved-coins"),
        {"coins": 2, "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"saved_coins": ["A guild saves at most 1 coin between scenarios."]}
    assert snapshot() == before


def test_a_death_curse_cannot_be_moved_between_heroes(owner_api, campaign, snapshot):
    client = owner_api
    assert (
        client.post(
            guild_url(campaign, "yellow", "curses"),
            {"hero": "diana", "curse": "INFD-03", "revision": guild_rev(campaign, "yellow")},
            format="json",
        ).status_code
        == 200
    )
    curse_id = refreshed(campaign).guilds.get(colour__slug="yellow").curses.get().pk
    before = snapshot()
    response = client.post(
        guild_url(campaign, "yellow", "inventory/move"),
        {
            "item": "curse",
            "id": curse_id,
            "hero": "mark",
            "slot": 1,
            "revision": guild_rev(campaign, "yellow"),
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"item": ["Death Curses cannot be moved between heroes."]}
    assert snapshot() == before


def test_a_hero_keeps_only_one_death_curse(owner_api, campaign, snapshot):
    client = owner_api
    client.post(
        guild_url(campaign, "yellow", "curses"),
        {"hero": "diana", "curse": "INFD-03", "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    before = snapshot()
    response = client.post(
        guild_url(campaign, "yellow", "curses"),
        {"hero": "diana", "curse": "INFD-06", "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400 and "only one" in response.json()["hero"][0]
    assert snapshot() == before


def test_a_slot_taking_curse_covers_the_card_in_its_slot(owner_api, campaign):
    response = owner_api.post(
        guild_url(campaign, "yellow", "curses"),
        {"hero": "diana", "curse": "INFD-07", "slot": 1, "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    diana = next(h for h in response.json()["guilds"][0]["heroes"] if h["hero"] == "diana")
    assert diana["curse"]["slot"] == 1
    assert diana["slots"][0]["covered_by_curse"] and diana["slots"][0]["card"] is not None


def test_moving_a_card_onto_a_taken_slot_swaps_the_two_cards(owner_api, campaign):
    dusty = _card_on(campaign, "yellow", "diana").get(slot=1)
    other = _card_on(campaign, "yellow", "mark").get(slot=1)
    response = owner_api.post(
        guild_url(campaign, "yellow", "inventory/move"),
        {
            "item": "card",
            "id": dusty.pk,
            "hero": "mark",
            "slot": 1,
            "revision": guild_rev(campaign, "yellow"),
        },
        format="json",
    )
    assert response.status_code == 200
    dusty.refresh_from_db()
    other.refresh_from_db()
    assert (dusty.hero.hero.slug, dusty.slot, other.hero.hero.slug, other.slot) == ("mark", 1, "diana", 1)


def test_a_fourth_hero_is_refused(owner_api, campaign, snapshot):
    before = snapshot()
    response = owner_api.post(
        guild_url(campaign, "yellow", "heroes"),
        {"heroes": ["diana", "mark", "kisha", "phyx"], "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400 and response.json() == {"heroes": ["Choose exactly 3 heroes."]}
    assert snapshot() == before


def test_a_hero_in_another_guild_cannot_be_chosen(owner_api, campaign, snapshot):
    before = snapshot()
    response = owner_api.post(
        guild_url(campaign, "yellow", "heroes"),
        {"heroes": ["diana", "mark", "natasha"], "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400 and "Teal" in response.json()["heroes"][0]
    assert snapshot() == before


REFUSALS = [
    (
        "a hero is not an angel",
        angel_campaign,
        "guilds/yellow/angel/",
        {"angel": "mark"},
        "is not an angel",
    ),
    (
        "an angel swapped for itself",
        angel_campaign,
        "guilds/yellow/angel/",
        {"angel": "angel-eyes", "swap_for": "angel-eyes"},
        "Swap the angel for one of the three",
    ),
    (
        "fielding a hero twice",
        angel_campaign,
        "guilds/yellow/field/",
        {"heroes": ["mark", "mark", "kisha"]},
        "Field exactly 3 different heroes",
    ),
    (
        "moving something that is not a card",
        build_campaign,
        "guilds/yellow/inventory/move/",
        {"item": "curse", "id": 1, "hero": "mark", "slot": 1},
        "cannot be moved between heroes",
    ),
]


@pytest.mark.parametrize(("name", "build", "path", "data", "message"), REFUSALS, ids=[c[0] for c in REFUSALS])
def test_the_rule_is_refused_and_nothing_changes(
    owner, owner_api, snapshot, name, build, path, data, message
):
    campaign = build(owner)
    before = snapshot()
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/{path}", {**data, "revision": guild_rev(campaign)}, format="json"
    )
    assert response.status_code == 400, response.json()
    assert message in str(response.json())
    assert snapshot() == before
