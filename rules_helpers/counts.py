"""Whole-number checks shared by every rules module (dice, tokens, coins, slots, positions...).

``True`` is an ``int`` in Python, so each check refuses booleans explicitly: a JSON ``true`` is never a count.
"""

from typing import Any


def is_whole_number(value: Any, *, low: int | None = 0, high: int | None = None) -> bool:
    """Whether ``value`` is an int (not a bool) from ``low`` to ``high`` (a None bound is no bound)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (low is None or low <= value) and (high is None or value <= high)


def check_count(name: str, value: Any) -> None:
    """Refuse a count (dice, rerolls, tokens, coins...) that is negative or not a whole number."""
    if not is_whole_number(value):
        raise ValueError(f"the number of {name} must be a whole number of at least 0, not {value!r}")
