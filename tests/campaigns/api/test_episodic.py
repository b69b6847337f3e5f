"""Episodic Mode through the API (GF:298): any single scenario at a chosen level, no campaign consequences."""

import pytest

from campaigns.models import Campaign
from tests.factories import build_campaign, campaign_rev, refreshed, result_line

pytestmark = pytest.mark.django_db


def _episodic(owner):
    campaign = build_campaign(owner, name="One-shots")
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    return refreshed(campaign)


def _record(api, campaign, scenario, results, **extra):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {"scenario": scenario, "results": results, "revision": campaign_rev(campaign), **extra},
        format="json",
    )


def test_an_episodic_scenario_can_be_played_again(owner, owner_api):
    """GF:298 "play any single scenario": the same scenario may be played twice, never an HTTP 500."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    assert _record(owner_api, campaign, "the-prisoner", lines, level=1).status_code == 201
    again = _record(owner_api, campaign, "the-prisoner", lines, level=2)
    assert again.status_code == 201, again.content[:300]


def test_an_episodic_game_is_played_at_the_level_the_table_chose(owner, owner_api):
    """GF:298 "use Upgrade cards of any level chosen": a Third Circle scenario first, at level 4 ("4-5")."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    response = _record(owner_api, campaign, "pit-of-tormented-souls", lines, level=4)
    assert response.status_code == 201, response.json()
    assert response.json()["plays"][0]["level"] == "4-5"


def test_an_episodic_level_outside_the_campaign_is_refused(owner, owner_api):
    """GF:298: the level is one a campaign has, 1 to 6 (RB:392 six scenarios)."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    response = _record(owner_api, campaign, "the-prisoner", lines, level=7)
    assert response.status_code == 400 and "GF:298" in response.json()["level"][0]
    assert _record(owner_api, campaign, "the-prisoner", lines).status_code == 400


def test_a_campaign_cannot_choose_its_level(owner, owner_api, campaign):
    """RB:479-485: in a campaign the Monster level is the scenario's number."""
    lines = [result_line("yellow", winner=True), result_line("teal")]
    response = _record(owner_api, campaign, "ferry-of-the-dead", lines, level=3)
    assert response.status_code == 400 and "RB:479-485" in response.json()["level"][0]


def test_an_episodic_game_carries_no_angel_title_or_reward(owner, owner_api):
    """GF:298 "without campaign consequences": the rescued Angel, the Title and the Reward card stay in it."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True, angel=True, title=True), result_line("teal")]
    response = _record(owner_api, campaign, "the-prisoner", lines, level=2)
    assert response.status_code == 201, response.json()
    sheet = response.json()
    yellow = next(g for g in sheet["guilds"] if g["colour"] == "yellow")
    assert yellow["angels"] == [] and yellow["titles"] == []
    assert [h["hero"] for h in yellow["heroes"]] == ["diana", "mark", "kisha"]
    assert sheet["plays"][0]["results"][0]["angel"] is True  # the game's own result still says so


def test_episodic_games_go_on_past_six_and_have_no_finale(owner, owner_api):
    """GF:298 "any single scenario": no six-scenario campaign, so no finale closes the games."""
    campaign = _episodic(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    for _ in range(7):
        assert _record(owner_api, campaign, "ferry-of-the-dead", lines, level=1).status_code == 201
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/finale/", {"revision": campaign_rev(campaign)}, format="json"
    )
    assert response.status_code == 400 and "GF:298" in response.json()["savior"][0]


def test_an_episodic_game_tracked_live_keeps_its_chosen_level(owner, owner_api):
    """GF:298: the level chosen when the game starts is the one recorded."""
    campaign = _episodic(owner)
    started = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": "hit-rock-bottom", "level": 3, "revision": campaign_rev(campaign)},
        format="json",
    )
    assert started.status_code in (200, 201), started.json()
    lines = [result_line("yellow", winner=True), result_line("teal")]
    response = _record(owner_api, campaign, "hit-rock-bottom", lines)
    assert response.status_code == 201, response.json()
    assert response.json()["plays"][0]["level"] == "2-3"
