"""Revisions: a stale write gets 409 with the current sheet; writes to different guilds from the same
sheet both land."""

import pytest

from tests.campaigns.api.helpers import guild_url
from tests.factories import guild_rev

pytestmark = pytest.mark.django_db


def test_a_stale_write_gets_409_with_the_current_sheet(owner_api, campaign, snapshot):
    before = snapshot()
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "revision": campaign.revision - 1},
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["current"]["revision"] == campaign.revision
    assert snapshot() == before


def test_the_revision_can_come_in_an_if_match_header(owner_api, campaign):
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray"},
        format="json",
        HTTP_IF_MATCH=f'"{campaign.revision}"',
    )
    assert response.status_code == 201
    assert response.headers["ETag"].startswith(f'"{campaign.revision + 1}.')


def test_the_sheets_etag_works_as_the_if_match_of_a_campaign_wide_write(owner_api, campaign):
    """The ETag names the campaign's state (history_seq) but starts with its revision, so a client may
    send back the ETag it holds."""
    etag = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/").headers["ETag"]
    added = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/", {"colour": "gray"}, format="json", HTTP_IF_MATCH=etag
    )
    assert added.status_code == 201
    stale = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/", {"colour": "purple"}, format="json", HTTP_IF_MATCH=etag
    )
    assert stale.status_code == 409


def test_writes_to_different_guilds_from_the_same_sheet_both_succeed(owner_api, player_api, campaign):
    yellow_rev, teal_rev = guild_rev(campaign, "yellow"), guild_rev(campaign, "teal")
    a = owner_api.post(
        guild_url(campaign, "yellow", "saved-coins"), {"coins": 1, "revision": yellow_rev}, format="json"
    )
    b = player_api.post(
        guild_url(campaign, "teal", "saved-coins"), {"coins": 1, "revision": teal_rev}, format="json"
    )
    assert (a.status_code, b.status_code) == (200, 200)
    again = player_api.post(
        guild_url(campaign, "teal", "saved-coins"), {"coins": 0, "revision": teal_rev}, format="json"
    )
    assert again.status_code == 409
