"""Export a rexsim trace as a pcap file, as captured at the sender host.

Each flow becomes one TCP connection 10.0.0.1:(40000 + flow) -> 10.0.0.2:5201:

* sender -> receiver: the SYN at each sender 'syn' event (detail 0) and a data
  segment (ACK|PSH) at each 'send', 'retransmit' and 'probe' event;
* receiver -> sender: the SYN-ACK and every ACK at their 'ack_recv' events.

Headers are real IPv4 (DF, TTL 64, per-direction IP ID counter) + TCP headers
with valid checksums, computed over a zero-filled payload.  The payload is
captured only up to `snaplen_payload` bytes, so a record's captured length is
shorter than its wire length when the payload is cut; the IPv4 total length
always counts the whole payload (a segment that would not fit an IPv4 packet
is cut to 65,535 bytes).  32-bit sequence and ACK numbers are
(ISN + 1 + the engine's 64-bit byte offset) mod 2**32 with a fixed ISN per flow
and side (`flow_isns`); SACK blocks are mapped the same way.

Options: SYN and SYN-ACK carry MSS, SACK-permitted, timestamps and window
scale (7); with `timestamps`, every other segment carries NOP NOP TS, whose
TSval is the sending time in ms (the engine's 1 ms timestamp clock).  TSecr
follows RFC 7323 as the engine applies it: the receiver's ACKs echo TS.Recent
(the TSval of the latest segment at the left window edge, rebuilt from the
'deliver' and 'ack_sent' events), the sender's segments echo the TSval of the
latest ACK received.  The receiver's TSval is the time the ACK was sent,
found by pairing arrivals with the ACKs that were not dropped on the
reverse path (FIFO order).

A trace recorded in 'sampled' mode keeps no sends or ACKs, so its capture
holds only the SYNs, retransmissions and probes.

File format: pcap with nanosecond timestamps (magic 0xa1b23c4d, written
little-endian), linktype 228 (LINKTYPE_IPV4, raw IPv4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import overload

import numpy as np
import numpy.typing as npt
from rexsim.tracefile import KIND

PCAP_MAGIC_NS = 0xA1B23C4D
LINKTYPE_IPV4 = 228
PCAP_SNAPLEN = 262144
SENDER_IP = (10, 0, 0, 1)
RECEIVER_IP = (10, 0, 0, 2)
SENDER_PORT_BASE = 40000
RECEIVER_PORT = 5201
WSCALE = 7
TTL = 64
DEFAULT_RWND_BYTES = 67_108_864  # the engine's default receiver.rwnd_bytes

FIN, SYN, RST, PSH, ACK = 0x01, 0x02, 0x04, 0x08, 0x10
_CLS_DATA, _CLS_SYN, _CLS_SYNACK, _CLS_ACK = 0, 1, 2, 3
_MASK32 = np.uint64(0xFFFFFFFF)
_NS_PER_MS = 1_000_000
_NS_PER_S = 1_000_000_000


@overload
def flow_isns(flow: int) -> tuple[int, int]: ...
@overload
def flow_isns(flow: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...


def flow_isns(flow: int | np.ndarray) -> tuple[int, int] | tuple[np.ndarray, np.ndarray]:
    """(sender ISN, receiver ISN) of a flow: fixed 32-bit values derived from the flow id."""
    f = np.asarray(flow, dtype=np.uint64) + np.uint64(1)
    isn_s = (f * np.uint64(0x9E3779B1) + np.uint64(0x1000)) & _MASK32
    isn_r = (f * np.uint64(0x85EBCA77) + np.uint64(0x2000)) & _MASK32
    if isn_s.ndim == 0:
        return int(isn_s), int(isn_r)
    return isn_s, isn_r


@dataclass
class _Packets:
    """One row per packet (times in ns, numbers already mapped to 32 bits)."""

    t_ns: np.ndarray
    flow: np.ndarray
    cls: np.ndarray
    fwd: np.ndarray  # sender -> receiver
    seq32: np.ndarray
    ack32: np.ndarray
    payload: np.ndarray  # bytes on the wire (after the TCP header)
    tsval: np.ndarray
    tsecr: np.ndarray
    n_sack: np.ndarray
    sack: np.ndarray  # (m, 4, 2) uint32


# ---------------------------------------------------------------- selection
def _packet_events(columns: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(trace indices of the events that are packets at the sender host, their class)."""
    kind, det, arg = columns["kind"], columns["detail"], columns["arg"]
    data = np.isin(kind, [KIND["send"], KIND["retransmit"], KIND["probe"]])
    syn = (kind == KIND["syn"]) & (det == 0)
    ack = kind == KIND["ack_recv"]
    synack = ack & (det == 1) & (arg == 0)
    idx = np.flatnonzero(data | syn | ack)
    cls = np.full(len(idx), _CLS_ACK, dtype=np.int8)
    cls[data[idx]] = _CLS_DATA
    cls[syn[idx]] = _CLS_SYN
    cls[synack[idx]] = _CLS_SYNACK
    return idx, cls


def _seq_ack(columns: dict[str, np.ndarray], idx: np.ndarray, cls: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """32-bit sequence and acknowledgement numbers of the packets."""
    isn_s, isn_r = flow_isns(columns["flow"][idx])
    off = columns["seq"][idx].astype(np.uint64)
    one = np.uint64(1)
    zero = np.zeros(len(idx), dtype=np.uint64)
    seq = np.select(
        [cls == _CLS_DATA, cls == _CLS_SYN, cls == _CLS_SYNACK], [isn_s + one + off, isn_s, isn_r], isn_r + one
    )
    ack = np.select(
        [cls == _CLS_DATA, cls == _CLS_SYN, cls == _CLS_SYNACK], [isn_r + one, zero, isn_s + one], isn_s + one + off
    )
    return seq & _MASK32, ack & _MASK32


def _sack_blocks(
    columns: dict[str, np.ndarray], idx: np.ndarray, cls: np.ndarray, max_blocks: int
) -> tuple[np.ndarray, np.ndarray]:
    """(blocks per packet, (m, 4, 2) uint32 edges) from the sack_words side table."""
    words = columns.get("sack_words", np.zeros(0, np.uint64)).astype(np.uint64)
    ref = columns["arg"][idx].astype(np.int64)
    has = (cls == _CLS_ACK) & (ref > 0) & (ref <= len(words))
    n = np.zeros(len(idx), dtype=np.int64)
    n[has] = (words[ref[has] - 1] & np.uint64(0xFF)).astype(np.int64)
    n = np.minimum(n, max_blocks)
    isn_s, _ = flow_isns(columns["flow"][idx])
    base = isn_s + np.uint64(1)
    blocks = np.zeros((len(idx), 4, 2), dtype=np.uint32)
    for b in range(max_blocks):
        rows = np.flatnonzero(n > b)
        for e in range(2):
            pos = np.minimum(ref[rows] + 2 * b + e, len(words) - 1)
            blocks[rows, b, e] = ((base[rows] + words[pos]) & _MASK32).astype(np.uint32)
    return n, blocks


# ---------------------------------------------------------------- timestamps
def _ffill(valid: np.ndarray, values: np.ndarray, default: int) -> np.ndarray:
    """At each position, the value at the latest valid position at or before it."""
    last = np.where(valid, np.arange(len(valid)), -1)
    np.maximum.accumulate(last, out=last)
    return np.where(last >= 0, values[np.maximum(last, 0)], default)


def _tx_key(seq: np.ndarray, transmission: np.ndarray) -> np.ndarray:
    """One transmission of one segment: (byte offset, transmission number) packed in 64 bits."""
    return seq.astype(np.uint64) * np.uint64(256) + transmission.astype(np.uint64)


def _segment_tsvals(
    kind: np.ndarray, seq: np.ndarray, det: np.ndarray, ms: np.ndarray, deliver: np.ndarray
) -> np.ndarray:
    """TSval (ms) of the transmission each 'deliver' event received (-1 if unknown)."""
    tx = np.flatnonzero(np.isin(kind, [KIND["send"], KIND["retransmit"], KIND["probe"]]))
    keys_tx = _tx_key(seq[tx], det[tx])
    order = np.argsort(keys_tx, kind="stable")
    sorted_keys = keys_tx[order]
    keys_d = _tx_key(seq[deliver], det[deliver])
    pos = np.searchsorted(sorted_keys, keys_d, side="right") - 1
    ok = pos >= 0
    ok[ok] = sorted_keys[pos[ok]] == keys_d[ok]
    out = np.full(len(deliver), -1, dtype=np.int64)
    out[ok] = ms[tx[order[pos[ok]]]]
    return out


def _ts_recent(kind: np.ndarray, seq: np.ndarray, det: np.ndarray, ms: np.ndarray) -> np.ndarray:
    """The receiver's TS.Recent after each event of one flow (RFC 7323 §4.3 as the engine runs it)."""
    n = len(kind)
    deliver = np.flatnonzero(kind == KIND["deliver"])
    ack_sent = kind == KIND["ack_sent"]
    last_ack_sent = _ffill(ack_sent, seq.astype(np.int64), 0)
    seg_ts = _segment_tsvals(kind, seq, det, ms, deliver)
    qualifies = (seq[deliver].astype(np.int64) <= last_ack_sent[deliver]) & (seg_ts >= 0)
    upd_val = np.zeros(n, dtype=np.int64)
    upd = np.zeros(n, dtype=bool)
    upd[deliver[qualifies]] = True
    upd_val[deliver[qualifies]] = seg_ts[qualifies]
    synack_sent = (kind == KIND["syn"]) & (det == 1)
    syn_ms = _ffill((kind == KIND["syn"]) & (det == 0), ms, 0)
    upd |= synack_sent
    upd_val[synack_sent] = syn_ms[synack_sent]
    return _ffill(upd, upd_val, 0)


def _reverse_survivors(columns: dict[str, np.ndarray]) -> np.ndarray:
    """Per event: True unless the very next event is its reverse-path drop."""
    kind, det, flow = columns["kind"], columns["detail"], columns["flow"]
    dropped = np.zeros(len(kind), dtype=bool)
    dropped[:-1] = (kind[1:] == KIND["drop"]) & ((det[1:] >> 4) == 1) & (flow[1:] == flow[:-1])
    return ~dropped


def _flow_timestamps(
    kind: np.ndarray, seq: np.ndarray, det: np.ndarray, ms: np.ndarray, survives: np.ndarray, t: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(TSval, TSecr) per event of one flow, meaningful at its packet events."""
    recent = _ts_recent(kind, seq, det, ms)
    sent = np.flatnonzero(((kind == KIND["ack_sent"]) | ((kind == KIND["syn"]) & (det == 1))) & survives)
    recv = np.flatnonzero(kind == KIND["ack_recv"])
    tsval, tsecr = ms.copy(), np.zeros(len(kind), dtype=np.int64)
    if len(recv):
        match = _pair_fifo(t, sent, recv)
        ok = match >= 0
        tsval[recv[ok]] = ms[sent[match[ok]]]
        tsecr[recv[ok]] = recent[sent[match[ok]]]
        is_recv = np.zeros(len(kind), dtype=bool)
        is_recv[recv] = True
        last_ack_ts = _ffill(is_recv, tsval, 0)
        tsecr[~is_recv] = last_ack_ts[~is_recv]
    return tsval, tsecr


def _pair_fifo(t: np.ndarray, sent: np.ndarray, recv: np.ndarray) -> np.ndarray:
    """Index into `sent` of the ACK each arrival is (k-th with k-th; else the latest sent before it)."""
    if not len(sent):
        return np.full(len(recv), -1, dtype=np.int64)
    k = np.minimum(np.arange(len(recv)), len(sent) - 1)
    bad = t[sent[k]] > t[recv]
    if bad.any():
        k[bad] = np.searchsorted(t[sent], t[recv[bad]], side="right") - 1
    return k


def _timestamps(columns: dict[str, np.ndarray], idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(TSval, TSecr) in ms (mod 2**32) of the packets at trace indices `idx`."""
    t = columns["t_ns"].astype(np.int64)
    ms = t // _NS_PER_MS
    survives = _reverse_survivors(columns)
    tsval = np.zeros(len(t), dtype=np.int64)
    tsecr = np.zeros(len(t), dtype=np.int64)
    flow = columns["flow"]
    for f in np.unique(flow[idx]):
        ev = np.flatnonzero(flow == f)
        v, e = _flow_timestamps(
            columns["kind"][ev], columns["seq"][ev], columns["detail"][ev], ms[ev], survives[ev], t[ev]
        )
        tsval[ev], tsecr[ev] = v, e
    mask = np.int64(0xFFFFFFFF)
    return tsval[idx] & mask, tsecr[idx] & mask


# ---------------------------------------------------------------- bytes
def _put(m: np.ndarray, col: int, values: npt.ArrayLike, nbytes: int, big: bool = True) -> None:
    """Write integer `values` into columns col..col+nbytes of the byte matrix m."""
    v = np.asarray(values, dtype=np.uint64)
    for b in range(nbytes):
        shift = np.uint64(8 * (nbytes - 1 - b if big else b))
        m[:, col + b] = ((v >> shift) & np.uint64(0xFF)).astype(np.uint8)


def _ones_sum(m: np.ndarray, extra: np.ndarray | int = 0) -> np.ndarray:
    """Internet checksum (RFC 1071) of each row of an even-width byte matrix, plus `extra`."""
    w = m.astype(np.uint64)
    s = (w[:, 0::2] << np.uint64(8)).sum(axis=1) + w[:, 1::2].sum(axis=1) + np.asarray(extra, np.uint64)
    for _ in range(4):
        s = (s & np.uint64(0xFFFF)) + (s >> np.uint64(16))
    out: np.ndarray = (~s) & np.uint64(0xFFFF)
    return out


def _syn_options(mss: int, p: _Packets, rows: np.ndarray, timestamps: bool) -> np.ndarray:
    """MSS, SACK-permitted, (timestamps,) window scale: 20 bytes with TS, else 12."""
    m = len(rows)
    if timestamps:
        o = np.zeros((m, 20), dtype=np.uint8)
        o[:, 0:4] = [2, 4, mss >> 8, mss & 0xFF]
        o[:, 4:6] = [4, 2]
        o[:, 6:8] = [8, 10]
        _put(o, 8, p.tsval[rows], 4)
        _put(o, 12, p.tsecr[rows], 4)
        o[:, 16:20] = [1, 3, 3, WSCALE]
        return o
    o = np.zeros((m, 12), dtype=np.uint8)
    o[:] = [2, 4, mss >> 8, mss & 0xFF, 1, 3, 3, WSCALE, 1, 1, 4, 2]
    return o


def _segment_options(p: _Packets, rows: np.ndarray, n_sack: int, timestamps: bool) -> np.ndarray:
    """NOP NOP TS (with timestamps) then NOP NOP SACK with n_sack blocks (if any)."""
    parts = []
    if timestamps:
        ts = np.zeros((len(rows), 12), dtype=np.uint8)
        ts[:, 0:4] = [1, 1, 8, 10]
        _put(ts, 4, p.tsval[rows], 4)
        _put(ts, 8, p.tsecr[rows], 4)
        parts.append(ts)
    if n_sack:
        sk = np.zeros((len(rows), 4 + 8 * n_sack), dtype=np.uint8)
        sk[:, 0:4] = [1, 1, 5, 2 + 8 * n_sack]
        for b in range(n_sack):
            _put(sk, 4 + 8 * b, p.sack[rows, b, 0], 4)
            _put(sk, 8 + 8 * b, p.sack[rows, b, 1], 4)
        parts.append(sk)
    return np.concatenate(parts, axis=1) if parts else np.zeros((len(rows), 0), dtype=np.uint8)


def _records(
    p: _Packets, rows: np.ndarray, opts: np.ndarray, ip_id: np.ndarray, window: np.ndarray, snaplen_payload: int
) -> np.ndarray:
    """pcap record header + IPv4 header + TCP header (+ options) per row, checksummed."""
    tcp_len = 20 + opts.shape[1]
    payload = np.minimum(p.payload[rows], 65535 - 20 - tcp_len)
    total = 20 + tcp_len + payload
    r = np.zeros((len(rows), 16 + 20 + tcp_len), dtype=np.uint8)
    t = p.t_ns[rows]
    _put(r, 0, t // _NS_PER_S, 4, big=False)
    _put(r, 4, t % _NS_PER_S, 4, big=False)
    _put(r, 8, total - payload + np.minimum(payload, snaplen_payload), 4, big=False)
    _put(r, 12, total, 4, big=False)
    fwd = p.fwd[rows]
    src = np.where(fwd[:, None], SENDER_IP, RECEIVER_IP)
    dst = np.where(fwd[:, None], RECEIVER_IP, SENDER_IP)
    _put_ipv4(r[:, 16:36], total, ip_id[rows], src, dst)
    tcp = r[:, 36:]
    _put_tcp(tcp, p, rows, window[rows], opts)
    _put(tcp, 16, _ones_sum(tcp, _pseudo_sum(src, dst, tcp_len + payload)), 2)
    return r


def _put_ipv4(h: np.ndarray, total: np.ndarray, ip_id: np.ndarray, src: np.ndarray, dst: np.ndarray) -> None:
    """Fill a 20-byte IPv4 header per row (DF, TTL 64, protocol TCP) and its checksum."""
    h[:, 0] = 0x45
    _put(h, 2, total, 2)
    _put(h, 4, ip_id, 2)
    h[:, 6] = 0x40  # DF
    h[:, 8], h[:, 9] = TTL, 6
    h[:, 12:16], h[:, 16:20] = src, dst
    _put(h, 10, _ones_sum(h), 2)


def _put_tcp(h: np.ndarray, p: _Packets, rows: np.ndarray, window: np.ndarray, opts: np.ndarray) -> None:
    """Fill the TCP header and options per row (checksum left zero)."""
    fwd = p.fwd[rows]
    flow = p.flow[rows].astype(np.int64)
    _put(h, 0, np.where(fwd, SENDER_PORT_BASE + flow, RECEIVER_PORT), 2)
    _put(h, 2, np.where(fwd, RECEIVER_PORT, SENDER_PORT_BASE + flow), 2)
    _put(h, 4, p.seq32[rows], 4)
    _put(h, 8, p.ack32[rows], 4)
    h[:, 12] = (h.shape[1] // 4) << 4
    h[:, 13] = _flags(p.cls[rows])
    _put(h, 14, window, 2)
    h[:, 20:] = opts


def _pseudo_sum(src: np.ndarray, dst: np.ndarray, tcp_length: np.ndarray) -> np.ndarray:
    """Unfolded sum of the TCP pseudo-header's 16-bit words."""
    a = np.concatenate([src, dst], axis=1).astype(np.uint64)
    words = (a[:, 0::2] << np.uint64(8)) + a[:, 1::2]
    out: np.ndarray = words.sum(axis=1) + np.uint64(6) + tcp_length.astype(np.uint64)
    return out


def _flags(cls: np.ndarray) -> np.ndarray:
    return np.select([cls == _CLS_DATA, cls == _CLS_SYN, cls == _CLS_SYNACK], [ACK | PSH, SYN, SYN | ACK], ACK).astype(
        np.uint8
    )


def _ip_ids(flow: np.ndarray, fwd: np.ndarray) -> np.ndarray:
    """Per (flow, direction) counter 1, 2, ... (mod 2**16) in packet order."""
    keys = flow.astype(np.int64) * 2 + fwd
    order = np.argsort(keys, kind="stable")
    sk = keys[order]
    starts = np.flatnonzero(np.r_[True, sk[1:] != sk[:-1]]) if len(sk) else np.zeros(0, np.int64)
    rank = np.arange(len(sk)) - np.repeat(starts, np.diff(np.r_[starts, len(sk)]))
    out = np.empty(len(sk), dtype=np.int64)
    out[order] = rank + 1
    return out & 0xFFFF


def _windows(p: _Packets, rwnd_bytes: int) -> np.ndarray:
    """TCP window field: unscaled on SYNs, scaled by 2**WSCALE otherwise (both sides alike)."""
    syn = (p.cls == _CLS_SYN) | (p.cls == _CLS_SYNACK)
    return np.where(syn, min(rwnd_bytes, 65535), min(rwnd_bytes >> WSCALE, 65535))


def _global_header() -> bytes:
    hdr = np.zeros((1, 24), dtype=np.uint8)
    _put(hdr, 0, PCAP_MAGIC_NS, 4, big=False)
    _put(hdr, 4, 2, 2, big=False)
    _put(hdr, 6, 4, 2, big=False)
    _put(hdr, 16, PCAP_SNAPLEN, 4, big=False)
    _put(hdr, 20, LINKTYPE_IPV4, 4, big=False)
    return hdr.tobytes()


def _collect(columns: dict[str, np.ndarray], timestamps: bool) -> _Packets:
    idx, cls = _packet_events(columns)
    seq32, ack32 = _seq_ack(columns, idx, cls)
    n_sack, sack = _sack_blocks(columns, idx, cls, 3 if timestamps else 4)
    if timestamps:
        tsval, tsecr = _timestamps(columns, idx)
    else:
        tsval = tsecr = np.zeros(len(idx), dtype=np.int64)
    payload = np.where(cls == _CLS_DATA, columns["arg"][idx].astype(np.int64), 0)
    return _Packets(
        t_ns=columns["t_ns"][idx].astype(np.int64),
        flow=columns["flow"][idx],
        cls=cls,
        fwd=(cls == _CLS_DATA) | (cls == _CLS_SYN),
        seq32=seq32,
        ack32=ack32,
        payload=payload,
        tsval=tsval,
        tsecr=tsecr,
        n_sack=n_sack,
        sack=sack,
    )


def to_pcap(
    columns: dict[str, np.ndarray],
    *,
    mss: int,
    timestamps: bool = True,
    snaplen_payload: int = 0,
    rwnd_bytes: int = DEFAULT_RWND_BYTES,
) -> bytes:
    """The trace's packets at the sender host as a pcap file (see module doc).

    mss: MSS option value on SYN and SYN-ACK (bytes); timestamps: put the
    RFC 7323 option on every segment (as the flows' tcp.timestamps); at most 3
    SACK blocks fit beside it, else 4; snaplen_payload: payload bytes captured
    per data segment (zeros); rwnd_bytes: the advertised receive window.
    """
    if not 0 < mss <= 65535:
        raise ValueError("mss must be between 1 and 65535")
    if snaplen_payload < 0:
        raise ValueError("snaplen_payload must be >= 0")
    p = _collect(columns, timestamps)
    ip_id, window = _ip_ids(p.flow, p.fwd), _windows(p, rwnd_bytes)
    layout = np.where((p.cls == _CLS_SYN) | (p.cls == _CLS_SYNACK), -1, p.n_sack)
    parts: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for key in np.unique(layout):
        rows = np.flatnonzero(layout == key)
        opts = _syn_options(mss, p, rows, timestamps) if key < 0 else _segment_options(p, rows, int(key), timestamps)
        parts[int(key)] = (rows, _records(p, rows, opts, ip_id, window, snaplen_payload))
    return _assemble(len(p.cls), parts)


def _assemble(n: int, parts: dict[int, tuple[np.ndarray, np.ndarray]]) -> bytes:
    """Lay the records out in packet order; payload bytes stay zero."""
    size = np.zeros(n, dtype=np.int64)
    for rows, rec in parts.values():
        caplen = rec[:, 8:12].astype(np.int64) @ (1 << (8 * np.arange(4)))
        size[rows] = 16 + caplen
    glob = _global_header()
    offsets = len(glob) + np.r_[0, np.cumsum(size)[:-1]] if n else np.zeros(0, np.int64)
    out = np.zeros(len(glob) + int(size.sum()), dtype=np.uint8)
    out[: len(glob)] = np.frombuffer(glob, dtype=np.uint8)
    for rows, rec in parts.values():
        at = offsets[rows]
        for j in range(rec.shape[1]):
            out[at + j] = rec[:, j]
    return out.tobytes()
