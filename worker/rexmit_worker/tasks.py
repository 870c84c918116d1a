"""Tasks stay thin: they take an id and run the job."""

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
