"""The sweeper: runs stuck in 'running' whose worker stopped beating (killed,
crashed, or the engine took the process down) go back to 'queued' and are
enqueued again, or are failed after MAX_ATTEMPTS; queued runs whose message
was lost (broker outage) are enqueued again.  Every worker's main process
runs it every few seconds; the conditional UPDATEs make concurrent sweepers
safe.  Each worker also advertises itself in Redis for GET /health."""
from __future__ import annotations

import logging
import os
import socket
import threading

import redis
from celery.signals import worker_ready, worker_shutdown
from sqlalchemy import text

from app.core.config import get_settings
from app.core.db import session_scope

log = logging.getLogger("rexmit.sweeper")
_stop = threading.Event()
INTERVAL_S = 3.0


def sweep() -> dict[str, int]:
    st = get_settings()
    with session_scope() as s:
        failed = s.execute(text(
            "UPDATE runs SET state = 'failed', finished_at = now(), "
            "error = 'the worker running it stopped responding ' || attempts || ' times (crash or kill)' "
            "WHERE state = 'running' AND heartbeat_at < now() - make_interval(secs => :stuck) "
            "AND attempts >= :max RETURNING id"), {"stuck": st.STUCK_AFTER_S, "max": st.MAX_ATTEMPTS}).all()
        requeued = s.execute(text(
            "UPDATE runs SET state = 'queued', worker = NULL, queued_at = now() "
            "WHERE state = 'running' AND heartbeat_at < now() - make_interval(secs => :stuck) "
            "AND attempts < :max RETURNING id"), {"stuck": st.STUCK_AFTER_S, "max": st.MAX_ATTEMPTS}).all()
        lost = s.execute(text(
            "UPDATE runs SET queued_at = now() WHERE state = 'queued' "
            "AND queued_at < now() - make_interval(secs => :age) RETURNING id"),
            {"age": st.REQUEUE_QUEUED_AFTER_S}).all()
    from app.services.queue import enqueue_runs
    enqueue_runs([r[0] for r in requeued] + [r[0] for r in lost])
    if failed or requeued or lost:
        log.warning("sweeper: failed %d, re-queued %d stuck, re-sent %d queued", len(failed), len(requeued), len(lost))
    return {"failed": len(failed), "requeued": len(requeued), "resent": len(lost)}


def _loop(name: str) -> None:
    r = redis.Redis.from_url(get_settings().REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
    while not _stop.wait(INTERVAL_S):
        try:
            r.set(f"rexmit:worker:{name}", "1", ex=15)
        except redis.RedisError:
            pass
        try:
            sweep()
        except Exception as e:
            log.warning("sweep failed: %s", e)


@worker_ready.connect
def _start(sender=None, **_):
    name = f"{socket.gethostname()}:{os.getpid()}"
    threading.Thread(target=_loop, args=(name,), daemon=True, name="rexmit-sweeper").start()


@worker_shutdown.connect
def _stop_sweeper(**_):
    _stop.set()
