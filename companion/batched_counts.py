"""Throttle windows counted in the process and added into Redis in batches, for a limit that guards the
server's time rather than a secret: the anonymous helpers (a dice roll is cheap, and is asked for often).

Counting each roll in Redis cost a round trip per roll, more than the roll itself. Here each process counts
its own requests per window and, at most every `SYNC_SECONDS`, the request that finds a batch due adds the
process's new counts into Redis in one command and reads back the totals of all processes. A request is
judged on the last total Redis gave plus what this process counted since: exact within one process, and
across processes a client can pass the limit by at most what it sent to the other processes since their
last batch (a tenth of a second).

The security limits (sign-up, join codes, log-in, printing) keep counting in Redis on every request
(`ResilientRedisCache.hit`).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

SYNC_SECONDS = 0.1

# KEYS: the windows; ARGV: their lengths in seconds, then what to add to each. For each window: its total
# and the seconds it still lasts (a new window, or one found without an expiry, is given its length).
ADD_COUNTS = """
local answer = {}
local n = #KEYS
for i = 1, n do
  local count = redis.call('INCRBY', KEYS[i], ARGV[n + i])
  local ttl = redis.call('TTL', KEYS[i])
  if ttl < 0 then
    redis.call('EXPIRE', KEYS[i], ARGV[i])
    ttl = tonumber(ARGV[i])
  end
  answer[2 * i - 1] = count
  answer[2 * i] = ttl
end
return answer
"""

# (keys, lengths, additions) -> [total, ttl, total, ttl, ...]
AddCounts = Callable[[list[str], list[int], list[int]], list[int]]


def share(limit: int) -> int:
    """Requests a process counts before it adds them into Redis: a sixteenth of the limit. A client that
    spreads its requests over N processes can pass the limit by at most N - 1 such shares (and what it
    sends in the tenth of a second before a batch)."""
    return max(1, limit // 16)


MOST_WINDOWS = 20_000  # per process; past it, the oldest windows already shared leave first


@dataclass(slots=True)
class Window:
    seconds: int
    closes_at: float
    known: int = 0  # the total Redis gave at the last batch (every process's requests)
    sending: int = 0  # counted here, in the batch on its way to Redis
    unsent: int = 0  # counted here since

    @property
    def count(self) -> int:
        return self.known + self.sending + self.unsent


class BatchedWindows:
    """One process's windows. `hit` is thread-safe; `add_counts` runs the batch against Redis."""

    def __init__(self, add_counts: AddCounts, clock: Callable[[], float] = time.monotonic) -> None:
        self._add_counts = add_counts
        self._clock = clock
        self._lock = threading.Lock()
        self._windows: dict[str, Window] = {}  # in the order they opened
        self._unsent: dict[str, Window] = {}  # the windows with requests Redis has not heard of
        self._next_batch = 0.0
        self._in_flight = False  # one batch at a time
        self._pid = os.getpid()

    def hit(self, key: str, seconds: int, limit: int) -> tuple[int, float]:
        """Count one request in the window at `key` (opened for `seconds` if new) of a limit of `limit`
        requests: (requests so far, as best known; seconds until the window closes).

        A window goes into a batch once this process has counted a share of the limit (`share`) that
        Redis has not heard of: a phone that rolls a few times a minute costs no command at all."""
        now = self._clock()
        with self._lock:
            if self._pid != os.getpid():  # a forked worker starts with no counts of its own
                self._windows, self._unsent, self._pid = {}, {}, os.getpid()
                self._next_batch, self._in_flight = 0.0, False
            window = self._windows.get(key)
            if window is None or window.closes_at <= now:
                self._windows.pop(key, None)  # reopened at the end, in opening order
                window = self._windows[key] = Window(seconds, now + seconds)
            window.unsent += 1
            if window.unsent >= share(limit):
                self._unsent[key] = window
            count, remaining = window.count, window.closes_at - now
            due = now >= self._next_batch and not self._in_flight
            batch = self._take_batch(now) if due else None
        if batch:
            self._send(batch)
            with self._lock:  # what Redis just said, with every process's requests
                count = window.count
        return count, remaining

    def clear(self) -> None:
        with self._lock:
            self._windows.clear()
            self._unsent.clear()

    def _take_batch(self, now: float) -> dict[str, Window]:
        self._next_batch = now + SYNC_SECONDS
        self._forget_old(now)
        batch, self._unsent = self._unsent, {}
        self._in_flight = bool(batch)
        for window in batch.values():
            window.sending, window.unsent = window.sending + window.unsent, 0
        return batch

    def _forget_old(self, now: float) -> None:
        """Drop closed windows (the oldest come first), and the oldest shared ones past MOST_WINDOWS: a
        client dropped that way is counted from Redis's total again at the next batch."""
        windows = self._windows
        while windows:
            key, window = next(iter(windows.items()))
            closed = window.closes_at <= now
            if not (closed or len(windows) > MOST_WINDOWS) or window.unsent or window.sending:
                break
            del windows[key]

    def _send(self, batch: dict[str, Window]) -> None:
        keys = list(batch)
        try:
            lengths, additions = [batch[k].seconds for k in keys], [batch[k].sending for k in keys]
            answer = self._add_counts(keys, lengths, additions)
        except (RedisError, OSError) as exc:  # Redis down or slow: keep counting here alone
            logger.warning("Throttle counts not shared (%s); counting in this process", exc)
            answer = None
        now = self._clock()
        with self._lock:
            for i, key in enumerate(keys):
                window = batch[key]
                if answer is None:
                    window.known += window.sending
                else:
                    window.known = int(answer[2 * i])
                    window.closes_at = now + max(int(answer[2 * i + 1]), 0)
                window.sending = 0
            self._in_flight = False
