"""The hero draft through the pages."""

import re

import pytest

from campaigns.models import GuildHero, Membership
from tests.campaigns.pages.helpers import HTMX, act
from tests.factories import build_campaign, client_for, guild_rev, refreshed

pytestmark = pytest.mark.django_db


def test_the_hero_draft_through_the_pages(owner, player):
    campaign = build_campaign(owner, guilds={})
    act(
        owner,
        campaign,
        "guild-add",
        {"revision": refreshed(campaign).revision, "colour": "yellow", "holder": "olga"},
    )
    Membership.objects.create(campaign=campaign, user=player)
    act(
        owner,
        campaign,
        "guild-add",
        {"revision": refreshed(campaign).revision, "colour": "teal", "holder": "fred"},
    )
    assert (
        act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision}).status_code
        == 302
    )
    from campaigns.models import HeroDraftRecord
    from rules_helpers.drafts import HeroDraft

    for _ in range(3):
        for user, colour in ((owner, "yellow"), (player, "teal")):
            draft = HeroDraft.from_dict(HeroDraftRecord.objects.get(campaign=campaign).state)
            hero = draft.hand(colour)[0]
            page = client_for(user).get(f"/campaigns/{campaign.pk}/hero-draft/").content.decode()
            assert f'value="{hero}"' in page
            act(
                user,
                campaign,
                "hero-draft-pick",
                {"revision": guild_rev(campaign, colour), "guild": colour, "hero": hero},
            )
    assert GuildHero.objects.filter(campaign=campaign).count() == 6


def test_a_second_hero_draft_start_is_refused(owner, campaign, snapshot):
    before = snapshot()
    response = act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision})
    assert response.status_code == 400 and "before any guild has chosen heroes" in response.content.decode()
    assert snapshot() == before


def test_a_phone_waiting_for_the_deal_is_polled_and_told_when_it_comes(owner, player):
    """A player who opens the hero draft before the owner deals is not stuck on "The owner starts it":
    the page polls its status part, which fires `phase-changed` (the hand is fetched) once they are dealt."""
    campaign = build_campaign(owner, guilds={})
    Membership.objects.create(campaign=campaign, user=player)
    for colour, holder in (("yellow", "olga"), ("teal", "fred")):
        act(
            owner,
            campaign,
            "guild-add",
            {"revision": refreshed(campaign).revision, "colour": colour, "holder": holder},
        )
    client = client_for(player)
    page = client.get(f"/campaigns/{campaign.pk}/hero-draft/").content.decode()
    assert "The owner starts it." in page and f"/campaigns/{campaign.pk}/hero-draft/status/?seen=" in page
    key = page.split("hero-draft/status/?seen=")[1].split("&")[0].split('"')[0]
    status = f"/campaigns/{campaign.pk}/hero-draft/status/"
    assert "HX-Trigger" not in client.get(status, {"seen": key, "guild": "teal"}, **HTMX)
    act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision})
    assert client.get(status, {"seen": key, "guild": "teal"}, **HTMX)["HX-Trigger"] == "phase-changed"


def test_the_owner_abandons_the_draft_from_its_page_after_a_confirmation(owner, player):
    """Issue 13 item 5: the hero draft page has an owner-only "Abandon" that asks first (hx-confirm); after
    it, the deal is gone and the page offers to deal again."""
    from campaigns.models import HeroDraftRecord

    campaign = build_campaign(owner, guilds={})
    Membership.objects.create(campaign=campaign, user=player)
    for colour, holder in (("yellow", "olga"), ("teal", "fred")):
        act(
            owner,
            campaign,
            "guild-add",
            {"revision": refreshed(campaign).revision, "colour": colour, "holder": holder},
        )
    act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision})
    url = f"/campaigns/{campaign.pk}/hero-draft/"
    page = client_for(owner).get(url).content.decode()
    [form] = re.findall(r"<form[^>]*hero-draft-abandon[^>]*>", page)
    assert "hx-confirm=" in form
    assert "hero-draft-abandon" not in client_for(player).get(url).content.decode()
    response = act(owner, campaign, "hero-draft-abandon", {"revision": refreshed(campaign).revision})
    assert response.status_code == 302
    assert not HeroDraftRecord.objects.filter(campaign=campaign).exists()
    page = client_for(owner).get(url).content.decode()
    assert "hero-draft-start" in page and "hero-draft-abandon" not in page
