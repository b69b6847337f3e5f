"""Both editions' campaign maps, written out for the progression tests.

The app reads its maps from the content packs (the Circle rows); these copies follow game-facts.md (GF:37-52)
so the rules can be tested without a database.
"""

from rules_helpers.progression import Circle

INFERNO = (
    Circle("first", 1, 1, ("beyond-the-gates-of-hell", "ferry-of-the-dead")),
    Circle("second-west", 2, 2, ("lost-in-the-dark", "the-prisoner", "the-parade"), "second"),
    Circle("second-east", 2, 2, ("the-cursed-pony", "the-impure-fountain", "hells-kitchen"), "second"),
    Circle("third", 3, 2, ("hells-parliamentary-commission", "pit-of-tormented-souls", "the-fallen-temple")),
    Circle("final", 4, 1, ("hit-rock-bottom",)),
)

ARCADIA_QUEST = (
    Circle(
        "outer",
        1,
        3,
        (
            "district-of-hammers",
            "brightsun-arena",
            "the-moon-gate",
            "the-rookery",
            "the-orcs-hive",
            "the-manor",
        ),
    ),
    Circle(
        "inner",
        2,
        2,
        ("alchemists-district", "the-university-plaza", "red-dawn-square", "evershadow-district"),
    ),
    Circle("final", 3, 1, ("the-temple-of-dawning-twilight",)),
)

# The Angel rescued in each Inferno scenario that has one (GF:92-97).
INFERNO_ANGELS = {
    "the-prisoner": "angel-eyes",
    "the-parade": "benjamin",
    "the-cursed-pony": "the-wanderer",
    "hells-kitchen": "leah",
    "hells-parliamentary-commission": "justicar",
}


def scenarios_played(structure: tuple[Circle, ...]) -> int:
    """How many scenarios a full campaign on this map plays: each stage's quota, alternatives counted once."""
    return sum({circle.order: circle.play for circle in structure}.values())
