"""Recording a scenario and choosing the next one, called as services without HTTP: every refusal names its
rule beside its field and leaves the database exactly as it was."""

import pytest
from django.core.exceptions import PermissionDenied

from campaigns.access import campaign_access
from campaigns.errors import ConflictError
from campaigns.services.scenarios import next_scenario_choose, scenario_record_result
from tests.factories import access, campaign_rev, record, refreshed, refusal, result_line

pytestmark = pytest.mark.django_db


def record_as(user, campaign, results, *, scenario="ferry-of-the-dead", the_access=None, revision=None):
    return scenario_record_result(
        access=the_access or access(user, campaign),
        actor=user,
        revision=campaign_rev(campaign) if revision is None else revision,
        scenario=scenario,
        results=results,
    )


def choose_as(user, campaign, scenario):
    return next_scenario_choose(
        access=access(user, campaign), actor=user, revision=campaign_rev(campaign), scenario=scenario
    )


def test_two_winners_are_refused(owner, campaign, snapshot):
    """The first guild to complete its quests wins at once, so a scenario has one winner (GF:182)."""
    before = snapshot()
    lines = [result_line("yellow", winner=True), result_line("teal", winner=True)]
    assert refusal(lambda: record_as(owner, campaign, lines)) == {
        "results": ["Exactly one guild wins a scenario, not 2."]
    }
    assert snapshot() == before


def test_the_ferry_title_goes_to_the_first_guild_only(owner, campaign, snapshot):
    """Destroy the Tickets gives its Title to the first guild only (GF:111, GF:124)."""
    before = snapshot()
    lines = [result_line("yellow", winner=True, title=True), result_line("teal", title=True)]
    assert refusal(lambda: record_as(owner, campaign, lines)) == {
        "results": ["Only the first guild to complete it gets the title Ticket Scalper."]
    }
    assert snapshot() == before


def test_a_guild_cannot_complete_the_quest_for_its_own_colour(owner, campaign, snapshot):
    """A Guild can never complete the quest for its own colour (GF:181)."""
    before = snapshot()
    lines = [result_line("yellow", winner=True, quests=["pvp:yellow"]), result_line("teal")]
    assert refusal(lambda: record_as(owner, campaign, lines)) == {
        "results": ["Yellow cannot complete the quest for its own colour."]
    }
    assert snapshot() == before


def test_a_spectator_cannot_record_a_scenario(spectator, campaign, snapshot):
    share_link = campaign_access(user=spectator, pk=campaign.pk, share_token=campaign.share_token)
    before = snapshot()
    lines = [result_line("yellow", winner=True), result_line("teal")]
    with pytest.raises(PermissionDenied):
        record_as(spectator, campaign, lines, the_access=share_link)
    assert snapshot() == before


def test_a_result_from_a_stale_sheet_is_a_conflict(owner, campaign, snapshot):
    before = snapshot()
    lines = [result_line("yellow", winner=True), result_line("teal")]
    with pytest.raises(ConflictError):
        record_as(owner, campaign, lines, revision=campaign_rev(campaign) - 1)
    assert snapshot() == before


@pytest.fixture
def yellow_won(owner, campaign):
    """Scenario 1 played, won by Yellow (the owner's guild)."""
    return record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )


def test_a_player_who_did_not_win_cannot_choose_the_next_scenario(player, yellow_won, snapshot):
    """RB:1634: the winner of the last scenario chooses the next scenario."""
    before = snapshot()
    assert refusal(lambda: choose_as(player, yellow_won, "the-parade")) == {
        "scenario": ["Yellow, the last scenario's winner, chooses the next scenario."]
    }
    assert snapshot() == before


def test_the_winner_chooses_the_next_scenario(owner, yellow_won):
    """The refusal above is about who asks: the winner's own choice goes through."""
    choose_as(owner, yellow_won, "the-parade")
    assert refreshed(yellow_won).next_scenario.slug == "the-parade"


def test_a_player_cannot_choose_the_first_scenario_for_the_table(player, campaign, snapshot):
    before = snapshot()
    assert refusal(lambda: choose_as(player, campaign, "ferry-of-the-dead")) == {
        "scenario": ["The table chooses the first scenario together; the owner records it."]
    }
    assert snapshot() == before


def _start_live(user, campaign, scenario):
    from campaigns.services.live import live_start

    return live_start(
        access=access(user, campaign), actor=user, revision=campaign_rev(campaign), scenario=scenario
    )


def test_a_scenario_the_winner_started_live_is_recorded_by_any_member(owner, player, yellow_won, snapshot):
    """N8: RB:416-417 "the winner of the previous scenario chooses which scenario will be played next" makes
    only the choice the winner's. Yellow's player (the owner here) started The Parade live without calling
    next-scenario/ first: that was the choice, so Teal's player records it; a scenario nobody started stays
    the winner's to choose."""
    before = snapshot()
    assert refusal(lambda: record_as(player, yellow_won, TEAL_WINS, scenario="the-parade")) == {
        "scenario": ["Yellow, the last scenario's winner, chooses the next scenario."]
    }
    assert snapshot() == before
    _start_live(owner, yellow_won, "the-parade")
    play = record_as(player, yellow_won, TEAL_WINS, scenario="the-parade")
    assert (play.number, play.scenario.slug, play.chosen_by.colour.slug) == (2, "the-parade", "yellow")


def test_the_first_scenario_the_owner_started_live_is_recorded_by_a_player(owner, player, campaign):
    """N8: RB:413-414 "players choose together which of the First Circle scenarios will be the first"; the
    owner starting it live records the table's choice, and then the player may record its results."""
    _start_live(owner, campaign, "ferry-of-the-dead")
    play = record_as(player, campaign, TEAL_WINS)
    assert (play.number, play.scenario.slug) == (1, "ferry-of-the-dead")


TEAL_WINS = [result_line("yellow"), result_line("teal", winner=True)]
