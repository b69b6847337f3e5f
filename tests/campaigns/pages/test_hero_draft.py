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


def test_a_guild_added_after_the_draft_chooses_its_heroes_on_the_sheet(owner, player):
    """RB:310-311 each guild "chooses 3" Hero cards; after a finished draft (RB:333-346) a late guild gets the
    form with only the heroes nobody holds, a drafted guild none (RB:316-318)."""
    from campaigns.models import HeroDraftRecord
    from rules_helpers.drafts import HeroDraft

    campaign = build_campaign(owner, guilds={})
    for colour in ("yellow", "teal"):
        act(owner, campaign, "guild-add", {"revision": refreshed(campaign).revision, "colour": colour})
    act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision})
    for _ in range(3):
        for colour in ("yellow", "teal"):
            hero = HeroDraft.from_dict(HeroDraftRecord.objects.get(campaign=campaign).state).hand(colour)[0]
            act(
                owner,
                campaign,
                "hero-draft-pick",
                {"revision": guild_rev(campaign, colour), "guild": colour, "hero": hero},
            )
    add_gray = {"revision": refreshed(campaign).revision, "colour": "gray", "holder": owner.get_username()}
    act(owner, campaign, "guild-add", add_gray)
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'id="late-heroes-gray"' in page
    # "Now" sends the late guild's player to My guild, where the same form waits.
    assert (
        'id="late-heroes-gray"' in client_for(owner).get(f"/campaigns/{campaign.pk}/mine/").content.decode()
    )
    assert page.count('name="hero_1"') == 1  # the late guild's form only, none for the drafted guilds
    drafted = list(GuildHero.objects.filter(campaign=campaign).values_list("hero__slug", flat=True))
    form = page[page.index('id="hero-gray-1"') : page.index("</select>", page.index('id="hero-gray-1"'))]
    assert not any(f'value="{slug}"' in form for slug in drafted)
    offered = re.findall(r'value="([\w-]+)"', form)
    response = act(
        owner,
        campaign,
        "heroes",
        {
            "revision": guild_rev(campaign, "gray"),
            "guild": "gray",
            **{f"hero_{n}": offered[n - 1] for n in (1, 2, 3)},
        },
    )
    assert response.status_code == 302
    assert GuildHero.objects.filter(guild__colour__slug="gray", campaign=campaign).count() == 3


def test_the_table_says_why_no_guild_joins_once_a_scenario_is_played(owner):
    """BR:17 guilds are created by "players starting a new Arcadia Quest campaign"; RB:316-318 the heroes
    represent each guild "through the entire campaign"."""
    from tests.campaigns.pages.helpers import first_scenario

    campaign = build_campaign(owner)
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'id="no-guild-add"' not in page and 'name="colour"' in page
    first_scenario(owner, campaign)
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/?open=table").content.decode()
    assert 'id="no-guild-add"' in page and "no guild joins once a scenario is played" in page


OWNER_SEES = "The campaign's owner can see every guild's hand, to choose for an absent player."


def test_a_player_is_told_the_owner_can_see_every_hand(owner, player):
    """ux-walkthrough-2 m11: the owner's "Show the hand of" shows any guild's hand, and players were not
    told; their part of the draft says so in one line (the owner, who knows, is not told)."""
    campaign = build_campaign(owner, guilds={})
    Membership.objects.create(campaign=campaign, user=player)
    for colour, holder in (("yellow", "olga"), ("teal", "fred")):
        data = {"revision": refreshed(campaign).revision, "colour": colour, "holder": holder}
        act(owner, campaign, "guild-add", data)
    act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision})
    url = f"/campaigns/{campaign.pk}/hero-draft/"
    assert OWNER_SEES in client_for(player).get(url).content.decode()
    owners = client_for(owner).get(url).content.decode()
    assert "Show the hand of" in owners and OWNER_SEES not in owners
