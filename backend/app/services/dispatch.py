"""Sweeps: how a comparison's runs reach the workers.

A comparison is stored as a plan (one normalized scenario per grid cell and
variant, app/models ComparisonTemplate); its runs are made and sent a chunk
at a time by `pump`, in idx order, which is replication-major: every cell and
variant gets its first seed before any gets its second, so provisional
statistics cover the whole grid evenly and pair their seeds.

Fair sharing (issue #9: one user's 5,000-run sweep must not starve a
classroom of single runs and small comparisons):
  * single runs go to the `sim` queue, which every worker serves before the
    `sweep` queue (services/queue.py), so a run someone waits for starts as
    soon as a worker process finishes what it is doing;
  * a comparison has at most SWEEP_CHUNKS_IN_FLIGHT chunks queued or running
    at any time (counted from the database: its runs queued or running); a
    chunk that finishes pumps its comparison, which sends the next one to the
    back of the `sweep` queue. Comparisons therefore take turns chunk by
    chunk (round robin through the queue), and a new small comparison waits
    for at most the chunks already queued ahead of it, never for a big
    sweep's remaining thousands of runs;
  * a chunk aims at SWEEP_CHUNK_SECONDS of work, sized from the comparison's
    measured seconds per run (its first chunks have SWEEP_FIRST_CHUNK_RUNS
    runs), so that turns stay short whatever a run costs.

Pumps run in the API after a POST, in a worker after each chunk, and in
every worker's sweeper every few seconds (which also restarts a comparison
whose chunks were lost with the broker). A pump locks its comparison's row
(Cancel takes the same lock), makes the runs of the next chunks in one
transaction (deduplicated against existing runs), commits, then enqueues.
"""

from __future__ import annotations

import logging
import uuid

from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from ..core.config import Settings, get_settings
from ..core.db import session_scope
from ..models import Comparison
from ..repositories import comparisons as repo
from ..repositories import runs as runs_repo
from . import queue
from .scenarios import run_key_of_text

log = logging.getLogger(__name__)


def chunk_size(s_per_run: float | None, st: Settings) -> int:
    """Runs per chunk: SWEEP_CHUNK_SECONDS of the comparison's measured time
    per run, within 1..SWEEP_MAX_CHUNK_RUNS; SWEEP_FIRST_CHUNK_RUNS while
    that time is unknown."""
    if not s_per_run or s_per_run <= 0:
        return min(st.SWEEP_FIRST_CHUNK_RUNS, st.SWEEP_MAX_CHUNK_RUNS)
    return max(1, min(st.SWEEP_MAX_CHUNK_RUNS, int(st.SWEEP_CHUNK_SECONDS / s_per_run)))


def slot_of(idx: int, n_cells: int, n_variants: int) -> tuple[int, int, int]:
    """(replication, cell, variant index) of a comparison's run idx."""
    rep, slot = divmod(idx, n_cells * n_variants)
    cell, v = divmod(slot, n_variants)
    return rep, cell, v


def make_runs(s: Session, comp: Comparison, lo: int, hi: int) -> list[uuid.UUID]:
    """Make (or find) the runs idx lo..hi-1 of a comparison and record them;
    the ids of those waiting in the queue (what a chunk carries), once each."""
    spec = comp.spec
    variants: list[str] = spec["variant_order"]
    n_cells, n_v = len(spec["cells"]), len(variants)
    base_seed = int(spec["base_seed"])
    slots = sorted({(i % (n_cells * n_v)) for i in range(lo, hi)})
    tpl = repo.templates(s, comp.id, slots)
    rows, meta = [], []
    for idx in range(lo, hi):
        rep, cell, v = slot_of(idx, n_cells, n_v)
        head, tail = tpl[cell * n_v + v]
        seed = base_seed + rep
        canonical = f"{head}{seed}{tail}"
        rows.append((run_key_of_text(canonical, comp.engine_version), canonical, seed))
        meta.append((idx, cell, variants[v], rep))
    made = runs_repo.materialize(s, list(dict.fromkeys(rows)), comp.engine_version)
    by_key = {row[0]: m for row, m in zip(dict.fromkeys(rows), made, strict=True)}
    repo.add_runs(s, comp.id, [(*m, by_key[row[0]].id) for row, m in zip(rows, meta, strict=True)])
    return list(dict.fromkeys(by_key[row[0]].id for row in rows if by_key[row[0]].queued))


def pump(comparison_id: uuid.UUID, *, observed_s_per_run: float | None = None, wait: bool = False) -> int:
    """Send the comparison's next chunks while fewer than
    SWEEP_CHUNKS_IN_FLIGHT are queued or running; the number of chunks sent.
    `observed_s_per_run` (a chunk's measured time per run) updates the
    comparison's moving average. Without `wait`, a comparison another
    process is pumping is left to it."""
    st = get_settings()
    chunks: list[list[uuid.UUID]] = []
    try:
        with session_scope() as s:
            comp = repo.lock(s, comparison_id, wait=wait)
            if comp is None:
                return 0
            if observed_s_per_run is not None and observed_s_per_run > 0:
                prev = comp.s_per_run
                comp.s_per_run = observed_s_per_run if prev is None else 0.5 * (prev + observed_s_per_run)
            if comp.cancelled_at is None and comp.dispatched < comp.n_runs:
                size = chunk_size(comp.s_per_run, st)
                flying = repo.in_flight(s, comp.id)
                while comp.dispatched < comp.n_runs and flying <= (st.SWEEP_CHUNKS_IN_FLIGHT - 1) * size:
                    lo, hi = comp.dispatched, min(comp.n_runs, comp.dispatched + size)
                    ids = make_runs(s, comp, lo, hi)
                    comp.dispatched = hi
                    if ids:
                        chunks.append(ids)
                        flying += len(ids)
    except DBAPIError as e:  # e.g. a deadlock with another sweep sharing runs: the next pump does it
        log.warning("pump of comparison %s failed (%s); the sweeper retries", comparison_id, e)
        return 0
    return queue.enqueue_chunks(chunks)


def after_chunk(run_ids: list[uuid.UUID], s_per_run: float | None) -> int:
    """A chunk finished: pump the comparisons its runs belong to."""
    with session_scope() as s:
        cids = repo.of_runs(s, run_ids)
    return sum(pump(c, observed_s_per_run=s_per_run, wait=True) for c in cids)


def pump_all() -> int:
    """The sweeper's pass: pump every comparison with runs still to dispatch."""
    with session_scope() as s:
        cids = repo.dispatching(s)
    return sum(pump(c) for c in cids)
