import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_helpers.dice import (
    ATTACK_FACES,
    DEFENSE_FACES,
    SUCCESS_FACES,
    Die,
    Roll,
    roll_attack,
    roll_defense,
    roll_pool,
    wounds,
)
from tests.rules_helpers.scripted import ScriptedRandom

# --- the rulebook's examples (p.18 "Rolling Dice", p.30 "Reroll Pool") ---


def test_marks_dusty_blade_scores_two_hits_from_a_crit_and_its_extra_die():
    # Example 1: 3 dice, melee; two misses and a CRIT, whose extra die is a melee Hit.
    roll = roll_attack(3, "melee", rng=ScriptedRandom(["ranged", "ranged", "crit", "melee"]))
    assert roll == Roll(("ranged", "ranged", "crit", "melee"), 2)


def test_kishas_short_bow_chains_two_crits_into_three_hits():
    # Example 2: 2 dice, ranged; a Hit and a CRIT, the extra die is another CRIT, its extra die misses.
    roll = roll_attack(2, "ranged", rng=ScriptedRandom(["ranged", "crit", "crit", "melee"]))
    assert roll == Roll(("ranged", "crit", "crit", "melee"), 3)
    assert [die.extra for die in roll.dice] == [False, False, True, True]


def test_jaimies_defense_keeps_two_saves_when_the_extra_die_is_blank():
    # Example 3: 3 Defense dice, a shield, a CRIT and a blank; the extra die is blank.
    roll = roll_defense(3, rng=ScriptedRandom(["shield", "crit", "blank", "blank"]))
    assert roll == Roll(("shield", "crit", "blank", "blank"), 2)


def test_kishas_reroll_pool_turns_two_misses_into_three_hits():
    # p.30: 3 Rerolls; both misses rerolled (a Hit and a CRIT), the CRIT's extra die misses, last Reroll hits.
    rng = ScriptedRandom(["melee", "melee", "ranged", "crit", "melee", "ranged"])
    roll = roll_attack(2, "ranged", rng=rng, rerolls=3)
    assert roll == Roll(("ranged", "crit", "ranged"), 3)
    assert roll.dice == (
        Die("ranged", rerolled_from=("melee",)),
        Die("crit", rerolled_from=("melee",)),
        Die("ranged", extra=True, rerolled_from=("melee",)),
    )


def test_kishas_defense_rerolls_the_three_blanks_for_one_more_save():
    rng = ScriptedRandom(["shield", "blank", "blank", "blank", "blank", "shield", "blank"])
    roll = roll_defense(4, rng=rng, rerolls=3)
    assert roll == Roll(("shield", "blank", "shield", "blank"), 2)
    assert [die.rerolled for die in roll.dice] == [False, True, True, True]


def test_three_hits_against_two_saves_deal_one_wound():
    # p.18: Mark scores 3 Hits, Jaimie 2 Saves.
    assert wounds(3, 2) == 1


def test_saves_beyond_the_hits_deal_no_wounds():
    assert wounds(1, 4) == 0


def test_wounds_reject_negative_hits_or_saves():
    with pytest.raises(ValueError, match="Hits"):
        wounds(-1, 0)
    with pytest.raises(ValueError, match="Saves"):
        wounds(0, -1)


# --- the rules, one by one ---


def test_a_melee_attack_succeeds_on_melee_and_crit_only():
    roll = roll_attack(3, "melee", rng=ScriptedRandom(["melee", "ranged", "melee"]))
    assert roll.successes == 2


def test_a_ranged_attack_succeeds_on_ranged_and_crit_only():
    roll = roll_attack(3, "ranged", rng=ScriptedRandom(["melee", "ranged", "melee"]))
    assert roll.successes == 1


def test_a_defense_roll_succeeds_on_shield_and_crit_only():
    roll = roll_defense(3, rng=ScriptedRandom(["shield", "blank", "crit", "blank"]))
    assert roll.successes == 2


def test_a_crit_on_a_reroll_adds_an_extra_die():
    roll = roll_attack(1, "melee", rng=ScriptedRandom(["ranged", "crit", "melee"]), rerolls=1)
    assert roll.faces == ("crit", "melee")
    assert roll.dice[1] == Die("melee", extra=True)


def test_a_failed_extra_die_is_rerolled_after_the_failures_before_it():
    # Failures in order: die 0 (first roll), then the extra die of die 1's CRIT.
    rng = ScriptedRandom(["ranged", "crit", "ranged", "melee", "melee"])
    roll = roll_attack(2, "melee", rng=rng, rerolls=2)
    assert roll.faces == ("melee", "crit", "melee")
    assert roll.dice[2] == Die("melee", extra=True, rerolled_from=("ranged",))


def test_a_die_that_fails_its_reroll_is_rerolled_again_while_rerolls_remain():
    rng = ScriptedRandom(["ranged", "ranged", "ranged", "melee"])
    roll = roll_attack(1, "melee", rng=rng, rerolls=5)
    assert roll.faces == ("melee",)
    assert roll.dice[0].rerolled_from == ("ranged", "ranged", "ranged")


def test_a_die_that_fails_its_reroll_waits_behind_earlier_failures():
    # Dice 0 and 1 fail; die 0's reroll fails again and goes behind die 1.
    rng = ScriptedRandom(["ranged", "ranged", "ranged", "melee", "melee"])
    roll = roll_attack(2, "melee", rng=rng, rerolls=3)
    assert roll.faces == ("melee", "melee")
    assert [die.rerolled_from for die in roll.dice] == [("ranged", "ranged"), ("ranged",)]


def test_unused_rerolls_are_not_spent_when_nothing_failed():
    roll = roll_attack(2, "melee", rng=ScriptedRandom(["melee", "melee"]), rerolls=3)
    assert roll.faces == ("melee", "melee")


def test_rerolls_stop_when_the_pool_is_spent_even_if_dice_still_failed():
    roll = roll_attack(2, "melee", rng=ScriptedRandom(["ranged", "ranged", "ranged"]), rerolls=1)
    assert roll == Roll(("ranged", "ranged"), 0)


def test_zero_dice_roll_nothing():
    assert roll_attack(0, "melee", rng=ScriptedRandom()) == Roll((), 0)


def test_faces_are_a_parameter_so_a_content_pack_can_correct_them():
    roll = roll_attack(2, "melee", rng=ScriptedRandom(["blank", "melee"]), faces=("melee", "blank"))
    assert roll == Roll(("blank", "melee"), 1)


def test_the_same_seed_rolls_the_same_result():
    first = roll_attack(8, "ranged", rng=random.Random(42), rerolls=3)
    again = roll_attack(8, "ranged", rng=random.Random(42), rerolls=3)
    assert first == again
    assert first.dice == again.dice


def test_a_roll_built_by_hand_lists_plain_dice():
    assert Roll(("melee", "crit"), 2).dice == (Die("melee"), Die("crit"))


def test_an_extra_die_is_marked_and_a_first_roll_die_is_not():
    roll = roll_attack(1, "melee", rng=ScriptedRandom(["crit", "melee"]))
    assert [die.extra for die in roll.dice] == [False, True]
    assert not roll.dice[0].rerolled


# --- impossible input ---


@pytest.mark.parametrize("dice", [-1, 1.5, True])
def test_a_negative_or_fractional_number_of_dice_is_refused(dice):
    with pytest.raises(ValueError, match="number of dice"):
        roll_attack(dice, "melee", rng=random.Random(1))


def test_a_negative_reroll_pool_is_refused():
    with pytest.raises(ValueError, match="number of rerolls"):
        roll_defense(2, rng=random.Random(1), rerolls=-1)


def test_an_unknown_attack_kind_is_refused():
    with pytest.raises(ValueError, match="unknown attack kind 'magic'"):
        roll_attack(2, "magic", rng=random.Random(1))


def test_an_unknown_pool_kind_is_refused():
    with pytest.raises(ValueError, match="unknown roll kind"):
        roll_pool(2, "spawn", rng=random.Random(1))


def test_an_unknown_face_is_refused():
    with pytest.raises(ValueError, match="unknown die face"):
        roll_attack(2, "melee", rng=random.Random(1), faces=("melee", "skull"))


def test_a_die_without_faces_is_refused():
    with pytest.raises(ValueError, match="at least one face"):
        roll_defense(1, rng=random.Random(1), faces=())


def test_a_die_of_only_crits_is_refused_because_it_would_roll_forever():
    with pytest.raises(ValueError, match="forever"):
        roll_attack(1, "melee", rng=random.Random(1), faces=("crit",))


def test_a_roll_with_more_successes_than_faces_is_refused():
    with pytest.raises(ValueError, match="more successes than dice"):
        Roll(("melee",), 2)


def test_a_roll_whose_dice_do_not_show_its_faces_is_refused():
    with pytest.raises(ValueError, match="must show its faces"):
        Roll(("melee",), 1, (Die("crit"),))


# --- properties ---


@settings(max_examples=60, deadline=None)
@given(
    dice=st.integers(0, 10),
    rerolls=st.integers(0, 5),
    kind=st.sampled_from(["melee", "ranged", "defense"]),
    seed=st.integers(0, 2**32),
)
def test_successes_never_exceed_the_faces_and_count_the_succeeding_faces(dice, rerolls, kind, seed):
    faces = DEFENSE_FACES if kind == "defense" else ATTACK_FACES
    roll = roll_pool(dice, kind, rng=random.Random(seed), rerolls=rerolls, faces=faces)
    assert roll.successes <= len(roll.faces)
    assert roll.successes == sum(face in SUCCESS_FACES[kind] for face in roll.faces)
    # Every CRIT brought one extra die, and rerolls replace faces rather than adding them.
    assert len(roll.faces) == dice + roll.faces.count("crit")
    assert sum(len(die.rerolled_from) for die in roll.dice) <= rerolls


def test_a_defense_pool_rolls_defense_dice_unless_told_otherwise():
    roll = roll_pool(1, "defense", rng=ScriptedRandom(["shield"]))
    assert roll == Roll(("shield",), 1)


def test_the_faces_come_from_the_content_records():
    """GF:64-68 (U10): the faces are content; the app reads them from the packs' Die records."""
    from rules_helpers.dice import faces_from_content

    attack, defense = faces_from_content(
        {
            "attack": ["melee"] * 5 + ["crit"],
            "defense": ["shield", "crit", "blank", "blank", "blank", "blank"],
        }
    )
    assert attack == ("melee",) * 5 + ("crit",) and defense.count("blank") == 4
    with pytest.raises(ValueError, match="defense die is not in the content"):
        faces_from_content({"attack": ["melee"] * 6})


def test_a_die_that_failed_its_reroll_may_be_rerolled_again():
    """U6: RB:1180-1181 the Reroll pool is used "in any order he'd like"; nothing forbids rerolling a die
    twice, so a re-failed die is rerolled while rerolls remain."""
    rolled = roll_attack(1, "melee", rng=ScriptedRandom(["ranged", "ranged", "melee"]), rerolls=3)
    assert rolled.successes == 1
    assert rolled.dice[0].rerolled_from == ("ranged", "ranged")
