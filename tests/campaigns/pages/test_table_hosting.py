"""Bringing the phones to the table: the join link with its QR code, the address, and an idempotent demo."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.test import Client

from campaigns.models import Campaign, Membership
from campaigns.services import campaigns as setup
from companion import hosting
from tests.factories import UserFactory, access, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(hosting, "lan_ipv4", lambda: "192.168.1.20")
    return "192.168.1.20"


def test_the_owner_sees_a_join_link_carrying_the_code_with_its_qr_code(owner, owner_client, campaign, lan):
    code = setup.join_code_create(access=access(owner, campaign), actor=owner).code
    html = owner_client.get(f"/campaigns/{campaign.pk}/", HTTP_HOST="127.0.0.1:8000").content.decode()
    link = f"http://192.168.1.20:8000/campaigns/join/?code={code}"
    assert f'href="{link}"' in html
    # One QR code per open join code and one for the sheet, drawn inline (no script, no image request).
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" viewBox=') >= 2
    assert 'class="qr"' in html and "http://192.168.1.20:8000/" in html


def test_the_join_link_keeps_the_host_the_owner_already_uses(owner, owner_client, campaign, lan, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "laptop.local"]
    code = setup.join_code_create(access=access(owner, campaign), actor=owner).code
    html = owner_client.get(f"/campaigns/{campaign.pk}/", HTTP_HOST="laptop.local:8000").content.decode()
    assert f"http://laptop.local:8000/campaigns/join/?code={code}" in html


def test_players_do_not_see_the_invitation(player_client, campaign, lan):
    html = player_client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "/campaigns/join/?code=" not in html and 'class="qr"' not in html


def test_the_qr_code_encodes_the_link():
    from campaigns.pages.invite import qr_svg

    svg = str(qr_svg("http://192.168.1.20:8000/campaigns/join/?code=ABCD2345", title="Join <link>"))
    assert svg.startswith("<svg") and "<script" not in svg and "style=" not in svg
    assert "Join &lt;link&gt;" in svg and "ABCD2345" not in svg  # the link lives in the modules, not as text


def test_a_join_link_fills_the_code_in_and_joining_is_one_tap(owner, campaign):
    code = setup.join_code_create(access=access(owner, campaign), actor=owner).code
    nina = UserFactory(username="nina")
    page = client_for(nina).get(f"/campaigns/join/?code={code}")
    assert re.search(rf'name="code"[^>]*value="{code}"', page.content.decode())
    assert not Membership.objects.filter(campaign=campaign, user=nina).exists()  # a GET never joins
    client_for(nina).post("/campaigns/join/", {"code": code})
    assert Membership.objects.filter(campaign=campaign, user=nina).exists()


def test_a_logged_out_phone_following_the_join_link_logs_in_and_comes_back_to_it(campaign):
    response = Client().get("/campaigns/join/?code=ABCD2345")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/campaigns/join/%3Fcode%3DABCD2345")


def test_make_demo_twice_makes_one_demo_campaign():
    call_command("seed_demo", verbosity=0)
    call_command("seed_demo", verbosity=0)
    assert Campaign.objects.filter(name="Demo: Road to Rock Bottom").count() == 1


def test_the_share_link_is_one_a_phone_can_open(owner, owner_client, campaign, lan):
    """V6: the share link showed http://127.0.0.1:…, which no friend's phone opens, beside a LAN join link."""
    setup.share_link_renew(access=access(owner, campaign), actor=owner)
    html = owner_client.get(f"/campaigns/{campaign.pk}/", HTTP_HOST="127.0.0.1:8000").content.decode()
    shown = re.search(r'id="share-link" readonly value="([^"]+)"', html).group(1)
    assert shown.startswith(f"http://192.168.1.20:8000/campaigns/{campaign.pk}/?share=")


def test_a_server_only_this_machine_opens_offers_the_phones_no_address(
    owner, owner_client, campaign, lan, settings
):
    """V6: with HOST=127.0.0.1 the panel still offered http://<LAN address>/ and its QR codes."""
    settings.SERVED_ON = "127.0.0.1"
    setup.join_code_create(access=access(owner, campaign), actor=owner)
    html = owner_client.get(f"/campaigns/{campaign.pk}/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "answers this computer only" in html
    assert "192.168.1.20" not in html.split('id="share-link"')[0] and 'class="qr"' not in html
