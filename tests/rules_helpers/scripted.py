"""A scripted ``random.Random`` for tests that need exact faces (the rules code never imports it).

Every die in ``rules_helpers`` is thrown with ``rng.choice(faces)``, so queueing the faces fixes a roll.
"""

import random
from collections import deque
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any


class ScriptedRandom(random.Random):
    """``choice`` returns the queued values in order; ``shuffle`` keeps the given order (top first)."""

    def __init__(self, choices: Iterable[Any] = ()) -> None:
        super().__init__(0)
        self.queue = deque(choices)

    def choice(self, seq: Sequence[Any]) -> Any:
        if not self.queue:
            raise AssertionError("the scripted rng ran out of values: more dice were thrown than expected")
        value = self.queue.popleft()
        if value not in seq:
            raise AssertionError(f"scripted value {value!r} is not one of {tuple(seq)!r}")
        return value

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        # Leave the order alone so a test decides what is on top of a deck.
        return None
