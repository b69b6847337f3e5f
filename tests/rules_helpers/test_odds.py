import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_helpers.dice import roll_attack, roll_defense
from rules_helpers.odds import clear_caches, success_distribution, wound_distribution


def test_one_melee_die_succeeds_two_thirds_of_the_time_before_crits():
    odds = success_distribution(1, "melee")
    assert odds[0] == pytest.approx(1 / 3)
    # One success: a melee face (1/2), or a CRIT whose extra die fails (1/6 * 1/3).
    assert odds[1] == pytest.approx(1 / 2 + 1 / 18)


def test_a_crit_chain_makes_every_extra_success_one_sixth_as_likely():
    odds = success_distribution(1, "melee")
    assert odds[3] / odds[2] == pytest.approx(1 / 6)


def test_the_expected_successes_of_one_die_include_the_whole_crit_chain():
    # E = p(success) / (1 - p(crit)) = (4/6) / (5/6).
    odds = success_distribution(1, "melee")
    assert sum(k * p for k, p in odds.items()) == pytest.approx(0.8, abs=1e-9)


def test_a_reroll_turns_a_miss_into_another_try():
    odds = success_distribution(1, "ranged", rerolls=1)
    # Ranged: a miss is a melee face (1/2); with one reroll, failing needs two misses.
    assert odds[0] == pytest.approx(1 / 4)


def test_zero_dice_always_score_nothing():
    assert success_distribution(0, "defense", rerolls=3) == {0: 1.0}


def test_no_defense_dice_means_every_hit_is_a_wound():
    assert wound_distribution(2, "melee") == pytest.approx(success_distribution(2, "melee"))


def test_an_attack_against_a_bigger_defense_can_still_wound():
    odds = wound_distribution(1, "melee", 6)
    assert 0 < sum(p for w, p in odds.items() if w > 0) < 0.7


def test_the_biggest_question_sums_to_one():
    odds = wound_distribution(12, "melee", 8, attack_rerolls=3, defense_rerolls=3)
    assert sum(odds.values()) == pytest.approx(1, abs=1e-9)


def test_clearing_the_caches_gives_the_same_answer():
    before = wound_distribution(5, "ranged", 3, attack_rerolls=2, defense_rerolls=1)
    clear_caches()
    assert wound_distribution(5, "ranged", 3, attack_rerolls=2, defense_rerolls=1) == before


def test_a_content_pack_can_give_its_own_faces():
    odds = wound_distribution(1, "melee", 1, attack_faces=("melee",), defense_faces=("blank",))
    assert odds == {0: 0.0, 1: 1.0}


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: wound_distribution(-1, "melee"), "number of dice"),
        (lambda: wound_distribution(1, "melee", -2), "number of dice"),
        (lambda: wound_distribution(1, "melee", attack_rerolls=-1), "number of rerolls"),
        (lambda: wound_distribution(1, "melee", defense_rerolls=-1), "number of rerolls"),
        (lambda: wound_distribution(1, "magic"), "unknown attack kind"),
        (lambda: success_distribution(1, "spawn"), "unknown roll kind"),
        (lambda: wound_distribution(1, "melee", attack_faces=("skull",)), "unknown die face"),
        (lambda: success_distribution(1, "defense", faces=("crit", "crit")), "forever"),
    ],
)
def test_impossible_questions_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@settings(max_examples=25, deadline=None)
@given(
    dice=st.integers(0, 20),
    rerolls=st.integers(0, 6),
    kind=st.sampled_from(["melee", "ranged", "defense"]),
)
def test_every_success_distribution_sums_to_one(dice, rerolls, kind):
    assert sum(success_distribution(dice, kind, rerolls=rerolls).values()) == pytest.approx(1, abs=1e-9)


SIMULATED_ROLLS = 20_000


def _sampling_tolerance(p: float) -> float:
    """Five standard errors of a share measured over SIMULATED_ROLLS rolls, plus five rolls for the rare
    outcomes (a long crit chain) seen too seldom for the normal approximation: a correct roller strays further
    about once in millions of checks, while a rule slip that moves a share by a percent or two is caught. An
    outcome the exact odds rule out (p = 0) must never be rolled."""
    if p == 0:
        return 0.0
    return 5 * math.sqrt(p * (1 - p) / SIMULATED_ROLLS) + 5 / SIMULATED_ROLLS


def _simulated_wounds(attack, kind, defense, attack_rerolls, defense_rerolls, rolls, seed):
    rng = random.Random(seed)
    counts: Counter[int] = Counter()
    for _ in range(rolls):
        hits = roll_attack(attack, kind, rng=rng, rerolls=attack_rerolls).successes
        saves = roll_defense(defense, rng=rng, rerolls=defense_rerolls).successes
        counts[max(0, hits - saves)] += 1
    return {wounds: count / rolls for wounds, count in counts.items()}


@settings(max_examples=5, deadline=None)
@given(
    attack=st.integers(1, 3),
    kind=st.sampled_from(["melee", "ranged"]),
    defense=st.integers(0, 2),
    attack_rerolls=st.integers(0, 2),
    defense_rerolls=st.integers(0, 1),
    seed=st.integers(0, 2**32),
)
def test_wound_odds_match_twenty_thousand_simulated_rolls(
    attack, kind, defense, attack_rerolls, defense_rerolls, seed
):
    exact = wound_distribution(
        attack, kind, defense, attack_rerolls=attack_rerolls, defense_rerolls=defense_rerolls
    )
    simulated = _simulated_wounds(
        attack, kind, defense, attack_rerolls, defense_rerolls, SIMULATED_ROLLS, seed
    )
    for wounds in set(exact) | set(simulated):
        p = exact.get(wounds, 0.0)
        assert simulated.get(wounds, 0.0) == pytest.approx(p, abs=_sampling_tolerance(p)), wounds
