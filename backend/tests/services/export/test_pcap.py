"""Tests of app.services.pcap: parse the output with a small struct-based reader
and check fields for hand-derivable runs; cross-check with tshark when installed.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
import rexsim
from rexsim import tracefile as TF

from app.services.export import pcap as P

MSS = 1448
MS = 1_000_000


# ---------------------------------------------------------------- a small reader
@dataclass
class Pkt:
    t_ns: int
    caplen: int
    wire_len: int
    src: str
    dst: str
    ip_total: int
    ip_id: int
    ip_ok: bool
    sport: int
    dport: int
    seq: int
    ack: int
    flags: int
    window: int
    hdr_len: int
    tcp_ok: bool
    payload_len: int
    captured_payload: bytes
    options: dict = field(default_factory=dict)


def _csum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s > 0xFFFF:
        s = (s & 0xFFFF) + (s >> 16)
    return s


def _options(raw: bytes) -> dict:
    out, i = {}, 0
    while i < len(raw):
        kind = raw[i]
        if kind == 0:
            break
        if kind == 1:
            out.setdefault("nop", 0)
            out["nop"] += 1
            i += 1
            continue
        ln = raw[i + 1]
        body = raw[i + 2 : i + ln]
        if kind == 2:
            out["mss"] = struct.unpack("!H", body)[0]
        elif kind == 3:
            out["wscale"] = body[0]
        elif kind == 4:
            out["sack_perm"] = True
        elif kind == 5:
            out["sack"] = [struct.unpack("!II", body[k : k + 8]) for k in range(0, len(body), 8)]
        elif kind == 8:
            out["ts"] = struct.unpack("!II", body)
        i += ln
    return out


def read_pcap(data: bytes) -> list[Pkt]:
    magic, vmaj, vmin, _tz, _sig, _snap, link = struct.unpack_from("<IHHiIII", data, 0)
    assert (magic, vmaj, vmin, link) == (0xA1B23C4D, 2, 4, 228)  # ns pcap, raw IPv4
    pos, out = 24, []
    while pos < len(data):
        sec, nsec, caplen, wire = struct.unpack_from("<IIII", data, pos)
        rec = data[pos + 16 : pos + 16 + caplen]
        pos += 16 + caplen
        ip = rec[:20]
        total, ip_id = struct.unpack_from("!HH", ip, 2)
        src, dst = ip[12:16], ip[16:20]
        tcp_bytes = rec[20:]
        doff = (tcp_bytes[12] >> 4) * 4
        tcp_len = total - 20
        payload_len = tcp_len - doff
        captured = tcp_bytes[doff:]
        # TCP checksum over pseudo header + header + the full (zero-filled) payload
        pseudo = src + dst + struct.pack("!BBH", 0, 6, tcp_len)
        full = tcp_bytes[:doff] + captured + bytes(payload_len - len(captured))
        sport, dport, seq, ack, _off, flags, win = struct.unpack_from("!HHIIBBH", tcp_bytes, 0)
        out.append(
            Pkt(
                t_ns=sec * 1_000_000_000 + nsec,
                caplen=caplen,
                wire_len=wire,
                src=".".join(map(str, src)),
                dst=".".join(map(str, dst)),
                ip_total=total,
                ip_id=ip_id,
                ip_ok=_csum(ip) == 0xFFFF and ip[0] == 0x45 and ip[9] == 6,
                sport=sport,
                dport=dport,
                seq=seq,
                ack=ack,
                flags=flags,
                window=win,
                hdr_len=doff,
                tcp_ok=_csum(pseudo + full) == 0xFFFF,
                payload_len=payload_len,
                captured_payload=captured,
                options=_options(tcp_bytes[20:doff]),
            )
        )
    assert pos == len(data)
    return out


SYN_F, ACK_F, PSH_F = 0x02, 0x10, 0x08


def ten_segments(tail_loss: int, **tcp) -> dict:
    """10 x 1448-byte segments, IW 10, quick ACKs, 10 ms each way (RTT 20 ms), TLP,
    unlimited rate; the last `tail_loss` segments are lost once."""
    return {
        "seed": 1,
        "duration_s": 10,
        "path": {
            "forward": {"rate_bps": 0, "delay_ms": 10, "loss": {"model": "tail", "count": tail_loss}},
            "reverse": {"rate_bps": 0, "delay_ms": 10},
        },
        "flows": [
            {
                "app": {"kind": "fixed", "segments": 10},
                "tcp": {"iw": 10, "timer": "tlp", **tcp},
                "receiver": {"ack_policy": "quick"},
            }
        ],
    }


def run_pcap(scenario: dict, **kw) -> tuple[list[Pkt], bytes, dict]:
    r = rexsim.run(scenario)
    cols = {k: v.copy() for k, v in r.trace.columns.items()}
    data = P.to_pcap(cols, mss=MSS, **kw)
    return read_pcap(data), data, cols


ISN_S, ISN_R = P.flow_isns(0)


def rel(x: int, isn: int) -> int:
    """Byte offset of a 32-bit sequence number (inverse of ISN + 1 + offset)."""
    return (x - isn - 1) % 2**32


# ---------------------------------------------------------------- hand-derived cases
def test_tail_loss_one_probe_repairs() -> None:
    pkts, _, _ = run_pcap(ten_segments(tail_loss=1))
    # SYN, SYN-ACK, 10 data, 9 ACKs, 1 probe, 1 ACK
    assert len(pkts) == 23
    syn, synack = pkts[0], pkts[1]
    assert (syn.t_ns, syn.flags, syn.seq, syn.ack) == (0, SYN_F, ISN_S, 0)
    assert (syn.src, syn.sport, syn.dst, syn.dport) == ("10.0.0.1", 40000, "10.0.0.2", 5201)
    assert syn.options["mss"] == MSS and syn.options["sack_perm"] and syn.options["wscale"] == 7
    assert syn.options["ts"] == (0, 0)  # sent at 0 ms, nothing to echo
    # SYN-ACK sent at 10 ms, seen at 20 ms; echoes the SYN's TSval 0
    assert (synack.t_ns, synack.flags) == (20 * MS, SYN_F | ACK_F)
    assert (synack.seq, synack.ack) == (ISN_R, (ISN_S + 1) % 2**32)
    assert synack.options["ts"] == (10, 0) and synack.options["mss"] == MSS

    data = pkts[2:12]
    for k, d in enumerate(data):  # IW 10 at 20 ms
        assert d.t_ns == 20 * MS and d.flags == ACK_F | PSH_F
        assert rel(d.seq, ISN_S) == k * MSS and d.ack == (ISN_R + 1) % 2**32
        assert d.payload_len == MSS and d.ip_total == 20 + 32 + MSS == 1500
        assert d.caplen == 52 < d.wire_len == 1500  # payload not captured
        assert d.options["ts"] == (20, 10)  # TSecr: the SYN-ACK's TSval
        assert d.ip_id == k + 2  # SYN was IP ID 1

    acks = pkts[12:21]  # segments 1-9 ACKed at 40 ms
    assert [rel(a.ack, ISN_S) for a in acks] == [k * MSS for k in range(1, 10)]
    assert all(a.t_ns == 40 * MS and a.flags == ACK_F and a.payload_len == 0 for a in acks)
    assert all(a.options["ts"] == (30, 20) and "sack" not in a.options for a in acks)

    probe, last = pkts[21], pkts[22]
    # one segment outstanding: PTO = max(2 SRTT, 1.5 SRTT + 200 ms) = 230 ms after 40 ms
    assert probe.t_ns == 270 * MS and rel(probe.seq, ISN_S) == 9 * MSS
    assert probe.payload_len == MSS and probe.options["ts"] == (270, 30)
    # the probe fills the hole: cumulative ACK of all 14480 bytes, no SACK
    assert last.t_ns == 290 * MS and rel(last.ack, ISN_S) == 10 * MSS
    assert "sack" not in last.options and last.options["ts"] == (280, 270)
    assert all(p.ip_ok and p.tcp_ok for p in pkts)


def test_tail_loss_two_sack_after_probe() -> None:
    pkts, _, _ = run_pcap(ten_segments(tail_loss=2))
    fwd = [p for p in pkts if p.src == "10.0.0.1"]
    rev = [p for p in pkts if p.src == "10.0.0.2"]
    # SYN + 10 data + probe (segment 10) + early retransmit of segment 9
    assert len(fwd) == 13
    # SYN-ACK + 8 ACKs + ACK of the probe + ACK of the retransmission
    assert len(rev) == 11
    probe, rtx = fwd[11], fwd[12]
    # two segments outstanding: PTO = max(2 SRTT, 10 ms) = 40 ms after the ACKs at 40 ms
    assert probe.t_ns == 80 * MS and rel(probe.seq, ISN_S) == 9 * MSS
    sacked = rev[9]
    assert sacked.t_ns == 100 * MS and rel(sacked.ack, ISN_S) == 8 * MSS
    s0, s1 = sacked.options["sack"][0]
    assert (rel(s0, ISN_S), rel(s1, ISN_S)) == (9 * MSS, 10 * MSS)  # the probe's segment
    assert all("sack" not in a.options for a in rev[:9])  # before the probe: none
    assert rtx.t_ns == 100 * MS and rel(rtx.seq, ISN_S) == 8 * MSS
    assert rel(rev[10].ack, ISN_S) == 10 * MSS and "sack" not in rev[10].options
    assert sacked.hdr_len == 20 + 12 + 4 + 8  # TS + one SACK block
    assert all(p.ip_ok and p.tcp_ok for p in pkts)


def test_ack_count_matches_the_trace() -> None:
    pkts, _, cols = run_pcap(rexsim.preset_scenario("web-objects", "TLPR"))
    kind, det = cols["kind"], cols["detail"]
    n_data = int(np.isin(kind, [TF.KIND["send"], TF.KIND["retransmit"], TF.KIND["probe"]]).sum())
    n_syn = int(((kind == TF.KIND["syn"]) & (det == 0)).sum())
    n_ack = int((kind == TF.KIND["ack_recv"]).sum())
    assert len(pkts) == n_data + n_syn + n_ack
    assert sum(p.src == "10.0.0.2" for p in pkts) == n_ack
    assert sum(p.payload_len > 0 for p in pkts) == n_data
    assert all(p.ip_ok and p.tcp_ok for p in pkts)


def test_flows_have_their_own_ports_isns_and_ip_ids() -> None:
    pkts, _, cols = run_pcap(rexsim.preset_scenario("web-objects", "TLPR"))
    flows = sorted(set(cols["flow"].tolist()))
    assert {p.sport for p in pkts if p.src == "10.0.0.1"} == {40000 + f for f in flows}
    for f in flows:
        isn_s, isn_r = P.flow_isns(f)
        mine = [p for p in pkts if p.src == "10.0.0.1" and p.sport == 40000 + f]
        assert mine[0].flags == SYN_F and mine[0].seq == isn_s
        assert [p.ip_id for p in mine] == list(range(1, len(mine) + 1))
        data_kinds = [TF.KIND["send"], TF.KIND["retransmit"], TF.KIND["probe"]]
        tx = np.flatnonzero((cols["flow"] == f) & np.isin(cols["kind"], data_kinds))
        segs = [p for p in mine if p.payload_len > 0]
        assert [rel(p.seq, isn_s) for p in segs] == cols["seq"][tx].tolist()
        assert [p.payload_len for p in segs] == cols["arg"][tx].tolist()
        theirs = [p for p in pkts if p.dst == "10.0.0.1" and p.dport == 40000 + f]
        assert all(p.seq == (isn_r + 1) % 2**32 for p in theirs if not p.flags & SYN_F)
    assert len({P.flow_isns(f) for f in flows}) == len(flows)


def test_receiver_timestamps_are_plausible() -> None:
    pkts, _, _ = run_pcap(rexsim.preset_scenario("web-objects", "TLPR"))
    for p in pkts:
        tsval, tsecr = p.options["ts"]
        assert tsval <= p.t_ns // MS  # sent no later than captured
        if p.src == "10.0.0.2":
            assert tsecr <= tsval  # echoes something older
    by_flow: dict[int, list[int]] = {}
    for p in pkts:
        if p.src == "10.0.0.2":
            by_flow.setdefault(p.dport, []).append(p.options["ts"][0])
    for vals in by_flow.values():
        assert vals == sorted(vals)  # the receiver's clock never goes back


def test_snaplen_payload_captures_zero_bytes() -> None:
    pkts, _, _ = run_pcap(ten_segments(tail_loss=1), snaplen_payload=100)
    d = pkts[2]
    assert d.caplen == 20 + 32 + 100 and d.wire_len == 1500
    assert d.captured_payload == bytes(100) and d.tcp_ok
    full, _, _ = run_pcap(ten_segments(tail_loss=1), snaplen_payload=65535)
    assert full[2].caplen == full[2].wire_len == 1500
    assert [p.tcp_ok for p in full] == [True] * len(full)


def test_without_timestamps() -> None:
    pkts, _, _ = run_pcap(ten_segments(tail_loss=2, timestamps=False), timestamps=False)
    assert all("ts" not in p.options for p in pkts)
    assert pkts[0].hdr_len == 20 + 12  # MSS, NOP, WS, NOP NOP SACK-perm
    assert pkts[0].options["mss"] == MSS and pkts[0].options["sack_perm"]
    data = [p for p in pkts if p.payload_len]
    assert all(p.hdr_len == 20 for p in data) and data[0].ip_total == 20 + 20 + MSS
    sacked = [p for p in pkts if "sack" in p.options]
    assert len(sacked) == 1 and sacked[0].hdr_len == 20 + 4 + 8
    assert all(p.ip_ok and p.tcp_ok for p in pkts)


def test_sequence_numbers_wrap_mod_2_32() -> None:
    cols = {name: np.zeros(2, dtype=dt) for name, dt in TF.DTYPES.items()}
    off = 2**32 - ISN_S + 5  # ISN + 1 + off = 2**32 + 6
    cols["t_ns"][:] = [1_000_000_000, 1_500_000_000]
    cols["kind"][:] = [TF.KIND["send"], TF.KIND["ack_recv"]]
    cols["seq"][:] = [off, off + 1000]
    cols["arg"][:] = [1000, 1]  # 1000 bytes; ACK: SACK entry at 0
    cols["sack_words"] = np.array([1, off + 2000, off + 3000], dtype=np.uint64)
    pkts = read_pcap(P.to_pcap(cols, mss=MSS))
    assert pkts[0].seq == 6 and pkts[1].ack == 1006
    assert pkts[1].options["sack"] == [(2006, 3006)]
    assert pkts[0].t_ns == 1_000_000_000 and pkts[0].options["ts"][0] == 1000
    assert all(p.ip_ok and p.tcp_ok for p in pkts)


def test_empty_trace_gives_an_empty_capture() -> None:
    cols = {name: np.zeros(0, dtype=dt) for name, dt in TF.DTYPES.items()}
    data = P.to_pcap(cols, mss=MSS)
    assert len(data) == 24 and read_pcap(data) == []


def test_bad_arguments() -> None:
    cols = {name: np.zeros(0, dtype=dt) for name, dt in TF.DTYPES.items()}
    with pytest.raises(ValueError):
        P.to_pcap(cols, mss=0)
    with pytest.raises(ValueError):
        P.to_pcap(cols, mss=MSS, snaplen_payload=-1)


# ---------------------------------------------------------------- tshark
def _tshark(path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["tshark", "-n", "-r", str(path), "-o", "tcp.check_checksum:TRUE", "-o", "ip.check_checksum:TRUE", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(shutil.which("tshark") is None, reason="tshark is not installed")
def test_tshark_parses_without_errors(tmp_path: Path) -> None:
    pkts, data, _ = run_pcap(rexsim.preset_scenario("web-objects", "TLPR"), snaplen_payload=65535)
    path = tmp_path / "web.pcap"
    path.write_bytes(data)
    fields = _tshark(
        path,
        "-T",
        "fields",
        "-E",
        "separator=;",
        "-e",
        "tcp.seq_raw",
        "-e",
        "tcp.ack_raw",
        "-e",
        "tcp.len",
        "-e",
        "tcp.options.sack_le",
        "-e",
        "tcp.checksum.status",
        "-e",
        "ip.checksum.status",
        "-e",
        "_ws.malformed",
    )
    assert fields.returncode == 0, fields.stderr
    lines = fields.stdout.splitlines()
    assert len(lines) == len(pkts)
    for line, p in zip(lines, pkts, strict=True):
        seq, ack, tcp_len, sack_le, tcp_ck, ip_ck, malformed = line.split(";")
        assert (int(seq), int(tcp_len)) == (p.seq, p.payload_len)
        assert int(ack or 0) == p.ack
        assert (tcp_ck, ip_ck, malformed) == ("1", "1", "")  # 1 = good checksum
        if "sack" in p.options:
            assert sack_le != ""
    errors = _tshark(path, "-q", "-z", "expert,error")
    assert errors.returncode == 0 and "Malformed" not in errors.stdout
    assert "Errors" not in errors.stdout, errors.stdout
