"""Run one simulation: claim it, simulate with heartbeats, store the result.

Infrastructure errors (database, broker) propagate so the task retries; an
invalid scenario, an engine error or a time limit is recorded on the run as
'failed' with its message."""
from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid

import numpy as np
import rexsim
from billiard.exceptions import SoftTimeLimitExceeded
from sqlalchemy import text

from app.core.config import get_settings
from app.core.db import session_scope
from app.services.traces import encode_trace

log = logging.getLogger("rexmit.worker")


def worker_id() -> str:
    """host:pid of the process running the engine (a pool child, not the
    main process: the module is imported before the pool forks)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def claim(run_id: uuid.UUID) -> dict | None:
    """queued -> running, atomically; None if someone else has it or it is done."""
    with session_scope() as s:
        row = s.execute(text(
            "UPDATE runs SET state = 'running', started_at = now(), heartbeat_at = now(), "
            "attempts = attempts + 1, worker = :w, progress = 0 "
            "WHERE id = :id AND state = 'queued' RETURNING scenario"), {"id": run_id, "w": worker_id()}).first()
        return row[0] if row else None


def expected_end_ns(scenario: dict) -> int:
    """When the run should end in simulated time: the budget, or sooner when
    every flow is a bulk flow with a known write time."""
    budget = scenario.get("duration_s", 60.0)
    flows = scenario.get("flows", [])
    if flows and all(f.get("app", {}).get("kind") == "bulk" for f in flows):
        budget = min(budget, max(f.get("start_ms", 0) / 1e3 + f["app"].get("duration_s", budget) for f in flows))
    return max(1, int(budget * 1e9))


class Heartbeat(threading.Thread):
    """Marks the run alive and records its progress while the engine works
    (the engine releases the GIL and publishes its clock into `clock`)."""

    def __init__(self, run_id: uuid.UUID, interval_s: float, end_ns: int):
        super().__init__(daemon=True, name=f"heartbeat-{run_id}")
        self.run_id, self.interval_s, self.end_ns = run_id, interval_s, end_ns
        self.stop = threading.Event()
        self.clock = np.zeros(1, dtype=np.int64)

    def progress(self) -> float:
        return min(0.99, max(0.0, int(self.clock[0]) / self.end_ns))

    def run(self) -> None:
        while not self.stop.wait(self.interval_s):
            try:
                with session_scope() as s:
                    s.execute(text("UPDATE runs SET heartbeat_at = now(), progress = :p "
                                   "WHERE id = :id AND state = 'running'"),
                              {"id": self.run_id, "p": self.progress()})
            except Exception as e:  # a missed beat is not fatal
                log.warning("heartbeat for %s failed: %s", self.run_id, e)


def _fail(run_id: uuid.UUID, message: str) -> None:
    with session_scope() as s:
        s.execute(text("UPDATE runs SET state = 'failed', error = :e, finished_at = now() "
                       "WHERE id = :id AND state = 'running' AND worker = :w"),
                  {"id": run_id, "e": message[:2000], "w": worker_id()})


def execute(run_id_text: str) -> str:
    run_id = uuid.UUID(run_id_text)
    scenario = claim(run_id)
    if scenario is None:
        return "skipped"
    hb = Heartbeat(run_id, get_settings().HEARTBEAT_INTERVAL_S, expected_end_ns(scenario))
    hb.start()
    try:
        t0 = time.perf_counter()
        result = rexsim.run(scenario, hb.clock)
        wall_ms = (time.perf_counter() - t0) * 1e3
        summary = result.summary()
        flows = summary.pop("flows")
        blob = None
        if len(result.trace):
            blob = encode_trace(result.trace.columns)
            summary["trace_bytes"] = len(blob)
        with session_scope() as s:
            if blob is not None:
                s.execute(text("INSERT INTO run_traces (run_id, format, n_events, raw_bytes, blob) "
                               "VALUES (:id, 'rxt1', :n, :raw, :blob) ON CONFLICT (run_id) DO NOTHING"),
                          {"id": run_id, "n": len(result.trace),
                           "raw": sum(int(a.nbytes) for a in result.trace.columns.values()), "blob": blob})
            import json
            updated = s.execute(text(
                "UPDATE runs SET state = 'succeeded', progress = 1, result = CAST(:r AS jsonb), "
                "finished_at = now(), wall_ms = :ms, error = NULL "
                "WHERE id = :id AND state = 'running' AND worker = :w RETURNING id"),
                {"id": run_id, "r": json.dumps({"flows": flows, "summary": summary}), "ms": wall_ms,
                 "w": worker_id()}).first()
            if updated is None:   # the sweeper gave it away meanwhile: keep the other attempt's outcome
                s.rollback()
                return "superseded"
        return "succeeded"
    except rexsim.ScenarioError as e:
        _fail(run_id, f"invalid scenario: {e}")
        return "failed"
    except SoftTimeLimitExceeded:
        _fail(run_id, f"time limit: the run took longer than {get_settings().WORKER_SOFT_TIME_LIMIT_S} s")
        return "failed"
    except MemoryError as e:
        _fail(run_id, f"out of memory: {e}")
        return "failed"
    finally:
        hb.stop.set()
