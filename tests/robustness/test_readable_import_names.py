"""An imported campaign's name follows the rule a typed one does (security probe F14): a name made only of
invisible or text-direction characters is refused, with the path of the bad value, and nothing is stored."""

import pytest

from campaigns.models import Campaign
from tests.factories import api_for, build_campaign

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["\u200b\u200b", "\ufeff", "Ana\u202e's", "\u202e"])
def test_an_import_named_with_invisible_characters_is_refused(owner, name):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None}, name="Visible")
    api = api_for(owner)
    document = api.get(f"/api/v1/campaigns/{campaign.pk}/export/?full=1").json()
    document["campaign"]["name"] = name
    before = Campaign.objects.count()
    response = api.post("/api/v1/campaigns/import/", document, format="json")
    assert response.status_code == 400, response.content
    assert "campaign.name" in response.content.decode()
    assert Campaign.objects.count() == before
