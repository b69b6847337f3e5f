"""A tap's write costs a fixed number of queries, whatever the campaign's size: the role and the access
are read once and the write runs. Through the API the tap answers with what it changed (the campaign is
read by the next poll, once, and kept for the other phones); the page's tap answers with the sheet part,
so the campaign is read once, whole, for it."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.campaigns.pages.test_queries import long_history
from tests.factories import COLOURS, api_for, build_campaign, client_for, refreshed

pytestmark = pytest.mark.django_db

# The API: the access check and the guild (2); the write itself, in its savepoint: the campaign locked,
# the guild's revision claimed, the live scenario and the guild's line read, the counter set, the history's
# next number, the event (12). No read of the campaign for the answer: it says what the tap changed.
API_TAP = 2 + 12
# The campaign read whole (12).
SHEET_READ = 12
# The page: + the session's user (1), the campaign read whole for the sheet part it answers with, what the
# page adds to the sheet (the open phase, the hero draft, the changes an abandon took back, the latest
# history, the live tracker with its monster list (5: it reads its results and quests from the sheet's
# read) and the members: 10) and the owner's join codes and backups (2).
PAGE_TAP = 1 + API_TAP + SHEET_READ + 10 + 2


def _live(owner, campaign):
    response = api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": "beyond-the-gates-of-hell", "revision": refreshed(campaign).revision},
        format="json",
    )
    assert response.status_code == 201, response.content
    return refreshed(campaign)


def _queries(call):
    with CaptureQueriesContext(connection) as captured:
        response = call()
    assert response.status_code == 200, response.content
    return len(captured), response


def _revision(campaign, colour="yellow"):
    return refreshed(campaign).guilds.get(colour__slug=colour).revision


def _taps(owner, campaign):
    api, pages = api_for(owner), client_for(owner)
    pages.get(f"/campaigns/{campaign.pk}/")  # the phone has the page open: its catalogue is kept
    url = f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/live/tally/"
    body = {"counter": "coins", "delta": 1, "revision": _revision(campaign)}
    on_api, answer = _queries(lambda: api.post(url, body, format="json"))
    assert answer.json()["guild_revision"] == _revision(campaign)
    form = {"counter": "coins", "delta": 1, "revision": _revision(campaign), "guild": "yellow"}
    tap = f"/campaigns/{campaign.pk}/do/tally/"
    on_page, page = _queries(lambda: pages.post(tap, form, HTTP_HX_REQUEST="true"))
    assert page["X-Write"] == "saved"
    return on_api, on_page


def test_a_tap_costs_the_same_queries_on_a_new_campaign_and_a_long_one(owner):
    """Two guilds and nothing played, or four guilds and 2,000 changes: the same queries per tap."""
    small = _live(owner, build_campaign(owner, guilds={"yellow": None, "teal": None}))
    big = build_campaign(owner, guilds=dict.fromkeys(COLOURS), name="The Long Road")
    big = _live(owner, long_history(big, owner))
    cache.clear()
    assert _taps(owner, small) == _taps(owner, big) == (API_TAP, PAGE_TAP)


def test_a_tap_answers_what_it_changed_and_the_first_poll_keeps_the_sheet_for_the_others(owner, player):
    campaign = _live(owner, build_campaign(owner, guilds={"yellow": None, "teal": player}))
    url = f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/live/tally/"
    before = refreshed(campaign)
    body = {"counter": "coins", "delta": 2, "revision": _revision(campaign)}
    tapped = api_for(owner).post(url, body, format="json").json()
    after = refreshed(campaign)
    assert tapped == {
        "revision": before.revision,  # a guild's tap leaves the campaign's revision alone
        "history_seq": before.history_seq + 1,
        "guild": "yellow",
        "guild_revision": _revision(campaign),
        "counter": "coins",
        "hero": None,
        "value": 2,
    }
    assert after.history_seq == tapped["history_seq"]
    # The next tap goes on from the revision the answer gave, without reading the sheet.
    again = api_for(owner).post(
        url, {"counter": "coins", "delta": -1, "revision": tapped["guild_revision"]}, format="json"
    )
    assert again.status_code == 200 and again.json()["value"] == 1
    # The first poll reads the new state once and keeps it; the next reader only checks access.
    with CaptureQueriesContext(connection) as first:
        api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/")
    assert len(first) == 1 + SHEET_READ
    with CaptureQueriesContext(connection) as captured:
        sheet = api_for(player).get(f"/api/v1/campaigns/{campaign.pk}/")
    assert len(captured) == 1  # the player's access check; the new state's sheet was kept by the first poll
    yellow = next(g for g in sheet.json()["guilds"] if g["colour"] == "yellow")
    assert sheet.json()["history_seq"] == refreshed(campaign).history_seq and yellow["editable"] is False
    live = api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]
    assert next(g for g in live["guilds"] if g["guild"] == "yellow")["coins"] == 1


def test_a_hero_tap_answers_the_heros_new_count(owner):
    campaign = _live(owner, build_campaign(owner, guilds={"yellow": None, "teal": None}))
    url = f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/live/tally/"
    body = {"counter": "deaths", "hero": "diana", "delta": 2, "revision": _revision(campaign)}
    tapped = api_for(owner).post(url, body, format="json").json()
    assert (tapped["counter"], tapped["hero"], tapped["value"]) == ("deaths", "diana", 2)


def test_a_stale_tap_is_refused_with_the_current_sheet_and_changes_nothing(owner):
    """The small answer is for a tap that was made: one based on an old revision gets 409 with the whole
    current sheet (what the phone needs to tap again), and the counter stays as it was."""
    campaign = _live(owner, build_campaign(owner, guilds={"yellow": None, "teal": None}))
    url = f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/live/tally/"
    stale = _revision(campaign)
    api_for(owner).post(url, {"counter": "coins", "delta": 1, "revision": stale}, format="json")
    refused = api_for(owner).post(url, {"counter": "coins", "delta": 5, "revision": stale}, format="json")
    assert refused.status_code == 409
    current = next(g for g in refused.json()["current"]["guilds"] if g["colour"] == "yellow")
    assert current["revision"] == _revision(campaign) == stale + 1
    live = api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]
    assert next(g for g in live["guilds"] if g["guild"] == "yellow")["coins"] == 1
