"""The stored trace and the one event describer.

A trace is the engine's columnar event log: a dict of numpy arrays, one entry
per event (``t_ns`` int64 nanoseconds, ``seq`` uint64 byte offset / cumulative
ACK / timer expiry in ns, ``arg`` uint32, ``cwnd_bytes``, ``ssthresh_bytes``
(0xFFFFFFFF = infinite), ``pipe_bytes`` uint32 bytes, ``srtt_us``, ``rto_us``
uint32 microseconds, ``flow`` uint16, ``kind``/``state``/``detail``/``cause``
uint8; ``EVENT_COLUMNS``) plus two side tables with their own lengths:
``sack_words`` uint64 (an ACK event's ``arg`` is 1 + the index of a header word
``n | dsack << 8`` followed by n (start, end) byte-offset pairs) and the
mechanism variables ``var_t_ns`` int64, ``var_flow`` uint16, ``var_id`` uint16
(an id of ``VARS``), ``var_value`` int64, and ``spurious_words`` uint64 (a
``spurious`` event's ``arg`` is 1 + the index of two words: cwnd and ssthresh
before the response; its ``cause`` is the detector's index in ``DETECTORS``,
its ``detail`` the rule's index in the detector's rules | the response << 4).  ``cause`` says why a segment was
sent (``CAUSES``) or which stage dropped a packet (``DROP_STAGES``: 0 = the
bottleneck queue, 1 + i = the i-th member of the stage family).  Traces stored
before trace v2 have neither ``cause`` nor ``var_*``; they decode and read as
before (no causes, empty variable series).  Every name is the engine's
vocabulary (its catalogue's ``vocab`` and ``families``).

**Describing events.**  `describe_events` turns rows into dicts with the names
resolved.  Which fields an event carries depends on its kind only:
`EVENT_FIELDS` maps every event kind of the catalogue to its fields
(`EventField`: name, meaning, value type and, for a name, the vocabulary it
comes from), and the describer fills exactly those.

**Storage format** (`encode_trace` / `decode_trace`), version 1, little-endian,
"varint" = unsigned LEB128::

    magic b"RXTR" | u16 version | u16 flags (0) | varint n_events | varint n_columns
    per column, sorted by name:
        u8 len + name (ASCII) | u8 len + numpy dtype str (e.g. "<u8", "|u1")
        varint n_items | u8 transform | varint compressed_bytes
    then each column's zstd frame (content size + checksum), in header order.

``transform`` says what was done to the column before zstd, in this order:
bits 0-1 grouping (0 none; 1 by flow; 2 by (flow, kind): a stable sort that
puts each group's events together, in time order; the decoder rebuilds the
permutation from the ``flow`` and ``kind`` columns, which are never grouped and
are decoded first; the encoder groups event columns only, never a side table),
bit 2 DELTA (wrapping difference from the previous item, restarting at each
group, zigzag-mapped so that small negatives stay small) and bit 3 SHUFFLE
(split the items into byte planes).  The encoder compresses every applicable
combination at a cheap level, keeps the smallest (ties: the lowest code) and
stores it at ``ZSTD_LEVEL``, so the output is a pure function of the columns
(for a given zstandard build).  Two bounds keep long traces quick to store:
a column of more than ``PROBE_ITEMS`` items is probed on its first
``PROBE_ITEMS`` (its grouping that of the first ``PROBE_ITEMS`` events), and
a column of more than ``LARGE_COLUMN_BYTES`` is stored at ``LARGE_LEVEL``:
for a 376,638-event bulk trace, level 19 took 7.5 s of zstd for 0.35 MB and
level 9 0.36 s for 0.40 MB, and probing the whole columns took 2 s.

Measured size (engine 0.1.0, zstd level 19 and LARGE_LEVEL above
LARGE_COLUMN_BYTES; compressed total / n events, backend/bench/bench_traces.py):

    tail-loss-n-degree / TLP            54 events ->     916 B  16.96 bytes/event (header-dominated)
    web-objects / TLPR              12,076 events ->  40,902 B   3.39 bytes/event
    40 s CUBIC bulk, p=0.001        65,242 events ->  38,475 B   0.59 bytes/event
    300k-packet CUBIC bulk       1,230,454 events ->  83,493 B   0.07 bytes/event (encoded in 304 ms)

against 47 bytes/event (+ SACK words) in memory.
"""

from __future__ import annotations

import csv
import struct
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, NamedTuple, TypeAlias, cast

import numpy as np
import numpy.typing as npt
import zstandard

from . import _rexsim

if TYPE_CHECKING:
    from ._types import EngineCatalog

#: a trace: column name -> array
Columns: TypeAlias = Mapping[str, npt.NDArray[Any]]

# ---------------------------------------------------------------- vocabulary
# The engine's (include/rexsim/vocab.h), read from its catalogue: a new event
# kind, cause, stage or mechanism variable needs no change here.
_cat: EngineCatalog = _rexsim.catalog()
VOCAB: dict[str, list[dict[str, Any]]] = cast("dict[str, list[dict[str, Any]]]", _cat["vocab"])
EVENT_KINDS: tuple[str, ...] = tuple(e["name"] for e in _cat["vocab"]["events"])
TIMER_KINDS: tuple[str, ...] = tuple(e["name"] for e in _cat["vocab"]["timer_kinds"])
TIMER_FORMULAS: tuple[str, ...] = tuple(e["name"] for e in _cat["vocab"]["timer_formulas"])
STATES: tuple[str, ...] = tuple(e["name"] for e in _cat["vocab"]["states"])
DROP_REASONS: tuple[str, ...] = tuple(e["name"] for e in _cat["vocab"]["drop_reasons"])
CAUSES: tuple[str, ...] = tuple(e["name"] for e in _cat["vocab"]["causes"])
#: kinds that explain recovery: sampled traces and downsampling keep every one
RARE_KINDS: frozenset[str] = frozenset(e["name"] for e in _cat["vocab"]["events"] if e["rare"])
#: the stage family's members, in the order a drop's ``cause`` (1 + index) names them
STAGES: tuple[str, ...] = tuple(m["name"] for f in _cat["families"] if f["name"] == "stage" for m in f["members"])
#: the drop reason of a full bottleneck queue, which is also the stage a ``cause`` of 0 names
QUEUE = "queue"
if QUEUE not in DROP_REASONS:
    raise ImportError(f"the engine's drop reasons {DROP_REASONS} lack {QUEUE!r}")
#: what dropped a packet, by a drop event's ``cause`` code
DROP_STAGES: tuple[str, ...] = (QUEUE, *STAGES)
#: the spurious-timeout detectors, in the order a spurious event's ``cause`` (the index) names them
DETECTORS: tuple[str, ...] = tuple(m["name"] for f in _cat["families"] if f["name"] == "spurious" for m in f["members"])
#: each detector's rules (its ops table's), in the order a spurious event's ``detail & 15`` names them
DETECTOR_RULES: tuple[tuple[str, ...], ...] = tuple(
    tuple(r["name"] for r in m["rules"]) for f in _cat["families"] if f["name"] == "spurious" for m in f["members"]
)
#: every rule of every detector (the names are unique across detectors)
RULES: tuple[str, ...] = tuple(r for rules in DETECTOR_RULES for r in rules)
#: the responses to a spurious verdict, in the order ``detail >> 4`` names them (tcp.spurious_response's choices)
RESPONSES: tuple[str, ...] = tuple(
    next(p["choices"] or [] for p in _cat["parameters"] if p["key"] == "tcp.spurious_response")
)
#: mechanism variables: {id, family, member, name, label, unit, doc}
VARS: tuple[dict[str, Any], ...] = tuple(cast("list[dict[str, Any]]", _cat["vars"]))
KIND: dict[str, int] = {name: i for i, name in enumerate(EVENT_KINDS)}
DIRECTIONS: tuple[str, ...] = ("forward", "reverse")
SSTHRESH_INF = 0xFFFFFFFF

#: each column's dtype (native byte order)
DTYPES: dict[str, type[np.integer[Any]]] = {
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
    "spurious_words": np.uint64,
}
#: columns with one item per event (the others, sack_words, var_* and spurious_words, are side tables)
EVENT_COLUMNS: tuple[str, ...] = (
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


def vocab_name(table: Sequence[str], i: int) -> str:
    """table[i], or "#i" for a code this engine's vocabulary does not know."""
    return table[i] if 0 <= i < len(table) else f"#{i}"


def _kinds(*names: str) -> frozenset[int]:
    """The codes of event kinds the describer knows by name (KeyError when the catalogue lacks one)."""
    return frozenset(KIND[n] for n in names)


# ---------------------------------------------------------------- the describer
#: one value of a described event
EventValue: TypeAlias = int | bool | str | None | list[list[int]]
#: one event, names resolved (see EVENT_FIELDS)
Event: TypeAlias = dict[str, EventValue]


@dataclass(frozen=True)
class EventField:
    """One field of a described event.

    `value_type` is int, bool, str (then `names` lists the values: a vocabulary) or
    list (SACK blocks: [[start, end], ...]).  `nullable`: None is a value.
    `optional`: the field is absent from traces stored before trace v2."""

    name: str
    doc: str
    value_type: type = int
    names: tuple[str, ...] = ()
    nullable: bool = False
    optional: bool = False


def _vocab_field(name: str, doc: str, names: tuple[str, ...], *, optional: bool = False) -> EventField:
    return EventField(name, doc, str, names, optional=optional)


#: the fields of every event, in order
COMMON_FIELDS: tuple[EventField, ...] = (
    EventField("t_ns", "time of the event (ns)"),
    EventField("flow", "the flow's index in the scenario"),
    _vocab_field("kind", "what happened (the catalogue's vocab.events)", EVENT_KINDS),
    EventField(
        "seq",
        "data: the first byte's offset; ACKs: the cumulative ACK; timers: the expiry time (ns); "
        "a reverse-path drop: the ACK number",
    ),
    EventField(
        "arg",
        "data: payload bytes; ACKs: 1 + the SACK entry's index (0: none); timers: the timeout (µs); "
        "state: the previous state's code; app: bytes written",
    ),
    EventField("cwnd_bytes", "the sender's congestion window after the event (bytes)"),
    EventField("ssthresh_bytes", "the slow-start threshold (bytes); null: infinite", nullable=True),
    EventField("pipe_bytes", "bytes the sender estimates in flight (RFC 6675 pipe)"),
    EventField("srtt_us", "smoothed RTT (µs); 0 before the first RTT sample"),
    EventField("rto_us", "the current retransmission timeout (µs)"),
    _vocab_field("state", "the sender's congestion state after the event (vocab.states)", STATES),
)


class _Row(NamedTuple):
    """The columns the kind-specific fields are read from, for one event."""

    seq: int
    arg: int
    detail: int
    cause: int | None  # None: stored before trace v2
    sack_words: npt.NDArray[np.uint64]
    spurious_words: npt.NDArray[np.uint64]


def sack_entry(words: npt.NDArray[np.uint64], ref: int) -> tuple[bool, list[list[int]]]:
    """(dsack, [[start, end], ...]) of the SACK entry an ACK's `arg` references in `sack_words`."""
    if ref == 0 or ref > len(words):
        return False, []
    head = int(words[ref - 1])
    flat: list[int] = words[ref : ref + 2 * (head & 0xFF)].tolist()
    return bool(head >> 8), [flat[k : k + 2] for k in range(0, len(flat), 2)]


def _timer(r: _Row) -> Event:
    return {
        "timer": vocab_name(TIMER_KINDS, r.detail & 15),
        "formula": vocab_name(TIMER_FORMULAS, r.detail >> 4),
        "expires_ns": r.seq,
        "timeout_us": r.arg,
    }


def _dropped(r: _Row) -> Event:
    return {"reason": vocab_name(DROP_REASONS, r.detail & 15), "direction": DIRECTIONS[1 if r.detail >> 4 else 0]}


def _acked(r: _Row) -> Event:
    dsack, blocks = sack_entry(r.sack_words, r.arg)
    return {"dsack": dsack, "sack": blocks}


def _cause(r: _Row) -> Event:
    return {} if r.cause is None else {"cause": vocab_name(CAUSES, r.cause)}


def _stage(r: _Row) -> Event:
    return {} if r.cause is None else {"stage": vocab_name(DROP_STAGES, r.cause)}


def _spurious(r: _Row) -> Event:
    det = r.cause or 0
    rules = DETECTOR_RULES[det] if det < len(DETECTOR_RULES) else ()
    w = r.spurious_words
    old_cwnd, old_ss = (int(w[r.arg - 1]), int(w[r.arg])) if 0 < r.arg < len(w) else (None, None)
    return {
        "detector": vocab_name(DETECTORS, det),
        "rule": vocab_name(rules, r.detail & 15),
        "response": vocab_name(RESPONSES, r.detail >> 4),
        "ack": r.seq,
        "old_cwnd_bytes": old_cwnd,
        "old_ssthresh_bytes": None if old_ss == SSTHRESH_INF else old_ss,
    }


#: a path period's arg when it lasts to the end of the run
PERIOD_OPEN = 0xFFFFFFFF


def _period(r: _Row) -> Event:
    return {
        "direction": DIRECTIONS[1 if r.detail >> 4 else 0],
        "start_ns": r.seq,
        "end_ns": None if r.arg == PERIOD_OPEN else r.seq + r.arg * 1000,
    }


@dataclass(frozen=True)
class _Group:
    """Fields that some kinds carry, and how a row gives their values."""

    kinds: frozenset[int]
    fields: tuple[EventField, ...]
    values: Callable[[_Row], Event]


_SENT = ("send", "retransmit", "probe")
# In the order of the CSV's columns; a field named by two groups is one column.
_GROUPS: tuple[_Group, ...] = (
    _Group(
        _kinds("timer_armed", "timer_fired", "timer_cancelled"),
        (
            _vocab_field("timer", "which timer (vocab.timer_kinds)", TIMER_KINDS),
            _vocab_field("formula", "how its expiry was computed (vocab.timer_formulas)", TIMER_FORMULAS),
            EventField("expires_ns", "when it fires (ns), as armed"),
            EventField("timeout_us", "its timeout (µs)"),
        ),
        _timer,
    ),
    _Group(
        _kinds("drop"),
        (
            _vocab_field("reason", "why the packet was dropped (vocab.drop_reasons)", DROP_REASONS),
            _vocab_field("direction", "the path it was dropped on: data forward, ACKs reverse", DIRECTIONS),
        ),
        _dropped,
    ),
    _Group(
        _kinds("state"),
        (_vocab_field("previous_state", "the congestion state left (vocab.states)", STATES),),
        lambda r: {"previous_state": vocab_name(STATES, r.arg)},
    ),
    _Group(
        _kinds(*_SENT, "deliver"),
        (EventField("transmission", "1: the first transmission of these bytes, 2: the first retransmission, ..."),),
        lambda r: {"transmission": r.detail},
    ),
    _Group(
        _kinds("syn"),
        (EventField("syn_ack", "the receiver's SYN-ACK rather than the sender's SYN", bool),),
        lambda r: {"syn_ack": r.detail == 1},
    ),
    _Group(
        _kinds("ack_sent", "ack_recv"),
        (
            EventField("dsack", "the first SACK block is a D-SACK (RFC 2883)", bool),
            EventField("sack", "SACK blocks [[start, end], ...] (byte offsets)", list),
        ),
        _acked,
    ),
    _Group(
        _kinds("ack_recv"),
        (EventField("syn_ack", "this is the SYN-ACK arriving", bool),),
        lambda r: {"syn_ack": r.detail == 1 and r.arg == 0},
    ),
    _Group(
        _kinds(*_SENT, "window_probe"),
        (_vocab_field("cause", "why the segment was sent (vocab.causes)", CAUSES, optional=True),),
        _cause,
    ),
    _Group(
        _kinds("drop"),
        (
            _vocab_field(
                "stage",
                "what dropped it: a stage of the path (the stage family's members) or the full bottleneck queue",
                DROP_STAGES,
                optional=True,
            ),
        ),
        _stage,
    ),
    _Group(
        _kinds("spurious"),
        (
            _vocab_field("detector", "the detector that declared the RTO spurious (the spurious family)", DETECTORS),
            _vocab_field("rule", "the detector's rule that decided (mechanisms.spurious[].rules)", RULES),
            _vocab_field("response", "what the sender did (tcp.spurious_response)", RESPONSES),
            EventField("ack", "the deciding ACK's cumulative ACK (bytes); it arrived at t_ns"),
            EventField(
                "old_cwnd_bytes",
                "cwnd before the response (bytes); cwnd_bytes is after it",
                nullable=True,
            ),
            EventField(
                "old_ssthresh_bytes",
                "ssthresh before the response (bytes); null: infinite (or the trace has no entry for it)",
                nullable=True,
            ),
        ),
        _spurious,
    ),
    _Group(
        _kinds("path_period"),
        (
            _vocab_field("direction", "the path the period is on: forward (data) or reverse (ACKs)", DIRECTIONS),
            EventField("start_ns", "a path period: when it starts (ns)"),
            EventField(
                "end_ns",
                "a path period: when it ends (ns, rounded up to the µs); null: at the end of the run",
                nullable=True,
            ),
            _vocab_field(
                "stage",
                "a path period: the stage whose period it is (the stage family's members)",
                DROP_STAGES,
                optional=True,
            ),
        ),
        lambda r: {**_period(r), **_stage(r)},
    ),
    _Group(
        _kinds("app_stall"),
        (
            EventField("stall_begins", "application stall begins (true) or ends (false)", bool),
            EventField("sndbuf_bytes", "an application stall: the send buffer's size then (bytes)"),
        ),
        lambda r: {"stall_begins": r.detail == 1, "sndbuf_bytes": r.arg},
    ),
)
_GROUPS_OF: dict[int, tuple[_Group, ...]] = {k: tuple(g for g in _GROUPS if k in g.kinds) for k in KIND.values()}

#: every event kind of the catalogue -> the fields its events carry, in order
EVENT_FIELDS: dict[str, tuple[EventField, ...]] = {
    name: COMMON_FIELDS + tuple(f for g in _GROUPS_OF[k] for f in g.fields) for name, k in KIND.items()
}


def _unique(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(names))


#: every field of any event: the CSV's columns
CSV_FIELDS: tuple[str, ...] = _unique([f.name for f in COMMON_FIELDS] + [f.name for g in _GROUPS for f in g.fields])

_COMMON_COLUMNS = ("t_ns", "flow", "kind", "seq", "arg", "cwnd_bytes", "ssthresh_bytes", "pipe_bytes")
_ROW_COLUMNS = (*_COMMON_COLUMNS, "srtt_us", "rto_us", "state", "detail")


def describe_events(columns: Columns, idx: npt.ArrayLike) -> list[Event]:
    """The events at positions `idx`, as dicts with names resolved.

    Each event has the fields `EVENT_FIELDS` lists for its kind (a trace stored
    before trace v2 has no ``cause`` and no ``stage``).  Units: t_ns and
    expires_ns in ns, *_bytes and seq in bytes, srtt_us / rto_us / timeout_us
    in µs; ssthresh_bytes is None when infinite.  A code this engine's
    vocabulary does not know reads "#<code>".
    """
    at = np.asarray(idx, dtype=np.int64)
    c: dict[str, list[int]] = {k: columns[k][at].tolist() for k in _ROW_COLUMNS}
    causes: list[int] | None = columns["cause"][at].tolist() if "cause" in columns else None
    words = cast("npt.NDArray[np.uint64]", columns.get("sack_words", np.zeros(0, np.uint64)))
    sp_words = cast("npt.NDArray[np.uint64]", columns.get("spurious_words", np.zeros(0, np.uint64)))
    out: list[Event] = []
    for j in range(len(at)):
        kind, ss = c["kind"][j], c["ssthresh_bytes"][j]
        d: Event = {k: c[k][j] for k in _COMMON_COLUMNS}
        d["kind"] = vocab_name(EVENT_KINDS, kind)
        d["ssthresh_bytes"] = None if ss == SSTHRESH_INF else ss
        d["srtt_us"], d["rto_us"] = c["srtt_us"][j], c["rto_us"][j]
        d["state"] = vocab_name(STATES, c["state"][j])
        row = _Row(c["seq"][j], c["arg"][j], c["detail"][j], None if causes is None else causes[j], words, sp_words)
        for g in _GROUPS_OF.get(kind, ()):
            d.update(g.values(row))
        out.append(d)
    return out


def write_csv(columns: Columns, out: IO[str], *, chunk: int = 65536) -> None:
    """The whole trace as CSV: a header (CSV_FIELDS) and one row per event, names
    resolved; empty cells for fields that do not apply; "sack" is "start-end start-end"."""
    w = csv.DictWriter(out, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    n = len(columns["t_ns"])
    for start in range(0, n, chunk):
        for ev in describe_events(columns, np.arange(start, min(n, start + chunk))):
            sack = ev.get("sack")
            if isinstance(sack, list):
                ev["sack"] = " ".join(f"{s}-{e}" for s, e in sack)
            w.writerow(ev)


# ---------------------------------------------------------------- codec
MAGIC = b"RXTR"
FORMAT_VERSION = 1
ZSTD_LEVEL = 19
_PROBE_LEVEL = 3  # level used to choose each column's transform
#: a longer column is probed on its first PROBE_ITEMS items only
PROBE_ITEMS = 65_536
#: a column whose transformed bytes exceed this is stored at LARGE_LEVEL (when `level` is higher)
LARGE_COLUMN_BYTES = 1 << 18
LARGE_LEVEL = 9
_HEAD = struct.Struct("<4sHH")  # magic, version, flags
# transform byte: bits 0-1 grouping, bit 2 delta, bit 3 byte planes
GROUP_NONE, GROUP_FLOW, GROUP_FLOW_KIND = 0, 1, 2
DELTA, SHUFFLE = 4, 8
_MAX_DECODED_BYTES = 1 << 34  # refuse headers claiming more than 16 GiB

_Array: TypeAlias = npt.NDArray[Any]
#: (permutation putting each group's events together in time order, group starts mask)
Grouping: TypeAlias = tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]
_Groupings: TypeAlias = dict[int, Grouping | None]


class ColumnHeader(NamedTuple):
    name: str
    dtype: np.dtype[Any]
    n_items: int
    transform: int
    raw_bytes: int
    compressed_bytes: int


def _little(dt: np.dtype[Any]) -> np.dtype[Any]:
    return dt.newbyteorder("<") if dt.itemsize > 1 else dt


def _unsigned(a: _Array) -> _Array:
    """A little-endian unsigned copy/view of an integer array (same width)."""
    a = np.ascontiguousarray(a)
    return a.astype(a.dtype.newbyteorder("<"), copy=False).view(f"<u{a.dtype.itemsize}")


def _zigzag(d: _Array) -> _Array:
    """Map wrapped differences so that small negatives become small positives."""
    bits = d.dtype.itemsize * 8
    s = d.view(f"<i{d.dtype.itemsize}")
    return cast("_Array", ((s << 1) ^ (s >> (bits - 1))).view(d.dtype))


def _unzigzag(z: _Array) -> _Array:
    """The inverse of _zigzag, in place (z is the caller's own copy)."""
    one = z.dtype.type(1)
    sign = z & one
    np.negative(sign, out=sign)  # 0 or all ones (unsigned wrap-around)
    z >>= one
    z ^= sign
    return z


def _grouping(columns: Columns, mode: int) -> Grouping | None:
    """(permutation putting each group's events together in time order, group starts mask)."""
    if mode == GROUP_NONE:
        return None
    # A stable sort by (flow, kind) as two stable passes, least significant key
    # first: numpy radix-sorts 8- and 16-bit keys, far faster than sorting a
    # combined 64-bit key; the permutation is the same.
    flow = np.ascontiguousarray(columns["flow"], dtype=np.uint16)
    if mode == GROUP_FLOW_KIND:
        kind = np.ascontiguousarray(columns["kind"], dtype=np.uint8)
        first = np.argsort(kind, kind="stable")
        order = first[np.argsort(flow[first], kind="stable")]
        sk: _Array = flow[order].astype(np.uint32) << 8 | kind[order]
    else:
        order = np.argsort(flow, kind="stable")
        sk = flow[order]
    starts = np.ones(len(sk), dtype=bool)
    starts[1:] = sk[1:] != sk[:-1]
    return order, starts


def _delta(u: _Array, starts: npt.NDArray[np.bool_] | None) -> _Array:
    """Zigzagged wrapping differences from the previous item (restarting at group starts)."""
    d = np.empty_like(u)
    d[:1] = u[:1]
    np.subtract(u[1:], u[:-1], out=d[1:])
    if starts is not None:
        d[starts] = u[starts]
    return _zigzag(d)


def _undelta(z: _Array, starts: npt.NDArray[np.bool_] | None) -> _Array:
    d = _unzigzag(z)
    cs = np.cumsum(d, dtype=d.dtype)
    if starts is None or not len(d):
        return cs
    first = np.flatnonzero(starts)
    before = cs[first] - d[first]  # running sum that preceded each group
    out: _Array = cs - np.repeat(before, np.diff(np.r_[first, len(d)]))
    return out


def _shuffle(raw: bytes, itemsize: int) -> bytes:
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, itemsize).T.tobytes()


def _unshuffle(raw: bytes, itemsize: int) -> bytes:
    return np.frombuffer(raw, dtype=np.uint8).reshape(itemsize, -1).T.tobytes()


def _apply(arr: _Array, transform: int, groups: _Groupings) -> bytes:
    """The bytes that get compressed for one column under one transform."""
    u = (
        _unsigned(arr)
        if arr.dtype.kind in "iu"
        else np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"), copy=False)
    )
    g = groups.get(transform & 3)
    if g is not None:
        u = u[g[0]]
    if transform & DELTA:
        u = _delta(u, None if g is None else g[1])
    raw = u.tobytes()
    return _shuffle(raw, arr.dtype.itemsize) if transform & SHUFFLE else raw


def _invert(data: bytes, dt: np.dtype[Any], transform: int, groups: _Groupings) -> _Array:
    if transform & SHUFFLE:
        data = _unshuffle(data, dt.itemsize)
    g = groups.get(transform & 3)
    a: _Array
    if transform & DELTA:
        u = _undelta(np.frombuffer(data, dtype=f"<u{dt.itemsize}").copy(), None if g is None else g[1])
        a = u.view(dt.newbyteorder("<"))
    else:
        a = np.frombuffer(data, dtype=_little(dt))
    if g is not None:
        out = np.empty_like(a)
        out[g[0]] = a
        a = out
    return a.astype(dt.newbyteorder("="), copy=False)


def _candidates(name: str, arr: _Array, groups: _Groupings) -> list[int]:
    modes = [GROUP_NONE]
    # Only event columns are grouped by their event's (flow, kind): a side
    # table (sack_words, var_*) has its own rows, even when it happens to have
    # as many items as there are events.
    if name in EVENT_COLUMNS and name not in ("flow", "kind"):
        modes += [m for m, g in groups.items() if g is not None and len(g[0]) == len(arr)]
    deltas = [0, DELTA] if arr.dtype.kind in "iu" else [0]
    shuffles = [0, SHUFFLE] if arr.dtype.itemsize > 1 else [0]
    return sorted(m | d | s for m in modes for d in deltas for s in shuffles)


def _transformed(name: str, arr: _Array, groups: _Groupings) -> dict[int, bytes]:
    """Every candidate transform's bytes (what _apply gives), built from shared intermediates.

    A column has up to 12 candidates: the unsigned view, each grouping's
    permutation and each delta are computed once and shuffled from there,
    instead of once per candidate.
    """
    out: dict[int, bytes] = {}
    base = (
        _unsigned(arr)
        if arr.dtype.kind in "iu"
        else np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"), copy=False)
    )
    itemsize = arr.dtype.itemsize
    by_mode: dict[int, _Array] = {}
    for t in _candidates(name, arr, groups):
        mode = t & 3
        if mode not in by_mode:
            g = groups.get(mode)
            by_mode[mode] = base if g is None else base[g[0]]
        u = by_mode[mode]
        key = t & ~SHUFFLE
        if key not in out:
            if t & DELTA:
                g = groups.get(mode)
                u = _delta(u, None if g is None else g[1])
            out[key] = u.tobytes()
        if t & SHUFFLE:
            out[t] = _shuffle(out[key], itemsize)
    return out


def _choose(name: str, arr: _Array, groups: _Groupings, probe: zstandard.ZstdCompressor) -> tuple[int, bytes]:
    """The transform whose output compresses smallest at the probe level (ties: lowest code), and its bytes.

    An empty column compresses the same under every transform, so it takes 0
    without probing (the lowest code, as the tie rule would pick).
    """
    if not len(arr):
        return 0, b""
    best, best_size = 0, -1
    candidates = _transformed(name, arr, groups)
    for t in sorted(candidates):
        size = len(probe.compress(candidates[t]))
        if best_size < 0 or size < best_size:
            best, best_size = t, size
    return best, candidates[best]


def _all_groupings(columns: Columns) -> _Groupings:
    if "flow" not in columns or "kind" not in columns or len(columns["flow"]) != len(columns["kind"]):
        return {}
    return {m: _grouping(columns, m) for m in (GROUP_FLOW, GROUP_FLOW_KIND)}


def _varint(v: int) -> bytes:
    """Unsigned LEB128."""
    out = bytearray()
    while True:
        b, v = v & 0x7F, v >> 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def _read_varint(blob: bytes, pos: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        if pos >= len(blob) or shift > 63:
            raise ValueError("corrupt trace header: bad varint")
        b = blob[pos]
        value |= (b & 0x7F) << shift
        pos, shift = pos + 1, shift + 7
        if not b & 0x80:
            return value, pos


def _short_str(s: str) -> bytes:
    return bytes([len(s)]) + s.encode("ascii")


def _read_short_str(blob: bytes, pos: int) -> tuple[str, int]:
    if pos >= len(blob) or pos + 1 + blob[pos] > len(blob):
        raise ValueError("corrupt trace header: truncated")
    end = pos + 1 + blob[pos]
    try:
        return blob[pos + 1 : end].decode("ascii"), end
    except UnicodeDecodeError:
        raise ValueError("corrupt trace header: non-ASCII name") from None


def encode_trace(columns: Columns, *, level: int = ZSTD_LEVEL) -> bytes:
    """Serialise trace columns into the compact versioned format (see module doc).

    Bit-exact and deterministic: the same columns give the same bytes.  `level`
    is the zstd level of the stored frames (1-22); a column of more than
    LARGE_COLUMN_BYTES is stored at most at LARGE_LEVEL.
    """
    names = sorted(columns)
    arrays = {n: np.asarray(columns[n]) for n in names}
    for n, a in arrays.items():
        if a.ndim != 1 or a.dtype.kind not in "iufb" or not n.isascii() or not 0 < len(n) < 256:
            raise ValueError(f"column {n!r}: need a 1-D numeric array with a short ASCII name")
    n_events = len(arrays["t_ns"]) if "t_ns" in arrays else 0
    groups = _all_groupings(arrays)
    long = any(len(a) > PROBE_ITEMS for a in arrays.values())
    heads = {n: a[:PROBE_ITEMS] for n, a in arrays.items()} if long else arrays
    head_groups = _all_groupings(heads) if long else groups
    probe = zstandard.ZstdCompressor(level=_PROBE_LEVEL)
    levels: dict[int, zstandard.ZstdCompressor] = {}
    head = [_HEAD.pack(MAGIC, FORMAT_VERSION, 0), _varint(n_events), _varint(len(names))]
    frames = []
    for n in names:
        a = arrays[n]
        if len(a) > PROBE_ITEMS:
            transform = _choose(n, heads[n], head_groups, probe)[0]
            data = _apply(a, transform, groups)
        else:
            transform, data = _choose(n, a, groups, probe)
        lvl = min(level, LARGE_LEVEL) if len(data) > LARGE_COLUMN_BYTES else level
        if lvl not in levels:
            levels[lvl] = zstandard.ZstdCompressor(level=lvl, write_checksum=True, write_content_size=True)
        frame = levels[lvl].compress(data)
        head += [_short_str(n), _short_str(_little(a.dtype).str), _varint(len(a)), bytes([transform])]
        head.append(_varint(len(frame)))
        frames.append(frame)
    return b"".join(head + frames)


def _read_column_header(blob: bytes, pos: int) -> tuple[ColumnHeader, int]:
    name, pos = _read_short_str(blob, pos)
    dts, pos = _read_short_str(blob, pos)
    try:
        dt = np.dtype(dts)
    except TypeError:
        raise ValueError(f"column {name!r}: bad dtype {dts!r}") from None
    n_items, pos = _read_varint(blob, pos)
    if pos >= len(blob):
        raise ValueError("corrupt trace header: truncated")
    transform = blob[pos]
    comp, pos = _read_varint(blob, pos + 1)
    raw = n_items * dt.itemsize
    if dt.kind not in "iufb" or raw > _MAX_DECODED_BYTES or transform & 3 == 3 or transform > 15:
        raise ValueError(f"column {name!r}: inconsistent header")
    return ColumnHeader(name, dt, n_items, transform, raw, comp), pos


def read_header(blob: bytes) -> tuple[int, list[ColumnHeader], int]:
    """(n_events, each column's header, payload offset)."""
    if len(blob) < _HEAD.size:
        raise ValueError("trace blob too short")
    magic, version, _flags = _HEAD.unpack_from(blob, 0)
    if magic != MAGIC:
        raise ValueError("not a rexsim trace blob (bad magic)")
    if version != FORMAT_VERSION:
        raise ValueError(f"unsupported trace format version {version}")
    n_events, pos = _read_varint(blob, _HEAD.size)
    n_cols, pos = _read_varint(blob, pos)
    cols = []
    for _ in range(n_cols):
        col, pos = _read_column_header(blob, pos)
        cols.append(col)
    if pos + sum(c.compressed_bytes for c in cols) != len(blob):
        raise ValueError("trace blob length does not match its header")
    return n_events, cols, pos


def _decompress(dctx: zstandard.ZstdDecompressor, col: ColumnHeader, frame: bytes) -> bytes:
    try:
        data = dctx.decompress(frame, max_output_size=col.raw_bytes)
        if not col.raw_bytes:
            # an empty column's frame (say, no mechanism variables) decodes to b""
            # from its header alone: read it to the end so its checksum is checked
            obj = dctx.decompressobj()
            if obj.decompress(frame) or not obj.eof or obj.unused_data:
                raise ValueError(f"column {col.name!r}: corrupt empty frame")
    except zstandard.ZstdError as e:
        raise ValueError(f"column {col.name!r}: {e}") from None
    if len(data) != col.raw_bytes:
        raise ValueError(f"column {col.name!r}: decompressed size mismatch")
    return data


def decode_trace(blob: bytes) -> dict[str, _Array]:
    """Inverse of `encode_trace`: the columns, bit-exact, in native byte order."""
    _n, cols, pos = read_header(blob)
    dctx = zstandard.ZstdDecompressor()
    raw: dict[str, tuple[ColumnHeader, bytes]] = {}
    for col in cols:
        raw[col.name] = (col, _decompress(dctx, col, blob[pos : pos + col.compressed_bytes]))
        pos += col.compressed_bytes
    out: dict[str, _Array] = {}
    for name in ("flow", "kind"):  # the grouping keys never use a grouping
        if name in raw:
            col, data = raw[name]
            if col.transform & 3:
                raise ValueError(f"column {name!r}: cannot be grouped")
            out[name] = _invert(data, col.dtype, col.transform, {})
    groups = _all_groupings(out)
    for name, (col, data) in raw.items():
        if name not in out:
            g = groups.get(col.transform & 3)
            if col.transform & 3 and (g is None or len(g[0]) * col.dtype.itemsize != len(data)):
                raise ValueError(f"column {name!r}: grouped, but flow/kind are missing or differ in length")
            out[name] = _invert(data, col.dtype, col.transform, groups)
    return {name: out[name] for name in sorted(out)}


def column_sizes(blob: bytes) -> dict[str, dict[str, int]]:
    """Per column: items, raw bytes, compressed bytes and transform code (for reports)."""
    _n, cols, _pos = read_header(blob)
    return {
        c.name: {
            "items": c.n_items,
            "raw_bytes": c.raw_bytes,
            "compressed_bytes": c.compressed_bytes,
            "transform": c.transform,
        }
        for c in cols
    }
