"""The live tracker on the sheet: taps, quests, and the results form filled from them."""

import re

import pytest

from tests.campaigns.pages.helpers import act
from tests.factories import build_campaign, campaign_rev, client_for, guild_rev

pytestmark = pytest.mark.django_db


def test_the_live_tracker_taps_and_prefills_the_results(owner, player, campaign):
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    tap = {"guild": "teal", "counter": "deaths", "delta": 1, "hero": "natasha"}
    act(player, campaign, "tally", {**tap, "revision": guild_rev(campaign, "teal")})
    act(
        player,
        campaign,
        "quest",
        {"guild": "teal", "revision": guild_rev(campaign, "teal"), "quest": "destroy-the-tickets"},
    )
    html = client_for(player).get(f"/campaigns/{campaign.pk}/?open=record").content.decode()
    assert "Scenario 1 live" in html
    assert 'name="deaths-teal-natasha" value="1"' in html
    assert 'name="coins-teal" value="2"' in html  # 1 for the quest plus the First Bonus


def test_a_tap_below_zero_is_refused(owner, player, campaign, snapshot):
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    before = snapshot()
    tap = {
        "guild": "teal",
        "counter": "deaths",
        "delta": -1,
        "hero": "natasha",
        "revision": guild_rev(campaign, "teal"),
    }
    response = act(player, campaign, "tally", tap)
    assert response.status_code == 400 and "cannot go below 0" in response.content.decode()
    assert snapshot() == before


def live_order(user, campaign):
    """The guilds of the live tracker, in the order `#live article.live-guild` shows them to `user`."""
    html = client_for(user).get(f"/campaigns/{campaign.pk}/").content.decode()
    live = html[html.index('<section id="live"') :]
    return re.findall(r'<article class="live-guild g-(\w+)', live)


def test_the_live_tracker_puts_the_readers_own_guilds_first(owner, player):
    """Issue 27 (the reader's own guild first in the live tracker): a player taps their own counters most,
    and so does an owner who plays a guild, though the owner may edit every one. A guild the owner holds for
    an absent friend is not the owner's own; the others stay in seat order."""
    campaign = build_campaign(owner, guilds={"gray": None, "yellow": None, "teal": player, "purple": None})
    seats = list(campaign.guilds.order_by("seat").values_list("colour__slug", flat=True))
    assert seats == ["gray", "yellow", "teal", "purple"]
    held = {"guild": "gray", "revision": guild_rev(campaign, "gray"), "holder": "", "player_name": "Lia"}
    assert act(owner, campaign, "assign", held).status_code == 302
    act(owner, campaign, "live-start", {"revision": campaign_rev(campaign), "scenario": "ferry-of-the-dead"})

    assert live_order(player, campaign) == ["teal", "gray", "yellow", "purple"]
    assert live_order(owner, campaign) == ["yellow", "purple", "gray", "teal"]


def test_after_choose_the_next_step_is_offered(owner, player, campaign):
    """V9: after "Choose" only the orange Choose button was left; now: start it live or record it."""
    from tests.factories import choose_next

    choose_next(owner, campaign, "ferry-of-the-dead")
    html = client_for(player).get(f"/campaigns/{campaign.pk}/").content.decode()
    now = html[html.index('id="now"') : html.index('id="now"') + 6000]
    assert "Start it live" in now and "Record its results" in now
    assert now.index("Start it live") > now.index("was chosen")
