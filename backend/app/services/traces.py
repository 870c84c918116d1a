"""Storage, windowing and export of rexsim event traces (pure functions).

A trace is the engine's columnar event log: a dict of numpy arrays, one entry
per event (``t_ns`` int64 nanoseconds, ``seq`` uint64 byte offset / cumulative
ACK / timer expiry in ns, ``arg`` uint32, ``cwnd_bytes``, ``ssthresh_bytes``
(0xFFFFFFFF = infinite), ``pipe_bytes`` uint32 bytes, ``srtt_us``, ``rto_us``
uint32 microseconds, ``flow`` uint16, ``kind``/``state``/``detail``/``cause``
uint8; ``rexsim.result.EVENT_COLUMNS``) plus two side tables with their own
lengths: ``sack_words`` uint64 (an ACK event's ``arg`` is 1 + the index of a
header word ``n | dsack << 8`` followed by n (start, end) byte-offset pairs) and
the mechanism variables ``var_t_ns`` int64, ``var_flow`` uint16, ``var_id``
uint16 (an id of ``VARS``), ``var_value`` int64.  ``cause`` says why a segment
was sent (``CAUSES``) or which stage dropped a packet (1 + index in ``STAGES``,
0 = the bottleneck queue).  Traces stored before trace v2 have neither
``cause`` nor ``var_*``; they decode and read as before (no causes, empty
variable series).  The names are the engine's vocabulary (``rexsim.result``).
See ``rexsim.result.Trace.describe`` and ``sim-engine/include/rexsim/rexsim.h``.

Storage format (``encode_trace`` / ``decode_trace``), version 1, little-endian,
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
(split the items into byte planes).  The encoder compresses
every applicable combination at a cheap level, keeps the smallest (ties: the
lowest code) and stores it at ``ZSTD_LEVEL``, so the output is a pure function
of the columns (for a given zstandard build).

Measured size (zstd level 19, engine 0.1.0; compressed total / n events,
bench/bench_traces.py):

    tail-loss-n-degree / TLP            54 events ->     721 B  13.35 bytes/event (header-dominated)
    web-objects / TLPR              11,976 events ->  39,587 B   3.31 bytes/event
    40 s CUBIC bulk, p=0.001        65,245 events ->  43,886 B   0.67 bytes/event
    300k-packet CUBIC bulk       1,230,450 events ->  56,168 B   0.05 bytes/event

against 45 bytes/event (+ SACK words) in memory.
"""

from __future__ import annotations

import csv
import io
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import zstandard
from rexsim import result as _rx

# ---------------------------------------------------------------- names
# The engine's vocabulary (include/rexsim/vocab.h, published in its catalogue
# and read by rexsim.result): a new event kind, cause, stage or mechanism
# variable reaches the API without a change here.
VOCAB: dict[str, list[dict[str, Any]]] = _rx.VOCAB
EVENT_KINDS: tuple[str, ...] = tuple(_rx.EVENT_KINDS)
TIMER_KINDS: tuple[str, ...] = tuple(_rx.TIMER_KINDS)
TIMER_FORMULAS: tuple[str, ...] = tuple(_rx.TIMER_FORMULAS)
STATES: tuple[str, ...] = tuple(_rx.STATES)
DROP_REASONS: tuple[str, ...] = tuple(_rx.DROP_REASONS)
CAUSES: tuple[str, ...] = tuple(_rx.CAUSES)
#: the stage family's members, in the order a drop's ``cause`` (1 + index) names them
STAGES: tuple[str, ...] = tuple(_rx.STAGES)
#: mechanism variables: {id, family, member, name, label, unit, doc}
VARS: tuple[dict[str, Any], ...] = tuple(_rx.VARS)
KIND: dict[str, int] = {name: i for i, name in enumerate(EVENT_KINDS)}
#: columns with one item per event (the others, sack_words and var_*, are side tables)
EVENT_COLUMNS: frozenset[str] = frozenset(_rx.EVENT_COLUMNS)

#: Kinds that downsampling never drops (they explain recovery): the vocabulary's rare ones.
RARE_KINDS: frozenset[str] = frozenset(_rx.RARE_KINDS)

SSTHRESH_INF = 0xFFFFFFFF
_TIMER_EVENTS = frozenset({KIND["timer_armed"], KIND["timer_fired"], KIND["timer_cancelled"]})
_ACK_EVENTS = frozenset({KIND["ack_sent"], KIND["ack_recv"]})
_DATA_EVENTS = frozenset({KIND["send"], KIND["retransmit"], KIND["probe"], KIND["deliver"]})
_SENT_EVENTS = frozenset({KIND["send"], KIND["retransmit"], KIND["probe"]})  # carry a cause


def _name(table: Sequence[str], i: int) -> str:
    """table[i], or "#i" for an index this engine's vocabulary does not know."""
    return table[i] if 0 <= i < len(table) else f"#{i}"


# ---------------------------------------------------------------- codec
MAGIC = b"RXTR"
FORMAT_VERSION = 1
ZSTD_LEVEL = 19
_PROBE_LEVEL = 3  # level used to choose each column's transform
_HEAD = struct.Struct("<4sHH")  # magic, version, flags
# transform byte: bits 0-1 grouping, bit 2 delta, bit 3 byte planes
GROUP_NONE, GROUP_FLOW, GROUP_FLOW_KIND = 0, 1, 2
DELTA, SHUFFLE = 4, 8
_MAX_DECODED_BYTES = 1 << 34  # refuse headers claiming more than 16 GiB


#: (permutation putting each group's events together in time order, group starts mask)
Grouping = tuple[np.ndarray, np.ndarray]


def _unsigned(a: np.ndarray) -> np.ndarray:
    """A little-endian unsigned copy/view of an integer array (same width)."""
    a = np.ascontiguousarray(a)
    return a.astype(a.dtype.newbyteorder("<"), copy=False).view(f"<u{a.dtype.itemsize}")


def _zigzag(d: np.ndarray) -> np.ndarray:
    """Map wrapped differences so that small negatives become small positives."""
    bits = d.dtype.itemsize * 8
    s = d.view(f"<i{d.dtype.itemsize}")
    return ((s << 1) ^ (s >> (bits - 1))).view(d.dtype)


def _unzigzag(z: np.ndarray) -> np.ndarray:
    """The inverse of _zigzag, in place (z is the caller's own copy)."""
    one = z.dtype.type(1)
    sign = z & one
    np.negative(sign, out=sign)  # 0 or all ones (unsigned wrap-around)
    z >>= one
    z ^= sign
    return z


def _grouping(columns: dict[str, np.ndarray], mode: int) -> Grouping | None:
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
        sk: np.ndarray = flow[order].astype(np.uint32) << 8 | kind[order]
    else:
        order = np.argsort(flow, kind="stable")
        sk = flow[order]
    starts = np.ones(len(sk), dtype=bool)
    starts[1:] = sk[1:] != sk[:-1]
    return order, starts


def _delta(u: np.ndarray, starts: np.ndarray | None) -> np.ndarray:
    """Zigzagged wrapping differences from the previous item (restarting at group starts)."""
    d = np.empty_like(u)
    d[:1] = u[:1]
    np.subtract(u[1:], u[:-1], out=d[1:])
    if starts is not None:
        d[starts] = u[starts]
    return _zigzag(d)


def _undelta(z: np.ndarray, starts: np.ndarray | None) -> np.ndarray:
    d = _unzigzag(z)
    cs = np.cumsum(d, dtype=d.dtype)
    if starts is None or not len(d):
        return cs
    first = np.flatnonzero(starts)
    before = cs[first] - d[first]  # running sum that preceded each group
    out: np.ndarray = cs - np.repeat(before, np.diff(np.r_[first, len(d)]))
    return out


def _shuffle(raw: bytes, itemsize: int) -> bytes:
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, itemsize).T.tobytes()


def _unshuffle(raw: bytes, itemsize: int) -> bytes:
    return np.frombuffer(raw, dtype=np.uint8).reshape(itemsize, -1).T.tobytes()


def _apply(arr: np.ndarray, transform: int, groups: dict[int, Grouping | None]) -> bytes:
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


def _invert(data: bytes, dt: np.dtype, transform: int, groups: dict[int, Grouping | None]) -> np.ndarray:
    if transform & SHUFFLE:
        data = _unshuffle(data, dt.itemsize)
    g = groups.get(transform & 3)
    if transform & DELTA:
        u = _undelta(np.frombuffer(data, dtype=f"<u{dt.itemsize}").copy(), None if g is None else g[1])
        a = u.view(dt.newbyteorder("<"))
    else:
        a = np.frombuffer(data, dtype=dt.newbyteorder("<") if dt.itemsize > 1 else dt)
    if g is not None:
        out = np.empty_like(a)
        out[g[0]] = a
        a = out
    return a.astype(dt.newbyteorder("="), copy=False)


def _candidates(name: str, arr: np.ndarray, groups: dict[int, Grouping | None]) -> list[int]:
    modes = [GROUP_NONE]
    # Only event columns are grouped by their event's (flow, kind): a side
    # table (sack_words, var_*) has its own rows, even when it happens to have
    # as many items as there are events.
    if name in EVENT_COLUMNS and name not in ("flow", "kind"):
        modes += [m for m, g in groups.items() if g is not None and len(g[0]) == len(arr)]
    deltas = [0, DELTA] if arr.dtype.kind in "iu" else [0]
    shuffles = [0, SHUFFLE] if arr.dtype.itemsize > 1 else [0]
    return sorted(m | d | s for m in modes for d in deltas for s in shuffles)


def _choose(name: str, arr: np.ndarray, groups: dict[int, Grouping | None], probe: zstandard.ZstdCompressor) -> int:
    """The transform whose output compresses smallest at the probe level (ties: lowest code)."""
    best, best_size = 0, None
    for t in _candidates(name, arr, groups):
        size = len(probe.compress(_apply(arr, t, groups)))
        if best_size is None or size < best_size:
            best, best_size = t, size
    return best


def _all_groupings(columns: dict[str, np.ndarray]) -> dict[int, Grouping | None]:
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


def encode_trace(columns: dict[str, np.ndarray], *, level: int = ZSTD_LEVEL) -> bytes:
    """Serialise trace columns into the compact versioned format (see module doc).

    Bit-exact and deterministic: the same columns give the same bytes.  `level`
    is the zstd level of the stored frames (1-22).
    """
    names = sorted(columns)
    arrays = {n: np.asarray(columns[n]) for n in names}
    for n, a in arrays.items():
        if a.ndim != 1 or a.dtype.kind not in "iufb" or not n.isascii() or not 0 < len(n) < 256:
            raise ValueError(f"column {n!r}: need a 1-D numeric array with a short ASCII name")
    n_events = len(arrays["t_ns"]) if "t_ns" in arrays else 0
    groups = _all_groupings(arrays)
    probe = zstandard.ZstdCompressor(level=_PROBE_LEVEL)
    cctx = zstandard.ZstdCompressor(level=level, write_checksum=True, write_content_size=True)
    head = [_HEAD.pack(MAGIC, FORMAT_VERSION, 0), _varint(n_events), _varint(len(names))]
    frames = []
    for n in names:
        a = arrays[n]
        transform = _choose(n, a, groups, probe)
        frame = cctx.compress(_apply(a, transform, groups))
        dt = (a.dtype.newbyteorder("<") if a.dtype.itemsize > 1 else a.dtype).str
        head += [_short_str(n), _short_str(dt), _varint(len(a)), bytes([transform]), _varint(len(frame))]
        frames.append(frame)
    return b"".join(head + frames)


def _read_header(blob: bytes) -> tuple[int, list[tuple[str, np.dtype, int, int, int, int]], int]:
    """(n_events, [(name, dtype, n_items, transform, raw bytes, compressed bytes)], payload offset)."""
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
        cols.append((name, dt, n_items, transform, raw, comp))
    if pos + sum(c[5] for c in cols) != len(blob):
        raise ValueError("trace blob length does not match its header")
    return n_events, cols, pos


def decode_trace(blob: bytes) -> dict[str, np.ndarray]:
    """Inverse of `encode_trace`: the columns, bit-exact, in native byte order."""
    _n, cols, pos = _read_header(blob)
    dctx = zstandard.ZstdDecompressor()
    raw: dict[str, tuple[np.dtype, int, bytes]] = {}
    for name, dt, _n_items, transform, nbytes, comp in cols:
        frame = blob[pos : pos + comp]
        try:
            data = dctx.decompress(frame, max_output_size=nbytes)
            if not nbytes:
                # an empty column's frame (say, no mechanism variables) decodes to b""
                # from its header alone: read it to the end so its checksum is checked
                obj = dctx.decompressobj()
                if obj.decompress(frame) or not obj.eof or obj.unused_data:
                    raise ValueError(f"column {name!r}: corrupt empty frame")
        except zstandard.ZstdError as e:
            raise ValueError(f"column {name!r}: {e}") from None
        if len(data) != nbytes:
            raise ValueError(f"column {name!r}: decompressed size mismatch")
        raw[name] = (dt, transform, data)
        pos += comp
    out: dict[str, np.ndarray] = {}
    for name in ("flow", "kind"):  # the grouping keys never use a grouping
        if name in raw:
            if raw[name][1] & 3:
                raise ValueError(f"column {name!r}: cannot be grouped")
            out[name] = _invert(raw[name][2], raw[name][0], raw[name][1], {})
    groups = _all_groupings(out)
    for name, (dt, transform, data) in raw.items():
        if name not in out:
            g = groups.get(transform & 3, ())
            if transform & 3 and (not g or len(g[0]) * dt.itemsize != len(data)):
                raise ValueError(f"column {name!r}: grouped, but flow/kind are missing or differ in length")
            out[name] = _invert(data, dt, transform, groups)
    return {name: out[name] for name in sorted(out)}


def column_sizes(blob: bytes) -> dict[str, dict[str, int]]:
    """Per column: items, raw bytes, compressed bytes and transform code (for reports)."""
    _n, cols, _pos = _read_header(blob)
    return {
        name: {"items": n, "raw_bytes": raw, "compressed_bytes": comp, "transform": t}
        for name, _dt, n, t, raw, comp in cols
    }


# ---------------------------------------------------------------- events as dicts
def _sack(words: np.ndarray, ref: int) -> tuple[bool, list[list[int]]]:
    """(dsack, [[start, end], ...]) of the SACK entry referenced by an ACK's arg."""
    if ref == 0 or ref > len(words):
        return False, []
    head = int(words[ref - 1])
    n = head & 0xFF
    flat = words[ref : ref + 2 * n].tolist()
    return bool(head >> 8), [flat[k : k + 2] for k in range(0, len(flat), 2)]


def describe_events(columns: dict[str, np.ndarray], idx: np.ndarray | Sequence[int]) -> list[dict[str, Any]]:
    """The events at `idx` as dicts, names resolved, like `Trace.describe`.

    Units: t_ns and expires_ns in ns, *_bytes and seq in bytes, srtt_us /
    rto_us / timeout_us in µs; ssthresh_bytes is None when infinite.  ACK
    events carry "dsack" and "sack" ([[start, end], ...]); timer events carry
    "timer", "formula", "expires_ns" and "timeout_us"; drops "reason" and
    "direction"; state changes "previous_state"; data events "transmission";
    SYN events (and the SYN-ACK's ack_recv) "syn_ack".
    """
    idx = np.asarray(idx, dtype=np.int64)
    c = {
        k: columns[k][idx].tolist()
        for k in (
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
            "detail",
        )
    }
    # traces stored before trace v2 have no cause column: their events carry no cause / stage
    causes: list[int] | None = columns["cause"][idx].tolist() if "cause" in columns else None
    words = columns.get("sack_words", np.zeros(0, np.uint64))
    out = []
    for j in range(len(idx)):
        kind, det, arg = c["kind"][j], c["detail"][j], c["arg"][j]
        ss = c["ssthresh_bytes"][j]
        d = {
            "t_ns": c["t_ns"][j],
            "flow": c["flow"][j],
            "kind": _name(EVENT_KINDS, kind),
            "seq": c["seq"][j],
            "arg": arg,
            "cwnd_bytes": c["cwnd_bytes"][j],
            "ssthresh_bytes": None if ss == SSTHRESH_INF else ss,
            "pipe_bytes": c["pipe_bytes"][j],
            "srtt_us": c["srtt_us"][j],
            "rto_us": c["rto_us"][j],
            "state": _name(STATES, c["state"][j]),
        }
        _add_kind_fields(d, kind, det, arg, c["seq"][j], words)
        if causes is not None:
            _add_cause(d, kind, causes[j])
        out.append(d)
    return out


def _add_kind_fields(d: dict[str, Any], kind: int, det: int, arg: int, seq: int, words: np.ndarray) -> None:
    """The per-kind interpretation of seq / arg / detail (see module doc)."""
    if kind in _TIMER_EVENTS:
        d.update(
            timer=_name(TIMER_KINDS, det & 15),
            formula=_name(TIMER_FORMULAS, det >> 4),
            expires_ns=seq,
            timeout_us=arg,
        )
    elif kind == KIND["drop"]:
        d.update(reason=_name(DROP_REASONS, det & 15), direction="reverse" if det >> 4 else "forward")
    elif kind == KIND["state"]:
        d["previous_state"] = _name(STATES, arg)
    elif kind in _DATA_EVENTS:
        d["transmission"] = det
    elif kind == KIND["syn"]:
        d["syn_ack"] = det == 1
    if kind in _ACK_EVENTS:
        d["dsack"], d["sack"] = _sack(words, arg)
        if kind == KIND["ack_recv"] and det == 1 and arg == 0:
            d["syn_ack"] = True


def _add_cause(d: dict[str, Any], kind: int, cause: int) -> None:
    """The ``cause`` column: why a segment was sent (CAUSES), or which stage
    dropped a packet (1 + index in STAGES; 0 = the bottleneck queue)."""
    if kind in _SENT_EVENTS:
        d["cause"] = _name(CAUSES, cause)
    elif kind == KIND["drop"]:
        d["stage"] = _name(STAGES, cause - 1) if cause else "queue"


# ---------------------------------------------------------------- window
def _kind_ids(names: Iterable[str]) -> np.ndarray:
    unknown = [n for n in names if n not in KIND]
    if unknown:
        raise ValueError(f"unknown event kind(s): {', '.join(map(str, unknown))}")
    return np.array(sorted(KIND[n] for n in names), dtype=np.uint8)


def _time_slice(t: np.ndarray, from_ns: int | None, to_ns: int | None) -> tuple[int, int]:
    """Index range [lo, hi) of events with from_ns <= t_ns <= to_ns (t non-decreasing)."""
    lo = 0 if from_ns is None else int(np.searchsorted(t, from_ns, side="left"))
    hi = len(t) if to_ns is None else int(np.searchsorted(t, to_ns, side="right"))
    return lo, max(lo, hi)


def _select(
    columns: dict[str, np.ndarray], lo: int, hi: int, kinds: Iterable[str] | None, flows: Iterable[int] | None
) -> np.ndarray:
    """Indices in [lo, hi) passing the kind and flow filters."""
    mask = np.ones(hi - lo, dtype=bool)
    if kinds is not None:
        mask &= np.isin(columns["kind"][lo:hi], _kind_ids(kinds))
    if flows is not None:
        mask &= np.isin(columns["flow"][lo:hi], np.array(list(flows), dtype=np.int64))
    return np.flatnonzero(mask) + lo


def _downsample(kind: np.ndarray, idx: np.ndarray, max_points: int) -> tuple[np.ndarray, bool]:
    """Every rare event plus an evenly strided subset of the others; (indices, rare_overflow)."""
    rare = np.isin(kind[idx], _kind_ids(RARE_KINDS))
    rare_idx, dense_idx = idx[rare], idx[~rare]
    budget = max_points - len(rare_idx)
    if budget <= 0:
        return rare_idx, len(rare_idx) > max_points
    picks = (np.arange(budget, dtype=np.int64) * len(dense_idx)) // budget
    return np.union1d(rare_idx, dense_idx[picks]), False


def window(
    columns: dict[str, np.ndarray],
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


def _change_points(v: np.ndarray) -> np.ndarray:
    """Positions where v differs from the previous item, plus the first and last."""
    if len(v) == 0:
        return np.zeros(0, dtype=np.int64)
    keep = np.r_[True, v[1:] != v[:-1]]
    keep[-1] = True
    return np.flatnonzero(keep)


def _minmax_buckets(t: np.ndarray, v: np.ndarray, max_points: int) -> np.ndarray:
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


def _one_series(t: np.ndarray, v: np.ndarray, unit: str, max_points: int, none_value: int | None) -> dict[str, Any]:
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


def _var_points(
    columns: dict[str, np.ndarray], spec: SeriesSpec, flow: int, t_win: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
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
    columns: dict[str, np.ndarray],
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


# ---------------------------------------------------------------- export
CSV_FIELDS: tuple[str, ...] = (
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
    "expires_ns",
    "timeout_us",
    "reason",
    "direction",
    "previous_state",
    "transmission",
    "syn_ack",
    "dsack",
    "sack",
    "cause",
    "stage",
)


def to_csv(columns: dict[str, np.ndarray], *, chunk: int = 65536) -> str:
    """The whole trace as CSV: a header and one row per event, names resolved.

    Empty cells for fields that do not apply; "sack" is "start-end start-end".
    """
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    n = len(columns["t_ns"])
    for start in range(0, n, chunk):
        for ev in describe_events(columns, np.arange(start, min(n, start + chunk))):
            if "sack" in ev:
                ev["sack"] = " ".join(f"{s}-{e}" for s, e in ev["sack"])
            w.writerow(ev)
    return buf.getvalue()


def to_json(columns: dict[str, np.ndarray]) -> dict[str, Any]:
    """{"columns": {name: list}}: every column as a list, kind and state as names."""
    names = {"kind": EVENT_KINDS, "state": STATES}
    out = {}
    for name in sorted(columns):
        values = columns[name].tolist()
        if name in names:
            table = names[name]
            values = [_name(table, v) for v in values]
        out[name] = values
    return {"columns": out}
