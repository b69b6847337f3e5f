"""Buying drafted Upgrade cards (rulebook p.27-28).

A Guild buys up to 3 of its 6 drafted cards at their printed cost; at most 1 leftover coin is saved for the
next Upgrade Phase and the rest go back to the bank.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from rules_helpers.box import CAMPAIGN_SCENARIOS, MAX_PURCHASES, MAX_SAVED_COINS
from rules_helpers.counts import check_count, is_whole_number
from rules_helpers.refusals import CountError, RuleError


@dataclass(frozen=True)
class Purchase:
    spent: int
    saved: int
    returned: int


def settle_purchase(
    coins: int,
    costs: Sequence[int],
    *,
    max_purchases: int = MAX_PURCHASES,
    max_saved_coins: int = MAX_SAVED_COINS,
) -> Purchase:
    """What buying cards of these costs spends, saves and returns, from the Guild's coins."""
    check_count("coins", coins)
    for cost in costs:
        check_count("coins a card costs", cost)
    if len(costs) > max_purchases:
        raise CountError(
            "A Guild buys at most %(most)s Upgrade card per Upgrade Phase, not %(given)s.",
            "A Guild buys at most %(most)s Upgrade cards per Upgrade Phase, not %(given)s.",
            number="most",
            most=max_purchases,
            given=len(costs),
        )
    spent = sum(costs)
    if spent > coins:
        raise RuleError(
            "These cards cost %(spent)s coins but the Guild has only %(coins)s.", spent=spent, coins=coins
        )
    saved = coins_saved(coins - spent, max_saved_coins=max_saved_coins)
    return Purchase(spent, saved, coins - spent - saved)


def upgrade_phase_follows(
    scenario_number: int, *, campaign_mode: bool, scenarios: int = CAMPAIGN_SCENARIOS
) -> bool:
    """A campaign has an Upgrade Phase after each scenario (RB:1273-1274) except the last, which leads to
    the Campaign Finale (RB:1312-1313); an episodic game has none."""
    return campaign_mode and scenario_number < scenarios


def coins_saved(left: int, *, max_saved_coins: int = MAX_SAVED_COINS) -> int:
    """Of the coins left after buying, how many the Guild keeps for the next Upgrade Phase."""
    check_count("coins left", left)
    return min(max_saved_coins, left)


def check_saved_coins(coins: int, *, max_saved_coins: int = MAX_SAVED_COINS) -> int:
    """The coins a Guild carries between scenarios (noted on the sheet), refused above the limit."""
    if not is_whole_number(coins, high=max_saved_coins):
        raise CountError(
            "A guild saves at most %(most)s coin between scenarios.",
            "A guild saves at most %(most)s coins between scenarios.",
            number="most",
            most=max_saved_coins,
        )
    return coins
