"""Runs as jobs: claim, simulate with heartbeats, store the outcome.

`execute` does one run (a single run, task sim.run); `execute_chunk` a
chunk of a sweep's runs (task sim.chunk): one UPDATE claims them all, one
heartbeat keeps them all alive, outcomes are stored in batches (every
STORE_EVERY_RUNS runs or STORE_EVERY_S seconds, one transaction each), and
the chunk then pumps its comparisons (app.services.dispatch), which sends
their next chunks. A worker killed in the middle of a chunk loses only what
it had not stored: those runs stay 'running' without a heartbeat, and the
sweeper re-queues them (sweeper.py).

Infrastructure errors (database, broker) propagate so the task retries; an
invalid scenario, an engine error or a time limit is recorded on the run as
'failed' with its message."""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
import uuid

from billiard.exceptions import SoftTimeLimitExceeded
from rexsim import ScenarioError

from app.core.config import get_settings
from app.repositories.runs import Finished
from app.services import dispatch, queue

from . import persistence, runner

#: a chunk stores its outcomes every this many runs or seconds, whichever comes first
STORE_EVERY_RUNS = 256
STORE_EVERY_S = 0.5

log = logging.getLogger("rexmit.worker")


class Heartbeat(threading.Thread):
    """Marks the run alive and records its progress while the engine works
    (the engine releases the GIL and publishes its clock into `clock`)."""

    def __init__(self, run_id: uuid.UUID, interval_s: float, end_ns: int):
        super().__init__(daemon=True, name=f"heartbeat-{run_id}")
        self.run_id, self.interval_s, self.end_ns = run_id, interval_s, end_ns
        self.stop = threading.Event()
        self.clock = runner.new_clock()

    def run(self) -> None:
        while not self.stop.wait(self.interval_s):
            try:
                persistence.heartbeat(self.run_id, runner.progress(int(self.clock[0]), self.end_ns))
            except Exception as e:  # a missed beat is not fatal
                log.warning("heartbeat for %s failed: %s", self.run_id, e)


def execute(run_id_text: str) -> str:
    """'succeeded', 'failed', 'skipped' (not queued: done or taken) or
    'superseded' (the sweeper gave it to another worker meanwhile)."""
    run_id = uuid.UUID(run_id_text)
    scenario = persistence.claim(run_id)
    if scenario is None:
        return "skipped"
    hb = Heartbeat(run_id, get_settings().HEARTBEAT_INTERVAL_S, runner.expected_end_ns(scenario))
    hb.start()
    try:
        outcome = runner.simulate(scenario, hb.clock)
        return "succeeded" if persistence.finish(run_id, outcome) else "superseded"
    except ScenarioError as e:
        persistence.fail(run_id, f"invalid scenario: {e}")
        return "failed"
    except SoftTimeLimitExceeded:
        persistence.fail(run_id, _time_limit(get_settings().WORKER_SOFT_TIME_LIMIT_S))
        return "failed"
    except MemoryError as e:
        persistence.fail(run_id, f"out of memory: {e}")
        return "failed"
    finally:
        hb.stop.set()


class ChunkHeartbeat(threading.Thread):
    """Marks a chunk's claimed runs alive (one UPDATE for all of them), with
    the progress of the run the engine is on, and enforces a run's hard time
    limit: the engine cannot be interrupted, so past WORKER_HARD_TIME_LIMIT_S
    on one run the process kills itself, as Celery's hard limit kills the
    process of a single run; the sweeper then re-queues the chunk's unstored
    runs, each on its own, so the run that keeps running over fails alone."""

    def __init__(self, run_ids: list[uuid.UUID], interval_s: float, hard_limit_s: float):
        super().__init__(daemon=True, name="heartbeat-chunk")
        self.run_ids, self.interval_s, self.hard_limit_s = run_ids, interval_s, hard_limit_s
        self.stop = threading.Event()
        self.clock = runner.new_clock()
        self.current: tuple[uuid.UUID, int, float] | None = None  # run, expected end (ns), start (monotonic)

    def start_run(self, run_id: uuid.UUID, end_ns: int) -> None:
        self.clock[0] = 0
        self.current = (run_id, end_ns, time.monotonic())

    def run(self) -> None:
        while not self.stop.wait(self.interval_s):
            cur = self.current
            if cur is not None and time.monotonic() - cur[2] > self.hard_limit_s:
                log.error(
                    "run %s passed the hard time limit (%s s): killing this worker process", cur[0], self.hard_limit_s
                )
                os.kill(os.getpid(), signal.SIGKILL)
            try:
                if cur is None:
                    persistence.heartbeat_many(self.run_ids, None, 0.0)
                else:
                    persistence.heartbeat_many(self.run_ids, cur[0], runner.progress(int(self.clock[0]), cur[1]))
            except Exception as e:  # a missed beat is not fatal
                log.warning("heartbeat for a chunk failed: %s", e)


def execute_chunk(run_ids_text: list[str]) -> dict[str, int]:
    """Run a chunk of a sweep's runs (those still queued: a run another worker
    took, a finished or a cancelled one is skipped). Counts of 'succeeded',
    'failed', 'skipped', 'superseded' (given away meanwhile) and 'released'
    (not started before the chunk's time ran out: queued and sent again)."""
    st = get_settings()
    ids = [uuid.UUID(x) for x in run_ids_text]
    claimed = persistence.claim_many(ids)
    counts = {"succeeded": 0, "failed": 0, "skipped": len(ids) - len(claimed), "superseded": 0, "released": 0}
    t0 = time.monotonic()
    if claimed:
        hb = ChunkHeartbeat([rid for rid, _ in claimed], st.HEARTBEAT_INTERVAL_S, st.WORKER_HARD_TIME_LIMIT_S)
        hb.start()
        batch: list[Finished] = []
        last_store = time.monotonic()
        started = 0  # runs the engine has started on

        def store() -> None:
            nonlocal batch, last_store
            stored = persistence.store_many(batch)
            for o in batch:
                key = "superseded" if o.run_id not in stored else "failed" if o.error is not None else "succeeded"
                counts[key] += 1
            batch, last_store = [], time.monotonic()

        try:
            try:
                for rid, scenario in claimed:
                    started += 1
                    hb.start_run(rid, runner.expected_end_ns(scenario))
                    batch.append(_one(rid, scenario, hb, st.TRACE_REBUILD_MAX_MS, st.WORKER_SOFT_TIME_LIMIT_S))
                    if len(batch) >= STORE_EVERY_RUNS or time.monotonic() - last_store >= STORE_EVERY_S:
                        store()
                store()
            except SoftTimeLimitExceeded:  # the chunk's own limit (per-run limit x its runs)
                if hb.current is not None and all(o.run_id != hb.current[0] for o in batch):
                    batch.append(persistence.failed(hb.current[0], _time_limit(st.WORKER_SOFT_TIME_LIMIT_S)))
                done = {o.run_id for o in batch}
                store()
                rest = [rid for rid, _ in claimed[started:] if rid not in done]
                released = persistence.release(rest)
                counts["released"] = len(released)
                queue.enqueue_chunks([released])
        finally:
            hb.stop.set()
    if claimed:  # a chunk that found nothing to do changed nothing to pump for
        dispatch.after_chunk(ids, (time.monotonic() - t0) / len(claimed))
    return counts


def _time_limit(limit_s: float) -> str:
    return f"time limit: the run took longer than {limit_s} s"


def _one(
    run_id: uuid.UUID, scenario: dict[str, object], hb: ChunkHeartbeat, rebuild_max_ms: float, soft_s: float
) -> Finished:
    """One run of a chunk: its outcome (a result, or the error it failed with)."""
    try:
        outcome = runner.simulate(scenario, hb.clock, rebuild_max_ms=rebuild_max_ms)
    except ScenarioError as e:
        return persistence.failed(run_id, f"invalid scenario: {e}")
    except MemoryError as e:
        return persistence.failed(run_id, f"out of memory: {e}")
    if outcome.wall_ms > soft_s * 1e3:  # a single run's soft limit, as sim.run has it
        return persistence.failed(run_id, _time_limit(soft_s))
    return persistence.succeeded(run_id, outcome)
