"""Attack and Defense rolls (rulebook p.18 "Rolling Dice", p.30 "Reroll Pool").

Every CRIT, from any die (first roll, extra die or reroll), adds one extra die. Rerolls are spent on failed
dice, one each, in the order they failed (extra and rerolled dice included), until none remain.

U6, rerolling the same die twice. Source: RB:1176-1181 "The result of this new roll replaces the original
result … he has his full Reroll pool at his disposal to use in any order he'd like"; nothing forbids spending
a second Reroll on a die whose reroll failed again. Decision: allowed; a re-failed die can be rerolled again
while the pool lasts.

U10, the dice faces. Source: GF:64-68, from two fan dice apps, not checked against the physical dice.
Decision: the faces are content (the packs' `Die` records, editable, `verified: false`), read by the app
through `faces_from_content`; the box constants (`box.ATTACK_FACES`, `box.DEFENSE_FACES`) are only the
defaults of these pure functions and of their tests.
"""

import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rules_helpers.box import ATTACK_FACES, DEFENSE_FACES, FACES_PER_DIE
from rules_helpers.counts import check_count
from rules_helpers.refusals import CountError, RuleError, Words

CRIT = "crit"
# Every face a die of the box shows (GF:64-68), in the order a form offers them.
FACES = ("melee", "ranged", "shield", "crit", "blank")
KNOWN_FACES = frozenset(FACES)
ATTACK_KINDS = ("melee", "ranged")
DEFENSE = "defense"
# A CRIT always counts as a success, whatever the roll (p.18).
SUCCESS_FACES = {
    "melee": frozenset({"melee", CRIT}),
    "ranged": frozenset({"ranged", CRIT}),
    DEFENSE: frozenset({"shield", CRIT}),
}


@dataclass(frozen=True)
class Die:
    """One kept die, for a UI to draw: its face, and how it came to be on the table."""

    face: str
    extra: bool = False
    rerolled_from: tuple[str, ...] = ()

    @property
    def rerolled(self) -> bool:
        return bool(self.rerolled_from)


@dataclass(frozen=True)
class Roll:
    """The kept faces in order and how many of them succeed.

    ``dice`` is presentation detail (extra / rerolled) and is left out of equality, so that
    ``Roll(faces, successes)`` built by hand compares equal to a rolled one with the same result.
    """

    faces: tuple[str, ...]
    successes: int
    dice: tuple[Die, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not 0 <= self.successes <= len(self.faces):
            raise ValueError("a roll cannot have more successes than dice, nor fewer than none")
        if not self.dice:
            object.__setattr__(self, "dice", tuple(Die(face) for face in self.faces))
        elif tuple(die.face for die in self.dice) != self.faces:
            raise ValueError("a roll's dice must show its faces, in the same order")


def check_faces(faces: Sequence[str]) -> tuple[str, ...]:
    """Validate a die's faces (content from a pack) and return them as a tuple."""
    return _checked_faces(tuple(faces))


@lru_cache(maxsize=64)
def _checked_faces(faces: tuple[str, ...]) -> tuple[str, ...]:
    # Cached: simulations roll the same faces hundreds of thousands of times.
    if not faces:
        raise ValueError("a die needs at least one face")
    unknown = sorted(set(faces) - KNOWN_FACES)
    if unknown:
        raise RuleError(
            "unknown die face(s) %(unknown)s; known faces are %(known)s",
            unknown=unknown,
            known=sorted(KNOWN_FACES),
        )
    # Every CRIT adds a die, so a die that only shows CRITs would never stop rolling.
    if all(face == CRIT for face in faces):
        raise ValueError("a die whose every face is a crit would add extra dice forever")
    return faces


def check_die_faces(faces: object) -> tuple[str, ...]:
    """A die's faces as a table enters them from its own box (a campaign's correction, GF:251 N9): exactly
    `FACES_PER_DIE` (a d6, GF:67-68, GF:254), each one of the faces the rules know, and not a CRIT on every
    face (every CRIT adds a die, RB p.18: such a die would never stop rolling)."""
    if (
        not isinstance(faces, list | tuple)
        or len(faces) != FACES_PER_DIE
        or not all(isinstance(face, str) for face in faces)
    ):
        raise CountError(
            "a die has exactly %(count)s face: give it as a list of one face",
            "a die has exactly %(count)s faces: give them as a list of %(count)s faces, one for each",
            number="count",
            count=FACES_PER_DIE,
        )
    unknown = sorted(set(faces) - KNOWN_FACES)
    if unknown:
        raise RuleError(
            "not a face of a die: %(unknown)s; each face is one of %(known)s",
            unknown=", ".join(repr(face[:20]) for face in unknown),  # a pack may hold any text: echo a little
            known=", ".join(FACES),
        )
    if all(face == CRIT for face in faces):
        raise RuleError("a die whose every face is a CRIT would add extra dice forever")
    return tuple(faces)


ATTACK_DIE, DEFENSE_DIE = "attack", "defense"


def faces_from_content(dice: Mapping[str, Sequence[str]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The (Attack, Defense) faces of an edition's `Die` content records, by slug (U10 in the docstring).

    A pack without either die raises ValueError naming it, rather than rolling invented faces (GF:8)."""
    missing = {
        (True, True): Words("attack and defense"),
        (True, False): Words("attack"),
        (False, True): Words("defense"),
    }.get((not dice.get(ATTACK_DIE), not dice.get(DEFENSE_DIE)))
    if missing is not None:
        raise RuleError("the %(die)s die is not in the content yet, so no roll is possible", die=missing)
    return check_faces(dice[ATTACK_DIE]), check_faces(dice[DEFENSE_DIE])


def default_faces(kind: str) -> tuple[str, ...]:
    """The die rolled for a kind of roll: Defense dice for "defense", Attack dice otherwise."""
    return DEFENSE_FACES if kind == DEFENSE else ATTACK_FACES


def success_faces(kind: str) -> frozenset[str]:
    """The faces that score for a roll of this kind: "melee", "ranged" or "defense"."""
    try:
        return SUCCESS_FACES[kind]
    except KeyError:
        raise RuleError(
            "unknown roll kind %(kind)s; expected one of %(kinds)s",
            kind=repr(kind),
            kinds=sorted(SUCCESS_FACES),
        ) from None


def roll_attack(
    dice: int, kind: str, *, rng: random.Random, rerolls: int = 0, faces: Sequence[str] = ATTACK_FACES
) -> Roll:
    """Roll Attack dice for a "melee" or "ranged" attack."""
    if kind not in ATTACK_KINDS:
        raise RuleError("unknown attack kind %(kind)s; an attack is 'melee' or 'ranged'", kind=repr(kind))
    return roll_pool(dice, kind, rng=rng, rerolls=rerolls, faces=faces)


def roll_defense(
    dice: int, *, rng: random.Random, rerolls: int = 0, faces: Sequence[str] = DEFENSE_FACES
) -> Roll:
    """Roll Defense dice; a shield or a CRIT is a Save."""
    return roll_pool(dice, DEFENSE, rng=rng, rerolls=rerolls, faces=faces)


def roll_pool(
    dice: int, kind: str, *, rng: random.Random, rerolls: int = 0, faces: Sequence[str] | None = None
) -> Roll:
    """Roll a pool of any kind ("melee", "ranged", "defense"), with crit chains and rerolls."""
    check_count("dice", dice)
    check_count("rerolls", rerolls)
    wins = success_faces(kind)
    table = _Table(check_faces(default_faces(kind) if faces is None else faces), wins, rng)
    for _ in range(dice):
        table.roll_new(extra=False)
    table.roll_extras()
    for _ in range(rerolls):
        if not table.failed:
            break
        table.reroll(table.failed.popleft())
        table.roll_extras()
    return table.result()


class _Table:
    """The dice on the table while a roll is being resolved (mutable scratch state)."""

    def __init__(self, faces: tuple[str, ...], wins: frozenset[str], rng: random.Random) -> None:
        self.faces, self.wins, self.rng = faces, wins, rng
        self.kept: list[Die] = []
        self.failed: deque[int] = deque()
        self.extras_owed = 0

    def roll_new(self, *, extra: bool) -> None:
        self.kept.append(Die(self._throw(), extra=extra))
        self._score(len(self.kept) - 1)

    def roll_extras(self) -> None:
        # Extra dice are rolled at once, so a chain of CRITs resolves before any reroll is spent.
        while self.extras_owed:
            self.extras_owed -= 1
            self.roll_new(extra=True)

    def reroll(self, index: int) -> None:
        old = self.kept[index]
        self.kept[index] = Die(self._throw(), extra=old.extra, rerolled_from=(*old.rerolled_from, old.face))
        self._score(index)

    def result(self) -> Roll:
        faces = tuple(die.face for die in self.kept)
        return Roll(faces, sum(face in self.wins for face in faces), tuple(self.kept))

    def _throw(self) -> str:
        # Always rng.choice over the faces, so a seeded (or scripted) rng fixes every face.
        return self.rng.choice(self.faces)

    def _score(self, index: int) -> None:
        face = self.kept[index].face
        if face == CRIT:
            self.extras_owed += 1
        elif face not in self.wins:
            self.failed.append(index)


def wounds(hits: int, saves: int) -> int:
    """Each Save blocks one Hit; the Hits left over are Wounds (p.18 "Attack Results")."""
    check_count("Hits", hits)
    check_count("Saves", saves)
    return max(0, hits - saves)
