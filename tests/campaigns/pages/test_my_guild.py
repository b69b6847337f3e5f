"""My guild: each reader's own guilds and what happens now for them, and the tab bar on campaign pages."""

import re

import pytest

from campaigns.models import Membership
from campaigns.services import campaigns as setup
from campaigns.services.hero_draft import hero_draft_start
from tests.campaigns.pages.helpers import HTMX, act, first_scenario
from tests.factories import access, build_campaign, campaign_rev, client_for, guild_rev, open_guild

pytestmark = pytest.mark.django_db


def mine(user, campaign, query=""):
    return client_for(user).get(f"/campaigns/{campaign.pk}/mine/{query}")


def guild_ids(html):
    return set(re.findall(r'id="guild-(\w+)"', html))


def without_heroes(owner, player, colours=("yellow", "teal")):
    """Guilds added (Yellow the owner's, Teal the player's), nobody has chosen heroes yet."""
    guilds = dict(zip(colours, (None, player), strict=False))
    return build_campaign(owner, guilds=guilds, name="No heroes yet", heroes=False)


def test_the_owner_sees_only_the_guild_they_play(owner, campaign):
    response = mine(owner, campaign)
    html = response.content.decode()
    assert response.status_code == 200
    assert guild_ids(html) == {"yellow"}
    assert re.search(r'href="/campaigns/\d+/mine/" aria-current="page"', html)


def test_a_player_sees_their_guild_with_heroes_cards_coins_and_curses(player, campaign):
    html = mine(player, campaign).content.decode()
    assert guild_ids(html) == {"teal"}
    assert "Natasha" in html and "saved coin" in html and "Slot 1" in html


def test_a_member_without_a_guild_is_told_to_ask_the_owner(member, campaign):
    html = mine(member, campaign).content.decode()
    assert guild_ids(html) == set()
    assert "Ask the owner to hand you one" in html


def test_a_member_without_a_guild_may_claim_an_open_one(owner, member, campaign):
    open_guild(owner, campaign, "gray")
    html = mine(member, campaign).content.decode()
    assert guild_ids(html) == {"gray"} and "claim this guild" in html


def test_the_share_link_shows_a_read_only_page(spectator, campaign):
    html = mine(spectator, campaign, f"?share={campaign.share_token}").content.decode()
    assert "You are watching this campaign" in html
    assert "<form" not in html.split('<main id="main">')[1].split("</main>")[0]


def test_outsiders_get_404(outsider, campaign):
    assert mine(outsider, campaign).status_code == 404
    assert mine(None, campaign).status_code in (302, 404)


def test_before_guilds_a_player_waits_for_the_owner(owner, player):
    campaign = setup.campaign_create(owner=owner, name="Empty", edition="inferno")
    Membership.objects.get_or_create(campaign=campaign, user=player)
    html = mine(player, campaign).content.decode()
    assert "Waiting for the owner to add the guilds." in html
    assert "Add at least" not in html
    assert "Add the guilds" in mine(owner, campaign).content.decode()


def test_before_heroes_the_owner_is_offered_the_hero_draft_first(owner, player):
    """M8: before heroes, "what happens now" is the heroes, not scenario 1, and live tracking waits."""
    campaign = without_heroes(owner, player)
    sheet = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    now = sheet.split('id="now"')[1].split("</section>")[0]
    assert "Start the hero draft" in now and "Choose my heroes" in now
    assert "Next: scenario 1" not in now
    assert "Track a scenario live" not in sheet
    assert "Start the hero draft" in mine(owner, campaign).content.decode()


def test_before_heroes_a_player_is_asked_to_choose_theirs(owner, player):
    campaign = without_heroes(owner, player)
    html = mine(player, campaign).content.decode()
    assert "Your turn: choose your heroes." in html
    assert "Choose Teal&#x27;s 3 heroes" in html or "Choose Teal's 3 heroes" in html
    assert "Start the hero draft" not in html


def test_the_hero_draft_is_one_tap_away_when_a_hand_waits(owner, player):
    campaign = without_heroes(owner, player)
    hero_draft_start(access=access(owner, campaign), actor=owner, revision=campaign_rev(campaign), seed=3)
    html = mine(player, campaign).content.decode()
    tab = re.search(r'<a href="([^"]+)"[^>]*class="attention"', html)
    assert tab and tab.group(1) == f"/campaigns/{campaign.pk}/hero-draft/"
    assert "Your turn: a hand of heroes waits for you." in html


def test_the_upgrade_phase_is_one_tap_away_until_my_guild_confirms(owner, player, campaign):
    first_scenario(owner, campaign, upgrade_on_paper=False)
    html = mine(player, campaign).content.decode()
    tab = re.search(r'<a href="([^"]+)"[^>]*class="attention"', html)
    assert tab and tab.group(1) == f"/campaigns/{campaign.pk}/upgrade/"
    assert "Open the upgrade phase" in html


def test_the_tab_bar_is_on_every_campaign_page(player, campaign):
    for path in ("", "mine/", "history/", "monsters/", "upgrade/", "hero-draft/"):
        html = client_for(player).get(f"/campaigns/{campaign.pk}/{path}").content.decode()
        assert 'class="tabbar"' in html, path
        for label in ("Now", "Live", "My guild", "Helpers", "Sheet"):
            assert f"{label}</a>" in html, (path, label)


def test_a_write_from_my_guild_comes_back_to_my_guild(player, campaign):
    data = {"guild": "teal", "revision": guild_rev(campaign, "teal"), "coins": 1, "back": "mine"}
    response = act(player, campaign, "saved-coins", data)
    assert response.status_code == 302 and response["Location"] == f"/campaigns/{campaign.pk}/mine/"
    data["revision"] = guild_rev(campaign, "teal")
    data["coins"] = 0
    html = act(player, campaign, "saved-coins", data, **HTMX).content.decode()
    assert html.lstrip().startswith('<div id="mine"')
