"""The scenarios API: recording a scenario, the next one, the finale; impossible results refused with the
rule and nothing changed."""

import pytest

from campaigns.models import Campaign
from tests.conftest import db_snapshot
from tests.factories import (
    SIX_SCENARIOS,
    build_campaign,
    campaign_rev,
    finished_campaign,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db


def _record(client, campaign, scenario, results):
    return client.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {"scenario": scenario, "results": results, "revision": refreshed(campaign).revision},
        format="json",
    )


@pytest.mark.parametrize(
    ("scenario", "results", "field", "message"),
    [
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True), result_line("teal", winner=True)],
            "results",
            "Exactly one guild wins",
        ),
        (
            "ferry-of-the-dead",
            [result_line("yellow"), result_line("teal")],
            "results",
            "Exactly one guild wins",
        ),
        (
            "the-prisoner",
            [result_line("yellow", winner=True), result_line("teal")],
            "scenario",
            "cannot be played",
        ),
        ("ferry-of-the-dead", [result_line("yellow", winner=True)], "results", "exactly one result for each"),
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True, angel=True), result_line("teal")],
            "results",
            "no angel",
        ),
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True, coins=-1), result_line("teal")],
            "results",
            "",
        ),
        (
            "ferry-of-the-dead",
            [
                result_line("yellow", winner=True, heroes=[{"hero": "diana", "deaths": -2}]),
                result_line("teal"),
            ],
            "results",
            "",
        ),
        (
            "ferry-of-the-dead",
            [
                result_line("yellow", winner=True, heroes=[{"hero": "natasha", "deaths": 1}]),
                result_line("teal"),
            ],
            "results",
            "Yellow has no hero 'natasha'",
        ),
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True, quests=["pvp:yellow"]), result_line("teal")],
            "results",
            "own colour",
        ),
        (
            "ferry-of-the-dead",
            [
                result_line("yellow", winner=True, reward_cards=[{"card": "the-finisher", "hero": "diana"}]),
                result_line("teal"),
            ],
            "results",
            "not a reward card",
        ),
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True, title=True), result_line("teal", title=True)],
            "results",
            "Only the first guild",
        ),
        (
            "atlantis",
            [result_line("yellow", winner=True), result_line("teal")],
            "scenario",
            "Unknown scenario",
        ),
    ],
)
def test_impossible_results_are_refused_and_nothing_changes(
    owner_api, campaign, snapshot, scenario, results, field, message
):
    before = snapshot()
    response = _record(owner_api, campaign, scenario, results)
    assert response.status_code == 400
    assert field in response.json() and message in str(response.json())
    assert snapshot() == before


def test_a_seventh_scenario_is_refused(owner, owner_api, campaign, snapshot):
    for slug in SIX_SCENARIOS:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    before = snapshot()
    response = _record(
        owner_api, campaign, "the-prisoner", [result_line("yellow", winner=True), result_line("teal")]
    )
    assert response.status_code == 400 and "only the finale is left" in response.json()["scenario"][0]
    assert snapshot() == before


def test_hit_rock_bottom_has_no_title_to_win(owner, owner_api, campaign):
    for slug in SIX_SCENARIOS[:-1]:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    response = _record(
        owner_api,
        campaign,
        "hit-rock-bottom",
        [result_line("yellow", winner=True, title=True), result_line("teal")],
    )
    assert response.status_code == 400 and "has no Title quest" in str(response.json())


def test_a_spectator_cannot_write_even_with_the_share_link(spectator_api, campaign, snapshot):
    before = snapshot()
    response = spectator_api.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {
            "scenario": "ferry-of-the-dead",
            "results": [result_line("yellow", winner=True), result_line("teal")],
            "revision": campaign.revision,
        },
        format="json",
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_campaign_revision_is_unchanged_by_a_refused_write(owner_api, campaign):
    before = Campaign.objects.get(pk=campaign.pk).revision
    _record(owner_api, campaign, "atlantis", [result_line("yellow", winner=True), result_line("teal")])
    assert Campaign.objects.get(pk=campaign.pk).revision == before


def test_a_savior_who_is_not_a_guild_is_refused_and_nothing_changes(owner, owner_api):
    campaign = finished_campaign(owner)
    before = db_snapshot()
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/finale/",
        {"savior": "purple", "revision": campaign_rev(campaign)},
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert "not a guild of this campaign" in str(response.json())
    assert db_snapshot() == before


def test_the_finale_is_recorded_once(owner, owner_api):
    campaign = finished_campaign(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/finale/"
    assert (
        owner_api.post(
            url, {"savior": "yellow", "revision": campaign_rev(campaign)}, format="json"
        ).status_code
        == 200
    )
    before = db_snapshot()
    again = owner_api.post(url, {"savior": "teal", "revision": campaign_rev(campaign)}, format="json")
    assert again.status_code == 400 and "already been recorded" in str(again.json())
    assert db_snapshot() == before


def test_more_copies_of_a_reward_card_than_the_box_holds_are_refused(owner, owner_api):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    lines = [
        result_line(c, winner=c == "yellow", reward_cards=[{"card": "the-finisher", "hero": h}])
        for c, h in (("yellow", "diana"), ("teal", "natasha"), ("gray", "trandir"))
    ]
    before = db_snapshot()
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {"scenario": "beyond-the-gates-of-hell", "results": lines, "revision": campaign_rev(campaign)},
        format="json",
    )
    assert response.status_code == 400 and "only 2 copies" in str(response.json())
    assert db_snapshot() == before
