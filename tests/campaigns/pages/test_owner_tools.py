"""The owner's tools for the table itself: renaming the campaign, taking a guild off before the first
scenario (issue 27, m15). Handing a guild over is `test_guilds.py`'s."""

import pytest

from campaigns.models import Event, Guild, GuildHero, InventoryCard
from tests.campaigns.pages.helpers import act, first_scenario
from tests.factories import client_for, refreshed

pytestmark = pytest.mark.django_db


def _teal(campaign):
    return Guild.objects.filter(campaign=campaign, colour__slug="teal")


def test_the_owner_takes_a_guild_off_and_undo_brings_it_back(owner, campaign):
    """RB:316-318: the heroes represent their guild through the entire campaign, so a guild leaves only before
    the first scenario; its heroes and starter cards go with it, and Undo puts every row back."""
    heroes = set(GuildHero.objects.filter(guild__in=_teal(campaign)).values_list("hero__slug", flat=True))
    cards = InventoryCard.objects.filter(guild__in=_teal(campaign)).count()
    assert heroes and cards
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Take a guild off the table" in page and 'hx-confirm="Take this guild off the table' in page
    form = {"revision": refreshed(campaign).revision, "guild": "teal"}
    assert act(owner, campaign, "guild-remove", form).status_code == 302
    assert not _teal(campaign).exists()
    assert not GuildHero.objects.filter(campaign=campaign, guild__colour__slug="teal").exists()
    history = client_for(owner).get(f"/campaigns/{campaign.pk}/history/").content.decode()
    assert "Teal guild left the table" in history
    seq = Event.objects.filter(campaign=campaign, kind="guild-removed").get().seq
    undo = {"revision": refreshed(campaign).revision, "seq": seq}
    assert act(owner, campaign, "undo", undo).status_code == 302
    assert (
        set(GuildHero.objects.filter(guild__in=_teal(campaign)).values_list("hero__slug", flat=True))
        == heroes
    )
    assert InventoryCard.objects.filter(guild__in=_teal(campaign)).count() == cards
    assert _teal(campaign).get().player is not None


def test_a_guild_that_has_played_stays_and_the_page_no_longer_offers_it(owner, campaign, snapshot):
    """RB:316-318: once a scenario is recorded the guild is part of the sheet."""
    first_scenario(owner, campaign)
    assert (
        "Take a guild off the table"
        not in client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    )
    before = snapshot()
    response = act(
        owner, campaign, "guild-remove", {"revision": refreshed(campaign).revision, "guild": "teal"}
    )
    assert response.status_code == 400
    assert "A guild that has played stays on the sheet" in response.content.decode()
    assert snapshot() == before


def test_only_the_owner_removes_a_guild_or_renames_the_campaign(player, campaign, snapshot):
    before = snapshot()
    revision = refreshed(campaign).revision
    assert act(player, campaign, "guild-remove", {"revision": revision, "guild": "yellow"}).status_code == 403
    assert act(player, campaign, "rename", {"revision": revision, "name": "Mine now"}).status_code == 403
    assert snapshot() == before


def test_the_owner_renames_the_campaign_and_undo_puts_the_old_name_back(owner, player, campaign):
    old = campaign.name
    form = {"revision": refreshed(campaign).revision, "name": "  Friday in Hell  "}
    assert act(owner, campaign, "rename", form).status_code == 302
    sheet = client_for(player).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "<h1>Friday in Hell</h1>" in sheet
    assert "Friday in Hell" in client_for(player).get("/campaigns/").content.decode()
    history = client_for(owner).get(f"/campaigns/{campaign.pk}/history/").content.decode()
    assert f"The campaign {old} is now called Friday in Hell" in history
    seq = Event.objects.filter(campaign=campaign, kind="campaign-renamed").get().seq
    assert (
        act(owner, campaign, "undo", {"revision": refreshed(campaign).revision, "seq": seq}).status_code
        == 302
    )
    assert refreshed(campaign).name == old


@pytest.mark.parametrize("name", ["", "   ", "Friday\u202eHell", "x" * 121])
def test_a_bad_name_is_refused_with_its_reason_and_changes_nothing(owner, campaign, snapshot, name):
    before = snapshot()
    response = act(owner, campaign, "rename", {"revision": refreshed(campaign).revision, "name": name})
    assert response.status_code == 400
    assert 'id="rename-name"' in response.content.decode()
    assert snapshot() == before
