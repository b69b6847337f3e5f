"""A Redis cache that behaves as an empty cache while Redis is down, so pages that only use the cache
for throttling or caching keep working through an outage.

It also keeps one Redis client per connection pool: Django builds a new `redis.Redis` for every cache call,
and building one (its table of response callbacks) costs more than a round trip to a local Redis.

And it keeps the entries under the `NEAR_PREFIXES` option (the polled reads' keys) in each process as well,
dropped the moment Redis reports a change (`companion.near_cache`)."""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.connection import parse_url
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from companion.batched_counts import ADD_COUNTS, BatchedWindows
from companion.near_cache import NearCache

logger = logging.getLogger(__name__)
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)


def _degrade(answer: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def wrap(method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def call(self: RedisCache, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except REDIS_DOWN as exc:
                logger.warning("Cache unavailable (%s); carrying on without it", exc)
                return answer(*args, **kwargs)

        return call

    return wrap


def _default(key: Any, default: Any = None, *args: Any, **kwargs: Any) -> Any:
    return kwargs.get("default", default)


# Django makes a cache backend per thread; what is kept in memory is the process's, shared by its threads.
_PROCESS_LOCK = threading.Lock()
_NEAR: dict[tuple[Any, ...], NearCache] = {}
_BATCHED: dict[tuple[Any, ...], BatchedWindows] = {}


def _near_cache(connection: dict[str, Any], prefixes: Sequence[str]) -> NearCache:
    key = (tuple(sorted(connection.items())), tuple(prefixes))
    with _PROCESS_LOCK:
        if key not in _NEAR:
            _NEAR[key] = NearCache(connection, prefixes)
        return _NEAR[key]


def _batched_windows(key: tuple[Any, ...], add_counts: Any) -> BatchedWindows:
    with _PROCESS_LOCK:
        if key not in _BATCHED:
            _BATCHED[key] = BatchedWindows(add_counts)
        return _BATCHED[key]


def _forgetting_key(write: Callable[..., Any]) -> Callable[..., Any]:
    """Django's client write of one key (its first argument), then this process's copy of it dropped."""

    @functools.wraps(write)
    def call(self: ReusedClients, key: Any, *args: Any) -> Any:
        try:
            return write(self, key, *args)
        finally:
            self._forget([key])

    return call


class ReusedClients(RedisCacheClient):
    """Django's Redis client, handing out one `redis.Redis` per pool (thread-safe: each command takes a
    connection from the pool), and keeping the entries under `near_prefixes` in the process as well
    (`companion.near_cache`): a read of one of those that nothing changed makes no round trip."""

    def __init__(self, *args: Any, near_prefixes: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}
        self._near = _near_cache(self._near_connection(kwargs), near_prefixes) if near_prefixes else None

    def _near_connection(self, options: dict[str, Any]) -> dict[str, Any]:
        settings = parse_url(self._servers[0])
        settings.pop("connection_class", None)  # rediss:// would need TLS on the tracking connection too
        for name in ("socket_connect_timeout", "socket_timeout"):
            if name in options:
                settings[name] = options[name]
        return settings

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            if index not in self._pools:
                self._pools[index] = self._pool_class.from_url(self._servers[index], **self._pool_options)
            client = self._clients.setdefault(index, self._client(connection_pool=self._pools[index]))
        return client

    def get(self, key: Any, default: Any) -> Any:
        if self._near is None or not self._near.covers(key):
            return super().get(key, default)
        return self.get_many([key]).get(key, default)

    def get_many(self, keys: Any) -> dict[Any, Any]:
        near = self._near
        epoch = near.fresh() if near is not None else None
        if near is None or epoch is None:
            return super().get_many(keys)
        loads = self._serializer.loads
        found, missing = {}, []
        for key in keys:
            raw = near.get(key) if near.covers(key) else None
            if raw is None:
                missing.append(key)
            else:
                found[key] = loads(raw)
        if missing:
            found.update(self._read_keeping(near, missing, epoch))
        return found

    def _read_keeping(self, near: NearCache, keys: list[Any], epoch: int) -> dict[Any, Any]:
        """Read from Redis, with each kept key's time to live there, in one round trip; keep them."""
        kept = [key for key in keys if near.covers(key)]
        pipeline = self.get_client().pipeline(transaction=False)
        pipeline.mget(keys)
        for key in kept:
            pipeline.pttl(key)
        values, *ttls = pipeline.execute()
        raw = dict(zip(keys, values, strict=True))
        for key, ttl in zip(kept, ttls, strict=True):
            if raw[key] is not None:
                near.keep(key, raw[key], ttl, epoch)
        loads = self._serializer.loads
        return {key: loads(value) for key, value in raw.items() if value is not None}

    def _forget(self, keys: Any = None) -> None:
        if self._near is not None:
            self._near.forget(keys)

    # A write of one key drops this process's copy of it, whether Redis took the write or not.
    add = _forgetting_key(RedisCacheClient.add)
    set = _forgetting_key(RedisCacheClient.set)
    touch = _forgetting_key(RedisCacheClient.touch)
    delete = _forgetting_key(RedisCacheClient.delete)
    incr = _forgetting_key(RedisCacheClient.incr)

    def set_many(self, data: dict[Any, Any], timeout: Any) -> Any:
        try:
            return super().set_many(data, timeout)
        finally:
            self._forget(list(data))

    def delete_many(self, keys: Any) -> Any:
        keys = list(keys)
        try:
            return super().delete_many(keys)
        finally:
            self._forget(keys)

    def clear(self) -> Any:
        try:
            return super().clear()
        finally:
            self._forget()


# One command for a throttle's count (Redis runs a script atomically): a MULTI of SET NX, INCRBY and TTL is
# five commands and replies to parse. A key found without an expiry (none should be) gets one, so a window
# can never count forever.
WINDOW_HIT = """
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
"""


class ResilientRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        near = options.pop("NEAR_PREFIXES", ())
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = ReusedClients
        if near:
            # Tracked as Redis holds them: with Django's key prefix and version.
            self._options = {**options, "near_prefixes": [self.make_key(prefix) for prefix in near]}
        self._scripts: dict[tuple[int, str], Any] = {}
        self._batched = _batched_windows((server, self.key_prefix, self.version), self._add_counts)

    def validate_key(self, key: Any) -> None:
        """Redis takes any key. Django's check warns about keys memcached would refuse, one character at a
        time, on every call: a cost each polled read paid for nothing here."""

    get = _degrade(_default)(RedisCache.get)
    get_many = _degrade(lambda *a, **k: {})(RedisCache.get_many)
    set = _degrade(lambda *a, **k: None)(RedisCache.set)
    set_many = _degrade(lambda *a, **k: [])(RedisCache.set_many)
    add = _degrade(lambda *a, **k: False)(RedisCache.add)
    touch = _degrade(lambda *a, **k: False)(RedisCache.touch)
    delete = _degrade(lambda *a, **k: False)(RedisCache.delete)
    delete_many = _degrade(lambda *a, **k: None)(RedisCache.delete_many)
    has_key = _degrade(lambda *a, **k: False)(RedisCache.has_key)
    incr = _degrade(lambda key, delta=1, *a, **k: delta)(RedisCache.incr)

    def _script(self, source: str) -> Any:
        """A Lua script registered once per client (hashed once), then run by EVALSHA."""
        client = self._cache.get_client(write=True)
        script = self._scripts.get((id(client), source))
        if script is None:
            script = self._scripts.setdefault((id(client), source), client.register_script(source))
        return script

    def _hit(self, key: Any, seconds: int) -> tuple[int, float]:
        """Count one request in a throttle window in one command: add one, and open the window (its
        expiry) if it is new; the count and how long the window still lasts."""
        count, ttl = self._script(WINDOW_HIT)(keys=[self.make_and_validate_key(key)], args=[seconds])
        return int(count), float(ttl if ttl > 0 else seconds)

    # While Redis is down the throttle lets requests through, like every other use of the cache.
    hit = _degrade(lambda key, seconds, *a, **k: (1, float(seconds)))(_hit)

    def hit_batched(self, key: Any, seconds: int, limit: int) -> tuple[int, float]:
        """`hit`, counted in this process and added into Redis in batches (`companion.batched_counts`)."""
        return self._batched.hit(key, seconds, limit)

    def _add_counts(self, keys: list[str], lengths: list[int], additions: list[int]) -> list[int]:
        made = [self.make_and_validate_key(key) for key in keys]
        return self._script(ADD_COUNTS)(keys=made, args=[*lengths, *additions])

    def clear(self) -> None:
        self._batched.clear()
        _degrade(lambda *a, **k: None)(RedisCache.clear)(self)
