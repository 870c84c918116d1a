"""Result wrappers: metrics dicts and numpy views of the columnar trace."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from . import _rexsim

if TYPE_CHECKING:
    from ._types import Catalog, MetricValue

_DTYPES: dict[str, type[np.integer[Any]]] = {
    "t_ns": np.int64,
    "seq": np.uint64,
    "arg": np.uint32,
    "cwnd_bytes": np.uint32,
    "ssthresh_bytes": np.uint32,
    "pipe_bytes": np.uint32,
    "srtt_us": np.uint32,
    "rto_us": np.uint32,
    "flow": np.uint16,
    "kind": np.uint8,
    "state": np.uint8,
    "detail": np.uint8,
    "cause": np.uint8,
    "sack_words": np.uint64,
    "var_t_ns": np.int64,
    "var_flow": np.uint16,
    "var_id": np.uint16,
    "var_value": np.int64,
}
#: columns of one row per event (the others are side tables)
EVENT_COLUMNS = (
    "t_ns",
    "seq",
    "arg",
    "cwnd_bytes",
    "ssthresh_bytes",
    "pipe_bytes",
    "srtt_us",
    "rto_us",
    "flow",
    "kind",
    "state",
    "detail",
    "cause",
)

# The vocabulary is the engine's (include/rexsim/vocab.h), read from its catalogue.
# VOCAB, VARS and METRICS are the catalogue's own objects, published as plain
# JSON dicts (their callers look entries up by runtime keys); _cat keeps their
# TypedDict shapes (rexsim._types) for the lists derived here.
_cat: Catalog = _rexsim.catalog()
VOCAB: dict[str, list[dict[str, Any]]] = cast("dict[str, list[dict[str, Any]]]", _cat["vocab"])
EVENT_KINDS: list[str] = [e["name"] for e in _cat["vocab"]["events"]]
TIMER_KINDS: list[str] = [e["name"] for e in _cat["vocab"]["timer_kinds"]]
TIMER_FORMULAS: list[str] = [e["name"] for e in _cat["vocab"]["timer_formulas"]]
STATES: list[str] = [e["name"] for e in _cat["vocab"]["states"]]
DROP_REASONS: list[str] = [e["name"] for e in _cat["vocab"]["drop_reasons"]]
CAUSES: list[str] = [e["name"] for e in _cat["vocab"]["causes"]]
RARE_KINDS: frozenset[str] = frozenset(e["name"] for e in _cat["vocab"]["events"] if e["rare"])
STAGES: list[str] = [m["name"] for f in _cat["families"] if f["name"] == "stage" for m in f["members"]]
VARS: list[dict[str, Any]] = cast("list[dict[str, Any]]", _cat["vars"])
METRICS: list[dict[str, Any]] = cast("list[dict[str, Any]]", _cat["metrics"])
KIND = {name: i for i, name in enumerate(EVENT_KINDS)}
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
             index in STAGES (0 = the bottleneck queue)
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

    def __init__(self, raw: _rexsim.Result) -> None:
        self._raw = raw
        cols = raw.columns()
        self.columns: dict[str, npt.NDArray[Any]] = {
            # numpy's stubs accept only some concrete buffer types, not any
            # object with the buffer protocol (which Column implements)
            name: np.frombuffer(buf, dtype=_DTYPES[name])  # type: ignore[call-overload]
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
        ref = int(self.columns["arg"][i])
        if int(self.columns["kind"][i]) not in ACK_EVENTS or ref == 0:
            return False, []
        words = self.columns["sack_words"]
        head = int(words[ref - 1])
        n, dsack = head & 0xFF, bool(head >> 8)
        return dsack, [(int(words[ref + 2 * b]), int(words[ref + 1 + 2 * b])) for b in range(n)]

    def describe(self, i: int) -> dict[str, Any]:
        """One event as a dict with names resolved (for CSV, JSON, tooltips)."""
        c = self.columns
        kind = int(c["kind"][i])
        d: dict[str, Any] = {
            "t_ns": int(c["t_ns"][i]),
            "flow": int(c["flow"][i]),
            "kind": EVENT_KINDS[kind],
            "seq": int(c["seq"][i]),
            "arg": int(c["arg"][i]),
            "cwnd_bytes": int(c["cwnd_bytes"][i]),
            "ssthresh_bytes": None if c["ssthresh_bytes"][i] == 0xFFFFFFFF else int(c["ssthresh_bytes"][i]),
            "pipe_bytes": int(c["pipe_bytes"][i]),
            "srtt_us": int(c["srtt_us"][i]),
            "rto_us": int(c["rto_us"][i]),
            "state": STATES[int(c["state"][i])],
        }
        det = int(c["detail"][i])
        if kind in TIMER_EVENTS:
            d["timer"] = TIMER_KINDS[det & 15]
            d["formula"] = TIMER_FORMULAS[det >> 4]
        elif kind == KIND["drop"]:
            d["reason"] = DROP_REASONS[det & 15]
            d["direction"] = "reverse" if det >> 4 else "forward"
        elif kind == KIND["state"]:
            d["previous_state"] = STATES[int(c["arg"][i])]
        elif kind in (KIND["send"], KIND["retransmit"], KIND["probe"], KIND["deliver"]):
            d["transmission"] = det
        if kind in (KIND["send"], KIND["retransmit"], KIND["probe"]):
            d["cause"] = CAUSES[int(c["cause"][i])]
        elif kind == KIND["drop"]:
            st = int(c["cause"][i])
            d["stage"] = STAGES[st - 1] if st else "queue"
        if kind in ACK_EVENTS:
            dsack, blocks = self.sack_blocks(i)
            d["dsack"] = dsack
            d["sack"] = blocks
        return d

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for i in range(len(self)):
            yield self.describe(i)

    CSV_FIELDS = [
        "t_ns",
        "flow",
        "kind",
        "seq",
        "arg",
        "cwnd_bytes",
        "ssthresh_bytes",
        "pipe_bytes",
        "srtt_us",
        "rto_us",
        "state",
        "timer",
        "formula",
        "reason",
        "transmission",
        "dsack",
        "sack",
        "cause",
        "stage",
    ]

    def write_csv(self, out: IO[str]) -> None:
        w = csv.DictWriter(out, fieldnames=self.CSV_FIELDS, extrasaction="ignore")
        w.writeheader()
        for ev in self:
            if "sack" in ev:
                ev["sack"] = " ".join(f"{s}-{e}" for s, e in ev["sack"])
            w.writerow(ev)


class FlowResult:
    def __init__(self, metrics: dict[str, MetricValue]) -> None:
        self.metrics = metrics

    def __repr__(self) -> str:
        return f"FlowResult({self.metrics!r})"


class Result:
    """One run: per-flow metrics, the trace, and whether a budget stopped it."""

    def __init__(self, raw: _rexsim.Result) -> None:
        self._raw = raw
        self.flows = [FlowResult(raw.metrics(i)) for i in range(raw.n_flows)]
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
