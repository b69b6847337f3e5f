"""The Campaign Sheet read model: what it computes from the plays, without writing anything."""

import pytest

from tests.factories import build_campaign, record, result_line, sheet

pytestmark = pytest.mark.django_db


def test_the_first_scenario_is_any_first_circle_scenario(owner):
    campaign = build_campaign(owner)
    assert sheet(owner, campaign)["allowed_next"] == ["beyond-the-gates-of-hell", "ferry-of-the-dead"]


def test_angels_lost_to_the_underlord_are_the_other_sides_and_justicar(owner):
    campaign = build_campaign(owner)
    assert sheet(owner, campaign)["angels_lost"] == ["justicar"]
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    campaign = record(
        owner, campaign, "the-parade", [result_line("yellow", winner=True), result_line("teal")]
    )
    assert sheet(owner, campaign)["angels_lost"] == ["justicar", "leah", "the-wanderer"]
