"""The near cache: polled reads kept in the process, and never served after Redis says they changed.

Each test builds its own `ResilientRedisCache` on a Redis database of its own, as each gunicorn worker
does, and writes "from another process" through a plain Redis client: the invalidation comes from Redis
itself, not from our code.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import redis as redis_py
from django.conf import settings

from companion.cache import ResilientRedisCache

pytestmark = pytest.mark.services

DB = 11
PREFIXES = ["kept:", "also-kept:"]


@pytest.fixture
def near(redis_url: str) -> Any:
    url = redis_url.rsplit("/", 1)[0] + f"/{DB}"
    cache = ResilientRedisCache(url, {"OPTIONS": {"NEAR_PREFIXES": PREFIXES}})
    cache.clear()
    yield cache
    cache.clear()


@pytest.fixture
def other(redis_url: str) -> Any:
    """Another process's view of the same Redis database."""
    client = redis_py.Redis.from_url(redis_url.rsplit("/", 1)[0] + f"/{DB}")
    yield client
    client.close()


def round_trips(client: Any) -> int:
    """Commands Redis has answered so far (this one included)."""
    return int(client.info("stats")["total_commands_processed"])


def test_a_kept_entry_is_read_again_without_a_round_trip(near, other):
    near.set("kept:a", "v1")
    assert near.get("kept:a") == "v1"  # read once from Redis, with its time to live
    before = round_trips(other)
    assert [near.get("kept:a") for _ in range(50)] == ["v1"] * 50
    assert near.get_many(["kept:a"]) == {"kept:a": "v1"}
    assert round_trips(other) - before == 1  # only the INFO above itself


def test_other_keys_still_go_to_redis_each_time(near, other):
    near.set("counted:a", 1)
    before = round_trips(other)
    for _ in range(5):
        near.get("counted:a")
    assert round_trips(other) - before >= 5


def test_a_change_made_by_another_process_is_read_at_once(near, other):
    near.set("kept:a", "v1")
    assert near.get("kept:a") == "v1"
    other.set(near.make_key("kept:a"), near._cache._serializer.dumps("v2"))
    assert near.get("kept:a") == "v2"
    other.delete(near.make_key("kept:a"))
    assert near.get("kept:a") is None


def test_an_entry_expiring_in_redis_expires_here_too(near):
    near.set("kept:short", "soon gone", timeout=1)
    assert near.get("kept:short") == "soon gone"
    time.sleep(1.1)
    assert near.get("kept:short") is None


def test_a_flush_drops_every_kept_entry(near, other):
    near.set_many({"kept:a": 1, "also-kept:b": 2})
    assert near.get_many(["kept:a", "also-kept:b"]) == {"kept:a": 1, "also-kept:b": 2}
    other.flushdb()
    assert near.get_many(["kept:a", "also-kept:b"]) == {}


def test_this_process_reads_its_own_writes(near):
    near.set("kept:a", "v1")
    assert near.get("kept:a") == "v1"
    near.set("kept:a", "v2")
    assert near.get("kept:a") == "v2"
    near.delete("kept:a")
    assert near.get("kept:a") is None
    near.add("kept:a", "v3")
    assert near.get("kept:a") == "v3"


def test_a_value_read_before_a_change_is_not_kept(near):
    """A read races a write: what it read is handed back but never kept (the epoch moved)."""
    kept = near._cache._near
    epoch = kept.fresh()
    near.set("kept:a", "new")  # lands while the older read is on its way
    kept.keep(near.make_key("kept:a"), b"old", 60_000, epoch)
    assert near.get("kept:a") == "new"


def test_with_redis_down_nothing_is_kept_and_reads_answer_empty():
    down = ResilientRedisCache(
        "redis://127.0.0.1:1", {"OPTIONS": {"socket_connect_timeout": 0.2, "NEAR_PREFIXES": PREFIXES}}
    )
    assert down.get("kept:a", "default") == "default"
    assert down.get_many(["kept:a"]) == {}
    assert down._cache._near.fresh() is None


def test_the_kept_prefixes_cover_every_polled_key_and_none_starts_another():
    from campaigns.selectors import owner_tools, reader_state
    from campaigns.selectors.versions import CONTENT_VERSION_KEY
    from companion import session_user, tokens

    prefixes = settings.NEAR_CACHE_PREFIXES
    polled = [
        tokens.token_entry("a-token"),
        session_user._generation_key(1),
        session_user._row_key(1),
        *reader_state.access_keys(1),
        reader_state.list_generation_key(1),
        reader_state._list_key(1),
        owner_tools.owner_tools_key(1),
        CONTENT_VERSION_KEY,
    ]
    assert all(key.startswith(tuple(prefixes)) for key in polled)
    assert not any(a != b and a.startswith(b) for a in prefixes for b in prefixes)


def test_the_threads_of_a_process_share_what_it_keeps(redis_url):
    """Django makes a cache backend per thread; what is kept is the process's."""
    import threading

    url = redis_url.rsplit("/", 1)[0] + f"/{DB}"

    def backend() -> Any:
        return ResilientRedisCache(url, {"OPTIONS": {"NEAR_PREFIXES": PREFIXES}})._cache._near

    mine, theirs = backend(), []
    thread = threading.Thread(target=lambda: theirs.append(backend()))
    thread.start()
    thread.join()
    assert mine is not None and theirs == [mine]


def test_many_threads_read_at_once(near, other):
    """Every gunicorn thread of a process reads through the one tracking connection at the same time."""
    import threading

    near.set("kept:a", "v1")
    failures = []

    def read() -> None:
        try:
            for _ in range(300):
                assert near.get("kept:a") in ("v1", "v2")
        except Exception as exc:  # any failure in a thread fails the test
            failures.append(exc)

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    other.set(near.make_key("kept:a"), near._cache._serializer.dumps("v2"))
    for thread in threads:
        thread.join()
    assert failures == [] and near.get("kept:a") == "v2"
