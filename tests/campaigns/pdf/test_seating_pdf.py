"""The printed sheet says who played first in each recorded scenario whose seating was drawn or entered."""

import pytest

from campaigns import pdf
from campaigns.services.seating import seating_draw
from tests.factories import access, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def test_a_recorded_scenario_row_names_its_first_player(owner):
    """RB:505-512 the Starting Areas seat the table; BR:96 the first scenario's first player is random."""
    campaign = build_campaign(owner)
    html = pdf.sheet_html(campaign_id=campaign.pk, paper="a4")
    assert "plays first." not in html
    seating_draw(
        access=access(owner, campaign),
        actor=owner,
        revision=refreshed(campaign).revision,
        seed=3,
        areas={"yellow": 2, "teal": 1},
    )
    first = refreshed(campaign).next_first_player
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    html = pdf.sheet_html(campaign_id=campaign.pk, paper="a4")
    name = campaign.guilds.get(colour__slug=first).colour.name
    assert f"{name}</span> plays first." in " ".join(html.split())
