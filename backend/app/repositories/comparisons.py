from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Comparison, ComparisonRun, Run


def create(s: Session, *, spec: dict[str, Any], n_runs: int, engine_version: str) -> Comparison:
    c = Comparison(id=uuid.uuid4(), spec=spec, n_runs=n_runs, engine_version=engine_version)
    s.add(c)
    s.flush()
    return c


def add_runs(s: Session, comparison_id: uuid.UUID, rows: list[dict[str, Any]]) -> None:
    s.add_all([ComparisonRun(comparison_id=comparison_id, **r) for r in rows])


def get(s: Session, comparison_id: uuid.UUID) -> Comparison | None:
    return s.get(Comparison, comparison_id)


def runs_of(s: Session, comparison_id: uuid.UUID) -> list[tuple[ComparisonRun, Run]]:
    q = (
        select(ComparisonRun, Run)
        .join(Run, Run.id == ComparisonRun.run_id)
        .where(ComparisonRun.comparison_id == comparison_id)
        .order_by(ComparisonRun.idx)
    )
    return [(cr, r) for cr, r in s.execute(q).all()]
