from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import Row, func, select
from sqlalchemy.orm import Session

from ..models import Comparison, ComparisonRun, Run
from .paging import After, newest_first


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


def page(s: Session, *, after: After | None, limit: int) -> list[Row[tuple[uuid.UUID, Any, int, dict[str, Any]]]]:
    """Up to limit + 1 comparisons, newest first: id, created_at, n_runs, spec."""
    stmt = select(Comparison.id, Comparison.created_at, Comparison.n_runs, Comparison.spec)
    return list(s.execute(newest_first(stmt, Comparison.created_at, Comparison.id, after, limit)).all())


def state_counts(s: Session, ids: list[uuid.UUID]) -> dict[uuid.UUID, dict[str, int]]:
    """Per comparison: how many of its runs are in each state (one query for a page)."""
    q = (
        select(ComparisonRun.comparison_id, Run.state, func.count())
        .join(Run, Run.id == ComparisonRun.run_id)
        .where(ComparisonRun.comparison_id.in_(ids))
        .group_by(ComparisonRun.comparison_id, Run.state)
    )
    out: dict[uuid.UUID, dict[str, int]] = {}
    for cid, state, n in s.execute(q).all():
        out.setdefault(cid, {})[state] = n
    return out
