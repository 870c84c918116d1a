from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from ..models import RunState
from .common import HistoryItem, PageInfo, ScenarioSource
from .episodes import RecoveryEpisode
from .events import TraceEvent

#: set in a run's summary when its trace was not stored: the API rebuilds it by running the engine again
#: (a sweep's cheap runs, Settings.TRACE_REBUILD_MAX_MS)
TRACE_ON_DEMAND = "trace_on_demand"


class RunCreate(ScenarioSource):
    seeds: list[int] | None = Field(None, description="one run per seed (default: the scenario's seed)", max_length=200)
    parent_run_id: uuid.UUID | None = Field(
        None,
        description="the run this one re-runs with a modified scenario (e.g. a segment dropped); it must exist. "
        "Recorded on the runs this request creates; a deduplicated run keeps the parent it was created with",
    )


class RunRef(BaseModel):
    id: uuid.UUID
    seed: int
    state: RunState
    deduplicated: bool = Field(description="an identical run (scenario, engine version, seed) already existed")


class RunsCreated(BaseModel):
    runs: list[RunRef]


class RunTimings(BaseModel):
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    queue_ms: float | None
    engine_ms: float | None


class RunPublic(BaseModel):
    id: uuid.UUID
    state: RunState
    progress: float
    seed: int
    engine_version: str
    scenario: dict[str, Any]
    metrics: list[dict[str, Any]] | None = Field(None, description="one dict per flow")
    episodes: list[list[RecoveryEpisode]] | None = Field(
        None,
        description="per flow (in the order of metrics), its fast-recovery episodes in order: entry, exit, the "
        "loss-recovery period, the bottleneck's busy and idle time and where it idled, utilisation and RTT spike "
        "(the catalogue's episode_metrics). Null until the run succeeds, and for runs stored before the service "
        "kept episodes (their flows' metrics still hold the totals, e.g. recovery_utilisation)",
    )
    summary: dict[str, Any] | None = Field(
        None,
        description="events, truncation, trace size (trace_bytes), or trace_on_demand: true when the trace was "
        "not stored and is rebuilt by running the engine again when asked for",
    )
    error: str | None
    attempts: int
    timings: RunTimings
    parent_run_id: uuid.UUID | None = Field(None, description="the run this one re-runs, if any")
    children: int = Field(0, description="runs created as re-runs of this one; listed by GET /runs?parent_run_id={id}")


class RunSummary(HistoryItem):
    id: uuid.UUID
    status: RunState
    seed: int
    parent_run_id: uuid.UUID | None


class RunList(PageInfo):
    items: list[RunSummary] = Field(description="newest first (ties broken by id)")


class TraceWindow(BaseModel):
    from_ns: int | None
    to_ns: int | None
    total_in_window: int
    returned: int
    downsampled: bool
    events: list[TraceEvent] = Field(description="in time order; each event's fields are its kind's")


class SeriesLine(BaseModel):
    """One variable over time, as a step series (a value holds until the next point)."""

    unit: str
    t_ns: list[int]
    values: list[int | None] = Field(description="None: infinite ssthresh, or no SRTT yet")
    change_points: int = Field(description="points before downsampling")
    downsampled: bool


class Series(BaseModel):
    flow: int
    from_ns: int | None
    to_ns: int | None
    events: int = Field(description="events of this flow in the window")
    series: dict[str, SeriesLine] = Field(
        description="by name: the sender's cwnd, ssthresh, pipe, srtt, rto, or a mechanism variable of the catalogue"
    )
