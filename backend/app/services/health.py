"""Health: the database, the broker, and the workers that announced
themselves in the broker within the last WORKER_TTL_S seconds."""

from __future__ import annotations

import redis
import rexsim
from sqlalchemy import literal, select
from sqlalchemy.orm import Session

from ..core.config import get_settings
from ..schemas.misc import Health

WORKER_KEY_PREFIX = "rexmit:worker:"
WORKER_TTL_S = 15


def announce(r: redis.Redis, worker: str) -> None:
    """A worker says it is alive (its sweeper calls this every few seconds)."""
    r.set(f"{WORKER_KEY_PREFIX}{worker}", "1", ex=WORKER_TTL_S)


def check(s: Session) -> Health:
    """status 'ok' when both the database and the broker answer, else 'degraded'."""
    db = broker = "ok"
    workers: list[str] = []
    try:
        s.execute(select(literal(1)))
    except Exception as e:
        db = f"error: {type(e).__name__}"
    try:
        r = redis.Redis.from_url(get_settings().REDIS_URL, socket_timeout=1, socket_connect_timeout=1)
        r.ping()
        workers = sorted(k.decode().removeprefix(WORKER_KEY_PREFIX) for k in r.scan_iter(f"{WORKER_KEY_PREFIX}*"))
    except Exception as e:
        broker = f"error: {type(e).__name__}"
    ok = db == "ok" and broker == "ok"
    return Health(
        status="ok" if ok else "degraded",
        database=db,
        broker=broker,
        workers=workers,
        engine_version=rexsim.ENGINE_VERSION,
    )
