import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_helpers.progression import (
    Circle,
    allowed_next,
    angels_lost_to_underlord,
    next_chooser,
    reachable,
    recommended_first,
)
from tests.rules_helpers.maps import ARCADIA_QUEST, INFERNO, INFERNO_ANGELS, scenarios_played

GATES, FERRY = "beyond-the-gates-of-hell", "ferry-of-the-dead"
WEST = ("lost-in-the-dark", "the-prisoner", "the-parade")
EAST = ("the-cursed-pony", "the-impure-fountain", "hells-kitchen")
THIRD = ("hells-parliamentary-commission", "pit-of-tormented-souls", "the-fallen-temple")
FINAL = "hit-rock-bottom"
A_FULL_INFERNO = [GATES, WEST[0], WEST[2], THIRD[1], THIRD[0], FINAL]


def inferno_next(played):
    return allowed_next("inferno", played, structure=INFERNO)


def test_an_inferno_campaign_starts_in_the_first_circle():
    assert inferno_next([]) == {GATES, FERRY}


def test_after_the_first_circle_the_table_may_enter_either_side_of_the_second():
    assert inferno_next([FERRY]) == set(WEST) | set(EAST)


def test_once_in_the_west_the_table_plays_the_rest_of_the_west():
    assert inferno_next([GATES, WEST[1]]) == {WEST[0], WEST[2]}


def test_two_second_circle_scenarios_lead_to_the_third_circle():
    assert inferno_next([GATES, EAST[0], EAST[2]]) == set(THIRD)


def test_the_third_circle_plays_two_of_its_three():
    assert inferno_next([GATES, EAST[0], EAST[2], THIRD[2]]) == {THIRD[0], THIRD[1]}


def test_the_final_showdown_comes_after_the_third_circle():
    assert inferno_next(A_FULL_INFERNO[:5]) == {FINAL}


def test_nothing_comes_after_the_final_showdown():
    assert inferno_next(A_FULL_INFERNO) == frozenset()


def test_a_base_game_campaign_plays_three_outer_then_two_inner_then_the_finale():
    outer, inner = ARCADIA_QUEST[0].scenarios, ARCADIA_QUEST[1].scenarios

    def base_next(played):
        return allowed_next("arcadia-quest", played, structure=ARCADIA_QUEST)

    assert base_next([]) == set(outer)
    assert base_next(outer[:2]) == set(outer[2:])
    assert base_next(outer[:3]) == set(inner)
    assert base_next([*outer[:3], *inner[:2]]) == {"the-temple-of-dawning-twilight"}


def test_both_maps_play_six_scenarios():
    """RB:392 "only six of the twelve scenarios ... will be played"; BR:40 "just six of the eleven"."""
    assert scenarios_played(INFERNO) == scenarios_played(ARCADIA_QUEST) == 6


def test_the_structure_is_data_a_content_pack_can_replace():
    short = (Circle("only", 1, 1, ("a", "b")), Circle("end", 2, 1, ("z",)))
    assert allowed_next("homebrew", ["b"], structure=short) == {"z"}


def test_the_circles_may_come_in_any_order():
    assert allowed_next("inferno", [GATES], structure=tuple(reversed(INFERNO))) == set(WEST) | set(EAST)


@pytest.mark.parametrize(
    ("played", "message"),
    [
        ([GATES, "the-moon-gate"], "'the-moon-gate' is not a scenario of the 'inferno' campaign map"),
        ([GATES, WEST[0], WEST[0]], "already played"),
        ([WEST[0]], "out of order"),
        ([GATES, FINAL], "out of order"),
        ([GATES, FERRY], "plays only 1 scenario"),
        ([GATES, WEST[0], EAST[0]], "entered circle 'second-west', so it may never enter 'second-east'"),
        ([GATES, WEST[0], WEST[1], EAST[0]], "may never enter 'second-east'"),
        ([GATES, WEST[0], WEST[1], WEST[2]], "plays only 2 scenario"),
        ([*A_FULL_INFERNO, THIRD[2]], "campaign is over"),
        ([*A_FULL_INFERNO, "anything"], "campaign is over"),
    ],
)
def test_an_impossible_campaign_path_is_refused(played, message):
    with pytest.raises(ValueError, match=message):
        inferno_next(played)


def test_a_circle_cannot_play_more_scenarios_than_it_has():
    with pytest.raises(ValueError, match="between 1 and 2"):
        Circle("first", 1, 3, ("a", "b"))


@pytest.mark.parametrize(
    ("structure", "message"),
    [
        ((Circle("one", 1, 1, ("a",)), Circle("two", 2, 1, ("a",))), "one circle only"),
        ((Circle("one", 1, 1, ("a",)), Circle("one", 2, 1, ("b",))), "share a slug"),
        (
            (Circle("west", 1, 1, ("a", "b"), "side"), Circle("east", 1, 2, ("c", "d"), "side")),
            "same number of scenarios",
        ),
        ((Circle("west", 1, 1, ("a",)), Circle("east", 1, 1, ("b",))), "same exclusive group"),
        ((), "at least one circle"),
    ],
)
def test_a_broken_campaign_map_is_refused(structure, message):
    with pytest.raises(ValueError, match=message):
        allowed_next("homebrew", [], structure=structure)


def lost(played, held=()):
    return angels_lost_to_underlord(INFERNO, angels=INFERNO_ANGELS, played=played, held=held)


def test_before_the_second_circle_only_justicar_is_held_by_the_underlord():
    """GF:177: Justicar is a Monster until a guild has him; the Second Circle angels only once a side is
    chosen (RB:1039-1042 "the ones that you allow to be consumed by the Underlord will turn into
    terrible villains")."""
    assert lost([]) == ["justicar"]
    assert lost([FERRY]) == ["justicar"]


def test_playing_the_west_leaves_the_east_angels_to_the_underlord():
    """GF:177 "West played -> Leah + Wanderer; East played -> Angel Eyes + Benjamin"."""
    assert lost([FERRY, WEST[2]]) == ["justicar", "leah", "the-wanderer"]
    assert lost([GATES, EAST[0]]) == ["angel-eyes", "benjamin", "justicar"]


def test_an_angel_of_the_side_played_but_not_rescued_stays_free():
    """U11, decided: GF:177 the setups place only the side not taken's two Angels (A1/A2), though RB:1040-1042
    says unrescued Angels "turn into terrible villains"."""
    assert "angel-eyes" not in lost([GATES, WEST[0], WEST[2]])


def test_an_angel_a_guild_holds_is_not_the_underlords():
    assert lost([FERRY, WEST[2]], held=["justicar", "benjamin"]) == ["leah", "the-wanderer"]


def test_a_map_without_alternative_circles_has_no_angels_to_lose():
    assert angels_lost_to_underlord(ARCADIA_QUEST, angels={"the-manor": "x"}, played=[], held=[]) == []


@settings(max_examples=60, deadline=None)
@given(
    side=st.sampled_from([WEST, EAST]),
    count=st.integers(1, 2),
    held=st.sets(st.sampled_from(sorted(INFERNO_ANGELS.values()))),
)
def test_the_underlord_never_holds_an_angel_of_the_side_played_nor_one_a_guild_holds(side, count, held):
    angels = lost([GATES, *side[:count]], held=held)
    side_angels = {INFERNO_ANGELS[slug] for slug in side if slug in INFERNO_ANGELS}
    assert not set(angels) & (side_angels | held)
    assert angels == sorted(angels)


# --- Who chooses, what is recommended, what is still reachable (issue 13 item 5) --------------------------


def test_the_previous_winner_chooses_the_next_scenario():
    """RB:416-417 "Afterwards, the winner of the previous scenario chooses which scenario will be played
    next"; RB:1634; BR:44."""
    assert next_chooser("teal") == "teal"


def test_the_table_chooses_the_first_scenario_together():
    """RB:414-415 "At the beginning of the campaign, players choose together which of the First Circle
    scenarios will be the first"."""
    assert next_chooser(None) is None


def test_an_episodic_game_has_no_winner_choosing():
    """GF:298 episodic: "play any single scenario without campaign consequences"."""
    assert next_chooser("teal", campaign_mode=False) is None


def test_the_recommended_first_scenario_is_shown_until_one_is_played():
    """RB:415-416 "it is recommended that first-time players begin the campaign with the Beyond the Gates of
    Hell scenario"; BR:44 recommends District of Hammers."""
    assert recommended_first([], {GATES}) == GATES
    assert recommended_first([FERRY], {GATES}) is None
    assert recommended_first([], set()) is None


def test_titles_help_only_in_scenarios_still_reachable_after_west():
    """RB:1250-1252 a Title helps "if the player goes on to play a scenario that benefits from it"; after West
    the East side is closed (RB:401-402) but the Third Circle and the finale stay reachable (RB:405-412)."""
    reach = reachable("inferno", [GATES, WEST[1]], structure=INFERNO)
    assert reach == {WEST[0], WEST[2], *THIRD, FINAL}
    assert not reach & set(EAST)


def test_later_circles_stay_reachable_not_only_the_next_choices():
    """The audit's correction for W10: Keymaster (The Prisoner) helps in The Fallen Temple, two circles on.
    RB:405-409 the Third Circle is reached from either side."""
    reach = reachable("inferno", [GATES, WEST[1]], structure=INFERNO)
    assert "the-fallen-temple" in reach
    assert "the-fallen-temple" not in inferno_next([GATES, WEST[1]])


def test_a_finished_circle_and_the_played_scenarios_are_no_longer_reachable():
    """RB:403-409: two of the three Third Circle scenarios; a campaign plays each scenario once (RB:392)."""
    played = [GATES, EAST[0], EAST[2], THIRD[0], THIRD[2]]
    assert reachable("inferno", played, structure=INFERNO) == {FINAL}
    assert reachable("inferno", A_FULL_INFERNO, structure=INFERNO) == frozenset()


def test_before_the_first_scenario_everything_is_reachable():
    """RB:392-412: every scenario of the map can still be part of the path."""
    everything = {slug for circle in INFERNO for slug in circle.scenarios}
    assert reachable("inferno", [], structure=INFERNO) == everything
