"""A Redis cache that behaves as an empty cache while Redis is down, so pages that only use the cache
for throttling or caching keep working through an outage.

It also keeps one Redis client per connection pool: Django builds a new `redis.Redis` for every cache call,
and building one (its table of response callbacks) costs more than a round trip to a local Redis."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

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


class ReusedClients(RedisCacheClient):
    """Django's Redis client, handing out one `redis.Redis` per pool (thread-safe: each command takes a
    connection from the pool)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            if index not in self._pools:
                self._pools[index] = self._pool_class.from_url(self._servers[index], **self._pool_options)
            client = self._clients.setdefault(index, self._client(connection_pool=self._pools[index]))
        return client


# One command for a throttle's count (Redis runs a script atomically): a MULTI of SET NX, INCRBY and TTL is
# five commands and replies to parse. A key found without an expiry (none should be) gets one, so a window
# can never count forever. Any further keys are read in the same command (`hit_reading`): a request that is
# counted and then needs a cached value (the helpers' content version) makes one round trip, not two.
WINDOW_HIT = """
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
local answer = {count, ttl}
for i = 2, #KEYS do
  answer[i + 1] = redis.call('GET', KEYS[i])
end
return answer
"""


class ResilientRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ReusedClients
        # The throttle's script, per client: registered once (hashed once), then run by EVALSHA.
        self._scripts: dict[int, Any] = {}

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

    def _hit(self, key: Any, seconds: int) -> tuple[int, float]:
        """Count one request in a throttle window in one command: add one, and open the window (its
        expiry) if it is new; the count and how long the window still lasts."""
        count, ttl, _ = self._hit_reading(key, seconds, ())
        return count, ttl

    def _hit_reading(self, key: Any, seconds: int, read: Sequence[str]) -> tuple[int, float, dict[str, Any]]:
        """`hit`, and the values cached under `read` (those present), in the same command."""
        key = self.make_and_validate_key(key)
        client = self._cache.get_client(key, write=True)
        script = self._scripts.get(id(client))
        if script is None:
            script = self._scripts.setdefault(id(client), client.register_script(WINDOW_HIT))
        keys = [self.make_and_validate_key(name) for name in read]
        count, ttl, *values = script(keys=[key, *keys], args=[seconds])
        loads = self._cache._serializer.loads
        found = {name: loads(value) for name, value in zip(read, values, strict=False) if value is not None}
        return int(count), float(ttl if ttl > 0 else seconds), found

    # While Redis is down the throttle lets requests through, like every other use of the cache.
    hit = _degrade(lambda key, seconds, *a, **k: (1, float(seconds)))(_hit)
    hit_reading = _degrade(lambda key, seconds, *a, **k: (1, float(seconds), {}))(_hit_reading)
