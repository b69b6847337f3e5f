"""Starting Areas, the seating they imply and who plays first (Inferno rulebook p.10-11 and p.14; base rules).

RB:503-509 (BR:74-75) "Each player is randomly assigned one of [the Starting Areas]: Put one Guild token from
each player in a dice bag or closed hand and randomly place one token next to each Starting Area". RB:515-517
(BR:77) "In a 3-player game the Player 4 Starting Area is not used. In a 2-player game the Player 3 and
Player 4 Starting Areas are not used": a table of n Guilds uses the areas 1 to n.

RB:511-512 (BR:75) "Players must sit around the table in the same order as their starting areas." The sources
do not say which way round. Decision: the Guilds sit clockwise in the order of their areas, so the player on
a player's left is the one at the next area (after the last area comes area 1). Turns also go to the left,
clockwise (BR:95 "The first player takes his turn, then the player to his left"), so "pass to the left" in
both drafts (RB:340-346, RB:1633; BR:230-231) and "the player to the left of the winner" (BR:96) read the
same order.
"""

import random
from collections.abc import Mapping, Sequence

from rules_helpers.counts import is_whole_number
from rules_helpers.refusals import RuleError


def draw_starting_areas(guilds: Sequence[str], *, rng: random.Random) -> dict[str, int]:
    """Each Guild's Starting Area, drawn at random like tokens from a bag (RB:505-509; BR:74-75)."""
    if len(set(guilds)) != len(guilds):
        raise RuleError("Each guild draws one starting area.")
    areas = list(range(1, len(guilds) + 1))
    rng.shuffle(areas)
    return dict(zip(guilds, areas, strict=True))


def check_starting_areas(areas: object, guilds: Sequence[str]) -> dict[str, int]:
    """Starting Areas the table drew itself: one per Guild, the areas 1 to n, each once (RB:505-517)."""
    if not isinstance(areas, Mapping) or sorted(map(str, areas)) != sorted(guilds):
        raise RuleError(
            "Give one starting area for each guild: %(guilds)s.", guilds=", ".join(sorted(guilds))
        )
    numbers = list(areas.values())
    if not all(is_whole_number(n) for n in numbers) or sorted(numbers) != list(range(1, len(guilds) + 1)):
        count = len(guilds)
        raise RuleError(
            "With %(count)s guilds the starting areas are 1 to %(count)s, each used once (RB:515-517).",
            count=count,
        )
    return {str(guild): int(area) for guild, area in areas.items()}


def seating(areas: Mapping[str, int]) -> tuple[str, ...]:
    """The Guilds clockwise around the table, in the order of their Starting Areas (RB:511-512)."""
    return tuple(sorted(areas, key=lambda guild: areas[guild]))


def left_of(order: Sequence[str], guild: str) -> str:
    """The Guild sitting to the left of ``guild``: the next one clockwise (see the module's decision)."""
    if guild not in order:
        raise RuleError("%(guild)s is not seated at this table.", guild=repr(guild))
    return order[(order.index(guild) + 1) % len(order)]


def first_player(order: Sequence[str], previous_winner: str | None, *, rng: random.Random) -> str:
    """Who takes the first turn of a scenario (BR:96; GF:81 from RB p.14).

    BR:96 "The first player to take his turn at the start of a scenario is the one sitting to the left of
    the player who won the last scenario. At the very first scenario of a campaign, however, the first
    player is chosen randomly." ``previous_winner`` is None for the first scenario.
    """
    if not order:
        raise RuleError("Nobody is seated at the table.")
    if previous_winner is None:
        return rng.choice(list(order))
    return left_of(order, previous_winner)
