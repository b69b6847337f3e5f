"""Which Monster level card a scenario uses (rulebook p.11, p.22).

Each monster has 4 level cards for the 6 scenarios of a campaign; scenario N uses the card whose label covers
N. The rulebook only confirms "2-3" (for the 3rd scenario), so labels are content: a pack may pass its own.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from rules_helpers.dice import check_count

LEVEL_BRACKETS = ("1", "2-3", "4-5", "6")
CAMPAIGN_SCENARIOS = 6


def level_bracket(scenario_number: int, *, labels: Sequence[str] = LEVEL_BRACKETS) -> str:
    """The label of the level card covering the scenario's position (1..6) in the campaign."""
    if isinstance(scenario_number, bool) or not isinstance(scenario_number, int):
        raise ValueError(f"a scenario's position in the campaign is a whole number, not {scenario_number!r}")
    if not 1 <= scenario_number <= CAMPAIGN_SCENARIOS:
        raise ValueError(
            f"a campaign has scenarios 1 to {CAMPAIGN_SCENARIOS}, so there is no scenario {scenario_number}"
        )
    covering = [label for label in labels if _covers(label, scenario_number)]
    if len(covering) != 1:
        raise ValueError(
            f"exactly one level card must cover scenario {scenario_number}; of {list(labels)}, {covering} do"
        )
    return covering[0]


def _covers(label: str, scenario_number: int) -> bool:
    low, high = _bounds(label)
    return low <= scenario_number <= high


def _bounds(label: str) -> tuple[int, int]:
    """ "4-5" -> (4, 5); "6" -> (6, 6)."""
    parts = label.split("-")
    if len(parts) > 2 or not all(part.strip().isdigit() for part in parts):
        raise ValueError(f"a level card label is a scenario number or a range like '2-3', not {label!r}")
    low, high = int(parts[0]), int(parts[-1])
    if low > high:
        raise ValueError(f"a level card label's range must go upwards, not {label!r}")
    return low, high


@dataclass(frozen=True)
class MonsterWounds:
    """A Monster after one attack: its Wounds, whether it dies, and whether it dies before its Payback."""

    wounds: int
    killed: bool
    overkilled: bool


def wound_monster(wounds_before: int, dealt: int, *, life: int, overkill: int) -> MonsterWounds:
    """Apply one attack's Wounds (p.22 "Overkill").

    A Monster with Wounds equal to its Life is killed, but still performs its Payback first, unless this
    single attack dealt at least its Overkill rating; the Wounds it already had do not count towards that.
    """
    for name, value in (("Wounds already on the Monster", wounds_before), ("Wounds dealt", dealt)):
        check_count(name, value)
    if isinstance(life, bool) or not isinstance(life, int) or life < 1:
        raise ValueError(f"a Monster's Life is at least 1, not {life!r}")
    if isinstance(overkill, bool) or not isinstance(overkill, int) or overkill < 1:
        raise ValueError(f"a Monster's Overkill rating is at least 1, not {overkill!r}")
    if wounds_before >= life:
        raise ValueError(f"a Monster with {wounds_before} Wounds and {life} Life is already dead")
    total, overkilled = wounds_before + dealt, dealt >= overkill
    # An Overkill kills outright, whatever the Life left.
    return MonsterWounds(total, total >= life or overkilled, overkilled)
