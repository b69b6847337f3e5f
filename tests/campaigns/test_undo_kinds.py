"""Undo works for every kind of change the sheet records, restoring exactly what was there."""

import pytest
from rest_framework.test import APIClient

from campaigns.models import Event, InventoryCard, Membership
from campaigns.selectors.snapshots import CAMPAIGN_PATHS, snapshot
from tests.factories import UserFactory, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def rows():
    return {
        model.__name__: sorted((str(obj.uid), repr(snapshot(obj))) for obj in model.objects.all())
        for model in CAMPAIGN_PATHS
    }


@pytest.fixture
def owner():
    return UserFactory(username="olga")


@pytest.fixture
def client(owner):
    api = APIClient()
    api.force_authenticate(owner)
    return api


def guild_rev(campaign, colour="yellow"):
    return refreshed(campaign).guilds.get(colour__slug=colour).revision


def card_id(campaign, hero, slot=1):
    return InventoryCard.objects.get(guild__campaign=campaign, hero__hero__slug=hero, slot=slot).pk


def _angel_campaign(owner):
    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    return record(
        owner, campaign, "the-prisoner", [result_line("yellow", winner=True, angel=True), result_line("teal")]
    )


def _finished_campaign(owner):
    campaign = build_campaign(owner)
    for slug in (
        "ferry-of-the-dead",
        "the-parade",
        "lost-in-the-dark",
        "the-fallen-temple",
        "pit-of-tormented-souls",
        "hit-rock-bottom",
    ):
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    return campaign


CASES = {
    "card-moved": (
        build_campaign,
        lambda c: (
            "guilds/yellow/inventory/move/",
            {"item": "card", "id": card_id(c, "diana"), "hero": "kisha", "slot": 4},
        ),
    ),
    "card-discarded": (
        build_campaign,
        lambda c: ("guilds/yellow/cards/discard/", {"id": card_id(c, "mark")}),
    ),
    "angel-swapped": (
        _angel_campaign,
        lambda c: ("guilds/yellow/angel/", {"angel": "angel-eyes", "swap_for": "mark"}),
    ),
    "heroes-fielded": (
        _angel_campaign,
        lambda c: ("guilds/yellow/field/", {"heroes": ["angel-eyes", "mark", "kisha"]}),
    ),
    "guild-added": (build_campaign, lambda c: ("guilds/", {"colour": "gray"})),
    "finale": (_finished_campaign, lambda c: ("finale/", {"savior": "teal"})),
}
CAMPAIGN_WIDE = {"guild-added", "finale"}


@pytest.mark.parametrize("kind", list(CASES))
def test_each_kind_of_change_is_undone_exactly(owner, client, kind):
    build, action = CASES[kind]
    campaign = build(owner)
    before = rows()
    path, data = action(campaign)
    revision = refreshed(campaign).revision if kind in CAMPAIGN_WIDE else guild_rev(campaign)
    response = client.post(
        f"/api/v1/campaigns/{campaign.pk}/{path}", {**data, "revision": revision}, format="json"
    )
    assert response.status_code in (200, 201), response.json()
    event = Event.objects.filter(campaign=campaign).latest("seq")
    assert event.kind == kind and rows() != before
    revision = refreshed(campaign).revision if kind in CAMPAIGN_WIDE else guild_rev(campaign)
    undone = client.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/", {"seq": event.seq, "revision": revision}, format="json"
    )
    assert undone.status_code == 200, undone.json()
    assert rows() == before


def test_a_claimed_guild_can_be_released_by_undo(owner, client):
    friend = UserFactory(username="fred")
    campaign = build_campaign(owner)
    Membership.objects.create(campaign=campaign, user=friend)
    client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "revision": campaign.revision, "player": None},
        format="json",
    )
    gray = refreshed(campaign).guilds.get(colour__slug="gray")
    gray.player = None
    gray.save(update_fields=["player"])
    friend_api = APIClient()
    friend_api.force_authenticate(friend)
    claimed = friend_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/gray/claim/", {"revision": gray.revision}, format="json"
    )
    assert claimed.status_code == 200
    seq = Event.objects.filter(campaign=campaign).latest("seq").seq
    undone = friend_api.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": seq, "revision": guild_rev(campaign, "gray")},
        format="json",
    )
    assert undone.status_code == 200
    assert refreshed(campaign).guilds.get(colour__slug="gray").player is None


def test_removing_a_curse_can_be_undone(owner, client):
    campaign = build_campaign(owner)
    client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/curses/",
        {"hero": "kisha", "curse": "INFD-07", "slot": 2, "revision": guild_rev(campaign)},
        format="json",
    )
    before = rows()
    client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/curses/remove/",
        {"hero": "kisha", "revision": guild_rev(campaign)},
        format="json",
    )
    seq = Event.objects.filter(campaign=campaign).latest("seq").seq
    client.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/", {"seq": seq, "revision": guild_rev(campaign)}, format="json"
    )
    assert rows() == before


def test_the_admin_lists_content_with_missing_data():
    from django.test import Client

    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    browser = Client()
    browser.force_login(admin)
    missing = browser.get("/admin/campaigns/monsterlevelcard/?missing=yes")
    complete = browser.get("/admin/campaigns/monsterlevelcard/?missing=no")
    assert missing.status_code == complete.status_code == 200
    from campaigns.models import MonsterLevelCard

    assert (
        missing.context_data["cl"].result_count
        == MonsterLevelCard.objects.filter(MonsterLevelCard.missing_q()).count()
        > 0
    )
    assert (
        complete.context_data["cl"].result_count
        == MonsterLevelCard.objects.exclude(MonsterLevelCard.missing_q()).count()
    )
    assert missing.context_data["cl"].result_count + complete.context_data["cl"].result_count == (
        MonsterLevelCard.objects.count()
    )
