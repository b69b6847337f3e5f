import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_helpers.curses import (
    Curse,
    CurseDraw,
    check_heroes_once,
    curse_draw_count,
    draw_curses,
    draws_within_deck,
)
from tests.rules_helpers.scripted import ScriptedRandom

NO_CURSE, SHOCK, NOSEBLEED, AMNESIA, ETERNAL = (
    Curse("D-00", 0),
    Curse("D-02", 2),
    Curse("D-03", 3),
    Curse("D-04", 4),
    Curse("INFD-07", 7),
)


def test_diana_draws_three_curses_for_two_deaths_and_three_damnation():
    assert curse_draw_count(deaths=2, damnation=3) == 3


def test_every_two_damnation_add_a_card_and_an_odd_one_adds_nothing():
    assert curse_draw_count(0, 1) == 0
    assert curse_draw_count(0, 4) == 2
    assert curse_draw_count(1, 0) == 1


@pytest.mark.parametrize(("deaths", "damnation", "name"), [(-1, 0, "Death tokens"), (0, -2, "Damnation")])
def test_negative_deaths_or_damnation_are_refused(deaths, damnation, name):
    with pytest.raises(ValueError, match=name):
        curse_draw_count(deaths, damnation)


def test_a_hero_keeps_the_highest_curse_drawn():
    result = draw_curses([SHOCK, AMNESIA, NOSEBLEED], [("diana", 3)], rng=ScriptedRandom())
    assert result == {"diana": CurseDraw((SHOCK, AMNESIA, NOSEBLEED), AMNESIA)}


def test_on_a_tie_the_first_curse_drawn_is_kept():
    """U4: RB:1628-1630 "keeps only the highest card" and BR:224 do not say which of two equal cards; the
    first one drawn is kept."""
    first, second = Curse("D-03", 3), Curse("INFD-03", 3)
    assert draw_curses([first, second], [("mark", 2)], rng=ScriptedRandom())["mark"].kept is first


def test_heroes_draw_in_table_order_from_one_shuffled_deck():
    deck = [NO_CURSE, SHOCK, NOSEBLEED, AMNESIA]
    result = draw_curses(deck, [("mark", 1), ("kisha", 2)], rng=ScriptedRandom())
    assert result["mark"].drawn == (NO_CURSE,)
    assert result["kisha"].drawn == (SHOCK, NOSEBLEED)


def test_a_hero_without_deaths_or_damnation_draws_nothing_and_keeps_none():
    result = draw_curses([SHOCK], [("izzy", 0)], rng=ScriptedRandom())
    assert result == {"izzy": CurseDraw((), None)}


def test_when_the_deck_runs_out_the_discards_are_shuffled_into_a_new_deck():
    """U5: BR:224 reshuffles the deck only at the start of the phase; an empty deck mid-phase takes the
    discards, shuffled, as its new deck."""
    # Mark discards NO_CURSE and keeps SHOCK; the deck is then empty, so Kisha draws the discarded card.
    result = draw_curses([NO_CURSE, SHOCK], [("mark", 2), ("kisha", 1)], rng=ScriptedRandom())
    assert result["kisha"] == CurseDraw((NO_CURSE,), NO_CURSE)


def test_an_empty_deck_and_discard_pile_is_refused():
    with pytest.raises(ValueError, match="deck and its discard pile are both empty"):
        draw_curses([SHOCK, AMNESIA], [("mark", 1), ("kisha", 1), ("jaimie", 1)], rng=ScriptedRandom())


def test_the_same_seed_draws_the_same_curses():
    deck = [Curse(f"D-0{value}", value) for value in range(8)] * 3
    draws = [("mark", 2), ("kisha", 3), ("diana", 1)]
    assert draw_curses(deck, draws, rng=random.Random(3)) == draw_curses(deck, draws, rng=random.Random(3))


def test_drawing_does_not_change_the_callers_deck():
    deck = [SHOCK, AMNESIA, NOSEBLEED]
    draw_curses(deck, [("mark", 2)], rng=random.Random(1))
    assert deck == [SHOCK, AMNESIA, NOSEBLEED]


def test_a_hero_listed_twice_is_refused():
    with pytest.raises(ValueError, match="listed twice"):
        draw_curses([SHOCK, AMNESIA], [("mark", 1), ("mark", 1)], rng=ScriptedRandom())


def test_each_hero_is_named_once_in_a_phase_draws():
    """RB:1628-1630 "each Hero gets 1 Death Curse card per Death token": one draw per Hero per phase."""
    check_heroes_once(["diana", "mark"])
    with pytest.raises(ValueError, match="a Hero is listed twice"):
        check_heroes_once(["diana", "mark", "diana"])


def test_a_negative_draw_count_is_refused():
    with pytest.raises(ValueError, match="Death Curse cards for mark"):
        draw_curses([SHOCK], [("mark", -1)], rng=ScriptedRandom())


def test_a_curse_with_a_negative_value_is_refused():
    with pytest.raises(ValueError, match="Death Curse's value"):
        Curse("D-99", -1)


def test_the_damnation_per_card_comes_from_the_edition():
    """RB:762-764 "each Hero draws one extra Death Curse card for every two Damnation tokens"."""
    assert curse_draw_count(0, 3, damnation_per_card=3) == 1


def test_a_full_deck_lets_every_hero_draw_all_its_cards():
    """GF:207 "Inferno box: 24 Death Curse cards": the box's deck never runs dry."""
    draws = [("diana", 3), ("mark", 0), ("kisha", 5)]
    assert draws_within_deck(draws, 24) == draws


def test_a_short_deck_gives_each_hero_only_the_cards_nobody_kept():
    """RB:1628-1630 each Hero "keeps only the highest card": the rest go back, so only kept cards leave."""
    draws = [("diana", 3), ("mark", 2), ("kisha", 1), ("izzy", 1)]
    assert draws_within_deck(draws, 3) == [("diana", 3), ("mark", 2), ("kisha", 1), ("izzy", 0)]
    assert draws_within_deck(draws, 2) == [("diana", 2), ("mark", 1), ("kisha", 0), ("izzy", 0)]
    assert draws_within_deck(draws, 0) == [("diana", 0), ("mark", 0), ("kisha", 0), ("izzy", 0)]


def test_a_capped_draw_refuses_what_a_draw_refuses():
    with pytest.raises(ValueError, match="listed twice"):
        draws_within_deck([("mark", 1), ("mark", 1)], 5)
    with pytest.raises(ValueError, match="Death Curse cards in the deck"):
        draws_within_deck([("mark", 1)], -1)


@given(counts=st.lists(st.integers(0, 4), max_size=12), size=st.integers(0, 8))
def test_drawing_within_the_deck_never_runs_it_dry(counts, size):
    """RB:1628-1630: each drawing Hero keeps one card, and a draw needs a card in the deck or its discards."""
    draws = [(f"hero-{n}", count) for n, count in enumerate(counts)]
    capped = draws_within_deck(draws, size)
    assert all(0 <= allowed <= count for (_, count), (_, allowed) in zip(draws, capped, strict=True))
    deck = [Curse(f"D-{n:02}", n % 8) for n in range(size)]
    drawn = draw_curses(deck, capped, rng=random.Random(size)) if size else {}
    assert sum(1 for draw in drawn.values() if draw.kept) == sum(1 for _, allowed in capped if allowed)


# --- The deck drawn from (W12) --------------------------------------------------------------------------


def test_the_full_box_deck_is_complete():
    """GF:207 "Inferno box: 24 Death Curse cards [RB p5]": copies that add up to 24 are the box's deck."""
    from rules_helpers.curses import curse_deck_check

    check = curse_deck_check({"INFD-00": 10, "INFD-01": 3, "INFD-02": 2, "INFD-03": 3, "X": 6})
    assert check.complete and check.cards == 24 and check.note() is None


def test_a_deck_with_unknown_copies_says_so():
    """GF:8-9 data policy: missing data is shown, never invented; an unknown count is shuffled in once."""
    from rules_helpers.curses import curse_deck_check

    check = curse_deck_check({"INFD-00": None, "INFD-01": 3})
    assert not check.complete and check.cards == 4
    assert "4 of the box's 24" in check.note() and "INFD-00" in check.note()


def test_a_deck_whose_copies_do_not_add_up_to_the_box_is_incomplete():
    """GF:207: 24 cards; a pack short of that draws with other odds and says so."""
    from rules_helpers.curses import curse_deck_check

    check = curse_deck_check({"INFD-00": 10, "INFD-01": 3})
    assert not check.complete and "13 of the box's 24" in check.note()
