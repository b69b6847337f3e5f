"""How fast are the exact attack odds? 12 Attack dice against 8 Defense dice, 3 rerolls each.

Prints the time of ``wound_distribution`` cold (memo tables cleared before each call) and warm (tables
filled), and its ratio to a 100,000-roll simulation of the same question with ``roll_attack`` and
``roll_defense``, both measured in this run on this machine. The target is well under 10 ms cold.
"""

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable

from rules_helpers.dice import roll_attack, roll_defense
from rules_helpers.odds import clear_caches, wound_distribution

ATTACK_DICE, DEFENSE_DICE, REROLLS = 12, 8, 3
SIMULATED_ROLLS = 100_000
TARGET_SECONDS = 0.010


def exact() -> dict[int, float]:
    return wound_distribution(
        ATTACK_DICE, "melee", DEFENSE_DICE, attack_rerolls=REROLLS, defense_rerolls=REROLLS
    )


def simulate(rolls: int = SIMULATED_ROLLS, seed: int = 1) -> dict[int, float]:
    rng = random.Random(seed)
    counts: Counter[int] = Counter()
    for _ in range(rolls):
        hits = roll_attack(ATTACK_DICE, "melee", rng=rng, rerolls=REROLLS).successes
        saves = roll_defense(DEFENSE_DICE, rng=rng, rerolls=REROLLS).successes
        counts[max(0, hits - saves)] += 1
    return {wounds: count / rolls for wounds, count in counts.items()}


def timed(call: Callable[[], object], *, before: Callable[[], None] = lambda: None) -> float:
    before()
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def median_time(call: Callable[[], object], repeats: int, **kwargs: Callable[[], None]) -> float:
    return statistics.median(timed(call, **kwargs) for _ in range(repeats))


def main() -> None:
    cold = median_time(exact, 25, before=clear_caches)
    warm = median_time(exact, 200)
    start = time.perf_counter()
    simulated = simulate()
    simulation = time.perf_counter() - start
    odds = exact()
    drift = max(abs(simulated.get(w, 0.0) - odds.get(w, 0.0)) for w in set(odds) | set(simulated))
    print(f"wound_distribution({ATTACK_DICE} vs {DEFENSE_DICE} dice, {REROLLS} rerolls each)")
    print(
        f"  cold (caches cleared): {cold * 1e3:8.3f} ms   target < {TARGET_SECONDS * 1e3:.0f} ms: "
        f"{'ok' if cold < TARGET_SECONDS else 'MISSED'}"
    )
    print(f"  warm (caches filled):  {warm * 1e3:8.3f} ms")
    print(f"  sum of probabilities:  {sum(odds.values()):.12f}")
    print(f"{SIMULATED_ROLLS:,}-roll simulation: {simulation * 1e3:8.1f} ms")
    print(f"  simulation / exact cold: {simulation / cold:10.0f}x")
    print(f"  simulation / exact warm: {simulation / warm:10.0f}x")
    print(f"  largest gap between simulated and exact odds: {drift:.4f}")


if __name__ == "__main__":
    main()
