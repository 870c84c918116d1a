"""SQL for comparisons: the plan (templates), the dispatch cursor, the runs
made from it, Cancel, and the reads the service aggregates."""

from __future__ import annotations

import uuid
from typing import Any, NamedTuple

from sqlalchemy import Row, func, insert, select, text, update
from sqlalchemy.orm import Session

from ..models import Comparison, ComparisonRun, ComparisonTemplate, Run
from .paging import After, newest_first


def create(
    s: Session, *, spec: dict[str, Any], n_runs: int, engine_version: str, templates: list[tuple[str, str]]
) -> Comparison:
    """The comparison and its plan: templates[slot] = (head, tail)."""
    c = Comparison(id=uuid.uuid4(), spec=spec, n_runs=n_runs, engine_version=engine_version, dispatched=0)
    s.add(c)
    s.flush()
    s.execute(
        insert(ComparisonTemplate),
        [{"comparison_id": c.id, "slot": i, "head": h, "tail": t} for i, (h, t) in enumerate(templates)],
    )
    return c


def get(s: Session, comparison_id: uuid.UUID) -> Comparison | None:
    return s.get(Comparison, comparison_id)


def lock(s: Session, comparison_id: uuid.UUID, *, wait: bool) -> Comparison | None:
    """The comparison, its row locked until commit (dispatch and Cancel take
    this lock); None if it does not exist or, without `wait`, if another
    transaction holds it."""
    q = select(Comparison).where(Comparison.id == comparison_id).with_for_update(skip_locked=not wait)
    return s.execute(q.execution_options(populate_existing=True)).scalar_one_or_none()


def templates(s: Session, comparison_id: uuid.UUID, slots: list[int]) -> dict[int, tuple[str, str]]:
    q = select(ComparisonTemplate.slot, ComparisonTemplate.head, ComparisonTemplate.tail).where(
        ComparisonTemplate.comparison_id == comparison_id, ComparisonTemplate.slot.in_(slots)
    )
    return {slot: (h, t) for slot, h, t in s.execute(q).all()}


def add_runs(s: Session, comparison_id: uuid.UUID, rows: list[tuple[int, int, str, int, uuid.UUID]]) -> None:
    """(idx, cell, variant, replication, run_id) rows, in one statement."""
    if not rows:
        return
    s.execute(
        text(
            "INSERT INTO comparison_runs (comparison_id, idx, cell, variant, replication, run_id) "
            "SELECT :c, * FROM unnest(CAST(:idx AS int[]), CAST(:cell AS int[]), CAST(:variant AS text[]), "
            "CAST(:rep AS int[]), CAST(:run AS uuid[]))"
        ),
        {
            "c": comparison_id,
            "idx": [r[0] for r in rows],
            "cell": [r[1] for r in rows],
            "variant": [r[2] for r in rows],
            "rep": [r[3] for r in rows],
            "run": [r[4] for r in rows],
        },
    )


def in_flight(s: Session, comparison_id: uuid.UUID) -> int:
    """The comparison's runs that are queued or running."""
    q = (
        select(func.count())
        .select_from(ComparisonRun)
        .join(Run, Run.id == ComparisonRun.run_id)
        .where(ComparisonRun.comparison_id == comparison_id, Run.state.in_(("queued", "running")))
    )
    return int(s.execute(q).scalar_one())


def dispatching(s: Session, limit: int = 100) -> list[uuid.UUID]:
    """Comparisons with runs still to dispatch, oldest first."""
    q = (
        select(Comparison.id)
        .where(Comparison.cancelled_at.is_(None), Comparison.dispatched < Comparison.n_runs)
        .order_by(Comparison.created_at)
        .limit(limit)
    )
    return list(s.execute(q).scalars())


def of_runs(s: Session, run_ids: list[uuid.UUID]) -> list[uuid.UUID]:
    """The comparisons these runs belong to that still have runs to dispatch."""
    if not run_ids:
        return []
    q = (
        select(Comparison.id)
        .where(
            Comparison.cancelled_at.is_(None),
            Comparison.dispatched < Comparison.n_runs,
            Comparison.id.in_(select(ComparisonRun.comparison_id).where(ComparisonRun.run_id.in_(run_ids)).distinct()),
        )
        .order_by(Comparison.created_at)
    )
    return list(s.execute(q).scalars())


def cancel_queued(s: Session, comparison_id: uuid.UUID) -> int:
    """queued -> cancelled for the comparison's runs that nothing else needs:
    no request of POST /runs (`direct`) and no comparison that is not
    cancelled. The caller has set this comparison's cancelled_at in the same
    transaction. The candidates are locked first (in id order, as dispatch
    locks them): a dispatch that is adding one of them to another comparison
    commits first, and the second statement, which reads anew, sees it."""
    ids = list(
        s.execute(
            text(
                "SELECT r.id FROM runs r JOIN comparison_runs cr ON cr.run_id = r.id "
                "WHERE cr.comparison_id = :c AND r.state = 'queued' ORDER BY r.id FOR UPDATE OF r"
            ),
            {"c": comparison_id},
        ).scalars()
    )
    if not ids:
        return 0
    res = s.execute(
        text(
            "UPDATE runs SET state = 'cancelled', progress = 0 "
            "WHERE id = ANY(CAST(:ids AS uuid[])) AND state = 'queued' AND NOT direct AND NOT EXISTS ("
            "  SELECT 1 FROM comparison_runs cr JOIN comparisons c ON c.id = cr.comparison_id "
            "  WHERE cr.run_id = runs.id AND c.cancelled_at IS NULL)"
        ),
        {"ids": ids},
    )
    return int(res.rowcount)  # type: ignore[attr-defined]


def set_cancelled(s: Session, comparison_id: uuid.UUID) -> None:
    s.execute(update(Comparison).where(Comparison.id == comparison_id).values(cancelled_at=func.now()))


class RunRow(NamedTuple):
    """What the statistics read of one of a comparison's runs."""

    idx: int
    cell: int
    variant: str
    replication: int
    run_id: str  # as text: what the API writes out
    seed: int
    state: str
    error: str | None
    finished_at: float | None  # Unix time


def run_rows(s: Session, comparison_id: uuid.UUID) -> list[RunRow]:
    """The comparison's runs made so far, in idx order, without their
    results (results() reads those) or scenarios: plain values straight from
    the driver (a poll of a 10,000-run sweep reads them all)."""
    q = text(
        "SELECT cr.idx, cr.cell, cr.variant, cr.replication, r.id::text, r.seed, r.state, r.error, "
        "extract(epoch FROM r.finished_at)::float8 FROM comparison_runs cr JOIN runs r ON r.id = cr.run_id "
        "WHERE cr.comparison_id = :c ORDER BY cr.idx"
    )
    return [RunRow(*t) for t in s.execute(q, {"c": comparison_id}).tuples()]


def results(s: Session, run_ids: list[str]) -> dict[str, dict[str, Any]]:
    """The results of these runs (those that have one), by id as text."""
    if not run_ids:
        return {}
    q = text("SELECT id::text, result FROM runs WHERE id = ANY(CAST(:ids AS uuid[])) AND result IS NOT NULL")
    return dict(s.execute(q, {"ids": run_ids}).tuples().all())


def page(s: Session, *, after: After | None, limit: int) -> list[Row[tuple[uuid.UUID, Any, int, dict[str, Any]]]]:
    """Up to limit + 1 comparisons, newest first: id, created_at, n_runs, spec."""
    stmt = select(Comparison.id, Comparison.created_at, Comparison.n_runs, Comparison.spec)
    return list(s.execute(newest_first(stmt, Comparison.created_at, Comparison.id, after, limit)).all())


def state_counts(s: Session, ids: list[uuid.UUID]) -> dict[uuid.UUID, dict[str, int]]:
    """Per comparison: how many of its runs made so far are in each state (one
    query for a page)."""
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


def cancelled_of(s: Session, ids: list[uuid.UUID]) -> set[uuid.UUID]:
    """Those of these comparisons that were cancelled."""
    if not ids:
        return set()
    return set(
        s.execute(select(Comparison.id).where(Comparison.id.in_(ids), Comparison.cancelled_at.isnot(None))).scalars()
    )
