"""A Redis cache that behaves as an empty cache while Redis is down, so pages that only use the cache
for throttling or caching keep working through an outage."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache
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


class ResilientRedisCache(RedisCache):
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
