"""A hero swapped out for an angel during a live scenario (GF:174-175), in the Upgrade Phase after it: the
services called without HTTP."""

import pytest

from campaigns.models import DeathCurse, GuildHero, HeroCurse, UpgradePhase
from campaigns.services.live import live_quest, live_start, live_tally
from campaigns.services.live_angels import live_angel_swap
from campaigns.services.scenarios import scenario_record_result
from tests.factories import access, build_campaign, campaign_rev, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def _yellow(campaign):
    return refreshed(campaign).guilds.get(colour__slug="yellow")


def test_a_hero_swapped_out_mid_scenario_draws_its_death_curses_in_the_phase(owner):
    """N11: GF:175 removes only the Death Curse the Hero holds at the swap ("the Hero's Guild tokens, Wounds
    and Death Curses are removed"); RB:695-696 "Death tokens cannot be moved or removed from a Hero until the
    next Upgrade Phase", and BR:224 "any Hero that received a Death token during the previous scenario
    receives a number of Death Curse cards equal to the number of Death tokens he possesses". Diana died twice
    in The Prisoner, then Angel Eyes took her place: she draws 2 cards and keeps the highest, in reserve."""
    campaign = record(
        owner,
        build_campaign(owner),
        "ferry-of-the-dead",
        [result_line("yellow", winner=True), result_line("teal")],
    )
    me = access(owner, campaign)
    live_start(access=me, actor=owner, revision=campaign_rev(campaign), scenario="the-prisoner")
    live_tally(
        access=me,
        actor=owner,
        guild=_yellow(campaign),
        revision=_yellow(campaign).revision,
        counter="deaths",
        delta=2,
        hero="diana",
    )
    live_quest(
        access=me,
        actor=owner,
        guild=_yellow(campaign),
        revision=_yellow(campaign).revision,
        quest="save-the-angel",
    )
    live_angel_swap(
        access=me, actor=owner, guild=_yellow(campaign), revision=_yellow(campaign).revision, swap_for="diana"
    )
    play = scenario_record_result(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign_rev(campaign),
        scenario="the-prisoner",
        results=[
            result_line("yellow", angel=True, heroes=[{"hero": "diana", "deaths": 2}]),
            result_line("teal", winner=True),
        ],
        seed=7,
    )
    draws = {d["hero"]: d for d in UpgradePhase.objects.get(play=play).curse_draws}
    diana = draws["diana"]
    assert (diana["deaths"], diana["draw_count"], len(diana["drawn"])) == (2, 2, 2)
    kept = HeroCurse.objects.select_related("curse").get(hero__hero__slug="diana")
    values = dict(DeathCurse.objects.filter(edition__slug="inferno").values_list("code", "value"))
    assert kept.curse.code == diana["kept"] and kept.curse.value == max(values[c] for c in diana["drawn"])
    assert GuildHero.objects.get(guild__campaign=campaign, hero__slug="diana").fielded is False
    assert draws["angel-eyes"]["draw_count"] == 0
