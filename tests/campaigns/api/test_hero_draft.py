"""The hero draft at campaign start: hidden hands, one hero kept per round, three rounds."""

import pytest

from campaigns.models import GuildHero, Hero, InventoryCard
from tests.conftest import db_snapshot
from tests.factories import UserFactory, api_for, refreshed

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner):
    from campaigns.models import Membership
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.guilds import guild_add
    from tests.factories import access

    pia = UserFactory(username="pia")
    campaign = campaign_create(owner=owner, name="Drafted", edition="inferno")
    Membership.objects.create(campaign=campaign, user=pia)
    for colour, player in (("yellow", owner), ("purple", pia), ("teal", owner)):
        guild_add(
            access=access(owner, campaign),
            actor=owner,
            revision=refreshed(campaign).revision,
            colour=colour,
            player=player.get_username() if player is not None else None,
        )
    return refreshed(campaign), {"yellow": owner, "purple": pia, "teal": owner}


def start(campaign, owner):
    return api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/hero-draft/start/",
        {"revision": refreshed(campaign).revision},
        format="json",
    )


def view(user, campaign, guild=None):
    params = {"guild": guild} if guild else {}
    return api_for(user).get(f"/api/v1/campaigns/{campaign.pk}/hero-draft/", params).json()


def pick(user, campaign, colour, hero):
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    return api_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/hero-draft/pick/",
        {"hero": hero, "revision": revision},
        format="json",
    )


def test_the_heroes_are_dealt_evenly_and_hands_stay_hidden(table):
    campaign, players = table
    assert start(campaign, players["yellow"]).status_code == 201
    hands = {c: view(players[c], campaign, c)["mine"]["hand"] for c in players}
    assert [len(h) for h in hands.values()] == [4, 4, 4]
    dealt = sorted(hero for hand in hands.values() for hero in hand)
    assert dealt == sorted(
        Hero.objects.filter(edition__slug="inferno", is_angel=False).values_list("slug", flat=True)
    )
    pia_view = api_for(players["purple"]).get(f"/api/v1/campaigns/{campaign.pk}/hero-draft/?guild=yellow")
    assert pia_view.status_code == 400
    assert view(players["purple"], campaign)["mine"]["guild"] == "purple"


def test_three_rounds_seat_three_heroes_per_guild_with_the_starter_deck(table):
    campaign, players = table
    start(campaign, players["yellow"])
    for _ in range(3):
        for colour, user in players.items():
            hand = view(user, campaign, colour)["mine"]["hand"]
            assert pick(user, campaign, colour, hand[0]).status_code == 200
    final = view(players["purple"], campaign)
    assert final["complete"] and all(len(v) == 3 for v in final["drafted"].values())
    for colour in players:
        guild = refreshed(campaign).guilds.get(colour__slug=colour)
        assert GuildHero.objects.filter(guild=guild).count() == 3
        assert InventoryCard.objects.filter(guild=guild).count() == 5


def test_a_hero_not_in_hand_or_a_second_pick_is_refused(table):
    campaign, players = table
    start(campaign, players["yellow"])
    hand = view(players["purple"], campaign)["mine"]["hand"]
    other = view(players["yellow"], campaign, "yellow")["mine"]["hand"][0]
    before = db_snapshot()
    assert pick(players["purple"], campaign, "purple", other).status_code == 400
    assert db_snapshot() == before
    pick(players["purple"], campaign, "purple", hand[0])
    assert pick(players["purple"], campaign, "purple", hand[1]).status_code == 400


def test_choosing_heroes_freely_is_refused_during_the_draft(table):
    campaign, players = table
    start(campaign, players["yellow"])
    revision = refreshed(campaign).guilds.get(colour__slug="purple").revision
    response = api_for(players["purple"]).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/purple/heroes/",
        {"heroes": ["diana", "mark", "kisha"], "revision": revision},
        format="json",
    )
    assert response.status_code == 400 and "hero draft" in response.json()["heroes"][0]


def test_only_the_owner_starts_the_draft_once(table):
    campaign, players = table
    assert (
        api_for(players["purple"])
        .post(
            f"/api/v1/campaigns/{campaign.pk}/hero-draft/start/",
            {"revision": campaign.revision},
            format="json",
        )
        .status_code
        == 403
    )
    start(campaign, players["yellow"])
    assert start(campaign, players["yellow"]).status_code == 400
