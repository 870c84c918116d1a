"""One run as a job: claim it, simulate with heartbeats, store the outcome.

Infrastructure errors (database, broker) propagate so the task retries; an
invalid scenario, an engine error or a time limit is recorded on the run as
'failed' with its message."""

from __future__ import annotations

import logging
import threading
import uuid

from billiard.exceptions import SoftTimeLimitExceeded
from rexsim import ScenarioError

from app.core.config import get_settings

from . import persistence, runner

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
        persistence.fail(run_id, f"time limit: the run took longer than {get_settings().WORKER_SOFT_TIME_LIMIT_S} s")
        return "failed"
    except MemoryError as e:
        persistence.fail(run_id, f"out of memory: {e}")
        return "failed"
    finally:
        hb.stop.set()
