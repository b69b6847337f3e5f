"""The Campaign Sheet costs a fixed number of queries, whatever the campaign's size, and an unchanged sheet
costs only the access check.

The sheet is computed once per state of the campaign (its history_seq and the content version) and kept in
the cache; each test starts with an empty cache (tests/conftest.py), so a test reads "cold" (computed) and
then "warm" (kept) on purpose.
"""

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from campaigns.access import campaign_access
from campaigns.models import Campaign, Event, Membership
from campaigns.pages.views import _record_form, _sheet_context
from campaigns.selectors.versions import campaign_state_key
from campaigns.services.content import content_version_bump
from campaigns.services.inventory import guild_saved_coins_set
from campaigns.services.scenarios import campaign_finale_record
from tests.campaigns.pages.helpers import act
from tests.factories import (
    COLOURS,
    INFERNO_ROSTERS,
    access,
    api_for,
    build_campaign,
    client_for,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db

PATH = ("ferry-of-the-dead", "the-parade", "the-prisoner", "pit-of-tormented-souls", "the-fallen-temple")
# An unchanged sheet page, read again: the session comes from the cache (cached_db), then Django's
# AuthenticationMiddleware reads its user (1), the access check reads the campaign with the reader's role
# (1), and for the owner the join codes still open and the backups kept (2), which change without an event.
# The sheet and what the page adds to it come from the cache, kept per state of the campaign.
PLAYER_PAGE = 2
OWNER_PAGE = PLAYER_PAGE + 2
# The history pages: the user, the access check, the changes an abandon took back, then one page.
OWNER_HISTORY = 4
# Computing it (after the cache was emptied): + the session read from the database, + the prefetched sheet
# (12: the campaign's card corrections and the scenarios' quests, which name the Savior, included), the
# changes an abandon took back, the latest history, open phase, hero draft and members (5), and the
# edition's forms catalogue (5, kept per content version).
OWNER_PAGE_COLD = 1 + OWNER_PAGE + 12 + 5 + 5
# The API (signed in by the test client, no token to read): the access check, the sheet from the cache;
# cold, + the prefetched sheet (12).
API, API_COLD = 1, 13
# With a scenario tracked live, computing the page adds the live tracker, which reads its results, quests
# and Reward cards from the sheet's own read: the edition's titles and the scenario's monsters (2); + the
# monsters a kill can name: the edition's monsters, its angels and the level cards that say whether a
# reward was checked (3, N6 and N10).
LIVE_PAGE_COLD = OWNER_PAGE_COLD + 5


def full_campaign(owner):
    """Four guilds, all six scenarios with titles, angels, deaths and reward cards, and the finale."""
    campaign = build_campaign(owner, guilds=dict.fromkeys(COLOURS), name="The Long Road")
    for number, slug in enumerate((*PATH, "hit-rock-bottom")):
        lines = [
            result_line(
                c,
                winner=i == number % 4,
                coins=i + number,
                heroes=[{"hero": INFERNO_ROSTERS[c][0], "deaths": i}],
            )
            for i, c in enumerate(COLOURS)
        ]
        lines[0]["title"] = slug != "hit-rock-bottom"
        campaign = record(owner, campaign, slug, lines)
    campaign_finale_record(
        access=access(owner, campaign), actor=owner, revision=refreshed(campaign).revision, savior="teal"
    )
    return refreshed(campaign)


def long_history(campaign, owner, events=2000):
    """Pad the history to `events` more changes (rows of the kind a long campaign piles up)."""
    start = refreshed(campaign).history_seq
    guild = campaign.guilds.first()
    Event.objects.bulk_create(
        Event(
            campaign=campaign,
            seq=start + n,
            kind="saved-coins",
            summary=f"{guild.colour.name} saved a coin ({n})",
            actor=owner,
            guild=guild,
        )
        for n in range(1, events + 1)
    )
    Campaign.objects.filter(pk=campaign.pk).update(history_seq=F("history_seq") + events)
    return refreshed(campaign)


def small_campaign(owner, friend=None):
    """Two guilds and one scenario played."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": friend}, name="Just Started")
    lines = [result_line("yellow", winner=True, coins=2), result_line("teal", coins=1)]
    return record(owner, campaign, "ferry-of-the-dead", lines)


def queries(client, url, **headers):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, **headers)
    assert response.status_code in (200, 304), response.status_code
    return len(captured), response


def cold(client, url):
    cache.clear()
    return queries(client, url)[0]


def test_the_sheet_page_takes_a_fixed_number_of_queries_at_any_size(owner):
    small = small_campaign(owner)
    huge = long_history(full_campaign(owner), owner)
    client = client_for(owner)
    for campaign in (small, huge):
        url = f"/campaigns/{campaign.pk}/"
        assert cold(client, url) == OWNER_PAGE_COLD
        assert queries(client, url)[0] == OWNER_PAGE
    assert "Ultimate Arcadian" in client.get(f"/campaigns/{huge.pk}/").content.decode()


def test_a_fresh_campaign_and_a_long_one_read_in_the_same_queries(owner):
    """6 scenarios, 4 guilds and 2,000 changes: the API and the page cost what a new campaign costs."""
    fresh = build_campaign(owner, guilds=dict.fromkeys(COLOURS), name="Fresh")
    huge = long_history(full_campaign(owner), owner)
    pages, api = client_for(owner), api_for(owner)
    reads = ((pages, "/campaigns/", OWNER_PAGE, OWNER_PAGE_COLD), (api, "/api/v1/campaigns/", API, API_COLD))
    for client, path, warm, most in reads:
        fresh_cold, fresh_warm = cold(client, f"{path}{fresh.pk}/"), queries(client, f"{path}{fresh.pk}/")[0]
        huge_cold, huge_warm = cold(client, f"{path}{huge.pk}/"), queries(client, f"{path}{huge.pk}/")[0]
        assert fresh_warm == huge_warm == warm
        # A campaign with nothing played skips the prefetches of results: fewer, never more.
        assert fresh_cold <= huge_cold == most


def test_a_player_and_a_spectator_take_as_few_queries_whatever_the_size(owner, player):
    small = small_campaign(owner, player)
    full = full_campaign(owner)
    Membership.objects.create(campaign=full, user=player)
    players_page = client_for(player)
    spectator = Client()
    for campaign in (small, full):
        queries(players_page, f"/campaigns/{campaign.pk}/")
        assert queries(players_page, f"/campaigns/{campaign.pk}/")[0] == PLAYER_PAGE
        shared = f"/campaigns/{campaign.pk}/?share={campaign.share_token}"
        # No account to load: a share-link reader costs the access check alone.
        assert queries(spectator, shared)[0] == 1


def test_the_page_shows_the_latest_changes_and_links_the_full_history_which_pages_too(owner):
    huge = long_history(full_campaign(owner), owner, events=120)
    client = client_for(owner)
    page = client.get(f"/campaigns/{huge.pk}/").content.decode()
    assert page.count('class="event') == 5
    page = client.get(f"/campaigns/{huge.pk}/?open=history").content.decode()
    assert page.count('class="event') == 20
    assert f"/campaigns/{huge.pk}/history/" in page
    first, first_response = queries(client, f"/campaigns/{huge.pk}/history/")
    body = first_response.content.decode()
    assert body.count('class="event') == 50 and "saved a coin (120)" in body
    before = huge.history_seq - 49
    assert f"?before={before}" in body
    later, later_response = queries(client, f"/campaigns/{huge.pk}/history/?before={before}")
    assert "saved a coin (70)" in later_response.content.decode()
    assert "saved a coin (71)" not in later_response.content.decode()
    assert first == later == OWNER_HISTORY  # access, abandoned changes, one page of events


# --- Revalidation: an unchanged sheet answers 304 after the access check alone ------------------------


def test_an_unchanged_sheet_answers_304_with_only_the_access_check(owner, django_assert_num_queries):
    full = full_campaign(owner)
    api = api_for(owner)
    url = f"/api/v1/campaigns/{full.pk}/"
    etag = api.get(url).headers["ETag"]
    with CaptureQueriesContext(connection) as captured:
        response = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and response.headers["ETag"] == etag and not response.content
    # The access check, then nothing of the sheet's tables or any other.
    (only,) = captured  # the access check alone (the test client is signed in without a token)
    assert "campaigns_campaign" in only["sql"] and "campaigns_guild" not in only["sql"]
    pages = client_for(owner)
    pages.get(f"/campaigns/{full.pk}/")  # the first answer gives the browser its CSRF cookie
    etag = pages.get(f"/campaigns/{full.pk}/").headers["ETag"]
    with django_assert_num_queries(0):  # the answer kept for this reader on this state (campaigns/polls.py)
        assert pages.get(f"/campaigns/{full.pk}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    cache.delete(campaign_state_key(full.pk))
    with django_assert_num_queries(OWNER_PAGE):  # the whole way: the user and the access check
        assert pages.get(f"/campaigns/{full.pk}/", HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_guild_write_changes_the_etag_though_not_the_campaign_revision(owner):
    campaign = small_campaign(owner)
    api = api_for(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/"
    before = api.get(url)
    guild = campaign.guilds.get(colour__slug="yellow")
    guild_saved_coins_set(
        access=access(owner, campaign), actor=owner, guild=guild, revision=guild.revision, coins=1
    )
    after = api.get(url, HTTP_IF_NONE_MATCH=before.headers["ETag"])
    assert after.status_code == 200
    assert after.json()["revision"] == before.json()["revision"]
    assert after.headers["ETag"] != before.headers["ETag"]
    yellow = next(g for g in after.json()["guilds"] if g["colour"] == "yellow")
    assert yellow["saved_coins"] == 1


def test_a_content_change_changes_the_etag(owner, django_capture_on_commit_callbacks):
    campaign = small_campaign(owner)
    api = api_for(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/"
    etag = api.get(url).headers["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        content_version_bump()
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_each_reader_gets_their_own_view_of_the_kept_sheet(owner, player):
    """The owner's read fills the cache; the player's and the spectator's reads come from it."""
    campaign = small_campaign(owner, player)
    url = f"/api/v1/campaigns/{campaign.pk}/"
    mine = api_for(owner).get(url)
    theirs = api_for(player).get(url, HTTP_IF_NONE_MATCH=mine.headers["ETag"])
    watching = APIClient().get(f"{url}?share={campaign.share_token}")
    assert theirs.status_code == 200 and theirs.headers["ETag"] != mine.headers["ETag"]
    assert mine.json()["share_token"] == campaign.share_token
    assert theirs.json()["share_token"] is None and watching.json()["share_token"] is None
    assert {g["colour"]: g["editable"] for g in mine.json()["guilds"]} == {"yellow": True, "teal": True}
    assert {g["colour"]: g["editable"] for g in theirs.json()["guilds"]} == {"yellow": False, "teal": True}
    assert not any(g["editable"] for g in watching.json()["guilds"])
    assert (mine.json()["role"], theirs.json()["role"], watching.json()["role"]) == (
        "owner",
        "player",
        "spectator",
    )


def test_the_page_is_read_afresh_after_a_new_join_code_though_no_event_records_it(owner):
    campaign = small_campaign(owner)
    client = client_for(owner)
    url = f"/campaigns/{campaign.pk}/?open=table"
    etag = client.get(url).headers["ETag"]
    code = {"revision": campaign.revision, "hours": 24, "max_uses": 2}
    client.post(f"/campaigns/{campaign.pk}/do/join-code/", code)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and 'class="join-code"' in response.content.decode()


@pytest.mark.parametrize("part", ["upgrade/status/", "hero-draft/status/"])
def test_the_polled_status_parts_answer_304_while_nothing_changes(owner, part, django_assert_num_queries):
    campaign = small_campaign(owner)
    client = client_for(owner)
    url = f"/campaigns/{campaign.pk}/{part}?seen=x"
    etag = client.get(url, HTTP_HX_REQUEST="true").headers["ETag"]
    with django_assert_num_queries(0):  # kept for this reader on this state
        assert client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag).status_code == 304
    cache.delete(campaign_state_key(campaign.pk))
    # The whole way: the user and the access check; nothing of the phase is read.
    with django_assert_num_queries(PLAYER_PAGE):
        response = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304


# --- No query from inside a template -----------------------------------------------------------------


@pytest.mark.parametrize("size", ["small", "full"])
@pytest.mark.parametrize("who", ["owner", "spectator"])
def test_the_sheet_page_renders_without_a_single_query(
    owner, spectator, size, who, django_assert_num_queries
):
    """The view reads everything first; the templates only format what they are given."""
    campaign = small_campaign(owner) if size == "small" else full_campaign(owner)
    request = RequestFactory().get(f"/campaigns/{campaign.pk}/")
    request.user = owner if who == "owner" else spectator
    share = campaign.share_token if who == "spectator" else None
    context = _sheet_context(campaign_access(user=request.user, pk=campaign.pk, share_token=share))
    context.update({"failed": None, "notice": "", "share": share or ""})
    context["record_form"] = _record_form(context, None)
    with django_assert_num_queries(0):
        html = render_to_string("campaigns/sheet.html", context, request=request)
    assert campaign.name in html
    assert ("Ultimate Arcadian" in html) == (size == "full")
    assert (context["record_form"] is not None) == (size == "small" and who == "owner")


def test_the_live_tracker_with_an_angel_to_swap_reads_in_fixed_queries(owner):
    """The live panel's angel swap (GF:174) costs the same before and after the swap: the Save the Angel
    quests are read once, the heroes' lines come with the live results."""
    campaign = small_campaign(owner)
    act(owner, campaign, "live-start", {"revision": refreshed(campaign).revision, "scenario": "the-prisoner"})
    yellow = {"guild": "yellow", "revision": 0}
    client, url = client_for(owner), f"/campaigns/{campaign.pk}/"
    counts = []
    for action, data in (("quest", {"quest": "save-the-angel"}), ("live-angel", {"swap_for": "diana"})):
        yellow["revision"] = refreshed(campaign).guilds.get(colour__slug="yellow").revision
        assert act(owner, campaign, action, {**yellow, **data}).status_code == 302
        counts.append(cold(client, url))
        assert queries(client, url)[0] == OWNER_PAGE
    assert counts[0] == counts[1] == LIVE_PAGE_COLD, counts
