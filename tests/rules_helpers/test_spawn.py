import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_helpers.spawn import (
    NO_TOKEN,
    NOT_KNOWN,
    TO_TOKEN,
    TOKEN_IF_ON_BOARD,
    TOKEN_OFF_BOARD,
    SpawnOutcome,
    SpawnToken,
    chance_of_no_token,
    check_pairs_on_tokens,
    choose_spawn,
    pair_rolls,
    resolve_spawn,
    spawn_distribution,
    tokens_after,
)
from tests.rules_helpers.scripted import ScriptedRandom

BOARD = (
    SpawnToken(("melee", "ranged")),
    SpawnToken(("crit", "melee")),
    SpawnToken(("melee", "melee")),
)


def test_a_figure_goes_to_the_token_showing_its_pair_in_either_order():
    outcomes = resolve_spawn(["harpy"], BOARD, rng=ScriptedRandom(["ranged", "melee"]))
    assert outcomes == [SpawnOutcome("harpy", ("ranged", "melee"), 0, True)]


def test_a_figure_with_no_matching_token_goes_to_the_box():
    outcomes = resolve_spawn(["demoness"], BOARD, rng=ScriptedRandom(["crit", "crit"]))
    assert outcomes == [SpawnOutcome("demoness", ("crit", "crit"), None, False)]


def test_a_figure_whose_token_space_is_full_goes_to_the_box():
    board = (SpawnToken(("melee", "melee"), occupants=2),)
    outcomes = resolve_spawn(["harpy"], board, rng=ScriptedRandom(["melee", "melee"]))
    assert outcomes == [SpawnOutcome("harpy", ("melee", "melee"), 0, False)]


def test_figures_spawn_in_slot_order_and_fill_a_space_for_those_after_them():
    board = (SpawnToken(("melee", "melee"), occupants=1),)
    rng = ScriptedRandom(["melee", "melee", "melee", "melee"])
    first, second = resolve_spawn(["cerberus", "harpy"], board, rng=rng)
    assert (first.figure, first.placed) == ("cerberus", True)
    assert (second.figure, second.token, second.placed) == ("harpy", 0, False)


def test_an_empty_spawn_tile_rolls_nothing():
    assert resolve_spawn([], BOARD, rng=ScriptedRandom()) == []


def test_the_same_seed_spawns_the_same_way():
    figures = ["harpy", "harpy", "demoness", "cerberus", "demon-pitcher"]
    assert resolve_spawn(figures, BOARD, rng=random.Random(7)) == resolve_spawn(
        figures, BOARD, rng=random.Random(7)
    )


def test_tokens_after_counts_the_placed_figures():
    outcomes = resolve_spawn(
        ["harpy", "harpy"], BOARD, rng=ScriptedRandom(["melee", "melee", "crit", "crit"])
    )
    assert [token.occupants for token in tokens_after(BOARD, outcomes)] == [0, 0, 1]


def test_the_chance_of_each_outcome_covers_every_token_and_the_box():
    (first,) = spawn_distribution(["harpy"], BOARD)
    assert first[0] == pytest.approx(2 * 3 / 6 * 2 / 6)
    assert first[1] == pytest.approx(2 * 1 / 6 * 3 / 6)
    assert first[2] == pytest.approx(3 / 6 * 3 / 6)
    assert first[None] == pytest.approx(1 - first[0] - first[1] - first[2])


def test_a_full_space_sends_later_figures_to_the_box_in_the_odds_too():
    board = (SpawnToken(("melee", "melee"), occupants=1),)
    first, second = spawn_distribution(["cerberus", "harpy"], board)
    assert first[0] == pytest.approx(1 / 4)
    # The harpy is placed only if the cerberus missed the token and the harpy hit it.
    assert second[0] == pytest.approx(3 / 4 * 1 / 4)


def test_the_ticket_scalper_places_or_removes_each_figure_without_rolling():
    outcomes = choose_spawn(["harpy", "demoness"], BOARD, [2, None])
    assert outcomes == [SpawnOutcome("harpy", (), 2, True), SpawnOutcome("demoness", (), None, False)]


def test_the_ticket_scalper_may_fill_a_space_with_two_figures():
    outcomes = choose_spawn(["harpy", "harpy"], BOARD, [1, 1])
    assert [token.occupants for token in tokens_after(BOARD, outcomes)] == [0, 2, 0]


def test_the_ticket_scalper_cannot_choose_a_token_filled_earlier_in_the_same_spawn():
    board = (SpawnToken(("melee", "melee"), occupants=1),)
    with pytest.raises(ValueError, match="only choose a free Spawn token"):
        choose_spawn(["harpy", "harpy"], board, [0, 0])


def test_the_ticket_scalper_cannot_choose_a_token_that_is_not_on_the_board():
    with pytest.raises(ValueError, match="there is no token 3"):
        choose_spawn(["harpy"], BOARD, [3])


def test_the_ticket_scalper_makes_one_choice_per_figure():
    with pytest.raises(ValueError, match="one choice per spawning figure"):
        choose_spawn(["harpy", "harpy"], BOARD, [0])


def test_a_sixth_figure_on_the_spawn_tile_is_refused():
    with pytest.raises(ValueError, match="5 slots"):
        resolve_spawn(["harpy"] * 6, BOARD, rng=random.Random(1))


def test_a_sixth_spawn_token_is_refused():
    pairs = [
        ("melee", "melee"),
        ("melee", "ranged"),
        ("melee", "crit"),
        ("ranged", "ranged"),
        ("crit", "crit"),
    ]
    board = [SpawnToken(pair) for pair in [*pairs, ("ranged", "crit")]]
    with pytest.raises(ValueError, match="holds 5 Spawn tokens"):
        spawn_distribution(["harpy"], board)


def test_two_spawn_tokens_with_the_same_pair_are_refused():
    board = (SpawnToken(("melee", "ranged")), SpawnToken(("ranged", "melee")))
    with pytest.raises(ValueError, match="same pair"):
        resolve_spawn(["harpy"], board, rng=random.Random(1))


def test_a_spawn_token_with_a_symbol_the_die_lacks_is_refused():
    with pytest.raises(ValueError, match=r"symbol \[.shield.\] is not a face of the Attack die"):
        resolve_spawn(["harpy"], (SpawnToken(("shield", "melee")),), rng=random.Random(1))


def test_a_spawn_token_needs_exactly_two_symbols():
    with pytest.raises(ValueError, match="pair of symbols"):
        SpawnToken(("melee",))  # type: ignore[arg-type]


@pytest.mark.parametrize("occupants", [-1, 3])
def test_a_space_holds_no_fewer_than_zero_and_no_more_than_two_characters(occupants):
    with pytest.raises(ValueError, match="Space holds 0 to 2 characters"):
        SpawnToken(("melee", "melee"), occupants)


pairs = st.sampled_from(["melee", "ranged", "crit"]).flatmap(
    lambda a: st.sampled_from(["melee", "ranged", "crit"]).map(lambda b: (a, b))
)
boards = st.lists(
    st.tuples(pairs, st.integers(0, 2)), max_size=5, unique_by=lambda token: tuple(sorted(token[0]))
).map(lambda tokens: [SpawnToken(symbols, occupants) for symbols, occupants in tokens])


@settings(max_examples=60, deadline=None)
@given(board=boards, figures=st.integers(0, 5), seed=st.integers(0, 2**32))
def test_a_spawn_never_puts_more_than_two_characters_on_a_token_space(board, figures, seed):
    outcomes = resolve_spawn(["harpy"] * figures, board, rng=random.Random(seed))
    assert all(token.occupants <= 2 for token in tokens_after(board, outcomes))
    assert all(outcome.token is not None for outcome in outcomes if outcome.placed)


@settings(max_examples=30, deadline=None)
@given(board=boards, figures=st.integers(0, 5))
def test_each_figures_spawn_odds_sum_to_one(board, figures):
    for where in spawn_distribution(["harpy"] * figures, board):
        assert sum(where.values()) == pytest.approx(1, abs=1e-9)
        assert set(where) == {*range(len(board)), None}


# --- Each pair a roll can show, and whether a Spawn token shows it --------------------------------------

SIX_PAIRS = [
    (("melee", "melee"), True),
    (("melee", "ranged"), True),
    (("melee", "crit"), True),
    (("ranged", "ranged"), True),
    (("ranged", "crit"), True),
    (("crit", "crit"), False),
]


def test_each_pairs_chance_is_two_attack_dice_read_unordered():
    """RB p24 / GF:257: two Attack dice, read as an unordered pair. On a die of three melee, two ranged and
    one crit face (GF:64-68), a mixed pair has both orders: melee + ranged is 2 x 3 x 2 of 36."""
    rolls = pair_rolls(SIX_PAIRS)
    chances = {roll.symbols: roll.chance for roll in rolls}
    assert chances[("melee", "ranged")] == pytest.approx(12 / 36)
    assert chances[("melee", "melee")] == pytest.approx(9 / 36)
    assert chances[("crit", "crit")] == pytest.approx(1 / 36)
    assert sum(chances.values()) == pytest.approx(1)


def test_what_a_roll_does_follows_the_board_and_whether_a_token_shows_the_pair():
    """RB p24: the figure goes to the token on the board showing its pair, else to the box; why it goes to
    the box is whether a Spawn token shows the pair at all (GF:257: not in the rules; a table says)."""
    pairs = [*SIX_PAIRS[:5], (("crit", "crit"), None)]
    board = [SpawnToken(("ranged", "melee")), SpawnToken(("crit", "crit"))]
    by_pair = {roll.symbols: roll for roll in pair_rolls(SIX_PAIRS, board)}
    assert (by_pair[("melee", "ranged")].does, by_pair[("melee", "ranged")].token) == (TO_TOKEN, 0)
    assert by_pair[("melee", "melee")].does == TOKEN_OFF_BOARD
    # The board shows a pair the content says no token shows: the board wins, and says so.
    assert by_pair[("crit", "crit")].does == TO_TOKEN and by_pair[("crit", "crit")].contradicted
    unknown = {roll.symbols: roll.does for roll in pair_rolls(pairs)}
    assert unknown[("crit", "crit")] == NOT_KNOWN and unknown[("melee", "melee")] == TOKEN_IF_ON_BOARD
    assert pair_rolls(SIX_PAIRS, [])[5].does == NO_TOKEN
    # Only a pair no token shows (and none on the board) sends a figure to the box whatever the board.
    assert chance_of_no_token(pair_rolls(SIX_PAIRS, [])) == pytest.approx(1 / 36)
    assert chance_of_no_token(pair_rolls(SIX_PAIRS, board)) == 0


def test_the_box_has_five_spawn_tokens_so_at_most_five_pairs_are_on_one():
    """RB p5: five Spawn tokens, one pair each."""
    check_pairs_on_tokens(5)
    with pytest.raises(ValueError, match="at most 5 pairs are on one, not 6"):
        check_pairs_on_tokens(6)
