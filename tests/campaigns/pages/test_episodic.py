"""Episodic games from the sheet page (GF:298): the level is chosen in the forms, replays are recorded."""

import pytest

from campaigns.models import Campaign
from tests.campaigns.pages.helpers import act
from tests.campaigns.pages.test_scenarios import record_data
from tests.factories import build_campaign, client_for, refreshed

pytestmark = pytest.mark.django_db


def test_the_sheet_page_records_an_episodic_replay_at_the_chosen_level(owner):
    """GF:298 "use Upgrade cards of any level chosen, play any single scenario"."""
    campaign = build_campaign(owner, name="One-shots")
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'name="level"' in html and "Level (episodic game)" in html
    for level in (5, 2):
        response = act(owner, campaign, "record", record_data(campaign, level=level))
        assert response.status_code == 302
    assert [p.level for p in refreshed(campaign).plays.order_by("number")] == ["4-5", "2-3"]
