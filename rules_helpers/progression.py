"""Which scenarios a campaign may play next (Inferno rulebook p.9, p.39; base rules).

The structure of a campaign is data: circles in ``order``, each with a quota (``play``) of its scenarios.
Circles sharing an ``order`` are alternatives: the table picks one of them (the first scenario played there
decides) and may never enter the others that campaign, e.g. the West or the East Second Circle.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
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


def allowed_next(edition: str, played: Sequence[str], *, structure: Iterable[Circle]) -> frozenset[str]:
    """The scenario slugs the campaign may play next; empty once the Final Showdown has been played.

    ``structure`` is the edition's map (the app builds it from its Circle rows); ``edition`` names that map
    in the messages. A ``played`` list the map does not allow raises ValueError naming the broken rule.
    """
    circles = _checked(structure)
    stage, chosen = _walk(circles, played, edition)
    stages = _stages(circles)
    if stage == len(stages):
        return frozenset()
    open_circles = [chosen] if chosen else stages[stage]
    return frozenset(slug for circle in open_circles for slug in circle.scenarios if slug not in played)


def reachable(edition: str, played: Sequence[str], *, structure: Iterable[Circle]) -> frozenset[str]:
    """The scenario slugs the campaign may still play, now or later, from the path taken (RB:1250-1252).

    RB:1250-1252 a Title "has no effect on the current scenario, but it will grant an advantage if the player
    goes on to play a scenario that benefits from it", so a Title's "helps in" lists these. They are the
    scenarios allowed next plus every scenario of the later stages: a circle whose alternative the table
    entered is closed (RB:401-402), a finished stage is closed, later circles stay open (the Third Circle is
    reached from either side, RB:405-409). Empty once the Final Showdown has been played.
    """
    circles = _checked(structure)
    stage, _ = _walk(circles, played, edition)
    stages = _stages(circles)
    later = {slug for group in stages[stage + 1 :] for circle in group for slug in circle.scenarios}
    return allowed_next(edition, played, structure=circles) | frozenset(later)


TABLE_CHOOSES = None


def next_chooser(previous_winner: str | None, *, campaign_mode: bool = True) -> str | None:
    """Who chooses the next scenario: the previous scenario's winner (its guild), or None for the table.

    RB:414-417 "At the beginning of the campaign, players choose together which of the First Circle scenarios
    will be the first … Afterwards, the winner of the previous scenario chooses which scenario will be played
    next" (also RB:1634; BR:44; BR:235). With no previous winner (the first scenario) the table chooses
    together; an episodic game has no previous scenario to win (GF:298), so the table chooses too.
    """
    if not campaign_mode:
        return TABLE_CHOOSES
    return previous_winner


def recommended_first(played: Sequence[str], recommended: Collection[str]) -> str | None:
    """The scenario the rulebook recommends to begin with, while nothing has been played yet.

    RB:414-416 "it is recommended that first-time players begin the campaign with the Beyond the Gates of
    Hell scenario"; BR:44 recommends District of Hammers. ``recommended`` are the scenarios the content pack
    marks so (one per edition); with none, or once a scenario is on the sheet, there is no recommendation.
    """
    if played or not recommended:
        return None
    return sorted(recommended)[0]


def angels_lost_to_underlord(
    structure: Iterable[Circle], *, angels: Mapping[str, str], played: Collection[str], held: Collection[str]
) -> list[str]:
    """The Angels the Underlord holds as Monsters, sorted (RB:1039-1042; GF:177).

    Those rescued in the alternative circle the campaign did not enter (West played: the East Angels), and
    every Angel of a circle without alternatives (Justicar) until a Guild holds it. ``angels`` maps a scenario
    to the Angel rescued there; ``held`` are the Angels on the Guilds' rosters. A map without alternative
    circles (base Arcadia Quest) has no such Angels.

    U11, decided: an Angel of the side the campaign entered that no Guild rescued is not listed. RB:1040-1042
    says Angels "that you allow to be consumed by the Underlord will turn into terrible villains", but the
    Campaign Book's setups (GF:177) place only the other side's two Angels on the map (markers A1/A2) and
    Justicar; no setup has a place for a third, so the app follows the setups.
    """
    circles = tuple(structure)
    if not any(circle.exclusive_group for circle in circles):
        return []
    lost: set[str] = set()
    for circle in circles:
        if not circle.exclusive_group or _passed_by(circle, circles, played):
            lost |= {angels[slug] for slug in circle.scenarios if slug in angels}
    return sorted(lost - set(held))


def villain_angels_in(
    structure: Iterable[Circle],
    scenario: str,
    *,
    angels: Mapping[str, str],
    played: Collection[str],
    held: Collection[str],
    side_taken: bool = True,
) -> list[str]:
    """The Angels the Underlord fields as Monsters in ``scenario``, sorted (GF:177, from the Campaign Book's
    setups): "in Third Circle scenarios and the finale, the two angels of the Second Circle not played are
    placed at map markers A1/A2 as Monsters"; Justicar "in Hit Rock Bottom … is a Monster unless some guild
    already has him" (in his own scenario he is the Angel to rescue). Circles after the alternative ones take
    the lost alternative Angels; the last circle also takes every other Angel still lost.

    An episodic game takes no side (``side_taken`` False; GF:298 "play any single scenario"), yet its setup
    still places "2 unsaved angels" (GF:137-140). Decision (N10): every Angel of the alternative circles may
    stand at A1/A2 there, the table says which two by naming the one it kills; the finale also takes every
    other Angel no Guild holds (Justicar).
    """
    circles = tuple(structure)
    if side_taken:
        lost = set(angels_lost_to_underlord(circles, angels=angels, played=played, held=held))
    else:
        lost = set(angels.values()) - set(held)
    here = next((c for c in circles if scenario in c.scenarios), None)
    alternatives = [c.order for c in circles if c.exclusive_group]
    if here is None or not alternatives or here.order <= max(alternatives):
        return []
    last = here.order == max(c.order for c in circles)
    return sorted(
        angels[slug]
        for circle in circles
        for slug in circle.scenarios
        if angels.get(slug) in lost and (circle.exclusive_group or last)
    )


def angel_monsters_in(
    listed: Collection[str], villains: Collection[str], *, held: Collection[str]
) -> list[str]:
    """The Angels a kill may name as Monsters in a scenario, sorted: those the Underlord fields there
    (``villains``, ``villain_angels_in``) and those its setup lists as Monsters (``listed``: Justicar in the
    Commission and Hit Rock Bottom), except an Angel some Guild already has as a Hero (GF:177 Justicar "in Hit
    Rock Bottom … is a Monster unless some guild already has him as a Hero"; N10)."""
    return sorted((set(listed) - set(held)) | set(villains))


def _passed_by(circle: Circle, circles: Sequence[Circle], played: Collection[str]) -> bool:
    """The campaign entered another circle of this circle's alternatives, never this one."""
    group = [other for other in circles if other.exclusive_group == circle.exclusive_group]
    return any(_entered(other, played) for other in group) and not _entered(circle, played)


def _entered(circle: Circle, played: Collection[str]) -> bool:
    return any(slug in played for slug in circle.scenarios)


def _checked(structure: Iterable[Circle]) -> Structure:
    circles = tuple(sorted(structure, key=lambda circle: circle.order))
    _check_structure(circles)
    return circles


def _walk(circles: Structure, played: Sequence[str], edition: str) -> tuple[int, Circle | None]:
    """Replay ``played``: (index of the current stage, the circle the table entered in it, or None)."""
    home = {slug: circle for circle in circles for slug in circle.scenarios}
    stages = _stages(circles)
    stage, entered, count = 0, {}, 0
    for position, slug in enumerate(played, start=1):
        if stage == len(stages):
            raise ValueError(
                f"the campaign is over after the Final Showdown; {slug!r} cannot be scenario {position}"
            )
        circle = _circle_of(home, slug, played[: position - 1], edition)
        _check_step(stages[stage], entered, circle, slug)
        entered[circle.order], count = circle, count + 1
        if count == circle.play:
            stage, count = stage + 1, 0
    if stage == len(stages):
        return stage, None
    return stage, entered.get(stages[stage][0].order)


def _circle_of(home: dict[str, Circle], slug: str, earlier: Sequence[str], edition: str) -> Circle:
    if slug not in home:
        raise ValueError(f"{slug!r} is not a scenario of the {edition!r} campaign map")
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
