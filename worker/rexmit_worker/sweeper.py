"""The sweeper: runs stuck in 'running' whose worker stopped beating (killed,
crashed, or the engine took the process down) go back to 'queued' and are
enqueued again, or are failed after MAX_ATTEMPTS; queued runs whose message
was lost (broker outage) are enqueued again, once their queue has drained;
comparisons with runs still to
dispatch are pumped (app.services.dispatch), which restarts a sweep whose
chunks were all lost.  Every worker's main process runs it every few
seconds; the conditional UPDATEs (app.repositories.runs) and the pump's row
lock make concurrent sweepers safe.  Each worker also advertises itself in
Redis for GET /health.

How a run goes back to the workers: one a request of POST /runs asked for as
sim.run on the `sim` queue; a sweep's run as a chunk on the `sweep` queue,
in chunks of SWEEP_FIRST_CHUNK_RUNS. A stuck run was in a chunk whose
process died, maybe because of another run of that chunk, so a stuck run's
last attempt is a chunk of its own: a run that crashes its worker takes at
most a few others with it on its earlier attempts, fails alone after
MAX_ATTEMPTS, and never makes another run fail."""

from __future__ import annotations

import logging
import os
import socket
import threading

import redis
from celery.signals import worker_ready, worker_shutdown

from app.core.config import get_settings
from app.services import dispatch, health
from app.services.queue import QUEUE, SWEEP_QUEUE, backlog, enqueue_chunks, enqueue_runs

from . import persistence

log = logging.getLogger("rexmit.sweeper")
_stop = threading.Event()
INTERVAL_S = 3.0


def sweep() -> dict[str, int]:
    st = get_settings()
    # A queued run whose message is still waiting in the broker is not lost:
    # queued runs are re-sent only when their queue has drained (a sweep's
    # chunks may wait behind other sweeps' chunks for longer than
    # REQUEUE_QUEUED_AFTER_S, and re-sending them would only add duplicates)
    waiting = backlog()
    swept = persistence.sweep(
        stuck_after_s=st.STUCK_AFTER_S,
        max_attempts=st.MAX_ATTEMPTS,
        resend_after_s=st.REQUEUE_QUEUED_AFTER_S,
        resend_direct=waiting is not None and waiting[QUEUE] == 0,
        resend_sweeps=waiting is not None and waiting[SWEEP_QUEUE] == 0,
    )
    enqueue_runs([r for r in swept.requeued + swept.resent if r in swept.direct])
    stuck = [r for r in swept.requeued if r not in swept.direct]
    enqueue_chunks([[r] for r in stuck if r in swept.last_chance])
    again = [r for r in stuck if r not in swept.last_chance] + [r for r in swept.resent if r not in swept.direct]
    n = st.SWEEP_FIRST_CHUNK_RUNS
    enqueue_chunks([again[i : i + n] for i in range(0, len(again), n)])
    counts = {"failed": len(swept.failed), "requeued": len(swept.requeued), "resent": len(swept.resent)}
    if any(counts.values()):
        log.warning("sweeper: failed %(failed)d, re-queued %(requeued)d stuck, re-sent %(resent)d queued", counts)
    counts["chunks"] = dispatch.pump_all()
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
