"""Episodic Mode (rules_helpers/episodic.py; GF:298)."""

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
