import pytest

from rules_helpers.progression import (
    STRUCTURES,
    Circle,
    allowed_next,
    campaign_length,
    is_finished,
    validate_path,
)

GATES, FERRY = "beyond-the-gates-of-hell", "ferry-of-the-dead"
WEST = ("lost-in-the-dark", "the-prisoner", "the-parade")
EAST = ("the-cursed-pony", "the-impure-fountain", "hells-kitchen")
THIRD = ("hells-parliamentary-commission", "pit-of-tormented-souls", "the-fallen-temple")
FINAL = "hit-rock-bottom"
A_FULL_INFERNO = [GATES, WEST[0], WEST[2], THIRD[1], THIRD[0], FINAL]


def test_an_inferno_campaign_starts_in_the_first_circle():
    assert allowed_next("inferno", []) == {GATES, FERRY}


def test_after_the_first_circle_the_table_may_enter_either_side_of_the_second():
    assert allowed_next("inferno", [FERRY]) == set(WEST) | set(EAST)


def test_once_in_the_west_the_table_plays_the_rest_of_the_west():
    assert allowed_next("inferno", [GATES, WEST[1]]) == {WEST[0], WEST[2]}


def test_two_second_circle_scenarios_lead_to_the_third_circle():
    assert allowed_next("inferno", [GATES, EAST[0], EAST[2]]) == set(THIRD)


def test_the_third_circle_plays_two_of_its_three():
    assert allowed_next("inferno", [GATES, EAST[0], EAST[2], THIRD[2]]) == {THIRD[0], THIRD[1]}


def test_the_final_showdown_comes_after_the_third_circle():
    assert allowed_next("inferno", A_FULL_INFERNO[:5]) == {FINAL}


def test_nothing_comes_after_the_final_showdown():
    assert allowed_next("inferno", A_FULL_INFERNO) == frozenset()
    assert is_finished("inferno", A_FULL_INFERNO)
    assert not is_finished("inferno", A_FULL_INFERNO[:5])


def test_a_base_game_campaign_plays_three_outer_then_two_inner_then_the_finale():
    outer = STRUCTURES["arcadia-quest"][0].scenarios
    inner = STRUCTURES["arcadia-quest"][1].scenarios
    assert allowed_next("arcadia-quest", []) == set(outer)
    assert allowed_next("arcadia-quest", outer[:2]) == set(outer[2:])
    assert allowed_next("arcadia-quest", outer[:3]) == set(inner)
    assert allowed_next("arcadia-quest", [*outer[:3], *inner[:2]]) == {"the-temple-of-dawning-twilight"}


def test_both_shipped_campaigns_last_six_scenarios():
    assert campaign_length(STRUCTURES["inferno"]) == 6
    assert campaign_length(STRUCTURES["arcadia-quest"]) == 6


def test_the_structure_is_data_a_content_pack_can_replace():
    short = (Circle("only", 1, 1, ("a", "b")), Circle("end", 2, 1, ("z",)))
    assert allowed_next("homebrew", ["b"], structure=short) == {"z"}
    assert campaign_length(short) == 2


def test_a_legal_path_validates_quietly():
    validate_path("inferno", A_FULL_INFERNO)


@pytest.mark.parametrize(
    ("played", "message"),
    [
        ([GATES, "the-moon-gate"], "'the-moon-gate' is not a scenario"),
        ([GATES, WEST[0], WEST[0]], "already played"),
        ([WEST[0]], "out of order"),
        ([GATES, FINAL], "out of order"),
        ([GATES, FERRY], "plays only 1 scenario"),
        ([GATES, WEST[0], EAST[0]], "entered circle 'second-west', so it may never enter 'second-east'"),
        ([GATES, WEST[0], WEST[1], EAST[0]], "may never enter 'second-east'"),
        ([GATES, WEST[0], WEST[1], WEST[2]], "plays only 2 scenario"),
        ([*A_FULL_INFERNO, THIRD[2]], "campaign is over"),
    ],
)
def test_an_impossible_campaign_path_is_refused(played, message):
    with pytest.raises(ValueError, match=message):
        allowed_next("inferno", played)
    with pytest.raises(ValueError, match=message):
        validate_path("inferno", played)


def test_a_seventh_scenario_is_refused():
    with pytest.raises(ValueError, match="campaign is over"):
        validate_path("inferno", [*A_FULL_INFERNO, "anything"])


def test_an_unknown_edition_is_refused():
    with pytest.raises(ValueError, match="unknown edition 'gloomhaven'"):
        allowed_next("gloomhaven", [])


def test_a_circle_cannot_play_more_scenarios_than_it_has():
    with pytest.raises(ValueError, match="between 1 and 2"):
        Circle("first", 1, 3, ("a", "b"))


def test_a_scenario_in_two_circles_is_refused():
    twice = (Circle("one", 1, 1, ("a",)), Circle("two", 2, 1, ("a",)))
    with pytest.raises(ValueError, match="one circle only"):
        allowed_next("homebrew", [], structure=twice)


def test_two_circles_with_one_slug_are_refused():
    same = (Circle("one", 1, 1, ("a",)), Circle("one", 2, 1, ("b",)))
    with pytest.raises(ValueError, match="share a slug"):
        campaign_length(same)


def test_alternative_circles_must_play_the_same_number_of_scenarios():
    uneven = (Circle("west", 1, 1, ("a", "b"), "side"), Circle("east", 1, 2, ("c", "d"), "side"))
    with pytest.raises(ValueError, match="same number of scenarios"):
        campaign_length(uneven)


def test_alternative_circles_must_name_their_exclusive_group():
    unnamed = (Circle("west", 1, 1, ("a",)), Circle("east", 1, 1, ("b",)))
    with pytest.raises(ValueError, match="same exclusive group"):
        campaign_length(unnamed)


def test_an_empty_structure_is_refused():
    with pytest.raises(ValueError, match="at least one circle"):
        campaign_length(())
