from __future__ import annotations

import uuid
from typing import Any, Literal

from fastapi import APIRouter, Query, Response

from ...schemas.common import PAGE_DEFAULT, PAGE_MAX, Message
from ...schemas.run import RunCreate, RunList, RunPublic, RunsCreated, Series, TraceWindow
from ...services import queue, runs, trace_views
from ..deps import RateLimited, SessionDep, SettingsDep

router = APIRouter(prefix="/runs", tags=["runs"])
ERRORS: dict[int | str, dict[str, Any]] = {404: {"model": Message}, 409: {"model": Message}}


@router.post(
    "", status_code=202, response_model=RunsCreated, dependencies=[RateLimited], responses={429: {"model": Message}}
)
def create_run(body: RunCreate, s: SessionDep, settings: SettingsDep) -> RunsCreated:
    """Queue one run per seed. Identical runs (canonical scenario, engine
    version, seed) are deduplicated: the existing run is returned."""
    created, to_enqueue = runs.create(s, body, settings)
    queue.enqueue_runs(to_enqueue)  # after commit
    return created


@router.get("", response_model=RunList)
def list_runs(
    s: SessionDep,
    limit: int = Query(PAGE_DEFAULT, ge=1, le=PAGE_MAX, description=f"runs per page (at most {PAGE_MAX})"),
    cursor: str | None = Query(None, max_length=200, description="next_cursor of the previous page"),
    parent_run_id: uuid.UUID | None = Query(None, description="only the re-runs of this run (its children)"),
    comparison_runs: bool = Query(False, description="include the runs that belong to a comparison"),
) -> RunList:
    """Recent runs, newest first, a page at a time (keyset: pass next_cursor
    back as cursor); each with its state, a one-line summary and its link."""
    return runs.list_page(s, limit=limit, cursor=cursor, parent_run_id=parent_run_id, comparison_runs=comparison_runs)


@router.get("/{run_id}", response_model=RunPublic, responses=ERRORS)
def read_run(run_id: uuid.UUID, s: SessionDep) -> RunPublic:
    """State, progress, per-flow metrics, engine version, timings, error."""
    return runs.get(s, run_id)


@router.get("/{run_id}/trace", response_model=TraceWindow, responses=ERRORS)
def read_trace(
    run_id: uuid.UUID,
    s: SessionDep,
    from_ms: float | None = Query(None, ge=0),
    to_ms: float | None = Query(None, ge=0),
    max_points: int = Query(2000, ge=10, le=100_000),
    kinds: str | None = Query(None, description="comma-separated event kinds"),
    flows: str | None = Query(None, description="comma-separated flow ids"),
) -> TraceWindow:
    """A window of the event trace, downsampled on the server when needed;
    drops, retransmissions, probes, timer fires and state changes are kept."""
    return trace_views.window(s, run_id, from_ms=from_ms, to_ms=to_ms, max_points=max_points, kinds=kinds, flows=flows)


@router.get("/{run_id}/series", response_model=Series, responses=ERRORS)
def read_series(
    run_id: uuid.UUID,
    s: SessionDep,
    names: str = Query(
        trace_views.DEFAULT_SERIES,
        description="comma-separated: cwnd, ssthresh, pipe, srtt, rto, or a mechanism variable's name "
        "(the catalogue's vars, e.g. bwe_bytes_per_s)",
    ),
    flow: int = Query(0, ge=0, le=63),
    from_ms: float | None = Query(None, ge=0),
    to_ms: float | None = Query(None, ge=0),
    max_points: int = Query(2000, ge=10, le=100_000),
) -> Series:
    """Sender and mechanism variables over time for one flow, as step series."""
    return trace_views.series(s, run_id, names=names, flow=flow, from_ms=from_ms, to_ms=to_ms, max_points=max_points)


@router.get(
    "/{run_id}/export",
    responses={
        **ERRORS,
        200: {"content": {"text/csv": {}, "application/json": {}, "application/vnd.tcpdump.pcap": {}}},
    },
)
def export_run(run_id: uuid.UUID, s: SessionDep, format: Literal["csv", "json", "pcap"] = "csv") -> Response:
    """The whole trace as CSV, JSON, or a pcap of the simulated segments with
    real TCP headers (SACK and timestamp options) for Wireshark."""
    out = trace_views.export(s, run_id, format)
    headers = {"Content-Disposition": f'attachment; filename="{out.filename}"'} if out.filename else None
    return Response(out.content, media_type=out.media_type, headers=headers)
