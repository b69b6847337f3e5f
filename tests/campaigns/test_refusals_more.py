"""Rule breaks not covered elsewhere: each refused with its message, nothing changed."""

import pytest
from rest_framework.test import APIClient

from tests.conftest import db_snapshot
from tests.factories import UserFactory, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return UserFactory(username="olga")


@pytest.fixture
def client(owner):
    api = APIClient()
    api.force_authenticate(owner)
    return api


def angel_campaign(owner):
    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    return record(
        owner, campaign, "the-prisoner", [result_line("yellow", winner=True, angel=True), result_line("teal")]
    )


def finished(owner):
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


def guild_rev(campaign):
    return refreshed(campaign).guilds.get(colour__slug="yellow").revision


def campaign_rev(campaign):
    return refreshed(campaign).revision


CASES = [
    (
        "a hero is not an angel",
        angel_campaign,
        "guilds/yellow/angel/",
        {"angel": "mark"},
        guild_rev,
        "is not an angel",
    ),
    (
        "an angel swapped for itself",
        angel_campaign,
        "guilds/yellow/angel/",
        {"angel": "angel-eyes", "swap_for": "angel-eyes"},
        guild_rev,
        "Swap the angel for one of the three",
    ),
    (
        "fielding a hero twice",
        angel_campaign,
        "guilds/yellow/field/",
        {"heroes": ["mark", "mark", "kisha"]},
        guild_rev,
        "Field exactly 3 different heroes",
    ),
    (
        "a savior who is not a guild",
        finished,
        "finale/",
        {"savior": "purple"},
        campaign_rev,
        "not a guild of this campaign",
    ),
    (
        "moving something that is not a card",
        build_campaign,
        "guilds/yellow/inventory/move/",
        {"item": "curse", "id": 1, "hero": "mark", "slot": 1},
        guild_rev,
        "cannot be moved between heroes",
    ),
    (
        "a live tap before any scenario starts",
        build_campaign,
        "guilds/yellow/live/tally/",
        {"counter": "coins", "delta": 1},
        guild_rev,
        "No scenario is being played",
    ),
    (
        "a live tap of zero",
        build_campaign,
        "guilds/yellow/live/tally/",
        {"counter": "coins", "delta": 0},
        guild_rev,
        "A tap adds or removes 1 to 10",
    ),
]


@pytest.mark.parametrize(
    ("name", "build", "path", "data", "revision", "message"), CASES, ids=[c[0] for c in CASES]
)
def test_the_rule_is_refused_and_nothing_changes(owner, client, name, build, path, data, revision, message):
    campaign = build(owner)
    before = db_snapshot()
    response = client.post(
        f"/api/v1/campaigns/{campaign.pk}/{path}", {**data, "revision": revision(campaign)}, format="json"
    )
    assert response.status_code == 400, response.json()
    assert message in str(response.json())
    assert db_snapshot() == before


def test_the_finale_is_recorded_once(owner, client):
    campaign = finished(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/finale/"
    assert (
        client.post(url, {"savior": "yellow", "revision": campaign_rev(campaign)}, format="json").status_code
        == 200
    )
    before = db_snapshot()
    again = client.post(url, {"savior": "teal", "revision": campaign_rev(campaign)}, format="json")
    assert again.status_code == 400 and "already been recorded" in str(again.json())
    assert db_snapshot() == before


def test_more_copies_of_a_reward_card_than_the_box_holds_are_refused(owner, client):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    lines = [
        result_line(c, winner=c == "yellow", reward_cards=[{"card": "the-finisher", "hero": h}])
        for c, h in (("yellow", "diana"), ("teal", "natasha"), ("gray", "trandir"))
    ]
    before = db_snapshot()
    response = client.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {"scenario": "beyond-the-gates-of-hell", "results": lines, "revision": campaign_rev(campaign)},
        format="json",
    )
    assert response.status_code == 400 and "only 2 copies" in str(response.json())
    assert db_snapshot() == before
