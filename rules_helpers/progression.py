"""Which scenarios a campaign may play next (Inferno rulebook p.9, p.39; base rules).

The structure of a campaign is data: circles in ``order``, each with a quota (``play``) of its scenarios.
Circles sharing an ``order`` are alternatives: the table picks one of them (the first scenario played there
decides) and may never enter the others that campaign, e.g. the West or the East Second Circle.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Circle:
    slug: str
    order: int
    play: int
    scenarios: tuple[str, ...]
    # A name for a set of alternative circles (same ``order``), e.g. "second" for West and East.
    exclusive_group: str = ""

    def __post_init__(self) -> None:
        if not 1 <= self.play <= len(self.scenarios):
            raise ValueError(f"circle {self.slug!r} must play between 1 and {len(self.scenarios)} scenarios")


Structure = tuple[Circle, ...]

STRUCTURES: dict[str, Structure] = {
    "inferno": (
        Circle("first", 1, 1, ("beyond-the-gates-of-hell", "ferry-of-the-dead")),
        Circle("second-west", 2, 2, ("lost-in-the-dark", "the-prisoner", "the-parade"), "second"),
        Circle("second-east", 2, 2, ("the-cursed-pony", "the-impure-fountain", "hells-kitchen"), "second"),
        Circle(
            "third", 3, 2, ("hells-parliamentary-commission", "pit-of-tormented-souls", "the-fallen-temple")
        ),
        Circle("final", 4, 1, ("hit-rock-bottom",)),
    ),
    "arcadia-quest": (
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
    ),
}


def structure_for(edition: str, structure: Iterable[Circle] | None = None) -> Structure:
    """The given structure (validated), or the shipped one for the edition."""
    if structure is None:
        try:
            structure = STRUCTURES[edition]
        except KeyError:
            raise ValueError(
                f"unknown edition {edition!r}; known editions are {sorted(STRUCTURES)}"
            ) from None
    structure = tuple(sorted(structure, key=lambda circle: circle.order))
    _check_structure(structure)
    return structure


def campaign_length(structure: Iterable[Circle]) -> int:
    """How many scenarios a full campaign plays (6 for both shipped editions)."""
    return sum(circles[0].play for circles in _stages(structure_for("", structure)))


def allowed_next(
    edition: str, played: Sequence[str], *, structure: Iterable[Circle] | None = None
) -> frozenset[str]:
    """The scenario slugs the campaign may play next; empty once the Final Showdown has been played."""
    circles = structure_for(edition, structure)
    stage, chosen = _walk(circles, played)
    stages = _stages(circles)
    if stage == len(stages):
        return frozenset()
    open_circles = [chosen] if chosen else stages[stage]
    return frozenset(slug for circle in open_circles for slug in circle.scenarios if slug not in played)


def validate_path(edition: str, played: Sequence[str], *, structure: Iterable[Circle] | None = None) -> None:
    """Raise ValueError naming the broken rule if ``played`` is not a legal campaign so far."""
    _walk(structure_for(edition, structure), played)


def is_finished(edition: str, played: Sequence[str], *, structure: Iterable[Circle] | None = None) -> bool:
    circles = structure_for(edition, structure)
    return _walk(circles, played)[0] == len(_stages(circles))


def _walk(circles: Structure, played: Sequence[str]) -> tuple[int, Circle | None]:
    """Replay ``played``: (index of the current stage, the circle the table entered in it, or None)."""
    home = {slug: circle for circle in circles for slug in circle.scenarios}
    stages = _stages(circles)
    stage, entered, count = 0, {}, 0
    for position, slug in enumerate(played, start=1):
        if stage == len(stages):
            raise ValueError(
                f"the campaign is over after the Final Showdown; {slug!r} cannot be scenario {position}"
            )
        circle = _circle_of(home, slug, played[: position - 1])
        _check_step(stages[stage], entered, circle, slug)
        entered[circle.order], count = circle, count + 1
        if count == circle.play:
            stage, count = stage + 1, 0
    if stage == len(stages):
        return stage, None
    return stage, entered.get(stages[stage][0].order)


def _circle_of(home: dict[str, Circle], slug: str, earlier: Sequence[str]) -> Circle:
    if slug not in home:
        raise ValueError(f"{slug!r} is not a scenario of this campaign")
    if slug in earlier:
        raise ValueError(f"{slug!r} was already played; a campaign plays each scenario once")
    return home[slug]


def _check_step(stage: list[Circle], entered: dict[int, Circle], circle: Circle, slug: str) -> None:
    chosen = entered.get(circle.order)
    if chosen is not None and circle != chosen:
        raise ValueError(
            f"the campaign entered circle {chosen.slug!r}, so it may never enter {circle.slug!r}"
        )
    current = stage[0].order
    if circle.order < current:
        raise ValueError(
            f"circle {circle.slug!r} plays only {circle.play} scenario(s); {slug!r} is one too many"
        )
    if circle.order > current:
        names = " or ".join(repr(c.slug) for c in stage)
        raise ValueError(
            f"{slug!r} is out of order: circle {names} must be finished before circle {circle.slug!r}"
        )


def _stages(circles: Structure) -> list[list[Circle]]:
    """Circles grouped by order: each stage is one circle, or a choice between alternatives."""
    orders = sorted({circle.order for circle in circles})
    return [[circle for circle in circles if circle.order == order] for order in orders]


def _check_structure(circles: Structure) -> None:
    if not circles:
        raise ValueError("a campaign structure needs at least one circle")
    slugs = [slug for circle in circles for slug in circle.scenarios]
    if len(set(slugs)) != len(slugs):
        raise ValueError("a scenario belongs to one circle only, but a slug appears twice in the structure")
    if len({circle.slug for circle in circles}) != len(circles):
        raise ValueError("two circles of the structure share a slug")
    for stage in _stages(circles):
        if len({circle.play for circle in stage}) != 1:
            raise ValueError("alternative circles (same order) must play the same number of scenarios")
        if len(stage) > 1 and (len({c.exclusive_group for c in stage}) != 1 or not stage[0].exclusive_group):
            raise ValueError("alternative circles (same order) must name the same exclusive group")
