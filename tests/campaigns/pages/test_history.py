"""Undo from the history on the sheet."""

import pytest

from tests.campaigns.pages.helpers import act
from tests.factories import guild_rev, refreshed

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
