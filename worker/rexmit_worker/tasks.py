"""Tasks stay thin: they take ids and run the job."""

from __future__ import annotations

import redis
from sqlalchemy.exc import OperationalError

from . import job
from .celery_app import app


@app.task(
    name="sim.run",
    autoretry_for=(OperationalError, redis.RedisError),
    retry_backoff=True,
    retry_backoff_max=30,
    max_retries=5,
)
def run(run_id: str) -> None:
    """Simulate run `run_id` if it is still queued (idempotent)."""
    job.execute(run_id)


@app.task(
    name="sim.chunk",
    autoretry_for=(OperationalError, redis.RedisError),
    retry_backoff=True,
    retry_backoff_max=30,
    max_retries=5,
)
def chunk(run_ids: list[str]) -> None:
    """Simulate those of a sweep's runs `run_ids` that are still queued
    (idempotent: a run another worker took, a finished or a cancelled one is
    skipped), then send the next chunks of their comparisons."""
    job.execute_chunk(run_ids)
