"""The review step before a scenario's results are written (M4): nothing is written before "Record these
results", and the review warns about all-zero results, a missing winner and missing Death tokens."""

import re

import pytest

from tests.campaigns.pages.helpers import act
from tests.campaigns.pages.test_scenarios import record_data
from tests.factories import client_for, guild_rev, refreshed

pytestmark = pytest.mark.django_db


def reviewed(user, campaign, **overrides):
    data = {**record_data(campaign, **overrides)}
    data.pop("confirm")
    return act(user, campaign, "record", data)


def zeros(campaign):
    data = record_data(campaign)
    counts = ("coins", "treasure", "deaths", "damnation")
    return {k: (0 if k.split("-")[0] in counts else v) for k, v in data.items()}


def test_posting_the_results_shows_the_review_and_writes_nothing(owner, campaign, snapshot):
    before = snapshot()
    response = reviewed(owner, campaign)
    html = response.content.decode()
    assert response.status_code == 200
    assert "check, then record" in html and "Record these results" in html
    assert 'name="confirm" value="1"' in html and 'name="coins-teal" value="5"' in html
    assert snapshot() == before


def test_the_review_warns_about_all_zero_results(owner, campaign, snapshot):
    before = snapshot()
    data = zeros(campaign)
    data.pop("confirm")
    html = act(owner, campaign, "record", data).content.decode()
    assert "Every coin, treasure, Death token and Damnation is 0" in html
    assert snapshot() == before


def test_the_review_warns_about_a_missing_winner_and_asks_for_it(owner, campaign, snapshot):
    before = snapshot()
    html = reviewed(owner, campaign, winner="").content.decode()
    assert "No winner is chosen" in html and "Who won?" in html
    assert 'type="radio" name="winner" value="teal"' in html
    assert snapshot() == before


def test_the_review_warns_about_guilds_without_death_tokens(owner, campaign):
    html = reviewed(owner, campaign).content.decode()
    assert "No Death tokens for: Teal. Is that right?" in html


def test_confirming_without_a_winner_is_refused_and_writes_nothing(owner, campaign, snapshot):
    before = snapshot()
    response = act(owner, campaign, "record", record_data(campaign, winner=""))
    assert response.status_code == 400 and "Choose the winner" in response.content.decode()
    assert snapshot() == before


def test_confirming_writes_and_lands_on_what_happens_now(owner, campaign):
    response = act(owner, campaign, "record", record_data(campaign))
    assert response.status_code == 302 and response["Location"].endswith("#now")
    assert refreshed(campaign).plays.count() == 1


def test_the_review_round_trip_posts_back_exactly_what_was_reviewed(owner, campaign):
    """The review's form carries every value as posted; posting it records those values."""
    html = reviewed(owner, campaign).content.decode()
    form = html.split('<form class="stack" method="post"')[1].split("</form>")[0]
    data = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))
    assert data["confirm"] == "1" and data["winner"] == "teal" and data["title-teal"] == "True"
    response = act(owner, campaign, "record", data)
    assert response.status_code == 302
    result = refreshed(campaign).plays.get().results.get(guild__colour__slug="teal")
    assert (result.coins, result.treasure, result.won_title, result.winner) == (5, 1, True, True)


def test_change_the_results_reopens_the_form_with_the_values(owner, campaign, snapshot):
    before = snapshot()
    data = {**record_data(campaign), "edit": "1"}
    data.pop("confirm")
    html = act(owner, campaign, "record", data).content.decode()
    assert 'id="record"' in html and 'name="coins-teal" value="5"' in html and "Not changed" not in html
    assert snapshot() == before


def test_the_live_tracker_reviews_its_results_in_one_tap(owner, player, campaign, snapshot):
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    tap = {"guild": "teal", "counter": "deaths", "delta": 1, "hero": "natasha"}
    act(player, campaign, "tally", {**tap, "revision": guild_rev(campaign, "teal")})
    sheet = client_for(player).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert f'href="/campaigns/{campaign.pk}/record/"' in sheet
    before = snapshot()
    html = client_for(player).get(f"/campaigns/{campaign.pk}/record/").content.decode()
    assert "Record these results" in html and 'name="deaths-teal-natasha" value="1"' in html
    assert "No winner is chosen" in html
    assert snapshot() == before


def test_the_review_without_a_live_scenario_goes_to_the_form(owner, campaign):
    response = client_for(owner).get(f"/campaigns/{campaign.pk}/record/")
    assert response.status_code == 302 and response["Location"].endswith("#record")


def test_spectators_and_outsiders_get_no_review(spectator, outsider, campaign):
    assert client_for(outsider).get(f"/campaigns/{campaign.pk}/record/").status_code == 404
    share = client_for(spectator).get(f"/campaigns/{campaign.pk}/record/?share={campaign.share_token}")
    assert share.status_code == 302
