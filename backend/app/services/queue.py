"""Sending tasks to the workers. The API never imports the worker package.

Two queues, which every worker serves in this order (the Redis transport's
"priority" queue order: a worker takes from `sweep` only when `sim` is
empty):
  sim    single runs (POST /runs, `sim.run`), and re-sent runs a request of
         POST /runs asked for: what a person is waiting for;
  sweep  chunks of comparisons (`sim.chunk`), a few per comparison at a time
         (services/dispatch.py), so that sweeps take turns.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable
from functools import lru_cache

import redis
from celery import Celery

from ..core.config import get_settings

log = logging.getLogger(__name__)

TASK_RUN = "sim.run"
TASK_CHUNK = "sim.chunk"
QUEUE = "sim"
SWEEP_QUEUE = "sweep"
#: the queues a worker serves, first served first (`celery worker -Q sim,sweep`)
WORKER_QUEUES = f"{QUEUE},{SWEEP_QUEUE}"


@lru_cache
def client() -> Celery:
    s = get_settings()
    app = Celery("rexmit-api", broker=s.REDIS_URL)
    app.conf.broker_connection_retry_on_startup = True
    app.conf.broker_transport_options = {"visibility_timeout": 3600}
    return app


def enqueue_runs(run_ids: Iterable[uuid.UUID]) -> int:
    """Enqueue after commit. A broker outage leaves the runs queued in the
    database; the workers' sweeper enqueues them again, so nothing is lost."""
    sent = 0
    for rid in run_ids:
        try:
            client().send_task(TASK_RUN, args=[str(rid)], queue=QUEUE)
            sent += 1
        except Exception as e:  # broker down: the sweeper re-enqueues
            log.warning("enqueue of run %s failed (%s); left queued for the sweeper", rid, e)
    return sent


def enqueue_chunks(chunks: Iterable[list[uuid.UUID]]) -> int:
    """Enqueue chunks of a sweep's runs (after commit), one task each. The
    time limits of a chunk are the per-run limits times its runs (each run's
    own limit is enforced by the chunk itself, worker/rexmit_worker/job.py).
    A broker outage leaves the runs queued for the sweeper, as above."""
    st = get_settings()
    sent = 0
    for ids in chunks:
        if not ids:
            continue
        try:
            client().send_task(
                TASK_CHUNK,
                args=[[str(i) for i in ids]],
                queue=SWEEP_QUEUE,
                soft_time_limit=st.WORKER_SOFT_TIME_LIMIT_S * len(ids),
                time_limit=st.WORKER_HARD_TIME_LIMIT_S * len(ids) + st.WORKER_HARD_TIME_LIMIT_S,
            )
            sent += 1
        except Exception as e:  # broker down: the sweeper re-enqueues
            log.warning("enqueue of a chunk of %d runs failed (%s); left queued for the sweeper", len(ids), e)
    return sent


@lru_cache
def _redis() -> redis.Redis:
    return redis.Redis.from_url(get_settings().REDIS_URL, socket_timeout=2, socket_connect_timeout=2)


def backlog() -> dict[str, int] | None:
    """Messages waiting in each queue (not yet taken by a worker), or None when
    the broker does not answer. (The Redis transport keeps a queue's waiting
    messages in a list named after it.)"""
    try:
        pipe = _redis().pipeline()
        for q in (QUEUE, SWEEP_QUEUE):
            pipe.llen(q)
        return dict(zip((QUEUE, SWEEP_QUEUE), (int(n) for n in pipe.execute()), strict=True))
    except redis.RedisError:
        return None
