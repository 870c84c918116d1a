"""The Celery app. PostgreSQL is the source of truth: results are not kept
in Celery, tasks take ids only, and a run's state lives in the runs table."""

from __future__ import annotations

from celery import Celery
from kombu import Queue

from app.core.config import get_settings
from app.services.queue import QUEUE, SWEEP_QUEUE

settings = get_settings()

app = Celery("rexmit", broker=settings.REDIS_URL, include=["rexmit_worker.tasks"])
app.conf.update(
    task_serializer="json",
    accept_content=["json"],
    task_ignore_result=True,
    task_acks_late=True,  # a task lost with its worker is delivered again ...
    task_reject_on_worker_lost=True,  # ... including when the child is killed
    worker_prefetch_multiplier=1,
    task_default_queue=QUEUE,
    # single runs first, then sweeps' chunks (app/services/queue.py); `celery
    # worker -Q sim,sweep` keeps this order, and the Redis transport's
    # "priority" order takes from a queue only when those before it are empty
    task_queues=[Queue(QUEUE), Queue(SWEEP_QUEUE)],
    task_create_missing_queues=False,
    task_soft_time_limit=settings.WORKER_SOFT_TIME_LIMIT_S,
    task_time_limit=settings.WORKER_HARD_TIME_LIMIT_S,
    broker_connection_retry_on_startup=True,
    broker_transport_options={"visibility_timeout": 3600, "queue_order_strategy": "priority"},
    worker_hijack_root_logger=False,
)

from . import sweeper  # noqa: E402,F401  (registers the sweeper thread on worker start)
