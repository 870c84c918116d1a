"""The sweeper: runs stuck in 'running' whose worker stopped beating (killed,
crashed, or the engine took the process down) go back to 'queued' and are
enqueued again, or are failed after MAX_ATTEMPTS; queued runs whose message
was lost (broker outage) are enqueued again.  Every worker's main process
runs it every few seconds; the conditional UPDATEs (app.repositories.runs)
make concurrent sweepers safe.  Each worker also advertises itself in Redis
for GET /health."""

from __future__ import annotations

import logging
import os
import socket
import threading

import redis
from celery.signals import worker_ready, worker_shutdown

from app.core.config import get_settings
from app.services import health
from app.services.queue import enqueue_runs

from . import persistence

log = logging.getLogger("rexmit.sweeper")
_stop = threading.Event()
INTERVAL_S = 3.0


def sweep() -> dict[str, int]:
    st = get_settings()
    swept = persistence.sweep(
        stuck_after_s=st.STUCK_AFTER_S, max_attempts=st.MAX_ATTEMPTS, resend_after_s=st.REQUEUE_QUEUED_AFTER_S
    )
    enqueue_runs(swept.requeued + swept.resent)
    counts = {"failed": len(swept.failed), "requeued": len(swept.requeued), "resent": len(swept.resent)}
    if any(counts.values()):
        log.warning("sweeper: failed %(failed)d, re-queued %(requeued)d stuck, re-sent %(resent)d queued", counts)
    return counts


def _loop(name: str) -> None:
    r = redis.Redis.from_url(get_settings().REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
    while not _stop.wait(INTERVAL_S):
        try:
            health.announce(r, name)
        except redis.RedisError:
            pass
        try:
            sweep()
        except Exception as e:
            log.warning("sweep failed: %s", e)


@worker_ready.connect
def _start(**_: object) -> None:
    name = f"{socket.gethostname()}:{os.getpid()}"
    threading.Thread(target=_loop, args=(name,), daemon=True, name="rexmit-sweeper").start()


@worker_shutdown.connect
def _stop_sweeper(**_: object) -> None:
    _stop.set()
