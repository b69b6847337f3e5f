"""Whole-number checks shared by every rules module (dice, tokens, coins, slots, positions...).

``True`` is an ``int`` in Python, so each check refuses booleans explicitly: a JSON ``true`` is never a count.
"""

from typing import Any

from rules_helpers.refusals import RuleError, Words


def is_whole_number(value: Any, *, low: int | None = 0, high: int | None = None) -> bool:
    """Whether ``value`` is an int (not a bool) from ``low`` to ``high`` (a None bound is no bound)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (low is None or low <= value) and (high is None or value <= high)


def check_count(name: str, value: Any, **names: object) -> None:
    """Refuse a count (dice, rerolls, tokens, coins...) that is negative or not a whole number.

    `name` is what is counted, words the app translates (`names` fill its %(name)s placeholders)."""
    if not is_whole_number(value):
        raise RuleError(
            "the number of %(name)s must be a whole number of at least 0, not %(value)s",
            name=Words(name, **names),
            value=repr(value),
        )
