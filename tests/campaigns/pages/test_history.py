"""Undo from the history on the sheet."""

import pytest

from tests.campaigns.pages.helpers import act
from tests.factories import client_for, guild_rev, refreshed

pytestmark = pytest.mark.django_db


def test_undo_from_the_history(player, campaign):
    act(
        player,
        campaign,
        "saved-coins",
        {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 1},
    )
    seq = refreshed(campaign).events.latest("seq").seq
    response = act(player, campaign, "undo", {"revision": guild_rev(campaign, "teal"), "seq": seq})
    assert response.status_code == 302
    assert refreshed(campaign).guilds.get(colour__slug="teal").saved_coins == 0


def test_an_unknown_undo_is_refused(player, campaign, snapshot):
    before = snapshot()
    response = act(player, campaign, "undo", {"revision": refreshed(campaign).revision, "seq": 999})
    assert response.status_code == 400 and "No change #999" in response.content.decode()
    assert snapshot() == before


def test_undo_on_the_history_page_stays_on_that_page(player, campaign):
    """V12: Undo at /campaigns/<id>/history/ landed on the sheet, 12,207 px down."""
    act(
        player,
        campaign,
        "saved-coins",
        {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 1},
    )
    page = client_for(player).get(f"/campaigns/{campaign.pk}/history/").content.decode()
    assert 'name="back" value="history"' in page
    seq = refreshed(campaign).events.latest("seq").seq
    form = {"revision": guild_rev(campaign, "teal"), "seq": seq, "back": "history"}
    response = act(player, campaign, "undo", form)
    assert response.status_code == 302
    assert response["Location"] == f"/campaigns/{campaign.pk}/history/#history"
    assert refreshed(campaign).guilds.get(colour__slug="teal").saved_coins == 0


def test_undoing_another_members_change_asks_on_the_history_page(owner, player, campaign):
    act(
        player,
        campaign,
        "saved-coins",
        {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 1},
    )
    seq = refreshed(campaign).events.latest("seq").seq
    form = {"revision": guild_rev(campaign, "teal"), "seq": seq, "back": "history"}
    asked = act(owner, campaign, "undo", form)
    body = asked.content.decode()
    assert asked["X-Write"] == "confirm" and "Every change to" in body and "Undo it anyway?" in body
    assert body.count('name="back" value="history"') >= 2  # the confirm form too
    assert refreshed(campaign).guilds.get(colour__slug="teal").saved_coins == 1
    confirmed = act(
        owner, campaign, "undo", {**form, "revision": guild_rev(campaign, "teal"), "confirm": "1"}
    )
    assert confirmed["Location"] == f"/campaigns/{campaign.pk}/history/#history"
    assert refreshed(campaign).guilds.get(colour__slug="teal").saved_coins == 0
