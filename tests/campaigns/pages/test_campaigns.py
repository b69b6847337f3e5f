"""The campaign list, a new campaign, and joining one with a code."""

import pytest
from django.test import Client

from campaigns.models import Campaign, JoinCode, Membership
from campaigns.services import campaigns as setup
from tests.campaigns.pages.helpers import act
from tests.factories import UserFactory, access, build_campaign, client_for

pytestmark = pytest.mark.django_db


def test_the_campaign_list_needs_a_login_and_shows_only_my_campaigns(owner_client, campaign):
    assert Client().get("/campaigns/").status_code == 302
    other = build_campaign(UserFactory(username="zed"), guilds={"gray": None}, name="Someone Else's")
    html = owner_client.get("/campaigns/").content.decode()
    assert "Friday Night Inferno" in html and other.name not in html


def test_a_new_campaign_opens_its_sheet(owner, owner_client):
    response = owner_client.post("/campaigns/", {"name": "Tuesday", "edition": "inferno", "mode": "campaign"})
    campaign = Campaign.objects.get(name="Tuesday")
    assert response["Location"] == f"/campaigns/{campaign.pk}/"
    assert campaign.owner == owner


def test_a_new_campaign_without_a_name_is_refused(owner_client, snapshot):
    before = snapshot()
    response = owner_client.post("/campaigns/", {"name": "", "edition": "inferno", "mode": "campaign"})
    assert response.status_code == 400 and "field-error" in response.content.decode()
    assert snapshot() == before


def test_joining_with_a_code_makes_a_player(owner, campaign):
    code = setup.join_code_create(access=access(owner, campaign), actor=owner)
    nina = UserFactory(username="nina")
    response = client_for(nina).post("/campaigns/join/", {"code": code.code.lower()})
    assert response["Location"] == f"/campaigns/{campaign.pk}/#guilds"
    assert Membership.objects.filter(campaign=campaign, user=nina, role="player").exists()


def test_a_wrong_join_code_gets_one_generic_error(campaign, snapshot):
    nina = UserFactory(username="nina")
    before = snapshot()
    response = client_for(nina).post("/campaigns/join/", {"code": "NOPE2345"})
    assert response.status_code == 400
    assert str(setup.JOIN_CODE_ERROR) in response.content.decode()
    assert snapshot() == before


def test_join_attempts_are_limited_to_ten_a_minute(owner, campaign, snapshot):
    code = setup.join_code_create(access=access(owner, campaign), actor=owner)
    client = client_for(UserFactory(username="nina"))
    for _ in range(10):
        client.post("/campaigns/join/", {"code": "WRONG234"})
    before = snapshot()
    response = client.post("/campaigns/join/", {"code": code.code})
    assert response.status_code == 429
    assert snapshot() == before


def test_the_owner_creates_a_join_code_shown_on_the_sheet(owner, owner_client, campaign):
    act(owner, campaign, "join-code", {"revision": campaign.revision, "hours": 24, "max_uses": 2})
    code = JoinCode.objects.get(campaign=campaign)
    assert code.code in owner_client.get(f"/campaigns/{campaign.pk}/").content.decode()
