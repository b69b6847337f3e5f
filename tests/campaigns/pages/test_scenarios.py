"""Recording a scenario and choosing the next one from the sheet."""

import pytest

from tests.campaigns.pages.helpers import act
from tests.factories import client_for, refreshed

pytestmark = pytest.mark.django_db


def record_data(campaign, **overrides):
    data = {
        "revision": refreshed(campaign).revision,
        "scenario": "ferry-of-the-dead",
        "winner": "teal",
        "coins-yellow": 2,
        "treasure-yellow": 0,
        "coins-teal": 5,
        "treasure-teal": 1,
        "title-teal": "on",
        "deaths-yellow-diana": 2,
        "damnation-yellow-diana": 1,
        "confirm": "1",
    }
    for guild in refreshed(campaign).guilds.all():
        for hero in guild.heroes.filter(fielded=True):
            for counter in ("deaths", "damnation"):
                data.setdefault(f"{counter}-{guild.colour.slug}-{hero.hero.slug}", 0)
    return {**data, **overrides}


def test_recording_a_scenario_shows_its_achievements(owner, player, campaign):
    response = act(owner, campaign, "record", record_data(campaign))
    assert response.status_code == 302
    html = client_for(player).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Ferry of the Dead" in html and "Ticket Scalper" in html
    assert 'aria-label="Played as scenario 1"' in html
    assert refreshed(campaign).plays.count() == 1


def test_a_second_winner_is_refused_and_the_form_keeps_what_was_typed(owner, campaign, snapshot):
    before = snapshot()
    response = act(owner, campaign, "record", record_data(campaign, scenario="hells-kitchen"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "cannot be played now" in html and 'value="5"' in html
    assert snapshot() == before


def test_the_winner_chooses_the_next_scenario(owner, player, campaign):
    act(owner, campaign, "record", record_data(campaign))
    response = act(
        player, campaign, "next", {"revision": refreshed(campaign).revision, "scenario": "the-parade"}
    )
    assert response.status_code == 302
    assert refreshed(campaign).next_scenario.slug == "the-parade"


def test_only_the_winner_chooses_the_next_scenario(owner, player, campaign, snapshot):
    act(owner, campaign, "record", record_data(campaign, winner="yellow"))
    before = snapshot()
    response = act(
        player, campaign, "next", {"revision": refreshed(campaign).revision, "scenario": "the-parade"}
    )
    assert response.status_code == 400 and "chooses the next scenario" in response.content.decode()
    assert snapshot() == before
