"""Simulate one scenario: scenario -> outcome (summary, per-flow metrics,
encoded trace). Pure: no database and no broker, so it is tested on its own;
the job (job.py) stores what it returns."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import rexsim
from rexsim.tracefile import encode_trace

from app.schemas.run import TRACE_ON_DEMAND

TRACE_FORMAT = "rxt1"


@dataclass(frozen=True)
class Outcome:
    summary: dict[str, Any]  # the run summary, plus trace_bytes when a trace was kept (trace_on_demand when left)
    flows: list[dict[str, Any]]  # one dict of metrics per flow
    episodes: list[list[dict[str, Any]]]  # per flow, its fast-recovery episodes (catalogue episode_metrics)
    trace_blob: bytes | None  # encode_trace() of the columns; None for an empty trace
    n_events: int
    raw_bytes: int  # the trace's size in memory, before encoding
    wall_ms: float  # engine wall time

    def result(self) -> dict[str, Any]:
        """What the runs table stores in `result`."""
        return {"flows": self.flows, "episodes": self.episodes, "summary": self.summary}


def expected_end_ns(scenario: dict[str, Any]) -> int:
    """When the run should end in simulated time: the budget, or sooner when
    every flow is a bulk flow with a known write time."""
    budget = float(scenario.get("duration_s", 60.0))
    flows = scenario.get("flows", [])
    if flows and all(f.get("app", {}).get("kind") == "bulk" for f in flows):
        budget = min(budget, max(f.get("start_ms", 0) / 1e3 + f["app"].get("duration_s", budget) for f in flows))
    return max(1, int(budget * 1e9))


def progress(clock_ns: int, end_ns: int) -> float:
    """Fraction done, from the engine's simulated clock; below 1 until stored."""
    return min(0.99, max(0.0, clock_ns / end_ns))


def new_clock() -> npt.NDArray[np.int64]:
    """A buffer the engine publishes its simulated clock (ns) into while it runs."""
    return np.zeros(1, dtype=np.int64)


def simulate(
    scenario: dict[str, Any], clock: npt.NDArray[np.int64] | None = None, *, rebuild_max_ms: float | None = None
) -> Outcome:
    """Run the engine on `scenario` and encode its trace. Raises
    rexsim.ScenarioError for an invalid scenario.

    With `rebuild_max_ms` (a sweep's runs), a run whose engine time was at
    most that keeps no encoded trace: its summary says `trace_on_demand`, and
    the API rebuilds the trace by running the (deterministic) engine again if
    someone opens the run. Encoding costs 10 to 150 times the engine time of a
    small run (a 10-segment flow: 0.2 ms to run, 3 to 5 ms to encode; a
    web-objects page: 3 ms to run, 0.4 s to encode), so a
    sweep of thousands of them would otherwise spend its time encoding traces
    nobody opens."""
    t0 = time.perf_counter()
    # its memoryview: the engine takes any writable buffer, and typed as one
    # (rexsim's stubs) numpy arrays qualify only from Python 3.12
    result = rexsim.run(scenario, clock.data) if clock is not None else rexsim.run(scenario)
    wall_ms = (time.perf_counter() - t0) * 1e3
    summary: dict[str, Any] = result.summary()
    flows: list[dict[str, Any]] = summary.pop("flows")
    n_events = len(result.trace)
    blob = None
    raw_bytes = 0
    if n_events and rebuild_max_ms is not None and wall_ms <= rebuild_max_ms:
        summary[TRACE_ON_DEMAND] = True
    elif n_events:
        columns: dict[str, npt.NDArray[Any]] = result.trace.columns
        blob = encode_trace(columns)
        raw_bytes = sum(int(a.nbytes) for a in columns.values())
        summary["trace_bytes"] = len(blob)
    return Outcome(
        summary=summary,
        flows=flows,
        episodes=[f.episodes for f in result.flows],
        trace_blob=blob,
        n_events=n_events,
        raw_bytes=raw_bytes,
        wall_ms=wall_ms,
    )
