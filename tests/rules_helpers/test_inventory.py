import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_helpers.inventory import (
    bought_card_places,
    check_card_gained,
    check_guild_card_limit,
    check_movable,
    check_one_curse,
    check_redistributed,
    check_slot,
    curse_slot,
    free_slot,
    starter_deal,
)


def exactly(message):
    return f"^{re.escape(message)}$"


slot_sets = st.sets(st.integers(1, 6), max_size=6)


# Slots


@pytest.mark.parametrize("slot", [1, 4])
def test_a_hero_has_slots_one_to_four(slot):
    """RB:371 "each Hero has an inventory of 4 card slots"."""
    assert check_slot(slot) == slot


@pytest.mark.parametrize("slot", [0, 5, True, "2", None])
def test_a_slot_outside_the_heros_four_is_refused(slot):
    """RB:371 "each Hero has an inventory of 4 card slots"."""
    with pytest.raises(ValueError, match=exactly("A hero has inventory slots 1 to 4.")):
        check_slot(slot)


def test_an_edition_may_give_heroes_more_slots():
    assert check_slot(5, slots=5) == 5


def test_the_free_slot_is_the_lowest_empty_one():
    """RB:372-373 "Each Hero can only use the 4 cards in their inventory"."""
    assert free_slot(set()) == 1
    assert free_slot({1, 2, 4}) == 3
    assert free_slot({1, 2, 3, 4}) is None
    assert free_slot({1, 2, 3, 4}, slots=5) == 5


@given(taken=slot_sets, slots=st.integers(1, 5))
def test_a_free_slot_is_never_taken_and_is_missed_only_when_all_are(taken, slots):
    """RB:371: a card goes in one of the Hero's 4 slots, never onto another card."""
    slot = free_slot(taken, slots=slots)
    if slot is None:
        assert set(range(1, slots + 1)) <= taken
    else:
        assert slot not in taken and 1 <= slot <= slots
        assert all(lower in taken for lower in range(1, slot))


# The card limit


def test_a_guild_with_eleven_cards_may_take_a_twelfth():
    """BR:233 "If a Guild has more than 12 Upgrade cards, it will have to discard any excess cards"."""
    check_guild_card_limit(11)
    check_guild_card_limit(10, 2)


@pytest.mark.parametrize(("held", "adding"), [(12, 1), (11, 2)])
def test_a_guild_cannot_hold_a_thirteenth_upgrade_card(held, adding):
    """BR:233 "If a Guild has more than 12 Upgrade cards, it will have to discard any excess cards"."""
    with pytest.raises(
        ValueError, match=exactly("A guild holds at most 12 upgrade cards; discard one first.")
    ):
        check_guild_card_limit(held, adding)


def test_the_card_limit_comes_from_the_edition():
    check_guild_card_limit(12, limit=13)
    with pytest.raises(ValueError, match="at most 10"):
        check_guild_card_limit(10, limit=10)


def test_a_negative_card_count_is_refused():
    with pytest.raises(ValueError, match="whole number"):
        check_guild_card_limit(-1)


# Death Curses


def test_only_upgrade_cards_move_between_heroes():
    """RB:711-713 "The player may reorganize his cards, moving any number of them among any of his Heroes.
    Death Curse cards, however, cannot be moved around."""
    check_movable("card")
    with pytest.raises(ValueError, match=exactly("Death Curses cannot be moved between heroes.")):
        check_movable("curse")
    with pytest.raises(ValueError, match=exactly("Only upgrade cards can be moved.")):
        check_movable("token")


def test_a_hero_keeps_one_death_curse():
    """RB:1628-1630 "each Hero gets 1 Death Curse card per Death token ... and keeps only the highest
    card"."""
    check_one_curse(False, hero="Diana")
    with pytest.raises(
        ValueError, match=exactly("Diana already keeps a Death Curse; a hero keeps only one.")
    ):
        check_one_curse(True, hero="Diana")


def test_a_curse_beside_the_hero_card_takes_no_slot():
    """BR:225 "some Death Curse cards are merely placed next to that Hero's card, while others must occupy one
    of that Hero's inventory slots"; GF:213 INFD-03 Sinful takes no slot."""
    assert curse_slot(False, None, taken={1}) is None
    with pytest.raises(ValueError, match=exactly("Sinful does not take an inventory slot.")):
        curse_slot(False, 2, taken={1}, curse="Sinful")


def test_a_slot_taking_curse_takes_the_first_free_slot():
    """GF:215 INFD-07 "occupies a card slot"."""
    assert curse_slot(True, None, taken={1, 2}) == 3


def test_a_slot_taking_curse_covers_the_last_slot_when_all_hold_cards():
    """BR:226 "it is possible to keep an upgrade card under it, though that card cannot be accessed until the
    curse is removed"."""
    assert curse_slot(True, None, taken={1, 2, 3, 4}) == 4
    assert curse_slot(True, 2, taken={1, 2, 3, 4}) == 2


def test_a_slot_taking_curse_needs_a_slot_of_the_hero():
    with pytest.raises(ValueError, match=exactly("A hero has inventory slots 1 to 4.")):
        curse_slot(True, 5, taken=set())


# After the Upgrade Phase


def test_twelve_cards_in_slots_are_a_redistributed_guild():
    """BR:233 "Each player then distributes his new Upgrade cards among his Heroes ... If a Guild has more
    than 12 Upgrade cards, it will have to discard any excess cards."."""
    check_redistributed([1, 2, 3, 4] * 3)


def test_a_card_waiting_past_the_last_slot_must_be_moved_first():
    with pytest.raises(
        ValueError,
        match=exactly("Every card must sit in one of a hero's 4 slots; move or discard the extra ones."),
    ):
        check_redistributed([1, 2, 3, 4, 5])


def test_a_guild_keeps_twelve_cards_after_the_upgrade_phase():
    """BR:233 "If a Guild has more than 12 Upgrade cards, it will have to discard any excess cards"."""
    with pytest.raises(
        ValueError, match=exactly("A guild keeps at most 12 upgrade cards; discard down to 12.")
    ):
        check_redistributed([1, 2, 3, 4] * 3 + [1])
    check_redistributed([1, 2, 3, 4] * 3 + [1], limit=13)


# Bought cards


def test_a_bought_card_takes_the_first_free_slot_in_hero_order():
    """BR:233 "Each player then distributes his new Upgrade cards among his Heroes"; the app offers the first
    free slot, fielded Heroes first."""
    heroes = [("diana", {1, 2, 3, 4}), ("mark", {1, 3}), ("kisha", set())]
    assert bought_card_places(heroes) == [("mark", 2)]
    assert bought_card_places(heroes, 3) == [("mark", 2), ("mark", 4), ("kisha", 1)]


def test_with_no_free_slot_a_bought_card_waits_past_the_first_heros_last_card():
    """BR:233: a Guild redistributes its cards after buying; until then the extra card waits past slot 4."""
    full = [("diana", {1, 2, 3, 4}), ("mark", {1, 2, 3, 4})]
    assert bought_card_places(full, 2) == [("diana", 5), ("diana", 6)]
    assert bought_card_places([("diana", {1, 2, 3, 4, 5})], slots=4) == [("diana", 6)]


def test_a_bought_card_never_lands_under_a_curse_covered_slot():
    """BR:225-226: a card under a slot-taking Death Curse "cannot be accessed until the curse is removed", so
    a bought card goes to a free uncovered slot, of another Hero if need be (M6)."""
    heroes = [("kisha", {1, 2, 3}), ("mark", {1}), ("diana", set())]
    assert bought_card_places(heroes, covered=[4, None, None]) == [("mark", 2)]
    assert bought_card_places(heroes, 3, covered=[4, 2, None]) == [("mark", 3), ("mark", 4), ("diana", 1)]


def test_with_only_covered_slots_free_a_bought_card_waits_past_the_last():
    """BR:225-226 and BR:233: rather than under the curse, the card waits until the Guild redistributes."""
    assert bought_card_places([("kisha", {1, 2, 3})], covered=[4]) == [("kisha", 5)]


@given(
    taken=st.lists(slot_sets, min_size=1, max_size=4),
    covered=st.lists(st.one_of(st.none(), st.integers(1, 4)), min_size=4, max_size=4),
    count=st.integers(0, 6),
)
def test_a_bought_card_never_lands_on_a_taken_or_covered_slot(taken, covered, count):
    """RB:371 and BR:225-226: one card per slot, and none put under a Death Curse."""
    heroes = list(enumerate(taken))
    places = bought_card_places(heroes, count, covered=covered)
    assert len(places) == len(set(places)) == count
    assert not any(slot in taken[hero] or slot == covered[hero] for hero, slot in places)


def test_nothing_can_be_placed_in_a_guild_without_heroes():
    with pytest.raises(ValueError, match="no Heroes"):
        bought_card_places([])


@given(taken=st.lists(slot_sets, min_size=1, max_size=4), count=st.integers(0, 6))
def test_a_bought_card_never_lands_on_a_taken_slot(taken, count):
    """RB:371: one card per slot; a bought card never covers another."""
    heroes = list(enumerate(taken))
    places = bought_card_places(heroes, count)
    assert len(places) == len(set(places)) == count
    assert not any(slot in taken[hero] for hero, slot in places)
    room = sum(len(set(range(1, 5)) - hero_slots) for hero_slots in taken)
    assert sum(slot <= 4 for _, slot in places) == min(count, room)


# The starter deck


def test_the_starter_deck_is_dealt_one_card_per_hero_in_turn():
    """RB:365-370 "each Guild receives 5 Upgrade cards as starting equipment ... Each player can distribute
    their 5 cards among their 3 Heroes in any way"; the app deals them in turn, and the Guild may move
    them."""
    cards = ["dusty-blade", "grimbolt", "lifebound", "short-bow", "vile-trident"]
    assert starter_deal(cards, ["mark", "trandir", "kisha"]) == [
        ("dusty-blade", "mark", 1),
        ("grimbolt", "trandir", 1),
        ("lifebound", "kisha", 1),
        ("short-bow", "mark", 2),
        ("vile-trident", "trandir", 2),
    ]


def test_a_starter_deck_needs_heroes_to_deal_to():
    assert starter_deal([], ["mark"]) == []
    with pytest.raises(ValueError, match="has none"):
        starter_deal(["dusty-blade"], [])


def test_a_reward_card_joins_past_twelve_cards_and_any_other_card_does_not():
    """N4: BR:203 "(the player can discard one of his Upgrade cards to make room for his new Reward card if
    necessary)" asks for a slot; BR:233 "If a Guild has more than 12 Upgrade cards, it will have to discard
    any excess cards" settles the limit in the Upgrade Phase."""
    check_card_gained(12, reward=True)
    check_card_gained(11, reward=False)
    with pytest.raises(ValueError, match="at most 12 upgrade cards"):
        check_card_gained(12, reward=False)
