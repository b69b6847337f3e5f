"""Stale forms and htmx: a stale revision answers with the current sheet, htmx gets the page part only."""

import pytest
from django.utils import translation
from django.utils.html import escape

from campaigns.history_text import event_summary
from campaigns.models import Event
from tests.campaigns.pages.helpers import HTMX, act
from tests.factories import guild_rev

pytestmark = pytest.mark.django_db


def test_a_stale_revision_shows_the_current_sheet_with_a_friendly_message(player, campaign, snapshot):
    stale = guild_rev(campaign, "teal")
    act(player, campaign, "saved-coins", {"revision": stale, "guild": "teal", "coins": 1})
    before = snapshot()
    response = act(player, campaign, "saved-coins", {"revision": stale, "guild": "teal", "coins": 0})
    assert response.status_code == 409
    html = response.content.decode()
    assert "fred changed this meanwhile" in html and "1 saved coin" in html
    assert snapshot() == before


def test_a_true_conflict_says_what_changed_and_who_changed_it(owner, player, campaign):
    """Issue 27: two phones change the same guild; the one that comes second is told what the other did,
    in its reader's language, and the sheet shows the value the first one saved."""
    stale = guild_rev(campaign, "teal")
    act(owner, campaign, "saved-coins", {"revision": stale, "guild": "teal", "coins": 1})
    change = Event.objects.filter(campaign=campaign).order_by("-seq").first()
    data = {"revision": stale, "guild": "teal", "coins": 0}
    html = act(player, campaign, "saved-coins", data, **HTMX).content.decode()
    assert f"olga changed this meanwhile ({event_summary(change)})." in html
    html = act(player, campaign, "saved-coins", data, HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    with translation.override("pt-br"):
        assert f"olga mudou isto enquanto isso ({event_summary(change)})." in html


def test_a_stale_tap_names_who_and_what_apart_for_the_offline_note(owner, player, campaign):
    """Issue 27 (a true conflict says what changed; V7): a tap kept offline and refused as stale is said in a
    note of static/js/offline.js, which takes who made the change and what it was from the answer's conflict
    note, and the counter's name from its tap."""
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    stale = guild_rev(campaign, "teal")
    tap = {"guild": "teal", "counter": "coins", "delta": 1, "hero": ""}
    act(owner, campaign, "tally", {**tap, "revision": stale})
    change = Event.objects.filter(campaign=campaign).order_by("-seq").first()
    response = act(player, campaign, "tally", {**tap, "revision": stale}, **HTMX)
    assert response["X-Write"] == "conflict"  # an htmx answer is a 200 (htmx swaps only those)
    html = response.content.decode()
    assert f'data-who="olga" data-change="{escape(event_summary(change))}"' in html
    assert 'data-what="Teal Coins"' in html


def test_with_htmx_a_write_answers_with_the_sheet_part_only(player, campaign):
    response = act(
        player,
        campaign,
        "saved-coins",
        {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 1},
        **HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="sheet"') and "<html" not in html


def test_with_htmx_a_refusal_is_a_part_with_the_message(player, campaign):
    data = {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 5}
    response = act(player, campaign, "saved-coins", data, **HTMX)
    assert response.status_code == 200
    assert "saves at most 1 coin" in response.content.decode() and "<html" not in response.content.decode()


def test_with_htmx_the_sheet_get_is_a_part(owner_client, campaign):
    html = owner_client.get(f"/campaigns/{campaign.pk}/", **HTMX).content.decode()
    assert html.lstrip().startswith('<div id="sheet"')
