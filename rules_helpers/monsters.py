"""Which Monster level card a scenario uses (rulebook p.11, p.22).

Each monster has 4 level cards for the 6 scenarios of a campaign; scenario N uses the card whose label covers
N. The rulebook only confirms "2-3" (for the 3rd scenario), so labels are content: a pack may pass its own.
"""

from collections.abc import Sequence

from rules_helpers.box import CAMPAIGN_SCENARIOS, LEVEL_BRACKETS
from rules_helpers.counts import check_count, is_whole_number
from rules_helpers.refusals import RuleError


def level_bracket(
    scenario_number: int,
    *,
    labels: Sequence[str] = LEVEL_BRACKETS,
    campaign_scenarios: int = CAMPAIGN_SCENARIOS,
) -> str:
    """The label of the level card covering the scenario's position (1..6) in the campaign."""
    if not is_whole_number(scenario_number, low=None):
        raise RuleError(
            "a scenario's position in the campaign is a whole number, not %(scenario)s",
            scenario=repr(scenario_number),
        )
    if not 1 <= scenario_number <= campaign_scenarios:
        raise RuleError(
            "a campaign has scenarios 1 to %(most)s, so there is no scenario %(scenario)s",
            most=campaign_scenarios,
            scenario=scenario_number,
        )
    covering = [label for label in labels if _covers(label, scenario_number)]
    if len(covering) != 1:
        raise RuleError(
            "exactly one level card must cover scenario %(scenario)s; of %(labels)s, %(covering)s do",
            scenario=scenario_number,
            labels=list(labels),
            covering=covering,
        )
    return covering[0]


def _covers(label: str, scenario_number: int) -> bool:
    low, high = _bounds(label)
    return low <= scenario_number <= high


def _bounds(label: str) -> tuple[int, int]:
    """ "4-5" -> (4, 5); "6" -> (6, 6)."""
    parts = label.split("-")
    if len(parts) > 2 or not all(part.strip().isdigit() for part in parts):
        raise RuleError(
            "a level card label is a scenario number or a range like '2-3', not %(label)s", label=repr(label)
        )
    low, high = int(parts[0]), int(parts[-1])
    if low > high:
        raise RuleError("a level card label's range must go upwards, not %(label)s", label=repr(label))
    return low, high


def overkills(wounds: int, overkill: int) -> bool:
    """Whether a single attack's Wounds kill a Monster before its Payback Reaction. Decision for U7.

    The rulebook says both RB:938-939 "deals a number of Wounds equal to or higher than the Monster's Overkill
    rating" and RB:956 "a single attack must beat its Overkill rating". Decision: the rule's own statement,
    "equal to or higher" (RB:938), wins over the reminder ("beat" as in "reach"); RB:955-956 adds that the
    Wounds it already had do not count, so only this attack's Wounds are compared.
    """
    check_count("wounds", wounds)
    check_count("overkill rating", overkill)
    return wounds >= overkill
