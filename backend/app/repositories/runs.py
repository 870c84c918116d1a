"""SQL for runs and their traces. Nothing outside repositories builds SQL."""
from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from ..models import Run, RunTrace


def insert_or_get(s: Session, *, key: str, scenario: dict[str, Any], seed: int, engine_version: str) -> tuple[Run, bool]:
    """(run, created): one row per key, safe under concurrent requests."""
    stmt = (insert(Run).values(id=uuid.uuid4(), run_key=key, scenario=scenario, seed=seed,
                               engine_version=engine_version, state="queued", progress=0.0, attempts=0)
            .on_conflict_do_nothing(index_elements=["run_key"]).returning(Run.id))
    new_id = s.execute(stmt).scalar_one_or_none()
    run = s.execute(select(Run).where(Run.run_key == key)).scalar_one()
    return run, new_id is not None


def get(s: Session, run_id: uuid.UUID) -> Run | None:
    return s.get(Run, run_id)


def requeue_failed(s: Session, run_id: uuid.UUID) -> bool:
    res = s.execute(update(Run).where(Run.id == run_id, Run.state == "failed")
                    .values(state="queued", error=None, progress=0.0, queued_at=func.now()).returning(Run.id))
    return res.scalar_one_or_none() is not None


def get_trace(s: Session, run_id: uuid.UUID) -> RunTrace | None:
    return s.get(RunTrace, run_id)


def many(s: Session, ids: list[uuid.UUID]) -> dict[uuid.UUID, Run]:
    return {r.id: r for r in s.execute(select(Run).where(Run.id.in_(ids))).scalars()}

