r"""SQL for runs and their traces. Nothing outside repositories builds SQL.

This module owns a run's state machine; every transition is a conditional
UPDATE, so concurrent API processes, workers and sweepers stay safe:

    queued --claim--> running --finish--> succeeded
       ^                 |  \--fail----> failed --requeue_failed--> queued
       +--sweep_stuck----+  (no heartbeat; failed after max attempts)
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Row, exists, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from ..models import ComparisonRun, Run, RunTrace
from .paging import After, newest_first


def insert_or_get(
    s: Session,
    *,
    key: str,
    scenario: dict[str, Any],
    seed: int,
    engine_version: str,
    parent_run_id: uuid.UUID | None = None,
) -> tuple[Run, bool]:
    """(run, created): one row per key, safe under concurrent requests. The
    parent is written only on insert: an existing run keeps its lineage (so a
    re-run that deduplicates to an older run cannot make a cycle)."""
    stmt = (
        insert(Run)
        .values(
            id=uuid.uuid4(),
            run_key=key,
            scenario=scenario,
            seed=seed,
            engine_version=engine_version,
            state="queued",
            progress=0.0,
            attempts=0,
            parent_run_id=parent_run_id,
        )
        .on_conflict_do_nothing(index_elements=["run_key"])
        .returning(Run.id)
    )
    new_id = s.execute(stmt).scalar_one_or_none()
    run = s.execute(select(Run).where(Run.run_key == key)).scalar_one()
    return run, new_id is not None


def get(s: Session, run_id: uuid.UUID) -> Run | None:
    return s.get(Run, run_id)


def requeue_failed(s: Session, run_id: uuid.UUID) -> bool:
    res = s.execute(
        update(Run)
        .where(Run.id == run_id, Run.state == "failed")
        .values(state="queued", error=None, progress=0.0, queued_at=func.now())
        .returning(Run.id)
    )
    return res.scalar_one_or_none() is not None


def get_trace(s: Session, run_id: uuid.UUID) -> RunTrace | None:
    return s.get(RunTrace, run_id)


def many(s: Session, ids: list[uuid.UUID]) -> dict[uuid.UUID, Run]:
    return {r.id: r for r in s.execute(select(Run).where(Run.id.in_(ids))).scalars()}


def exists_(s: Session, run_id: uuid.UUID) -> bool:
    return bool(s.execute(select(exists().where(Run.id == run_id))).scalar())


def children_count(s: Session, run_id: uuid.UUID) -> int:
    return int(s.execute(select(func.count()).select_from(Run).where(Run.parent_run_id == run_id)).scalar_one())


def page(
    s: Session,
    *,
    after: After | None,
    limit: int,
    parent_run_id: uuid.UUID | None = None,
    comparison_runs: bool = False,
) -> list[Row[tuple[uuid.UUID, Any, str, int, dict[str, Any], uuid.UUID | None]]]:
    """Up to limit + 1 runs, newest first, with what a history entry shows
    (not the result): all runs, or a parent's children; without
    `comparison_runs`, runs that belong to a comparison are left out."""
    stmt = select(Run.id, Run.created_at, Run.state, Run.seed, Run.scenario, Run.parent_run_id)
    if parent_run_id is not None:
        stmt = stmt.where(Run.parent_run_id == parent_run_id)
    if not comparison_runs:
        stmt = stmt.where(~exists().where(ComparisonRun.run_id == Run.id))
    return list(s.execute(newest_first(stmt, Run.created_at, Run.id, after, limit)).all())


# ------------------------------------------------------------------ run state (the workers)
ERROR_MAX_CHARS = 2000


@dataclass(frozen=True)
class TraceRow:
    """A run's encoded trace as stored in run_traces."""

    format: str
    n_events: int
    raw_bytes: int
    blob: bytes


def claim(s: Session, run_id: uuid.UUID, worker: str) -> dict[str, Any] | None:
    """queued -> running, atomically; the scenario, or None if another worker
    has it or it is done."""
    res = s.execute(
        update(Run)
        .where(Run.id == run_id, Run.state == "queued")
        .values(
            state="running",
            started_at=func.now(),
            heartbeat_at=func.now(),
            attempts=Run.attempts + 1,
            worker=worker,
            progress=0.0,
        )
        .returning(Run.scenario)
        .execution_options(synchronize_session=False)
    )
    return res.scalar_one_or_none()


def heartbeat(s: Session, run_id: uuid.UUID, progress: float) -> bool:
    """Mark a running run alive with its progress; False if it is no longer running."""
    res = s.execute(
        update(Run)
        .where(Run.id == run_id, Run.state == "running")
        .values(heartbeat_at=func.now(), progress=progress)
        .returning(Run.id)
        .execution_options(synchronize_session=False)
    )
    return res.scalar_one_or_none() is not None


def finish(
    s: Session, run_id: uuid.UUID, worker: str, *, result: dict[str, Any], wall_ms: float, trace: TraceRow | None
) -> bool:
    """running -> succeeded with its result and trace, if `worker` still owns
    the run; False (nothing written) when the sweeper gave it away meanwhile."""
    res = s.execute(
        update(Run)
        .where(Run.id == run_id, Run.state == "running", Run.worker == worker)
        .values(state="succeeded", progress=1.0, result=result, finished_at=func.now(), wall_ms=wall_ms, error=None)
        .returning(Run.id)
        .execution_options(synchronize_session=False)
    )
    if res.scalar_one_or_none() is None:
        return False
    if trace is not None:
        s.execute(
            insert(RunTrace)
            .values(
                run_id=run_id, format=trace.format, n_events=trace.n_events, raw_bytes=trace.raw_bytes, blob=trace.blob
            )
            .on_conflict_do_nothing(index_elements=["run_id"])
        )
    return True


def fail(s: Session, run_id: uuid.UUID, worker: str, message: str) -> bool:
    """running -> failed with the reason, if `worker` still owns the run."""
    res = s.execute(
        update(Run)
        .where(Run.id == run_id, Run.state == "running", Run.worker == worker)
        .values(state="failed", error=message[:ERROR_MAX_CHARS], finished_at=func.now())
        .returning(Run.id)
        .execution_options(synchronize_session=False)
    )
    return res.scalar_one_or_none() is not None


def sweep_stuck(s: Session, *, stuck_after_s: float, max_attempts: int) -> tuple[list[uuid.UUID], list[uuid.UUID]]:
    """Runs whose worker stopped beating for `stuck_after_s`: (failed, re-queued).
    Those that already had `max_attempts` attempts fail with the reason; the
    others go back to 'queued' (the caller enqueues them again)."""
    stuck = (Run.state == "running", Run.heartbeat_at < func.now() - timedelta(seconds=stuck_after_s))
    failed = (
        s.execute(
            update(Run)
            .where(*stuck, Run.attempts >= max_attempts)
            .values(
                state="failed",
                finished_at=func.now(),
                error=func.concat("the worker running it stopped responding ", Run.attempts, " times (crash or kill)"),
            )
            .returning(Run.id)
            .execution_options(synchronize_session=False)
        )
        .scalars()
        .all()
    )
    requeued = (
        s.execute(
            update(Run)
            .where(*stuck, Run.attempts < max_attempts)
            .values(state="queued", worker=None, queued_at=func.now())
            .returning(Run.id)
            .execution_options(synchronize_session=False)
        )
        .scalars()
        .all()
    )
    return list(failed), list(requeued)


def resend_queued(s: Session, *, older_than_s: float) -> list[uuid.UUID]:
    """Queued runs not picked up for `older_than_s` (their message was lost,
    e.g. while the broker was down): restamped; the caller enqueues them again."""
    res = s.execute(
        update(Run)
        .where(Run.state == "queued", Run.queued_at < func.now() - timedelta(seconds=older_than_s))
        .values(queued_at=func.now())
        .returning(Run.id)
        .execution_options(synchronize_session=False)
    )
    return list(res.scalars().all())
