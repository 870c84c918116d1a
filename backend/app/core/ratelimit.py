"""A per-client limit on write requests, counted in Redis so that every API
process shares it (fixed one-minute windows). If Redis is unreachable the
request is allowed: losing the broker must not take the API down with it."""

from __future__ import annotations

import logging
import time
from functools import lru_cache

import redis

from .config import get_settings
from .errors import ApiError

log = logging.getLogger(__name__)


@lru_cache
def _redis() -> redis.Redis:
    return redis.Redis.from_url(get_settings().REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5)


def check(client: str) -> None:
    limit = get_settings().RATE_LIMIT_WRITES_PER_MINUTE
    if limit <= 0:
        return
    window = int(time.time() // 60)
    key = f"rexmit:rl:{client}:{window}"
    try:
        pipe = _redis().pipeline()
        pipe.incr(key)
        pipe.expire(key, 120)
        count = pipe.execute()[0]
    except redis.RedisError as e:
        log.warning("rate limit not enforced (redis: %s)", e)
        return
    if count > limit:
        retry = 60 - int(time.time()) % 60
        raise ApiError(
            429,
            f"the service is busy: it accepts at most {limit} write requests per minute from one network "
            f"address (everyone behind it shares the count; nothing is wrong with the scenario); retry in {retry} s",
            headers={"Retry-After": str(retry)},
        )
