"""The helpers' throttle windows: counted in each process, added into Redis in batches.

The batching is checked with a clock the test moves and a shared count kept in a dict (what Redis's
script does: add, and say the total and the seconds left); then the same two processes against Redis.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion import batched_counts
from companion.batched_counts import BatchedWindows

LIMIT = 16  # a share of one request: every request goes into the next batch


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Shared:
    """The totals every process adds into: the script's arithmetic (add; a window opens with its
    length and closes after it), in a dict."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.totals: dict[str, int] = {}
        self.closes: dict[str, float] = {}
        self.batches = 0

    def add(self, keys: list[str], lengths: list[int], additions: list[int]) -> list[int]:
        self.batches += 1
        answer: list[int] = []
        now = self.clock()
        for key, length, added in zip(keys, lengths, additions, strict=True):
            if self.closes.get(key, 0) <= now:
                self.totals[key], self.closes[key] = 0, now + length
            self.totals[key] += added
            answer += [self.totals[key], int(self.closes[key] - now)]
        return answer


def test_one_process_counts_every_request_at_once_between_batches():
    clock = Clock()
    shared = Shared(clock)
    windows = BatchedWindows(shared.add, clock)
    counts = [windows.hit("phone", 60, LIMIT)[0] for _ in range(5)]
    assert counts == [1, 2, 3, 4, 5]
    assert shared.batches == 1  # only the first request found a batch due


def test_each_process_learns_the_others_counts_at_its_next_batch():
    clock = Clock()
    shared = Shared(clock)
    a, b = BatchedWindows(shared.add, clock), BatchedWindows(shared.add, clock)
    for _ in range(3):
        a.hit("phone", 60, LIMIT)
    clock.now += batched_counts.SYNC_SECONDS
    a.hit("phone", 60, LIMIT)  # A's batch: 4 in Redis
    assert shared.totals["phone"] == 4
    assert b.hit("phone", 60, LIMIT)[0] == 5  # B's first request sends its batch and learns A's 4
    clock.now += batched_counts.SYNC_SECONDS
    assert a.hit("phone", 60, LIMIT)[0] == 6  # A's batch brings B's request
    assert shared.totals["phone"] == 6


def test_a_phone_well_under_the_limit_costs_no_command():
    """At 160 a minute a process sends a window once it has counted 10 requests Redis has not heard of."""
    clock = Clock()
    shared = Shared(clock)
    windows = BatchedWindows(shared.add, clock)
    for _ in range(9):
        windows.hit("phone", 60, 160)
        clock.now += batched_counts.SYNC_SECONDS
    assert shared.batches == 0
    assert windows.hit("phone", 60, 160)[0] == 10 and shared.totals == {"phone": 10}


def test_a_window_closes_after_its_length():
    clock = Clock()
    shared = Shared(clock)
    windows = BatchedWindows(shared.add, clock)
    assert windows.hit("phone", 60, LIMIT) == (1, 60.0)
    clock.now += 30
    assert windows.hit("phone", 60, LIMIT) == (2, 30.0)
    clock.now += 31
    assert windows.hit("phone", 60, LIMIT)[0] == 1


def test_with_redis_unreachable_the_process_keeps_counting_alone():
    clock = Clock()

    def down(*args: Any) -> list[int]:
        raise ConnectionError("Redis is down")

    windows = BatchedWindows(down, clock)
    counts = []
    for _ in range(4):
        counts.append(windows.hit("phone", 60, LIMIT)[0])
        clock.now += batched_counts.SYNC_SECONDS
    assert counts == [1, 2, 3, 4]


def test_the_oldest_shared_windows_leave_past_the_most_kept(monkeypatch):
    monkeypatch.setattr(batched_counts, "MOST_WINDOWS", 3)
    clock = Clock()
    shared = Shared(clock)
    windows = BatchedWindows(shared.add, clock)
    for phone in range(6):
        windows.hit(f"phone-{phone}", 60, LIMIT)
        clock.now += batched_counts.SYNC_SECONDS
    windows.hit("phone-6", 60, LIMIT)
    assert len(windows._windows) <= 4
    # A phone dropped here is counted from Redis's total at the next batch.
    windows.hit("phone-0", 60, LIMIT)
    clock.now += batched_counts.SYNC_SECONDS
    assert windows.hit("phone-0", 60, LIMIT)[0] == 3


@pytest.mark.services
def test_two_processes_share_one_count_in_redis(redis_url):
    """Each process keeps its own windows (two `BatchedWindows` here) and adds into the same Redis count."""
    from companion.cache import ResilientRedisCache

    redis = ResilientRedisCache(redis_url.rsplit("/", 1)[0] + "/11", {"KEY_PREFIX": "batched"})
    redis.clear()
    a, b = BatchedWindows(redis._add_counts), BatchedWindows(redis._add_counts)
    try:
        assert [a.hit("phone", 60, LIMIT)[0] for _ in range(3)] == [1, 2, 3]
        a._next_batch = 0.0  # as a tenth of a second later
        assert a.hit("phone", 60, LIMIT)[0] == 4
        count, remaining = b.hit("phone", 60, LIMIT)
        assert count == 5 and 0 < remaining <= 60
        assert int(redis._cache.get_client().get(redis.make_key("phone"))) == 5
    finally:
        redis.clear()


def test_the_threads_of_a_process_share_its_windows(redis_url):
    """Django makes a cache backend per thread; the counts are the process's."""
    import threading

    from django.core.cache import caches

    counts = []
    cache = caches["default"]
    thread = threading.Thread(target=lambda: counts.append(caches["default"].hit_batched("x", 60, LIMIT)[0]))
    caches["default"].clear()
    first = cache.hit_batched("x", 60, LIMIT)[0]
    thread.start()
    thread.join()
    assert (first, counts) == (1, [2])
    caches["default"].clear()
