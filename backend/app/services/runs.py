"""Runs: plan and create (deduplicated, enqueued after commit), read, and the
cache of decoded traces that services/trace_views.py reads from."""

from __future__ import annotations

import uuid
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from threading import Lock
from typing import Any, NamedTuple

import numpy as np
import rexsim
from rexsim.tracefile import decode_trace
from sqlalchemy.orm import Session

from ..core.config import Settings, get_settings
from ..core.db import session_scope
from ..core.errors import ApiError, field_error, not_found, query_error
from ..models import Run
from ..repositories import runs as repo
from ..schemas.run import TRACE_ON_DEMAND, RunCreate, RunList, RunPublic, RunRef, RunsCreated, RunSummary, RunTimings
from . import history, scenarios


class PlannedRun(NamedTuple):
    run: Run
    created: bool  # False: an identical run (same key) already existed
    enqueue: bool  # the caller enqueues it after commit: new, or a failed or cancelled run queued again


def plan_run(s: Session, norm: dict[str, Any], parent_run_id: uuid.UUID | None = None) -> PlannedRun:
    """The run a request of POST /runs asks for: inserted (with its parent, if
    any), or the existing identical one (deduplicated by key), which goes back
    to 'queued' if it had failed or been cancelled. Either way the run is
    marked as directly requested, so cancelling a comparison never drops it."""
    key = scenarios.run_key(norm, rexsim.ENGINE_VERSION)
    run, created, revived = repo.insert_or_get(
        s, key=key, scenario=norm, seed=norm["seed"], engine_version=rexsim.ENGINE_VERSION, parent_run_id=parent_run_id
    )
    return PlannedRun(run, created, created or revived)


def create(s: Session, body: RunCreate, settings: Settings) -> tuple[RunsCreated, list[uuid.UUID]]:
    """Insert the runs and commit; returns the ids to enqueue."""
    base = scenarios.resolve(body, [])
    seeds = body.seeds if body.seeds else [None]
    if len(seeds) > settings.MAX_SEEDS:
        raise field_error([], "seeds", f"at most {settings.MAX_SEEDS} seeds")
    if body.parent_run_id is not None and not repo.exists_(s, body.parent_run_id):
        raise field_error([], "parent_run_id", f"no run has the id {body.parent_run_id}")
    refs, to_enqueue = [], []
    for i, seed in enumerate(seeds):
        sc = dict(base)
        if seed is not None:
            if not isinstance(seed, int) or seed < 0:
                raise field_error([], f"seeds[{i}]", "must be a non-negative integer")
            sc["seed"] = seed
        norm = scenarios.normalize(sc, [], settings)
        planned = plan_run(s, norm, body.parent_run_id)
        if planned.enqueue:
            to_enqueue.append(planned.run.id)
        state = "queued" if planned.enqueue else planned.run.state
        refs.append(RunRef(id=planned.run.id, seed=norm["seed"], state=state, deduplicated=not planned.created))
    s.commit()
    return RunsCreated(runs=refs), to_enqueue


def public(run: Run, children: int = 0) -> RunPublic:
    res = run.result or {}
    q = (run.started_at - run.created_at).total_seconds() * 1e3 if run.started_at else None
    return RunPublic(
        id=run.id,
        state=run.state,
        progress=run.progress,
        seed=run.seed,
        engine_version=run.engine_version,
        scenario=run.scenario,
        metrics=res.get("flows"),
        episodes=res.get("episodes"),  # absent from runs stored before episodes were kept: null
        summary=res.get("summary"),
        error=run.error,
        attempts=run.attempts,
        timings=RunTimings(
            created_at=run.created_at,
            started_at=run.started_at,
            finished_at=run.finished_at,
            queue_ms=q,
            engine_ms=run.wall_ms,
        ),
        parent_run_id=run.parent_run_id,
        children=children,
    )


def get(s: Session, run_id: uuid.UUID) -> RunPublic:
    run = repo.get(s, run_id)
    if run is None:
        raise not_found("run")
    if run.state == "succeeded":
        TRACES.prefetch(run.id)
    return public(run, repo.children_count(s, run.id))


def list_page(
    s: Session, *, limit: int, cursor: str | None, parent_run_id: uuid.UUID | None, comparison_runs: bool
) -> RunList:
    """A page of runs, newest first (ties broken by id); `cursor` from the previous page."""
    after = history.decode_cursor(cursor)
    if parent_run_id is not None and not repo.exists_(s, parent_run_id):
        raise query_error("parent_run_id", f"no run has the id {parent_run_id}")
    rows = repo.page(s, after=after, limit=limit, parent_run_id=parent_run_id, comparison_runs=comparison_runs)
    items = [
        RunSummary(
            id=r.id,
            created_at=r.created_at,
            status=r.state,
            seed=r.seed,
            parent_run_id=r.parent_run_id,
            summary=history.scenario_summary(r.scenario),
            link=f"/runs/{r.id}",
            url=f"/runs/{r.id}",
        )
        for r in rows[:limit]
    ]
    return RunList(items=items, next_cursor=history.next_cursor(rows, limit, "id"), limit=limit)


# ------------------------------------------------------------------ traces
Columns = dict[str, np.ndarray]  # a decoded trace (rexsim.tracefile.decode_trace): column name -> array


def rebuild_trace(scenario: dict[str, Any], engine_version: str, result: dict[str, Any]) -> Columns:
    """The trace of a run that stored none (a sweep's cheap run: its worker
    kept its metrics and left the trace, TRACE_REBUILD_MAX_MS), by running
    the engine again: the engine is deterministic (the same scenario and seed
    give a byte-identical trace, its golden tests), so this is the run's own
    trace. Checked: the engine version must be the run's, and the metrics of
    the new run must equal the stored ones; otherwise a 409 says why."""
    if engine_version != rexsim.ENGINE_VERSION:
        raise ApiError(
            409,
            f"this run's trace was not stored (it is rebuilt by running the engine again), and this service "
            f"runs engine {rexsim.ENGINE_VERSION}, not {engine_version}: re-submit the run for a trace",
        )
    res = rexsim.run(scenario)
    summary = res.summary()
    if summary["flows"] != result.get("flows") or summary.get("trace_events") != result["summary"].get("trace_events"):
        raise ApiError(
            409,
            "this run's trace was not stored, and running its scenario again gives other metrics than the "
            "stored ones (the engine changed since): re-submit the run for a trace",
        )
    return {k: np.array(v, copy=True) for k, v in res.trace.columns.items()}


class _TraceCache:
    """Decoded traces of recently viewed runs (traces never change).

    Decoding a large trace takes tens to hundreds of ms, so it starts as soon
    as someone reads a run that has succeeded (a viewer asks for the trace
    next); a request that arrives meanwhile waits for that decode instead of
    starting another. A run that stored no trace (TRACE_ON_DEMAND) has it
    rebuilt the same way, by the engine (rebuild_trace).

    It holds at most `size` traces and, past the newest, at most `max_bytes`
    of arrays (Settings.TRACE_CACHE_MAX_BYTES): a trace costs about 77 bytes
    an event decoded (Table 15's CUBIC+BARR at 400 Mb/s, 26.2 M events: 2.0
    GB), so eight of the largest runs the service accepts would hold 16 GB or
    more. The newest trace is always kept, whatever its size."""

    def __init__(self, size: int = 8, max_bytes: int | None = None):
        self.size, self.max_bytes, self.lock = size, max_bytes, Lock()
        self.items: OrderedDict[uuid.UUID, Columns] = OrderedDict()
        self.pending: dict[uuid.UUID, Future[Columns | None]] = {}
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="trace-decode")

    def _decode(self, run_id: uuid.UUID) -> Columns | None:
        try:
            with session_scope() as s:
                row = repo.get_trace(s, run_id)
                blob = row.blob if row is not None else None
                run = repo.get(s, run_id) if blob is None else None
                again = (
                    (run.scenario, run.engine_version, run.result)
                    if run is not None and run.result and run.result.get("summary", {}).get(TRACE_ON_DEMAND)
                    else None
                )
            cols = decode_trace(blob) if blob is not None else rebuild_trace(*again) if again else None
        finally:
            with self.lock:
                self.pending.pop(run_id, None)
        with self.lock:
            if cols is not None:
                self.keep(run_id, cols)
        return cols

    def keep(self, run_id: uuid.UUID, cols: Columns) -> None:
        """Hold a decoded trace as the newest, dropping the oldest past the
        count or the byte budget (the caller holds the lock)."""
        limit = self.max_bytes if self.max_bytes is not None else get_settings().TRACE_CACHE_MAX_BYTES
        self.items[run_id] = cols
        self.items.move_to_end(run_id)
        held = {k: sum(int(a.nbytes) for a in v.values()) for k, v in self.items.items()}
        total = sum(held.values())
        while len(self.items) > 1 and (len(self.items) > self.size or total > limit):
            old, _ = self.items.popitem(last=False)
            total -= held[old]

    def prefetch(self, run_id: uuid.UUID) -> None:
        with self.lock:
            if run_id in self.items or run_id in self.pending:
                return
            self.pending[run_id] = self.pool.submit(self._decode, run_id)

    def get(self, s: Session, run_id: uuid.UUID) -> Columns:
        with self.lock:
            if run_id in self.items:
                self.items.move_to_end(run_id)
                return self.items[run_id]
            fut = self.pending.get(run_id)
        run = repo.get(s, run_id)
        if run is None:
            raise not_found("run")
        if run.state != "succeeded":
            raise ApiError(409, f"the run is {run.state}; its trace exists once it has succeeded")
        cols = fut.result() if fut is not None else self._decode(run_id)
        if cols is None:
            raise ApiError(404, "this run kept no trace (trace mode 'none')")
        return cols


TRACES = _TraceCache()


def trace_columns(s: Session, run_id: uuid.UUID) -> Columns:
    return TRACES.get(s, run_id)


def scenario_of(s: Session, run_id: uuid.UUID) -> dict[str, Any]:
    run = repo.get(s, run_id)
    if run is None:
        raise not_found("run")
    return run.scenario
