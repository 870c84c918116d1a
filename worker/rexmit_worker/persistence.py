"""The worker's side of a run's state: each function is one transaction
over the run-state functions of app.repositories.runs (which own the SQL)."""

from __future__ import annotations

import json
import os
import socket
import uuid
from dataclasses import dataclass
from typing import Any

from app.core.db import session_scope
from app.repositories import runs as repo

from .runner import TRACE_FORMAT, Outcome


def worker_id() -> str:
    """host:pid of the process running the engine (a pool child, not the
    main process: the module is imported before the pool forks)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def claim(run_id: uuid.UUID) -> dict[str, Any] | None:
    """queued -> running for this process; the scenario, or None if another
    worker has it or it is done."""
    with session_scope() as s:
        return repo.claim(s, run_id, worker_id())


def heartbeat(run_id: uuid.UUID, progress: float) -> None:
    with session_scope() as s:
        repo.heartbeat(s, run_id, progress)


def finish(run_id: uuid.UUID, outcome: Outcome) -> bool:
    """Store the outcome and its trace in one transaction; False when the
    sweeper gave the run away meanwhile (the other attempt's outcome stays)."""
    trace = None
    if outcome.trace_blob is not None:
        trace = repo.TraceRow(
            format=TRACE_FORMAT, n_events=outcome.n_events, raw_bytes=outcome.raw_bytes, blob=outcome.trace_blob
        )
    with session_scope() as s:
        return repo.finish(s, run_id, worker_id(), result=outcome.result(), wall_ms=outcome.wall_ms, trace=trace)


def fail(run_id: uuid.UUID, message: str) -> None:
    with session_scope() as s:
        repo.fail(s, run_id, worker_id(), message)


# ------------------------------------------------------------------ a sweep's chunk
def claim_many(run_ids: list[uuid.UUID]) -> list[tuple[uuid.UUID, dict[str, Any]]]:
    """queued -> running for a chunk, in one statement: (id, scenario) of the
    runs this process got, in the chunk's order."""
    with session_scope() as s:
        return repo.claim_many(s, run_ids, worker_id())


def heartbeat_many(run_ids: list[uuid.UUID], current: uuid.UUID | None, progress: float) -> None:
    with session_scope() as s:
        repo.heartbeat_many(s, run_ids, worker_id(), current, progress)


def succeeded(run_id: uuid.UUID, outcome: Outcome) -> repo.Finished:
    """A run's outcome as store_many() writes it."""
    trace = None
    if outcome.trace_blob is not None:
        trace = repo.TraceRow(
            format=TRACE_FORMAT, n_events=outcome.n_events, raw_bytes=outcome.raw_bytes, blob=outcome.trace_blob
        )
    return repo.Finished(run_id, result_json=json.dumps(outcome.result()), wall_ms=outcome.wall_ms, trace=trace)


def failed(run_id: uuid.UUID, message: str) -> repo.Finished:
    return repo.Finished(run_id, error=message)


def store_many(outcomes: list[repo.Finished]) -> set[uuid.UUID]:
    """Store a batch of a chunk's outcomes in one transaction; the ids stored
    (the others were given away by the sweeper meanwhile)."""
    if not outcomes:
        return set()
    with session_scope() as s:
        return repo.store_many(s, worker_id(), outcomes)


def release(run_ids: list[uuid.UUID]) -> list[uuid.UUID]:
    """Claimed runs a chunk did not start go back to 'queued' (attempt given back)."""
    if not run_ids:
        return []
    with session_scope() as s:
        return repo.release(s, run_ids, worker_id())


@dataclass(frozen=True)
class Swept:
    failed: list[uuid.UUID]  # stuck too many times: failed
    requeued: list[uuid.UUID]  # stuck: back to queued, to enqueue again
    resent: list[uuid.UUID]  # queued for too long (message lost): to enqueue again
    direct: frozenset[uuid.UUID] = frozenset()  # those of requeued and resent a POST /runs asked for
    last_chance: frozenset[uuid.UUID] = frozenset()  # those of requeued whose next attempt is their last


def sweep(
    *,
    stuck_after_s: float,
    max_attempts: int,
    resend_after_s: float,
    resend_direct: bool = True,
    resend_sweeps: bool = True,
) -> Swept:
    """One pass; queued runs are re-sent only for the kinds asked (a run a
    POST /runs asked for, a sweep's run)."""
    with session_scope() as s:
        failed, requeued = repo.sweep_stuck(s, stuck_after_s=stuck_after_s, max_attempts=max_attempts)
        resent = []
        if resend_direct and resend_sweeps:
            resent = repo.resend_queued(s, older_than_s=resend_after_s)
        elif resend_direct or resend_sweeps:
            resent = repo.resend_queued(s, older_than_s=resend_after_s, direct=resend_direct)
        direct = repo.direct_ids(s, requeued + resent)
        last = {r for r, n in repo.attempts_of(s, requeued).items() if n + 1 >= max_attempts}
    return Swept(failed, requeued, resent, frozenset(direct), frozenset(last))
