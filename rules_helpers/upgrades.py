"""Buying drafted Upgrade cards (rulebook p.27-28).

A Guild buys up to 3 of its 6 drafted cards at their printed cost; at most 1 leftover coin is saved for the
next Upgrade Phase and the rest go back to the bank.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from rules_helpers.dice import check_count

MAX_PURCHASES = 3
MAX_SAVED_COINS = 1


@dataclass(frozen=True)
class Purchase:
    spent: int
    saved: int
    returned: int


def settle_purchase(coins: int, costs: Sequence[int]) -> Purchase:
    """What buying cards of these costs spends, saves and returns, from the Guild's coins."""
    check_count("coins", coins)
    for cost in costs:
        check_count("coins a card costs", cost)
    if len(costs) > MAX_PURCHASES:
        raise ValueError(
            f"a Guild buys at most {MAX_PURCHASES} Upgrade cards per Upgrade Phase, not {len(costs)}"
        )
    spent = sum(costs)
    if spent > coins:
        raise ValueError(f"these cards cost {spent} coins but the Guild has only {coins}")
    saved = min(MAX_SAVED_COINS, coins - spent)
    return Purchase(spent, saved, coins - spent - saved)


def upgrade_phase_follows(scenario_number: int, *, campaign_mode: bool, scenarios: int = 6) -> bool:
    """A campaign has an Upgrade Phase after each scenario (RB:1273-1274) except the last, which leads to
    the Campaign Finale (RB:1312-1313); an episodic game has none."""
    return campaign_mode and scenario_number < scenarios
