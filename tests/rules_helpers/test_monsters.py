import pytest

from rules_helpers.monsters import level_bracket


@pytest.mark.parametrize(
    ("scenario_number", "label"), [(1, "1"), (2, "2-3"), (3, "2-3"), (4, "4-5"), (5, "4-5"), (6, "6")]
)
def test_each_scenario_uses_the_level_card_covering_its_position(scenario_number, label):
    assert level_bracket(scenario_number) == label


def test_the_third_scenario_uses_the_level_2_3_card_as_the_rulebook_says():
    assert level_bracket(3) == "2-3"


def test_a_content_pack_may_correct_the_level_labels():
    assert level_bracket(4, labels=("1-2", "3-4", "5", "6")) == "3-4"


@pytest.mark.parametrize("scenario_number", [0, 7, -1])
def test_a_scenario_outside_the_six_of_a_campaign_has_no_level(scenario_number):
    with pytest.raises(ValueError, match="scenarios 1 to 6"):
        level_bracket(scenario_number)


def test_a_scenario_number_must_be_a_whole_number():
    with pytest.raises(ValueError, match="whole number"):
        level_bracket(2.5)  # type: ignore[arg-type]


def test_labels_that_leave_a_scenario_uncovered_are_refused():
    with pytest.raises(ValueError, match="exactly one level card must cover scenario 6"):
        level_bracket(6, labels=("1", "2-3", "4-5"))


def test_overlapping_labels_are_refused():
    with pytest.raises(ValueError, match="exactly one level card must cover scenario 3"):
        level_bracket(3, labels=("1", "2-3", "3-5", "6"))


@pytest.mark.parametrize("label", ["two", "1-2-3", "5-4", ""])
def test_a_malformed_level_label_is_refused(label):
    with pytest.raises(ValueError, match="level card label"):
        level_bracket(1, labels=(label, "1"))


def test_a_campaign_of_another_length_passes_its_own_number_of_scenarios():
    """RB:480-482 "use only the card for the level equal to the number of the scenario being played"."""
    assert level_bracket(7, labels=("1-3", "4-7"), campaign_scenarios=7) == "4-7"
    with pytest.raises(ValueError, match="scenarios 1 to 5"):
        level_bracket(6, campaign_scenarios=5)
