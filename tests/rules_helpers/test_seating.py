"""Starting Areas, seating and the first player (rules_helpers.seating)."""

import random

import pytest

from rules_helpers.seating import check_starting_areas, draw_starting_areas, first_player, left_of, seating

GUILDS = ["yellow", "teal", "gray"]


def test_each_guild_draws_one_of_the_starting_areas_at_random():
    """RB:505-509 "Put one Guild token from each player in a dice bag … randomly place one token next to each
    Starting Area"; RB:515-516 "In a 3-player game the Player 4 Starting Area is not used"."""
    areas = draw_starting_areas(GUILDS, rng=random.Random(3))
    assert sorted(areas) == sorted(GUILDS)
    assert sorted(areas.values()) == [1, 2, 3]
    draws = {tuple(sorted(draw_starting_areas(GUILDS, rng=random.Random(s)).items())) for s in range(40)}
    assert len(draws) == 6  # every seating can come out of the bag


def test_the_table_sits_in_the_order_of_the_starting_areas():
    """RB:511-512 "Players must sit around the table in the same order as their starting areas"."""
    assert seating({"yellow": 3, "teal": 1, "gray": 2}) == ("teal", "gray", "yellow")


def test_passing_left_goes_to_the_next_area_and_wraps_around():
    """RB:1633 "passes the rest to the left"; BR:95 turns go clockwise, "then the player to his left"."""
    order = seating({"yellow": 3, "teal": 1, "gray": 2})
    assert left_of(order, "teal") == "gray"
    assert left_of(order, "yellow") == "teal"


def test_the_first_player_sits_left_of_the_last_winner():
    """BR:96 "The first player … is the one sitting to the left of the player who won the last scenario";
    GF:81."""
    order = seating({"yellow": 2, "teal": 1, "gray": 3})
    assert first_player(order, "gray", rng=random.Random(0)) == "teal"
    assert first_player(order, "teal", rng=random.Random(0)) == "yellow"


def test_the_first_scenarios_first_player_is_drawn_at_random():
    """BR:96 "At the very first scenario of a campaign, however, the first player is chosen randomly"."""
    firsts = {first_player(GUILDS, None, rng=random.Random(seed)) for seed in range(30)}
    assert firsts == set(GUILDS)


def test_starting_areas_the_table_drew_are_checked():
    """RB:515-517: n guilds use the areas 1 to n, each once."""
    assert check_starting_areas({"yellow": 2, "teal": 1}, ["yellow", "teal"]) == {"yellow": 2, "teal": 1}
    with pytest.raises(ValueError, match="1 to 2, each used once"):
        check_starting_areas({"yellow": 1, "teal": 1}, ["yellow", "teal"])
    with pytest.raises(ValueError, match="1 to 2"):
        check_starting_areas({"yellow": 3, "teal": 1}, ["yellow", "teal"])
    with pytest.raises(ValueError, match="one starting area for each guild"):
        check_starting_areas({"yellow": 1}, ["yellow", "teal"])
