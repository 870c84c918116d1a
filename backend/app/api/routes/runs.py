from __future__ import annotations

import uuid
from typing import Literal

from fastapi import APIRouter, BackgroundTasks, Query, Response

from ...core.errors import ApiError
from ...schemas.common import Message
from ...schemas.run import RunCreate, RunPublic, RunsCreated, Series, TraceWindow
from ...services import queue, runs, traces
from ..deps import RateLimited, SessionDep, SettingsDep

router = APIRouter(prefix="/runs", tags=["runs"])
ERRORS = {404: {"model": Message}, 409: {"model": Message}}


@router.post("", status_code=202, response_model=RunsCreated, dependencies=[RateLimited],
             responses={429: {"model": Message}})
def create_run(body: RunCreate, s: SessionDep, settings: SettingsDep) -> RunsCreated:
    """Queue one run per seed. Identical runs (canonical scenario, engine
    version, seed) are deduplicated: the existing run is returned."""
    created, to_enqueue = runs.create(s, body, settings)
    queue.enqueue_runs(to_enqueue)          # after commit
    return created


@router.get("/{run_id}", response_model=RunPublic, responses=ERRORS)
def read_run(run_id: uuid.UUID, s: SessionDep) -> RunPublic:
    """State, progress, per-flow metrics, engine version, timings, error."""
    return runs.get(s, run_id)


@router.get("/{run_id}/trace", response_model=TraceWindow, responses=ERRORS)
def read_trace(run_id: uuid.UUID, s: SessionDep,
               from_ms: float | None = Query(None, ge=0), to_ms: float | None = Query(None, ge=0),
               max_points: int = Query(2000, ge=10, le=100_000),
               kinds: str | None = Query(None, description="comma-separated event kinds"),
               flows: str | None = Query(None, description="comma-separated flow ids")) -> TraceWindow:
    """A window of the event trace, downsampled on the server when needed;
    drops, retransmissions, probes, timer fires and state changes are kept."""
    cols = runs.trace_columns(s, run_id)
    kind_list = [k for k in kinds.split(",") if k] if kinds else None
    if kind_list:
        import rexsim.result as rr
        bad = [k for k in kind_list if k not in rr.KIND]
        if bad:
            raise ApiError(422, [{"loc": ["query", "kinds"], "msg": f"unknown kinds {bad}; known: {rr.EVENT_KINDS}",
                                  "type": "value_error"}])
    try:
        flow_list = [int(f) for f in flows.split(",") if f] if flows else None
    except ValueError:
        raise ApiError(422, [{"loc": ["query", "flows"], "msg": "comma-separated integers", "type": "value_error"}])
    w = traces.window(cols, from_ns=None if from_ms is None else int(from_ms * 1e6),
                      to_ns=None if to_ms is None else int(to_ms * 1e6), max_points=max_points,
                      kinds=kind_list, flows=flow_list)
    return TraceWindow(**w)


@router.get("/{run_id}/series", response_model=Series, responses=ERRORS)
def read_series(run_id: uuid.UUID, s: SessionDep, names: str = Query("cwnd,ssthresh,pipe,srtt,rto"),
                flow: int = Query(0, ge=0, le=63), from_ms: float | None = Query(None, ge=0),
                to_ms: float | None = Query(None, ge=0), max_points: int = Query(2000, ge=10, le=100_000)) -> Series:
    """Sender variables over time for one flow."""
    known = {"cwnd", "ssthresh", "pipe", "srtt", "rto"}
    name_list = [n for n in names.split(",") if n]
    if not name_list or any(n not in known for n in name_list):
        raise ApiError(422, [{"loc": ["query", "names"], "msg": f"choose from {sorted(known)}", "type": "value_error"}])
    cols = runs.trace_columns(s, run_id)
    out = traces.series(cols, tuple(name_list), flow=flow, from_ns=None if from_ms is None else int(from_ms * 1e6),
                        to_ns=None if to_ms is None else int(to_ms * 1e6), max_points=max_points)
    return Series(**out)


@router.get("/{run_id}/export", responses={**ERRORS, 200: {"content": {"text/csv": {}, "application/json": {},
                                                                        "application/vnd.tcpdump.pcap": {}}}})
def export_run(run_id: uuid.UUID, s: SessionDep, format: Literal["csv", "json", "pcap"] = "csv") -> Response:
    """The whole trace as CSV, JSON, or a pcap of the simulated segments with
    real TCP headers (SACK and timestamp options) for Wireshark."""
    cols = runs.trace_columns(s, run_id)
    name = f"rexmit-run-{run_id}"
    if format == "csv":
        return Response(traces.to_csv(cols), media_type="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="{name}.csv"'})
    if format == "json":
        import json
        return Response(json.dumps(traces.to_json(cols)), media_type="application/json")
    from ...services import pcap
    sc = runs.scenario_of(s, run_id)
    flow0 = sc["flows"][0]["tcp"]
    data = pcap.to_pcap(cols, mss=flow0["mss"], timestamps=flow0["timestamps"])
    return Response(data, media_type="application/vnd.tcpdump.pcap",
                    headers={"Content-Disposition": f'attachment; filename="{name}.pcap"'})
