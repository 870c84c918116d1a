"""Result wrappers: metrics dicts and numpy views of the columnar trace."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from . import _rexsim
from .tracefile import (
    CAUSES,
    CSV_FIELDS,
    DROP_REASONS,
    DROP_STAGES,
    DTYPES,
    EVENT_COLUMNS,
    EVENT_KINDS,
    KIND,
    RARE_KINDS,
    STAGES,
    STATES,
    TIMER_FORMULAS,
    TIMER_KINDS,
    VARS,
    VOCAB,
    Event,
    describe_events,
    sack_entry,
    write_csv,
)

if TYPE_CHECKING:
    from ._types import MetricValue

__all__ = [
    "CAUSES",
    "DROP_REASONS",
    "DROP_STAGES",
    "EVENT_COLUMNS",
    "EVENT_KINDS",
    "KIND",
    "METRICS",
    "RARE_KINDS",
    "STAGES",
    "STATES",
    "TIMER_FORMULAS",
    "TIMER_KINDS",
    "VARS",
    "VOCAB",
    "FlowResult",
    "Result",
    "Trace",
]

# The trace's vocabulary, columns and describer are rexsim.tracefile's (one
# copy); these names stay importable from here.
_DTYPES = DTYPES
# The catalogue's metrics, as a plain JSON list (callers look entries up by runtime keys).
METRICS: list[dict[str, Any]] = cast("list[dict[str, Any]]", _rexsim.catalog()["metrics"])
TIMER_EVENTS = {KIND["timer_armed"], KIND["timer_fired"], KIND["timer_cancelled"]}
ACK_EVENTS = {KIND["ack_sent"], KIND["ack_recv"]}


class Trace:
    """The event trace: one numpy array per column, sharing the engine's memory.

    Column meaning by kind (see include/rexsim/rexsim.h):
      seq    data: first byte; ACKs: cumulative ACK; timers: expiry time (ns)
      arg    data: payload bytes; ACKs: 1 + index into sack_words (0 = none);
             timers: timeout (us); state: the previous state
      detail timers: timer kind | formula << 4; drops: reason | direction << 4;
             data: transmission number
      cause  data: why it was sent (CAUSES); drops: 1 + the dropping stage's
             index in STAGES (0 = the bottleneck queue); spurious: the
             detector's index in DETECTORS
    A spurious event's arg is 1 + the index of its two words in the side
    table spurious_words (cwnd and ssthresh before the response).
    Mechanism variables (VARS) are a side table: var_t_ns, var_flow, var_id,
    var_value; var_series() reads one.
    """

    # every column is also an attribute of its name (set in __init__)
    t_ns: npt.NDArray[np.int64]
    seq: npt.NDArray[np.uint64]
    arg: npt.NDArray[np.uint32]
    cwnd_bytes: npt.NDArray[np.uint32]
    ssthresh_bytes: npt.NDArray[np.uint32]
    pipe_bytes: npt.NDArray[np.uint32]
    srtt_us: npt.NDArray[np.uint32]
    rto_us: npt.NDArray[np.uint32]
    flow: npt.NDArray[np.uint16]
    kind: npt.NDArray[np.uint8]
    state: npt.NDArray[np.uint8]
    detail: npt.NDArray[np.uint8]
    cause: npt.NDArray[np.uint8]
    sack_words: npt.NDArray[np.uint64]
    var_t_ns: npt.NDArray[np.int64]
    var_flow: npt.NDArray[np.uint16]
    var_id: npt.NDArray[np.uint16]
    var_value: npt.NDArray[np.int64]
    spurious_words: npt.NDArray[np.uint64]

    def __init__(self, raw: _rexsim.Result) -> None:
        self._raw = raw
        cols = raw.columns()
        self.columns: dict[str, npt.NDArray[Any]] = {
            # numpy's stubs accept only some concrete buffer types, not any
            # object with the buffer protocol (which Column implements)
            name: np.frombuffer(buf, dtype=DTYPES[name])  # type: ignore[call-overload]
            for name, buf in cols.items()
        }
        for name, arr in self.columns.items():
            setattr(self, name, arr)

    def __len__(self) -> int:
        return int(self.columns["t_ns"].shape[0])

    def var_series(self, name: str, flow: int = 0) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """(t_ns, value) of a mechanism variable (a name in VARS, e.g.
        "bwe_bytes_per_s") for one flow, in time order."""
        ids = [v["id"] for v in VARS if v["name"] == name]
        if not ids:
            raise KeyError(f"unknown variable {name!r}; known: {', '.join(v['name'] for v in VARS)}")
        c = self.columns
        m = np.isin(c["var_id"], ids) & (c["var_flow"] == flow)
        return c["var_t_ns"][m], c["var_value"][m]

    def kind_names(self) -> list[str]:
        return [EVENT_KINDS[k] for k in self.columns["kind"]]

    def mask(self, kind: str, flow: int | None = None) -> npt.NDArray[np.bool_]:
        m: npt.NDArray[np.bool_] = self.columns["kind"] == KIND[kind]
        if flow is not None:
            m &= self.columns["flow"] == flow
        return m

    def times_ns(self, kind: str, flow: int | None = None) -> npt.NDArray[np.int64]:
        return self.columns["t_ns"][self.mask(kind, flow)]

    def sack_blocks(self, i: int) -> tuple[bool, list[tuple[int, int]]]:
        """(is_dsack, [(start, end), ...]) of ACK event i."""
        if int(self.columns["kind"][i]) not in ACK_EVENTS:
            return False, []
        dsack, blocks = sack_entry(self.columns["sack_words"], int(self.columns["arg"][i]))
        return dsack, [(s, e) for s, e in blocks]

    def describe(self, i: int) -> Event:
        """One event as a dict with names resolved (see rexsim.tracefile.describe_events)."""
        return describe_events(self.columns, [i])[0]

    def __iter__(self) -> Iterator[Event]:
        """Every event, described, in trace order."""
        n, step = len(self), 65536
        for start in range(0, n, step):
            yield from describe_events(self.columns, np.arange(start, min(n, start + step)))

    #: the CSV's columns: every field of any event
    CSV_FIELDS = list(CSV_FIELDS)

    def write_csv(self, out: IO[str]) -> None:
        """The whole trace as CSV (see rexsim.tracefile.write_csv)."""
        write_csv(self.columns, out)


class FlowResult:
    """One flow's metrics (the catalogue's metrics) and its fast-recovery
    episodes (one dict each, the catalogue's episode_metrics)."""

    def __init__(self, metrics: dict[str, MetricValue], episodes: list[dict[str, MetricValue]] | None = None) -> None:
        self.metrics = metrics
        self.episodes: list[dict[str, MetricValue]] = episodes or []

    def __repr__(self) -> str:
        return f"FlowResult({self.metrics!r})"


class Result:
    """One run: per-flow metrics, the trace, and whether a budget stopped it."""

    def __init__(self, raw: _rexsim.Result) -> None:
        self._raw = raw
        self.flows = [FlowResult(raw.metrics(i), raw.episodes(i)) for i in range(raw.n_flows)]
        self.truncated: bool = raw.truncated
        self.truncated_reason: str | None = raw.truncated_reason
        self.events: int = raw.events
        self.invariant_violations: int = raw.invariant_violations
        self.samples: int = raw.samples
        self.trace_truncated: bool = raw.trace_truncated
        self.sim_end_ns: int = raw.sim_end_ns
        self.engine_version: str = _rexsim.ENGINE_VERSION
        self._trace: Trace | None = None

    @property
    def trace(self) -> Trace:
        if self._trace is None:
            self._trace = Trace(self._raw)
        return self._trace

    def summary(self) -> dict[str, Any]:
        return {
            "engine_version": self.engine_version,
            "truncated": self.truncated,
            "truncated_reason": self.truncated_reason,
            "events": self.events,
            "invariant_violations": self.invariant_violations,
            "samples": self.samples,
            "trace_truncated": self.trace_truncated,
            "trace_events": self._raw.n_trace,
            "sim_end_ns": self.sim_end_ns,
            "flows": [f.metrics for f in self.flows],
        }
