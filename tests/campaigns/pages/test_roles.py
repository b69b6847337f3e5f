"""Who sees what on the pages: members and share-link holders read, everyone else gets 404; only members
write, and every form carries and needs its CSRF token."""

import pytest
from django.test import Client

from tests.campaigns.pages.helpers import act
from tests.factories import client_for

pytestmark = pytest.mark.django_db


PAGES = ("", "upgrade/", "hero-draft/", "monsters/", "content/", "upgrade/status/", "hero-draft/status/")


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("role", ["owner", "player", "spectator"])
def test_every_campaign_page_renders_for_owner_player_and_spectator(page, role, owner, player, campaign):
    user = {"owner": owner, "player": player, "spectator": None}[role]
    query = f"?share={campaign.share_token}" if role == "spectator" else ""
    response = client_for(user).get(f"/campaigns/{campaign.pk}/{page}{query}")
    assert response.status_code == 200
    assert b"Friday Night Inferno" in response.content or page.endswith("status/")


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("who", ["outsider", "anonymous", "wrong share token"])
def test_outsiders_get_404_on_every_campaign_page(page, who, outsider, campaign):
    user = outsider if who == "outsider" else None
    query = "?share=not-the-token" if who == "wrong share token" else ""
    assert client_for(user).get(f"/campaigns/{campaign.pk}/{page}{query}").status_code == 404


def test_outsiders_and_share_link_holders_cannot_write(outsider, campaign, snapshot):
    before = snapshot()
    data = {"revision": campaign.revision, "scenario": "ferry-of-the-dead"}
    assert act(outsider, campaign, "live-start", data).status_code == 404
    url = f"/campaigns/{campaign.pk}/do/live-start/?share={campaign.share_token}"
    assert Client().post(url, data).status_code == 404
    assert snapshot() == before


def test_a_spectator_sees_the_sheet_without_any_form(campaign):
    html = Client().get(f"/campaigns/{campaign.pk}/?share={campaign.share_token}").content.decode()
    assert "watching (read-only)" in html
    assert "/do/" not in html
    assert campaign.share_token not in html.split("share=")[0]


def test_csrf_is_enforced_on_every_form(owner, campaign, snapshot):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    before = snapshot()
    data = {"revision": campaign.revision, "scenario": "ferry-of-the-dead"}
    assert client.post(f"/campaigns/{campaign.pk}/do/live-start/", data).status_code == 403
    assert (
        client.post("/campaigns/", {"name": "X", "edition": "inferno", "mode": "campaign"}).status_code == 403
    )
    assert client.post("/campaigns/join/", {"code": "ABCDEFGH"}).status_code == 403
    assert snapshot() == before


def test_every_rendered_form_carries_a_csrf_token(owner_client, campaign):
    html = owner_client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert html.count("<form") == html.count('name="csrfmiddlewaretoken"') > 10
