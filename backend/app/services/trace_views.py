"""A run's trace as the API serves it: windows, series and exports.

Parses and validates the query values (event kinds, flows, series names)
once, here, and turns milliseconds into the trace's nanoseconds."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass

from rexsim.tracefile import EVENT_KINDS, KIND
from sqlalchemy.orm import Session

from ..core.config import get_settings
from ..core.errors import query_error
from ..schemas.run import Series, TraceWindow
from . import runs, traces
from .export import pcap, tables

#: the sender's variables; the catalogue's mechanism variables are asked for by name
DEFAULT_SERIES = ",".join(traces.SENDER_SERIES)


@dataclass(frozen=True)
class Export:
    content: bytes | str
    media_type: str
    filename: str | None  # sent as an attachment under this name


def _ns(ms: float | None) -> int | None:
    return None if ms is None else int(ms * 1e6)


def _names(csv_list: str | None) -> list[str]:
    return [x for x in csv_list.split(",") if x] if csv_list else []


def window(
    s: Session,
    run_id: uuid.UUID,
    *,
    from_ms: float | None,
    to_ms: float | None,
    max_points: int,
    kinds: str | None,
    flows: str | None,
) -> TraceWindow:
    """`kinds` and `flows` are comma-separated lists (None or empty: all)."""
    cols = runs.trace_columns(s, run_id)
    kind_list = _names(kinds) or None
    if kind_list:
        bad = [k for k in kind_list if k not in KIND]
        if bad:
            raise query_error("kinds", f"unknown kinds {bad}; known: {list(EVENT_KINDS)}")
    try:
        flow_list = [int(f) for f in _names(flows)] or None
    except ValueError:
        raise query_error("flows", "comma-separated integers") from None
    w = traces.window(
        cols, from_ns=_ns(from_ms), to_ns=_ns(to_ms), max_points=max_points, kinds=kind_list, flows=flow_list
    )
    return TraceWindow(**w)


def series(
    s: Session, run_id: uuid.UUID, *, names: str, flow: int, from_ms: float | None, to_ms: float | None, max_points: int
) -> Series:
    """`names` is a comma-separated list of `traces.SERIES` names: the sender's
    variables and every mechanism variable of the engine's catalogue."""
    name_list = _names(names)
    unknown = [n for n in name_list if n not in traces.SERIES]
    if not name_list or unknown:
        raise query_error("names", f"unknown series {unknown}; choose from {list(traces.SERIES)}")
    cols = runs.trace_columns(s, run_id)
    out = traces.series(
        cols, tuple(name_list), flow=flow, from_ns=_ns(from_ms), to_ns=_ns(to_ms), max_points=max_points
    )
    return Series(**out)


def export(s: Session, run_id: uuid.UUID, fmt: str) -> Export:
    """The whole trace as CSV, JSON, or a pcap of flow 0's sender view (its
    MSS and timestamp option come from the run's scenario)."""
    cols = runs.trace_columns(s, run_id)
    n_events, limit = len(cols["t_ns"]), get_settings().EXPORT_MAX_EVENTS
    if n_events > limit and fmt in ("csv", "json", "pcap"):
        raise query_error(
            "format",
            f"this run's trace has {n_events:,} events; an export holds at most {limit:,} in this service "
            "(EXPORT_MAX_EVENTS): read it through the trace window and series, or export a shorter run",
        )
    name = f"rexmit-run-{run_id}"
    if fmt == "csv":
        return Export(tables.to_csv(cols), "text/csv", f"{name}.csv")
    if fmt == "json":
        return Export(json.dumps(tables.to_json(cols)), "application/json", None)
    if fmt == "pcap":
        tcp = runs.scenario_of(s, run_id)["flows"][0]["tcp"]
        return Export(
            pcap.to_pcap(cols, mss=tcp["mss"], timestamps=tcp["timestamps"]),
            "application/vnd.tcpdump.pcap",
            f"{name}.pcap",
        )
    raise query_error("format", "one of csv, json, pcap")
