r"""SQL for runs and their traces. Nothing outside repositories builds SQL.

This module owns a run's state machine; every transition is a conditional
UPDATE, so concurrent API processes, workers and sweepers stay safe:

    queued --claim--> running --finish--> succeeded
     ^  |               |  \--fail----> failed ----revive--> queued
     |  |               |                (a new request of the same run)
     +--+--sweep_stuck--+  (no heartbeat; failed after max attempts)
        |
        +--cancel_queued--> cancelled ---revive--> queued

A chunk of a sweep moves many runs in one statement (claim_many,
finish_many, fail_many, heartbeat_many); the rules are the same.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Row, exists, func, select, text, update
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
) -> tuple[Run, bool, bool]:
    """(run, created, revived) for a request of POST /runs: one row per key,
    safe under concurrent requests. The parent is written only on insert: an
    existing run keeps its lineage (so a re-run that deduplicates to an older
    run cannot make a cycle). An existing run is marked `direct` (a Cancel
    then never drops it) and goes back to 'queued' if it had failed or been
    cancelled (`revived`: the caller enqueues it); the UPDATE locks the row
    until commit, which is what makes a concurrent Cancel see the request."""
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
            direct=True,
        )
        .on_conflict_do_nothing(index_elements=["run_key"])
        .returning(Run.id)
    )
    new_id = s.execute(stmt).scalar_one_or_none()
    revived = False
    if new_id is None:
        old = s.execute(select(Run.state).where(Run.run_key == key).with_for_update()).scalar_one()
        revived = old in REVIVABLE
        s.execute(
            update(Run)
            .where(Run.run_key == key)
            .values(direct=True, **(_REVIVE if revived else {}))
            .execution_options(synchronize_session=False)
        )
    run = s.execute(select(Run).where(Run.run_key == key).execution_options(populate_existing=True)).scalar_one()
    return run, new_id is not None, revived


#: states from which a new request of the same run queues it again
REVIVABLE = ("failed", "cancelled")
_REVIVE: dict[str, Any] = {
    "state": "queued",
    "error": None,
    "progress": 0.0,
    "queued_at": func.now(),
    "finished_at": None,
}


@dataclass(frozen=True)
class Materialized:
    """A run a comparison asked for: its id and whether it waits in the queue
    (new, already queued, or revived), i.e. whether a chunk should carry it."""

    id: uuid.UUID
    created: bool
    queued: bool


def materialize(s: Session, rows: list[tuple[str, str, int]], engine_version: str) -> list[Materialized]:
    """The runs of (key, canonical scenario JSON, seed) rows, in their order:
    inserted in one statement, or the existing identical runs (deduplicated by
    key), which are locked until commit (so that a concurrent Cancel sees the
    comparison that now needs them) and go back to 'queued' if they had failed
    or been cancelled; queued ones are restamped, since a chunk carries them
    again."""
    if not rows:
        return []
    keys = [k for k, _, _ in rows]
    # inserted and locked in key order, as every caller does: two sweeps that
    # share runs then wait for each other instead of deadlocking
    rows = sorted(rows)
    # the rows as one JSON document (the scenarios are canonical JSON already):
    # arrays of JSON texts would be escaped item by item by the driver
    doc = "[" + ",".join(f'{{"k":"{k}","s":{seed},"sc":{sc}}}' for k, sc, seed in rows) + "]"
    new: dict[str, uuid.UUID] = dict(
        s.execute(
            text(
                "INSERT INTO runs (id, run_key, scenario, seed, engine_version, state, progress, attempts, direct) "
                "SELECT gen_random_uuid(), v.k, v.sc, v.s, :ev, 'queued', 0, 0, false "
                "FROM ROWS FROM (jsonb_to_recordset(CAST(:doc AS jsonb)) AS (k text, s bigint, sc jsonb)) "
                "WITH ORDINALITY AS v(k, s, sc, n) ORDER BY v.n ON CONFLICT (run_key) DO NOTHING RETURNING run_key, id"
            ),
            {"ev": engine_version, "doc": doc},
        ).all()
    )
    old_keys = [k for k in keys if k not in new]
    existing: dict[str, tuple[uuid.UUID, bool]] = {}
    if old_keys:
        locked = s.execute(
            text(
                "SELECT run_key, id, state FROM runs WHERE run_key = ANY(CAST(:keys AS text[])) "
                "AND state IN ('queued', 'failed', 'cancelled') ORDER BY id FOR UPDATE"
            ),
            {"keys": old_keys},
        ).all()
        if locked:
            s.execute(
                text(
                    "UPDATE runs SET queued_at = now(), state = 'queued', "
                    "error = CASE WHEN state = 'queued' THEN error END, "
                    "progress = CASE WHEN state = 'queued' THEN progress ELSE 0 END, "
                    "finished_at = CASE WHEN state = 'queued' THEN finished_at END "
                    "WHERE id = ANY(CAST(:ids AS uuid[])) AND state IN ('queued', 'failed', 'cancelled')"
                ),
                {"ids": [r.id for r in locked]},
            )
        existing = {r.run_key: (r.id, True) for r in locked}
        rest = [k for k in old_keys if k not in existing]
        if rest:
            for r in s.execute(
                text("SELECT run_key, id FROM runs WHERE run_key = ANY(CAST(:keys AS text[]))"), {"keys": rest}
            ).all():
                existing[r.run_key] = (r.id, False)
    out = []
    for k in keys:
        if k in new:
            out.append(Materialized(new[k], True, True))
        else:
            rid, queued = existing[k]
            out.append(Materialized(rid, False, queued))
    return out


def count_keys(s: Session, keys: list[str]) -> int:
    """How many of these run keys have a run already."""
    if not keys:
        return 0
    return int(
        s.execute(
            text("SELECT count(*) FROM runs WHERE run_key = ANY(CAST(:keys AS text[]))"), {"keys": keys}
        ).scalar_one()
    )


def get(s: Session, run_id: uuid.UUID) -> Run | None:
    return s.get(Run, run_id)


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


def claim_many(s: Session, run_ids: list[uuid.UUID], worker: str) -> list[tuple[uuid.UUID, dict[str, Any]]]:
    """queued -> running for a chunk, in one statement: (id, scenario) of
    those this worker got, in the order asked (the others are taken, done or
    cancelled)."""
    if not run_ids:
        return []
    # rows another transaction holds (a Cancel dropping them, a dispatch
    # sending them again) are skipped, not waited for: no deadlock, and such
    # a run is either dropped or in the other transaction's chunk
    free = (
        select(Run.id)
        .where(Run.id.in_(run_ids), Run.state == "queued")
        .order_by(Run.id)
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )
    got: dict[uuid.UUID, dict[str, Any]] = dict(
        s.execute(
            update(Run)
            .where(Run.id.in_(free), Run.state == "queued")
            .values(
                state="running",
                started_at=func.now(),
                heartbeat_at=func.now(),
                attempts=Run.attempts + 1,
                worker=worker,
                progress=0.0,
            )
            .returning(Run.id, Run.scenario)
            .execution_options(synchronize_session=False)
        )
        .tuples()
        .all()
    )
    return [(rid, got[rid]) for rid in run_ids if rid in got]


def heartbeat_many(
    s: Session, run_ids: list[uuid.UUID], worker: str, current: uuid.UUID | None, progress: float
) -> int:
    """Mark a chunk's running runs alive, with the progress of the one the
    engine is on; how many are still this worker's."""
    # rows the chunk's own store is writing are skipped (they are finishing):
    # two transactions of one process never wait for each other
    res = s.execute(
        text(
            "UPDATE runs SET heartbeat_at = now(), progress = CASE WHEN id = :cur THEN :p ELSE progress END "
            "WHERE id IN (SELECT id FROM runs WHERE id = ANY(CAST(:ids AS uuid[])) AND state = 'running' "
            "AND worker = :w ORDER BY id FOR UPDATE SKIP LOCKED)"
        ),
        {"ids": run_ids, "w": worker, "cur": current, "p": progress},
    )
    return int(res.rowcount)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Finished:
    """A run's outcome as a chunk stores it: a result, or an error."""

    run_id: uuid.UUID
    result_json: str | None = None  # the result, serialised (json.dumps)
    wall_ms: float | None = None
    trace: TraceRow | None = None
    error: str | None = None


def store_many(s: Session, worker: str, outcomes: list[Finished]) -> set[uuid.UUID]:
    """running -> succeeded or failed for a batch of a chunk's runs, in two
    statements (and one for the traces kept), for the runs `worker` still
    owns; the ids stored (a run the sweeper gave away meanwhile is left to
    its new attempt)."""
    ok = [o for o in outcomes if o.error is None]
    bad = [o for o in outcomes if o.error is not None]
    stored: set[uuid.UUID] = set()
    if ok:
        stored |= set(
            s.execute(
                text(
                    "UPDATE runs SET state = 'succeeded', progress = 1, result = v.r, wall_ms = v.w, "
                    "finished_at = now(), error = NULL "
                    "FROM jsonb_to_recordset(CAST(:batch AS jsonb)) AS v(id uuid, w float8, r jsonb) "
                    "WHERE runs.id = v.id AND runs.state = 'running' AND runs.worker = :w RETURNING runs.id"
                ),
                # one JSON document, not arrays of JSON texts (which the driver escapes item by item)
                {
                    "batch": "["
                    + ",".join(f'{{"id":"{o.run_id}","w":{json.dumps(o.wall_ms)},"r":{o.result_json}}}' for o in ok)
                    + "]",
                    "w": worker,
                },
            ).scalars()
        )
        traces = [o for o in ok if o.trace is not None and o.run_id in stored]
        if traces:
            s.execute(
                insert(RunTrace).on_conflict_do_nothing(index_elements=["run_id"]),
                [
                    {
                        "run_id": o.run_id,
                        "format": o.trace.format,
                        "n_events": o.trace.n_events,
                        "raw_bytes": o.trace.raw_bytes,
                        "blob": o.trace.blob,
                    }
                    for o in traces
                    if o.trace is not None
                ],
            )
    if bad:
        stored |= set(
            s.execute(
                text(
                    "UPDATE runs SET state = 'failed', error = v.error, finished_at = now() "
                    "FROM unnest(CAST(:ids AS uuid[]), CAST(:errors AS text[])) AS v(id, error) "
                    "WHERE runs.id = v.id AND runs.state = 'running' AND runs.worker = :w RETURNING runs.id"
                ),
                {
                    "ids": [o.run_id for o in bad],
                    "errors": [(o.error or "")[:ERROR_MAX_CHARS] for o in bad],
                    "w": worker,
                },
            ).scalars()
        )
    return stored


def release(s: Session, run_ids: list[uuid.UUID], worker: str) -> list[uuid.UUID]:
    """running -> queued for claimed runs a chunk did not start (its time ran
    out): the attempt is given back; the caller sends them again."""
    res = s.execute(
        update(Run)
        .where(Run.id.in_(run_ids), Run.state == "running", Run.worker == worker)
        .values(state="queued", worker=None, attempts=Run.attempts - 1, progress=0.0, queued_at=func.now())
        .returning(Run.id)
        .execution_options(synchronize_session=False)
    )
    return list(res.scalars().all())


def attempts_of(s: Session, run_ids: list[uuid.UUID]) -> dict[uuid.UUID, int]:
    if not run_ids:
        return {}
    return dict(s.execute(select(Run.id, Run.attempts).where(Run.id.in_(run_ids))).tuples().all())


def direct_ids(s: Session, run_ids: list[uuid.UUID]) -> set[uuid.UUID]:
    """Those of these runs that a request of POST /runs asked for."""
    if not run_ids:
        return set()
    return set(s.execute(select(Run.id).where(Run.id.in_(run_ids), Run.direct)).scalars())


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


def resend_queued(s: Session, *, older_than_s: float, direct: bool | None = None) -> list[uuid.UUID]:
    """Queued runs not picked up for `older_than_s` (their message was lost,
    e.g. while the broker was down): restamped; the caller enqueues them again.
    `direct` limits them to the runs a POST /runs asked for (True) or to
    those only comparisons asked for (False)."""
    where = [Run.state == "queued", Run.queued_at < func.now() - timedelta(seconds=older_than_s)]
    if direct is not None:
        where.append(Run.direct.is_(direct))
    res = s.execute(
        update(Run)
        .where(*where)
        .values(queued_at=func.now())
        .returning(Run.id)
        .execution_options(synchronize_session=False)
    )
    return list(res.scalars().all())
