"""A Guild's roster and the Heroes it fields (GF:173-177, RB:1039-1042)."""

import pytest

from rules_helpers.roster import (
    check_angel_swap,
    check_fielding,
    check_fielding_open,
    check_heroes_choice,
    check_live_angel_swap,
    check_on_board,
    check_swapped_for,
    may_swap_live_angel,
    swap_clears_curse,
)

ROSTER = {"diana", "mark", "kisha", "angel-eyes"}


def test_after_a_swap_the_guild_fields_any_three_of_its_four_heroes():
    """GF:176 "at the start of each scenario the player fields any 3 of its Heroes (Angel optional)"."""
    assert check_fielding(["diana", "mark", "kisha"], roster=ROSTER) == ["diana", "mark", "kisha"]
    assert check_fielding(["angel-eyes", "mark", "kisha"], roster=ROSTER) == ["angel-eyes", "mark", "kisha"]


@pytest.mark.parametrize(
    ("fielded", "message"),
    [
        (["diana", "mark"], "Field exactly 3 different heroes"),
        (["diana", "diana", "mark"], "Field exactly 3 different heroes"),
        (["diana", "mark", "tiamat"], "tiamat is not on the guild's roster"),
    ],
)
def test_fielding_is_three_different_heroes_of_the_roster(fielded, message):
    """GF:176 "fields any 3 of its Heroes"; RB:307 "pick the 3 Heroes"."""
    with pytest.raises(ValueError, match=message):
        check_fielding(fielded, roster=ROSTER)


def test_fielding_is_frozen_while_a_scenario_is_played():
    """GF:176 "unused Heroes cannot join mid-scenario"."""
    check_fielding_open(scenario_live=False)
    with pytest.raises(ValueError, match="cannot join in the middle"):
        check_fielding_open(scenario_live=True)


def test_only_the_angel_just_rescued_swaps_in_mid_scenario():
    """GF:174 "may immediately swap it for one of its 3 Heroes or keep it on the roster for later"."""
    check_angel_swap(scenario_live=True, rescued_in_this_scenario=True)
    check_angel_swap(scenario_live=False, rescued_in_this_scenario=False)
    with pytest.raises(ValueError, match="kept for later"):
        check_angel_swap(scenario_live=True, rescued_in_this_scenario=False)


def test_the_swapped_out_hero_loses_its_death_curse():
    """U12, decided: GF:175 "the Angel enters fresh (the Hero's Guild tokens, Wounds and Death Curses are
    removed)"."""
    assert swap_clears_curse() is True


LIVE = {"rescued": True, "on_roster": False, "scenario_over": False, "carries_consequences": True}


def test_the_guild_that_just_rescued_the_angel_may_swap_it_in_at_once():
    """GF:174 "Whoever completes the 'Save the Angel' quest takes that Angel card and may immediately swap it
    for one of its 3 Heroes"."""
    check_live_angel_swap(**LIVE)
    assert may_swap_live_angel(**LIVE) is True


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rescued": False}, "Only the guild that completed Save the Angel"),
        ({"on_roster": True}, "already on the guild's roster"),
        ({"scenario_over": True}, "The scenario is over"),
        ({"carries_consequences": False}, "episodic game"),
    ],
)
def test_no_live_swap_for_another_guild_twice_after_the_win_or_in_an_episodic_game(change, message):
    """GF:174 only the rescuer, "immediately"; BR:205 the win "immediately ends" the scenario; GF:298 an
    episodic game has "no campaign consequences" (its Angel does not join the Guild)."""
    with pytest.raises(ValueError, match=message):
        check_live_angel_swap(**{**LIVE, **change})
    assert may_swap_live_angel(**{**LIVE, **change}) is False


def test_the_angel_replaces_one_of_the_three_heroes_on_the_board():
    """GF:174 "swap it for one of its 3 Heroes"; GF:175 "chosen Hero leaves the board"."""
    check_swapped_for(fielded=True, is_the_angel=False)
    for fielded, angel in ((False, False), (True, True)):
        with pytest.raises(ValueError, match="one of the three heroes on the board"):
            check_swapped_for(fielded=fielded, is_the_angel=angel)


def test_a_hero_swapped_out_has_left_the_board():
    """GF:175 "chosen Hero leaves the board, its base goes on the Angel figure"."""
    check_on_board(fielded=True)
    with pytest.raises(ValueError, match="left the board"):
        check_on_board(fielded=False)


def test_a_guild_joining_after_the_hero_draft_chooses_its_three_heroes():
    """RB:310-311 "each chooses 3 of them"; the draft's leftovers are "returned to the box" (RB:345-346) but
    the sources are silent on a late guild: it chooses freely, and the drafted guilds keep theirs
    (RB:316-318 "it is not possible to change Heroes")."""
    check_heroes_choice(played=False, draft_started=True, draft_done=True, has_heroes=False)
    check_heroes_choice(played=False, draft_started=False, draft_done=False, has_heroes=True)
    with pytest.raises(ValueError, match="drafted; they stay"):
        check_heroes_choice(played=False, draft_started=True, draft_done=True, has_heroes=True)


def test_no_free_choice_while_the_draft_runs_or_once_a_scenario_is_played():
    """RB:333-335 the draft picks the Heroes "at the start of a campaign"; RB:316-318 they represent the Guild
    "through the entire campaign"."""
    with pytest.raises(ValueError, match="pick from your hand"):
        check_heroes_choice(played=False, draft_started=True, draft_done=False, has_heroes=False)
    with pytest.raises(ValueError, match="before the first scenario"):
        check_heroes_choice(played=True, draft_started=False, draft_done=False, has_heroes=False)
