"""Sending tasks to the workers. The API never imports the worker package."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable
from functools import lru_cache

from celery import Celery

from ..core.config import get_settings

log = logging.getLogger(__name__)

TASK_RUN = "sim.run"
QUEUE = "sim"


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
