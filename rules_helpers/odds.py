"""Exact odds of an attack, under the same rules and reroll policy as ``rules_helpers.dice``.

The number of successes of a pool only depends on how many dice are still to be rolled and how many rerolls
are left: a CRIT scores and leaves the same number of dice to roll (its extra die replaces it); a failure
with a reroll left is rolled again for one reroll; a failure with none left is simply a miss. The order in
which dice are rolled does not change the count, so a memoised table over (dice, rerolls) is exact.
"""

import math
from collections.abc import Sequence
from functools import cache, lru_cache

from rules_helpers.box import ATTACK_FACES, DEFENSE_FACES
from rules_helpers.counts import check_count
from rules_helpers.dice import ATTACK_KINDS, CRIT, DEFENSE, check_faces, default_faces, success_faces
from rules_helpers.refusals import RuleError

# A crit chain is infinite in principle; only a tail of less than this much probability is cut.
TAIL = 1e-12

Pmf = tuple[float, ...]


def success_distribution(
    dice: int, kind: str, *, rerolls: int = 0, faces: Sequence[str] | None = None
) -> dict[int, float]:
    """P(successes = k) for one pool; kind is "melee", "ranged" or "defense"."""
    check_count("dice", dice)
    check_count("rerolls", rerolls)
    counts = _face_counts(default_faces(kind) if faces is None else faces, kind)
    return dict(enumerate(_pool_pmf(counts, dice, rerolls)))


def wound_distribution(
    attack_dice: int,
    kind: str,
    defense_dice: int = 0,
    *,
    attack_rerolls: int = 0,
    defense_rerolls: int = 0,
    attack_faces: Sequence[str] = ATTACK_FACES,
    defense_faces: Sequence[str] = DEFENSE_FACES,
) -> dict[int, float]:
    """P(Wounds = w), where Wounds = max(0, Hits - Saves) (p.18 "Attack Results")."""
    if kind not in ATTACK_KINDS:
        raise RuleError("unknown attack kind %(kind)s; an attack is 'melee' or 'ranged'", kind=repr(kind))
    attack, defense = tuple(attack_faces), tuple(defense_faces)
    pmf = _wound_pmf(attack_dice, kind, defense_dice, attack_rerolls, defense_rerolls, attack, defense)
    return dict(enumerate(pmf))


@lru_cache(maxsize=4096)
def _wound_pmf(
    attack_dice: int,
    kind: str,
    defense_dice: int,
    attack_rerolls: int,
    defense_rerolls: int,
    attack_faces: tuple[str, ...],
    defense_faces: tuple[str, ...],
) -> Pmf:
    # Memoised whole: the Hits x Saves product costs far more than looking up the two pools, and a table
    # asks the same few attacks again and again.
    hits = success_distribution(attack_dice, kind, rerolls=attack_rerolls, faces=attack_faces)
    saves = success_distribution(defense_dice, DEFENSE, rerolls=defense_rerolls, faces=defense_faces)
    return _wounds(tuple(hits.values()), tuple(saves.values()))


def clear_caches() -> None:
    """Forget every memoised table (the benchmark measures a cold start with this)."""
    _wound_pmf.cache_clear()
    _pool_pmf.cache_clear()
    _state_pmf.cache_clear()


def _face_counts(faces: Sequence[str], kind: str) -> tuple[int, int, int]:
    """(plain successes, crits, failures) on one die: all the odds need, and a hashable cache key."""
    faces = check_faces(faces)
    wins = success_faces(kind)
    crits = faces.count(CRIT)
    plain = sum(face in wins for face in faces) - crits
    return plain, crits, len(faces) - plain - crits


@lru_cache(maxsize=1024)
def _pool_pmf(counts: tuple[int, int, int], dice: int, rerolls: int) -> Pmf:
    # Fill the table bottom-up so the recursion in _state_pmf never goes more than one level deep.
    for r in range(rerolls + 1):
        for d in range(dice + 1):
            _state_pmf(counts, d, r)
    return _state_pmf(counts, dice, rerolls)


@cache
def _state_pmf(counts: tuple[int, int, int], dice: int, rerolls: int) -> Pmf:
    """Successes still to come with ``dice`` dice to roll and ``rerolls`` left."""
    if dice == 0:
        return (1.0,)
    plain, crits, fails = counts
    total = plain + crits + fails
    # What happens when the next die is not a CRIT.
    rest = _mix(
        (plain / total, _shift(_state_pmf(counts, dice - 1, rerolls))),
        (
            fails / total,
            _state_pmf(counts, dice, rerolls - 1) if rerolls else _state_pmf(counts, dice - 1, 0),
        ),
    )
    return _with_crit_chain(rest, crits / total)


def _with_crit_chain(rest: Pmf, p_crit: float) -> Pmf:
    """Solve f = p_crit * shift(f) + rest: each CRIT scores one and leaves the state unchanged."""
    out: list[float] = []
    for k in range(len(rest)):
        out.append(rest[k] + (p_crit * out[k - 1] if k else 0.0))
    # Past the end of ``rest`` the chain decays geometrically; stop once the uncovered tail is negligible.
    while p_crit and out[-1] * p_crit / (1 - p_crit) >= TAIL:
        out.append(p_crit * out[-1])
    return tuple(out)


def _shift(pmf: Pmf) -> Pmf:
    return (0.0, *pmf)


def _mix(*weighted: tuple[float, Pmf]) -> Pmf:
    out = [0.0] * max(len(pmf) for _, pmf in weighted)
    for weight, pmf in weighted:
        if weight:
            for k, p in enumerate(pmf):
                out[k] += weight * p
    return tuple(out)


def _wounds(hits: Pmf, saves: Pmf) -> Pmf:
    wounds = [0.0] * len(hits)
    for h, p_hits in enumerate(hits):
        for s, p_saves in enumerate(saves):
            wounds[h - s if h > s else 0] += p_hits * p_saves
    return tuple(wounds)


def tenths_of_a_percent(chances: Sequence[float]) -> list[int]:
    """Chances that make up a whole (a figure's spawn row) in tenths of a percent, adding up to exactly 1000:
    each rounded down, then the tenths left over given to the largest remainders, so a row of 1/6s reads
    16.7 %, 16.7 %, ... and never adds up to 99.8 %."""
    raw = [max(0.0, p) * 1000 for p in chances]
    shares = [math.floor(r) for r in raw]
    left = round(sum(raw)) - sum(shares)
    by_remainder = sorted(range(len(raw)), key=lambda i: raw[i] - shares[i], reverse=True)
    for i in by_remainder[: max(0, left)]:
        shares[i] += 1
    return shares
