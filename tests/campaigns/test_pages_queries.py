"""The Campaign Sheet page costs the same number of queries for a new campaign and a finished one."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from campaigns.services.scenarios import campaign_finale_record
from tests.factories import UserFactory, access, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db

# Session, user, access (3), the prefetched sheet (9), history, phase, hero draft,
# content for the forms (4), and the owner's tools (4: colours, members, join codes, backups). A campaign
# with nothing played skips the 3 prefetches of results: fewer, never more.
SHEET_QUERIES = 26
OWNER_TOOLS = 4
PATH = ("ferry-of-the-dead", "the-parade", "the-prisoner", "pit-of-tormented-souls", "the-fallen-temple")
COLOURS = ("yellow", "purple", "teal", "gray")


def full_campaign(owner):
    """Four guilds, all six scenarios with titles, angels, deaths and reward cards, and the finale."""
    campaign = build_campaign(owner, guilds=dict.fromkeys(COLOURS), name="The Long Road")
    for number, slug in enumerate((*PATH, "hit-rock-bottom")):
        lines = [
            result_line(
                c, winner=i == number % 4, coins=i + number, heroes=[{"hero": _first_hero(c), "deaths": i}]
            )
            for i, c in enumerate(COLOURS)
        ]
        lines[0]["title"] = slug != "hit-rock-bottom"
        campaign = record(owner, campaign, slug, lines)
    campaign_finale_record(
        access=access(owner, campaign), actor=owner, revision=refreshed(campaign).revision, savior="teal"
    )
    return refreshed(campaign)


def _first_hero(colour):
    from tests.factories import INFERNO_ROSTERS

    return INFERNO_ROSTERS[colour][0]


def sheet_queries(user, campaign):
    client = Client()
    client.force_login(user)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/campaigns/{campaign.pk}/").status_code == 200
    return len(queries)


def small_campaign(owner, friend=None):
    """Two guilds and one scenario played."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": friend}, name="Just Started")
    lines = [result_line("yellow", winner=True, coins=2), result_line("teal", coins=1)]
    return record(owner, campaign, "ferry-of-the-dead", lines)


def test_the_sheet_takes_a_fixed_number_of_queries(django_assert_num_queries, django_assert_max_num_queries):
    owner = UserFactory(username="olga")
    empty = build_campaign(owner, guilds={"yellow": None, "teal": None}, name="Nothing Yet")
    small = small_campaign(owner)
    full = full_campaign(owner)
    assert (
        "Ultimate Arcadian"
        in Client(HTTP_HOST="testserver")
        .get(f"/campaigns/{full.pk}/?share={full.share_token}")
        .content.decode()
    )
    client = Client()
    client.force_login(owner)
    for campaign in (small, full):
        with django_assert_num_queries(SHEET_QUERIES):
            client.get(f"/campaigns/{campaign.pk}/")
    with django_assert_max_num_queries(SHEET_QUERIES):
        client.get(f"/campaigns/{empty.pk}/")


def test_a_player_and_a_spectator_take_as_few_queries_whatever_the_size():
    owner, friend = UserFactory(username="olga"), UserFactory(username="fred")
    small = small_campaign(owner, friend)
    full = full_campaign(owner)
    from campaigns.models import Membership

    Membership.objects.create(campaign=full, user=friend)
    assert sheet_queries(friend, small) == sheet_queries(friend, full) == SHEET_QUERIES - OWNER_TOOLS
    spectator = Client()
    with CaptureQueriesContext(connection) as queries:
        spectator.get(f"/campaigns/{full.pk}/?share={full.share_token}")
    with CaptureQueriesContext(connection) as small_queries:
        spectator.get(f"/campaigns/{small.pk}/?share={small.share_token}")
    assert len(queries) == len(small_queries)
