"""The answer serializers document exactly what the selectors build: nothing missing, nothing extra."""

from __future__ import annotations

import pytest

from campaigns.api.outputs import LiveOut, SheetSerializer
from campaigns.selectors.campaigns import campaign_for_sheet
from campaigns.selectors.live import live_state
from tests.factories import angel_campaign, api_for, campaign_rev, finished_campaign, sheet

pytestmark = pytest.mark.django_db


def _documented(serializer_class: type, data: dict) -> dict:
    return dict(serializer_class(data).data)


def test_the_sheet_serializer_reproduces_a_sheet_with_angels_titles_and_plays(owner):
    data = sheet(owner, angel_campaign(owner))
    assert data["plays"] and any(g["angels"] for g in data["guilds"])
    assert _documented(SheetSerializer, data) == data


def test_the_sheet_serializer_reproduces_a_finished_campaign_with_its_finale(owner):
    campaign = finished_campaign(owner)
    api = api_for(owner)
    done = api.post(
        f"/api/v1/campaigns/{campaign.pk}/finale/",
        {"savior": "yellow", "revision": campaign_rev(campaign)},
        format="json",
    )
    assert done.status_code == 200, done.json()
    data = sheet(owner, campaign)
    assert data["finale"] is not None
    assert _documented(SheetSerializer, data) == data


def test_the_live_serializer_reproduces_the_live_tracker(owner, campaign):
    started = api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": "ferry-of-the-dead", "revision": campaign_rev(campaign)},
        format="json",
    )
    assert started.status_code == 201, started.json()
    data = {"live": live_state(campaign_for_sheet(campaign_id=campaign.pk))}
    assert data["live"] is not None
    assert _documented(LiveOut, data) == data
