"""Windows and series of a stored trace (pure functions over its columns).

The columns, their meaning, the vocabulary of names and the one describer of
events are the engine's: ``rexsim.tracefile`` (which also stores and reads the
compressed blobs).  Here: which events a window of the dashboard gets (time
range, kinds, flows, downsampling that keeps every rare event) and the
per-flow time series of the sender's variables and of the catalogue's
mechanism variables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from rexsim.tracefile import KIND, RARE_KINDS, SSTHRESH_INF, VARS, Columns, describe_events

Array = npt.NDArray[Any]


# ---------------------------------------------------------------- window
def _kind_ids(names: Iterable[str]) -> Array:
    unknown = [n for n in names if n not in KIND]
    if unknown:
        raise ValueError(f"unknown event kind(s): {', '.join(map(str, unknown))}")
    return np.array(sorted(KIND[n] for n in names), dtype=np.uint8)


def _time_slice(t: Array, from_ns: int | None, to_ns: int | None) -> tuple[int, int]:
    """Index range [lo, hi) of events with from_ns <= t_ns <= to_ns (t non-decreasing)."""
    lo = 0 if from_ns is None else int(np.searchsorted(t, from_ns, side="left"))
    hi = len(t) if to_ns is None else int(np.searchsorted(t, to_ns, side="right"))
    return lo, max(lo, hi)


def _select(columns: Columns, lo: int, hi: int, kinds: Iterable[str] | None, flows: Iterable[int] | None) -> Array:
    """Indices in [lo, hi) passing the kind and flow filters."""
    mask = np.ones(hi - lo, dtype=bool)
    if kinds is not None:
        mask &= np.isin(columns["kind"][lo:hi], _kind_ids(kinds))
    if flows is not None:
        mask &= np.isin(columns["flow"][lo:hi], np.array(list(flows), dtype=np.int64))
    return np.flatnonzero(mask) + lo


def _downsample(kind: Array, idx: Array, max_points: int) -> tuple[Array, bool]:
    """Every rare event plus an evenly strided subset of the others; (indices, rare_overflow)."""
    rare = np.isin(kind[idx], _kind_ids(RARE_KINDS))
    rare_idx, dense_idx = idx[rare], idx[~rare]
    budget = max_points - len(rare_idx)
    if budget <= 0:
        return rare_idx, len(rare_idx) > max_points
    picks = (np.arange(budget, dtype=np.int64) * len(dense_idx)) // budget
    return np.union1d(rare_idx, dense_idx[picks]), False


def window(
    columns: Columns,
    *,
    from_ns: int | None = None,
    to_ns: int | None = None,
    max_points: int = 2000,
    kinds: Iterable[str] | None = None,
    flows: Iterable[int] | None = None,
) -> dict[str, Any]:
    """The events with from_ns <= t_ns <= to_ns (ns), filtered and downsampled.

    At most `max_points` events are returned unless the rare kinds
    (`RARE_KINDS`) alone exceed it: then all rare events are returned and
    "rare_exceeds_budget" is True.  Downsampling keeps every rare event and an
    evenly strided subset of the dense ones (deterministic).
    """
    if max_points < 1:
        raise ValueError("max_points must be >= 1")
    t = columns["t_ns"]
    lo, hi = _time_slice(t, from_ns, to_ns)
    idx = _select(columns, lo, hi, kinds, flows)
    total = len(idx)
    downsampled, overflow = total > max_points, False
    if downsampled:
        idx, overflow = _downsample(columns["kind"], idx, max_points)
    return {
        "from_ns": from_ns if from_ns is not None else (int(t[0]) if len(t) else 0),
        "to_ns": to_ns if to_ns is not None else (int(t[-1]) if len(t) else 0),
        "total_in_window": total,
        "returned": len(idx),
        "downsampled": downsampled,
        "rare_exceeds_budget": overflow,
        "events": describe_events(columns, idx),
    }


# ---------------------------------------------------------------- series
@dataclass(frozen=True)
class SeriesSpec:
    """Where a series' values come from: an event column (the sender's state at
    every event of the flow) or mechanism variables of the var_* side table."""

    unit: str
    column: str | None = None  # an event column
    var_ids: tuple[int, ...] = ()  # ids in VARS (one name may be declared by several members)
    none_value: int | None = None  # the value shown as None (infinite ssthresh, no SRTT yet)
    label: str = ""
    doc: str = ""


#: the sender's variables: one value at every event
SENDER_SERIES: dict[str, SeriesSpec] = {
    "cwnd": SeriesSpec("bytes", "cwnd_bytes", label="cwnd"),
    "ssthresh": SeriesSpec("bytes", "ssthresh_bytes", none_value=SSTHRESH_INF, label="ssthresh"),
    "pipe": SeriesSpec("bytes", "pipe_bytes", label="pipe"),
    "srtt": SeriesSpec("us", "srtt_us", none_value=0, label="SRTT"),
    "rto": SeriesSpec("us", "rto_us", label="RTO"),
}


def _var_series() -> dict[str, SeriesSpec]:
    """Every mechanism variable of the catalogue, by name (a sender series' name wins)."""
    out: dict[str, SeriesSpec] = {}
    for v in VARS:
        name = str(v["name"])
        if name in SENDER_SERIES:
            continue
        prev = out.get(name)
        ids = (*prev.var_ids, int(v["id"])) if prev else (int(v["id"]),)
        out[name] = SeriesSpec(str(v["unit"]), var_ids=ids, label=str(v["label"]), doc=str(v["doc"]))
    return out


#: series name -> spec: the sender's variables, then the engine's mechanism variables
SERIES: dict[str, SeriesSpec] = {**SENDER_SERIES, **_var_series()}


def _change_points(v: Array) -> Array:
    """Positions where v differs from the previous item, plus the first and last."""
    if len(v) == 0:
        return np.zeros(0, dtype=np.int64)
    keep = np.r_[True, v[1:] != v[:-1]]
    keep[-1] = True
    return np.flatnonzero(keep)


def _minmax_buckets(t: Array, v: Array, max_points: int) -> Array:
    """Positions keeping the first, the last and each time bucket's min and max."""
    n_buckets = max(1, (max_points - 2) // 2)
    span = float(t[-1] - t[0]) + 1.0
    bucket = ((t - t[0]).astype(np.float64) * (n_buckets / span)).astype(np.int64)
    order = np.lexsort((v, bucket))  # by bucket, then value; stable in position
    b_sorted = bucket[order]
    first = np.r_[True, b_sorted[1:] != b_sorted[:-1]]
    last = np.r_[b_sorted[1:] != b_sorted[:-1], True]
    keep = np.concatenate([order[first], order[last], [0, len(t) - 1]])
    return np.unique(keep)


def _one_series(t: Array, v: Array, unit: str, max_points: int, none_value: int | None) -> dict[str, Any]:
    cp = _change_points(v)
    tt, vv = t[cp], v[cp]
    downsampled = len(cp) > max_points
    if downsampled:
        keep = _minmax_buckets(tt, vv, max_points)
        tt, vv = tt[keep], vv[keep]
    values = vv.tolist()
    if none_value is not None:
        values = [None if x == none_value else x for x in values]
    return {"unit": unit, "t_ns": tt.tolist(), "values": values, "change_points": len(cp), "downsampled": downsampled}


def _var_points(columns: Columns, spec: SeriesSpec, flow: int, t_win: Array) -> tuple[Array, Array]:
    """(t_ns, values) of a mechanism variable as a step series over the window.

    The samples inside the window, preceded by the value it held at the window's
    first event (the last sample before, if any) and followed by the value it
    still holds at the window's last event.  Empty for a trace without the
    var_* table (stored before trace v2) or a flow whose mechanism lacks it."""
    empty = (np.zeros(0, np.int64), np.zeros(0, np.int64))
    if "var_t_ns" not in columns or not len(t_win):
        return empty
    vt, vf, vid, vv = (columns[k] for k in ("var_t_ns", "var_flow", "var_id", "var_value"))
    mine = np.flatnonzero((vf == flow) & np.isin(vid, np.array(spec.var_ids, dtype=vid.dtype)))
    t, v = vt[mine], vv[mine]
    first, last = int(t_win[0]), int(t_win[-1])
    lo = int(np.searchsorted(t, first, side="left"))
    hi = int(np.searchsorted(t, last, side="right"))
    tt, vals = t[lo:hi], v[lo:hi]
    if lo > 0 and (not len(tt) or tt[0] > first):  # carried into the window
        tt, vals = np.r_[np.int64(first), tt], np.r_[v[lo - 1], vals]
    if len(tt) and tt[-1] < last:  # still holds at the window's end
        tt, vals = np.r_[tt, np.int64(last)], np.r_[vals, vals[-1]]
    return tt.astype(np.int64, copy=False), vals.astype(np.int64, copy=False)


def series(
    columns: Columns,
    names: Sequence[str] = tuple(SENDER_SERIES),
    *,
    flow: int = 0,
    from_ns: int | None = None,
    to_ns: int | None = None,
    max_points: int = 2000,
) -> dict[str, Any]:
    """Per-flow time series, one entry per name of `SERIES`.

    A sender series (cwnd, ssthresh, pipe, srtt, rto) holds the values (bytes or
    µs, see "unit") at the events where the variable changed, plus the window's
    first and last event; ssthresh is None when infinite, srtt None before the
    first RTT sample.  A mechanism variable (the catalogue's ``vars``, e.g.
    Westwood+'s bwe_bytes_per_s) is a step series of its samples in the unit the
    engine declares, carried from before the window and held to its last event;
    it is empty when the flow's mechanism does not have it.  Longer series keep
    the min and max of each of ~max_points/2 equal time buckets (spikes survive).
    """
    unknown = [n for n in names if n not in SERIES]
    if unknown:
        raise ValueError(f"unknown series: {', '.join(unknown)} (known: {', '.join(SERIES)})")
    if max_points < 4:
        raise ValueError("max_points must be >= 4")
    lo, hi = _time_slice(columns["t_ns"], from_ns, to_ns)
    idx = lo + np.flatnonzero(columns["flow"][lo:hi] == flow)
    t = columns["t_ns"][idx]
    out: dict[str, Any] = {"flow": flow, "from_ns": from_ns, "to_ns": to_ns, "events": len(idx), "series": {}}
    for name in names:
        spec = SERIES[name]
        if spec.column is not None:
            tt, vv = t, columns[spec.column][idx]
        else:
            tt, vv = _var_points(columns, spec, flow, t)
        out["series"][name] = _one_series(tt, vv, spec.unit, max_points, spec.none_value)
    return out
