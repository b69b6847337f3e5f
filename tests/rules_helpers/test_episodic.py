"""Episodic Mode (rules_helpers/episodic.py; GF:298)."""

import random
from collections import Counter

import pytest

from rules_helpers import episodic


@pytest.mark.parametrize(("level", "label"), [(1, "1"), (2, "2-3"), (3, "2-3"), (4, "4-5"), (6, "6")])
def test_the_chosen_level_picks_the_monster_card_a_campaign_would_use(level, label):
    """GF:298 "use Upgrade cards of any level chosen"; RB:479-485 level = scenario number ("Level 2-3")."""
    assert episodic.episodic_level(level) == label


@pytest.mark.parametrize("level", [0, 7, None, "3", True])
def test_a_level_outside_one_to_six_is_refused(level):
    """GF:298: a level the campaign has (RB:392: six scenarios)."""
    with pytest.raises(ValueError, match="GF:298"):
        episodic.episodic_level(level)


def test_an_episodic_game_carries_nothing_into_later_games():
    """GF:298 "play any single scenario without campaign consequences"."""
    assert not episodic.carries_consequences(episodic=True)
    assert episodic.carries_consequences(episodic=False)


def test_only_an_episodic_game_chooses_its_level():
    """RB:479-485: a campaign's Monster level is the scenario's number."""
    with pytest.raises(ValueError, match="RB:479-485"):
        episodic.check_level_only_when_episodic(3, episodic=False)
    episodic.check_level_only_when_episodic(None, episodic=False)
    episodic.check_level_only_when_episodic(3, episodic=True)


def test_the_upgrade_deck_of_a_level_is_named_as_in_a_campaign():
    """BR:230 "Level 1 deck after the first scenario, Level 2 deck after the second"."""
    assert episodic.upgrade_deck(4) == "level-4"


@pytest.mark.parametrize("level", [1, 5])
def test_an_episodic_deal_uses_one_of_the_boxs_upgrade_decks(level):
    """GF:298 "use Upgrade cards of any level chosen"; BR:230 a deck per Upgrade Phase, GF:204 Level 1-5."""
    assert episodic.check_deal_level(level) == level


@pytest.mark.parametrize("level", [0, 6, None, "2", True])
def test_an_episodic_deal_from_a_deck_the_box_lacks_is_refused(level):
    """GF:204 "Starter + Level 1-5": there is no Level 6 Upgrade deck (no Upgrade Phase after the 6th)."""
    with pytest.raises(ValueError, match="GF:298"):
        episodic.check_deal_level(level)


def test_an_episodic_deal_gives_each_guild_the_number_the_table_chose_from_the_shuffled_deck():
    """BR:230 "Shuffle the Upgrade deck ... Each player is dealt"; GF:298 gives no number, the table does."""
    deck = [f"card-{n}" for n in range(10)] + ["card-0"]
    hands = episodic.deal_upgrade_cards(["yellow", "teal", "gray"], deck, 3, rng=random.Random(7))
    assert [len(hand) for hand in hands.values()] == [3, 3, 3]
    dealt = Counter(card for hand in hands.values() for card in hand)
    assert not dealt - Counter(deck)  # never more copies than the deck holds
    # Seeded: the same seed deals the same hands; another seed another deal.
    assert hands == episodic.deal_upgrade_cards(["yellow", "teal", "gray"], deck, 3, rng=random.Random(7))
    assert hands != episodic.deal_upgrade_cards(["yellow", "teal", "gray"], deck, 3, rng=random.Random(8))


@pytest.mark.parametrize("cards", [0, 13, None, 2.0, True])
def test_an_episodic_deal_needs_a_number_from_one_to_the_guild_limit(cards):
    """GF:298 gives no number; BR:233 "If a Guild has more than 12 Upgrade cards, it will have to discard"."""
    with pytest.raises(ValueError, match="GF:298"):
        episodic.deal_upgrade_cards(["yellow"], ["a"] * 20, cards, rng=random.Random(1))


def test_an_episodic_deal_from_a_short_deck_is_refused_not_dealt_unevenly():
    """BR:230 each player is dealt the same number; a deck too short for all is refused."""
    with pytest.raises(ValueError, match="holds 5 cards"):
        episodic.deal_upgrade_cards(["yellow", "teal"], ["a"] * 5, 3, rng=random.Random(1))


def test_the_monsters_page_shows_the_level_of_the_game_being_played_first():
    """N3: GF:298 "use Upgrade cards of any level chosen"; RB:479-482 the card "for the level equal to the
    number of the scenario being played". The game tracked live decides; else the level asked for; else the
    last game's; else 1 (decision: the sources give no page)."""
    assert episodic.monsters_page_level(live="6", asked=2, last="1") == 6
    assert episodic.monsters_page_level(live="4-5", asked=None, last=None) == 4
    assert episodic.monsters_page_level(live=None, asked=3, last="6") == 3
    assert episodic.monsters_page_level(live=None, asked=7, last="2-3") == 2
    assert episodic.monsters_page_level(live=None, asked="3", last=None) == 1
    assert episodic.monsters_page_level(live="no-such-card", asked=None, last=None) == 1


def test_each_level_card_is_offered_once_with_the_first_level_using_it():
    """RB:485 the third scenario uses the "Level 2-3" card: levels 2 and 3 are one choice."""
    assert episodic.level_choices() == [(1, "1"), (2, "2-3"), (4, "4-5"), (6, "6")]
    assert episodic.level_position("2-3") == 2 and episodic.level_position("7") is None
