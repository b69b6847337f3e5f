"""Cache entries kept in the process as well as in Redis, dropped the moment Redis says they changed.

Every polled read (an unchanged sheet, the content version, who a token names, whether a reader still
belongs to a campaign) was one round trip to Redis, and on a small server that round trip cost more than
the rest of the request. Redis can tell a client which keys changed (server-assisted client-side caching,
`CLIENT TRACKING ... BCAST PREFIX`): each process keeps one connection that receives an invalidation for
every write, delete, expiry or eviction of a key under the kept prefixes, by any process.

Why a kept entry is never read stale:
- Before each read the process takes in every invalidation that has arrived (`fresh`: one `poll` of that
  connection, no round trip), under a lock, so no thread reads while another is still applying one.
- Redis sends the invalidation when the key changes, before the writer's own request can answer; a read
  that starts after a write has finished therefore finds the invalidation waiting on its socket.
- A value read from Redis is kept only if no invalidation arrived while it was being read (`epoch`), and
  never beyond its time to live there.
- This process's own writes drop the entry at once (`forget`), without waiting for their invalidation.
- While the connection is down, nothing is kept and every read goes to Redis; it is tried again at most
  once a second, and entries start afresh once it is back.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import threading
import time
from collections.abc import Iterable
from typing import Any

from redis.connection import Connection
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
MAX_BYTES = 32 * 1024 * 1024  # per process; the oldest entries leave first
MAX_VALUE_BYTES = 256 * 1024  # larger values are read from Redis each time


class NearCache:
    """The process's copy of the entries under `prefixes` (full Redis keys, Django's version prefix
    included), kept while Redis's invalidations say they are current."""

    def __init__(self, connection_kwargs: dict[str, Any], prefixes: Iterable[str]) -> None:
        self.prefixes = tuple(prefixes)
        self._connection_kwargs = connection_kwargs
        self._lock = threading.Lock()
        self._values: dict[str, tuple[bytes, float]] = {}
        self._bytes = 0
        self._epoch = 0
        self._connection: Connection | None = None
        self._socket: Any = None  # the tracking connection's, checked with select (poll objects are
        # not to be shared between threads)
        self._draining = False
        self._pid = 0
        self._retry_at = 0.0

    def covers(self, key: str) -> bool:
        return key.startswith(self.prefixes)

    def fresh(self) -> int | None:
        """Take in the invalidations that have arrived; the epoch to hand back to `keep`, or None when
        the process cannot know what changed (nothing may be read from or kept here then).

        Most reads find nothing waiting and no thread applying an invalidation: one `poll`, no lock. A
        thread that drains says so (`_draining`) before it reads the socket, so a thread that polls after
        the bytes left the socket waits on the lock until they are applied."""
        sock = self._socket if self._pid == os.getpid() else None
        if sock is not None:
            try:
                if not _waiting(sock) and not self._draining:
                    return self._epoch
            except (OSError, ValueError):
                pass  # handled under the lock below
        with self._lock:
            if self._pid != os.getpid():  # first use, or a forked worker: its own connection
                self._connection, self._socket, self._pid, self._retry_at = None, None, os.getpid(), 0.0
            if self._connection is None and not self._connect():
                return None
            self._draining = True
            try:
                while _waiting(self._socket):
                    self._drain()
            except (RedisError, OSError, ValueError) as exc:
                self._lost(exc)
                return None
            finally:
                self._draining = False
            return self._epoch

    def get(self, key: str) -> bytes | None:
        """The kept raw value (call `fresh` first)."""
        entry = self._values.get(key)
        if entry is None:
            return None
        if entry[1] <= time.monotonic():
            return None
        return entry[0]

    def keep(self, key: str, raw: bytes, ttl_ms: int, epoch: int) -> None:
        """Keep a value read from Redis since `fresh` answered `epoch`, for at most its time to live there
        (`ttl_ms`, Redis's PTTL: -1 for none)."""
        if ttl_ms == -2 or len(raw) > MAX_VALUE_BYTES:
            return
        expires = time.monotonic() + (ttl_ms / 1000 if ttl_ms >= 0 else 3600.0)
        with self._lock:
            if epoch != self._epoch or self._connection is None:
                return
            self._drop(key)
            self._values[key] = (raw, expires)
            self._bytes += len(raw)
            while self._bytes > MAX_BYTES:
                self._drop(next(iter(self._values)))

    def forget(self, keys: Iterable[str] | None = None) -> None:
        """This process changed these keys (None: all of them): drop them now, and refuse to keep any read
        that started before."""
        with self._lock:
            self._epoch += 1
            if keys is None:
                self._values.clear()
                self._bytes = 0
                return
            for key in keys:
                self._drop(key)

    def _drop(self, key: str) -> None:
        entry = self._values.pop(key, None)
        if entry is not None:
            self._bytes -= len(entry[0])

    def _invalidated(self, message: list[Any]) -> None:
        self._epoch += 1
        keys = message[1] if len(message) > 1 else None
        if keys is None:  # FLUSHDB, FLUSHALL, or Redis could not track: everything
            self._values.clear()
            self._bytes = 0
            return
        for key in keys:
            self._drop(key.decode() if isinstance(key, bytes) else key)

    def _drain(self) -> None:
        connection = self._connection
        assert connection is not None
        while connection.can_read(timeout=0):
            connection.read_response(push_request=True)

    def _connect(self) -> bool:
        """Open the tracking connection; entries start afresh."""
        if time.monotonic() < self._retry_at:
            return False
        self._epoch += 1
        self._values.clear()
        self._bytes = 0
        try:
            connection = Connection(**self._connection_kwargs, protocol=3)
            connection.connect()
            connection._parser.set_invalidation_push_handler(self._invalidated)
            prefixes = [part for prefix in self.prefixes for part in ("PREFIX", prefix)]
            connection.send_command("CLIENT", "TRACKING", "ON", "BCAST", *prefixes)
            connection.read_response()
        except (RedisError, OSError) as exc:
            self._retry_at = time.monotonic() + RETRY_SECONDS
            logger.warning("Near cache off (%s); reading Redis each time", exc)
            return False
        self._connection = connection
        self._socket = connection._sock
        return True

    def _lost(self, exc: Exception) -> None:
        logger.warning("Near cache lost its Redis connection (%s); reading Redis each time", exc)
        connection, self._connection, self._socket = self._connection, None, None
        self._retry_at = time.monotonic() + RETRY_SECONDS
        self._epoch += 1
        self._values.clear()
        self._bytes = 0
        if connection is not None:
            with contextlib.suppress(RedisError, OSError):
                connection.disconnect()


def _waiting(sock: Any) -> bool:
    """Something to read (an invalidation, or the connection closing), without waiting."""
    readable, _, broken = select.select([sock], [], [sock], 0)
    return bool(readable or broken)
