import random

import pytest

from rules_helpers.curses import Curse, CurseDraw, curse_draw_count, draw_curses
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


def test_a_negative_draw_count_is_refused():
    with pytest.raises(ValueError, match="Death Curse cards for mark"):
        draw_curses([SHOCK], [("mark", -1)], rng=ScriptedRandom())


def test_a_curse_with_a_negative_value_is_refused():
    with pytest.raises(ValueError, match="Death Curse's value"):
        Curse("D-99", -1)
