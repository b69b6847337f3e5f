"""The end of a scenario tracked live on every phone (V3): once a guild completes its last quest, the top of
the live tracker and "What happens now" say who won; the owner gets "Review and record" there, the players
wait for the owner to record. The win is part of the page's kept state, so a phone's next poll brings it."""

import pytest

from tests.campaigns.pages.helpers import HTMX, act
from tests.factories import ShareLink, client_for, guild_rev

pytestmark = pytest.mark.django_db

WAITING = "Waiting for the owner to record the results."


def _tap_quest(user, campaign, quest):
    data = {"guild": "teal", "revision": guild_rev(campaign, "teal"), "quest": quest}
    assert act(user, campaign, "quest", data).status_code == 302


@pytest.fixture
def playing(owner, campaign):
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    return campaign


def _win(player, campaign):
    """BR:207 "In a 2-player game, victory is achieved by fulfilling only 2 Quests" (here a PvE, a PvP)."""
    _tap_quest(player, campaign, "destroy-the-tickets")
    _tap_quest(player, campaign, "pvp:yellow")


def _live_panel(html):
    return html[html.index('<section id="live"') :]


def test_before_the_win_every_phone_says_the_scenario_is_being_played(player, playing):
    html = client_for(player).get(f"/campaigns/{playing.pk}/").content.decode()
    assert "is being played" in html and "has won scenario" not in html and WAITING not in html


def test_a_player_sees_the_winner_and_waits_for_the_owner_at_the_top_of_the_live_tracker(player, playing):
    """BR:205 "the scenario immediately ends and that player is victorious"."""
    _win(player, playing)
    html = client_for(player).get(f"/campaigns/{playing.pk}/").content.decode()
    live = _live_panel(html)
    # The dagger: this English name is only a literal translation of the Brazilian one (CB-PT).
    said = "Teal has won scenario 1: Ferry of the Dead†."
    assert said in live and WAITING in live
    # At the top of the tracker: before the first counter, and with no recording button of its own.
    assert live.index(said) < live.index(WAITING) < live.index('class="counters"')
    assert "Review and record</a>" not in html
    now = html[html.index('<section id="now"') : html.index('<section id="live"')]
    assert said in now and WAITING in now and "is being played" not in now


def test_the_owner_gets_review_and_record_one_tap_away(owner, player, playing):
    _win(player, playing)
    html = client_for(owner).get(f"/campaigns/{playing.pk}/").content.decode()
    review = f'href="/campaigns/{playing.pk}/record/">Review and record</a>'
    live = _live_panel(html)
    assert "Teal has won scenario 1" in live and review in live and WAITING not in html
    assert live.index("Teal has won") < live.index(review) < live.index('class="counters"')
    # "What happens now" leads there too, and the tab bar's "Now" goes straight to the review.
    now = html[html.index('<section id="now"') : html.index('<section id="live"')]
    assert review in now
    assert f'<a href="/campaigns/{playing.pk}/record/" class="attention">' in html
    review_page = client_for(owner).get(f"/campaigns/{playing.pk}/record/")
    assert "Record these results" in review_page.content.decode()


def test_a_phone_polling_the_sheet_gets_the_win_on_its_next_poll(owner, player, playing):
    """The owner's phone holds the page's ETag; the player's last quest moves the campaign's state, so the
    next poll answers the new part (not 304) with the winner in it."""
    phone = client_for(owner)
    url = f"/campaigns/{playing.pk}/"
    phone.get(url)
    etag = phone.get(url, **HTMX)["ETag"]
    assert phone.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304
    _win(player, playing)
    poll = phone.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert poll.status_code == 200
    part = poll.content.decode()
    assert "Teal has won scenario 1" in part and "Review and record" in part


def test_a_reader_of_the_share_link_sees_the_winner_and_waits(player, playing, spectator):
    _win(player, playing)
    html = ShareLink(client_for(spectator), playing).get(f"/campaigns/{playing.pk}/").content.decode()
    assert "Teal has won scenario 1" in html and WAITING in html and "Review and record" not in html


def test_the_notice_is_said_in_portuguese(player, playing):
    _win(player, playing)
    client = client_for(player)
    html = client.get(f"/campaigns/{playing.pk}/", HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Esperando o dono registrar os resultados." in html


def test_my_guild_says_who_won_too(owner, player, playing):
    _win(player, playing)
    html = client_for(player).get(f"/campaigns/{playing.pk}/mine/").content.decode()
    assert "Teal has won scenario 1" in html and WAITING in html
    html = client_for(owner).get(f"/campaigns/{playing.pk}/mine/").content.decode()
    assert f'href="/campaigns/{playing.pk}/record/">Review and record</a>' in html
