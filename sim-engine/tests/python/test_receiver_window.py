"""The receiving application and the advertised window (src/app/app_reader.c,
src/core/receiver.c rules W1-W7), the persist timer (src/core/tslot.c P1-P2)
and opportunistic retransmission (src/core/sender.c; opportunistic-
retransmission paper §IV), each on a case derived by hand, exact to the
nanosecond; and the property that every byte reaches the application once and
in order under any reader.

Common setup (scenario() below): one flow, MSS 1000, IW 10, Reno, SACK on, no
timestamps, no handshake, the RTO timer alone, no Early Retransmit, the
rfc6298 RTT profile (minimum RTO 1 s); both directions 50 ms one way with
unlimited rate, so a segment or an ACK takes exactly 50 ms and segments sent
together arrive together, in order; quick ACKs (one per segment).  The k-th
segment is [1000 (k-1), 1000 k).  The receive buffer is 10000 bytes
(10 segments); the SWS threshold min(buffer / 2, MSS) is 1000.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest
import rexsim
from hypothesis import given, settings
from hypothesis import strategies as st
from test_invariants import check_invariants, scenarios

MS = 1_000_000


def scenario(receiver: dict, segments: int = 20, tcp: dict | None = None, rules: list | None = None) -> dict:
    t = {
        "mss": 1000,
        "iw": 10,
        "sack": True,
        "timestamps": False,
        "handshake": False,
        "cc": "reno",
        "timer": "rto",
        "early_retransmit": False,
        "rtt_profile": "rfc6298",
    }
    t.update(tcp or {})
    fwd: dict = {"rate_bps": 0, "delay_ms": 50}
    if rules:
        fwd["loss"] = {"model": "positioned", "rules": rules}
    return {
        "seed": 1,
        "duration_s": 30,
        "path": {"forward": fwd, "reverse": {"rate_bps": 0, "delay_ms": 50}},
        "flows": [
            {
                "app": {"kind": "fixed", "segments": segments},
                "tcp": t,
                "receiver": {"ack_policy": "quick", "rwnd_bytes": 10000, **receiver},
            }
        ],
    }


def events(res: rexsim.Result, kind: str) -> list[dict]:
    return [e for e in res.trace if e["kind"] == kind]


def test_reader_at_a_rate_sets_the_window_on_each_ack() -> None:
    """Reader at 100,000 bytes/s (100 bytes per ms).
    t=0: 10 segments leave (IW 10, window 10000).  t=50: they arrive one
    after another at the same instant; the reader reads nothing in zero time,
    so after the k-th the buffer holds 1000 k unread: free = 10000 - 1000 k.
    The window still open is the same (the edge 10000 stays, W2), free never
    exceeds it by the threshold (W3), so the k-th ACK carries 10000 - 1000 k:
    9000, 8000, ..., 0.  The last leaves an open window 0 < 1000: the read
    timer is set for when the reader has freed 1000 bytes (W5): 10 ms, t=60,
    where the window update carries free = 1000 (W3: 1000 >= 0 + 1000).
    t=100: the ACKs reach the sender, each at snd_nxt = snd_una + window:
    nothing new; t=110: the update lets one segment out (10000 + 1000 <=
    10000 + 1000).  It arrives at t=160: from 60 to 160 the reader could read
    10000 bytes but had only the 9000 left: it has read everything (it idles,
    saving nothing).  After segment 11: unread 1000, free 9000, open 11000 -
    11000 = 0, 9000 >= 0 + 1000: window 9000.  t=210: the sender may send 9
    (snd_una 11000 + 9000 = 20000, the end of the object), which arrive at
    t=260; from 160 to 260 the reader has read segment 11 too, so the buffer
    is empty again.  After the j-th of them (j = 1..9): unread 1000 j, free
    10000 - 1000 j; the edge was 20000 and after j = 1 the open window is
    8000 while free is 9000 = 8000 + 1000: the edge moves (W3), window 9000,
    the same as the last traced (no row); from then on free equals the open
    window: 8000, 7000, ..., 1000 (j = 2..9).  The flow completes at 260.
    The series starts with the flow: the buffer's 10000 at t=0."""
    res = rexsim.run(scenario({"read_bytes_per_s": 100_000}))
    t, v = res.trace.var_series("rwnd_bytes")
    assert t.tolist() == [0] + [50 * MS] * 10 + [60 * MS, 160 * MS] + [260 * MS] * 8
    assert v.tolist() == [10000] + [9000 - 1000 * k for k in range(10)] + [1000, 9000] + [
        8000 - 1000 * j for j in range(8)
    ]
    # the window update at 60 ms is an ACK of nothing new (ack 10000 again)
    acks = [(e["t_ns"], e["seq"]) for e in events(res, "ack_sent")]
    assert (60 * MS, 10000) in acks and acks[9] == (50 * MS, 10000)
    sends = [(e["t_ns"], e["seq"]) for e in events(res, "send")]
    assert sends[10] == (110 * MS, 10000)
    assert sends[11:] == [(210 * MS, 1000 * k) for k in range(11, 20)]
    assert res.flows[0].metrics["fct_ms"] == 260.0


def test_blocked_reader_closes_the_window_probes_and_updates() -> None:
    """Reader at once, blocked [0, 1500) ms.  t=50: the 10 segments fill the
    buffer unread: windows 9000 ... 0 (as above).  t=100: the last ACK
    (ack 10000, window 0) leaves nothing in flight, the next segment does not
    fit: the RTO is stopped and the persist timer set for one RTO (1 s, the
    rfc6298 minimum; P1): 1100 ms.  There the first zero-window probe leaves
    (seq 9999, no data, cause window_probe) and the timer is set for 2 RTO
    (P2): 3100 ms.  The probe's ACK (receiver 1150, sender 1200) carries
    window 0 and keeps the timer.  t=1500: the reader reads the 10000 bytes:
    the open window 0 is below 1000 and the buffer is empty (W3): a window
    update with 10000 (W5).  t=1550: 10 segments leave; the RTO replaces the
    persist timer; they arrive at 1600 and the flow completes there.  The
    window's series starts with the flow, at the buffer's 10000."""
    res = rexsim.run(scenario({"read_blocked_ms": [0, 1500]}))
    t, v = res.trace.var_series("rwnd_bytes")
    assert t.tolist() == [0] + [50 * MS] * 10 + [1500 * MS]
    assert v.tolist() == [10000] + [9000 - 1000 * k for k in range(10)] + [10000]
    persist = [(e["t_ns"], e["kind"], e["expires_ns"]) for e in res.trace if e.get("timer") == "persist"]
    assert persist == [
        (100 * MS, "timer_armed", 1100 * MS),
        (1100 * MS, "timer_fired", 1100 * MS),
        (1100 * MS, "timer_armed", 3100 * MS),
    ]
    probes = [(e["t_ns"], e["seq"], e["arg"], e["cause"]) for e in events(res, "window_probe")]
    assert probes == [(1100 * MS, 9999, 0, "window_probe")]
    acks = [(e["t_ns"], e["seq"]) for e in events(res, "ack_sent")]
    assert acks[10:12] == [(1150 * MS, 10000), (1500 * MS, 10000)]
    sends = [(e["t_ns"], e["seq"]) for e in events(res, "send")]
    assert sends[10:] == [(1550 * MS, 1000 * k) for k in range(10, 20)]
    assert res.flows[0].metrics["fct_ms"] == 1600.0


def test_long_block_probes_back_off() -> None:
    """Blocked [0, 8000) ms: probes at 1100, 3100 (+2 s), 7100 (+4 s) ms (P2:
    RTO x 2^probes), the next timer for 15100; the update at 8000 lets the
    data out at 8050, before it."""
    res = rexsim.run(scenario({"read_blocked_ms": [0, 8000]}))
    assert [e["t_ns"] for e in events(res, "window_probe")] == [1100 * MS, 3100 * MS, 7100 * MS]
    armed = [e["expires_ns"] for e in res.trace if e.get("timer") == "persist" and e["kind"] == "timer_armed"]
    assert armed == [1100 * MS, 3100 * MS, 7100 * MS, 15100 * MS]
    assert [e["t_ns"] for e in events(res, "send")][10] == 8050 * MS


def test_window_update_is_not_a_duplicate_ack_without_sack() -> None:
    """RFC 5681 §2: without SACK an ACK is a duplicate only if, among its
    conditions, "(e) the advertised window in the incoming acknowledgment
    equals the advertised window in the last incoming acknowledgment"; so a
    window update for SND.UNA is none (the sender compares the ACK's window
    with the one before it, taken after the scoreboard; commit e352847).
    SACK off, buffer 9500, reader blocked [0, 300) ms, one object of 9300
    bytes: segments 1..9 of 1000 and segment 10 = [9000, 9300) of 300, whose
    first transmission is lost.  t=0: all 10 leave (9300 <= 0 + 9500).
    t=50: 1..9 arrive unread: ACK k = 1000 k with the edge kept at 9500
    (W2; W3: free 9500 - 1000 k is not >= open + 1000), window 9500 - 1000 k,
    8500 ... 500; after the 9th the open window 500 is below the SWS
    threshold 1000 and the read timer is set for the block's end (W5).
    t=100: the 9 ACKs take snd_una to 9000; 300 bytes stay outstanding; the
    RTO (1 s, the rfc6298 minimum) restarts on the last: 1100 ms.  t=300: the
    reader reads all 9000, the buffer is empty (W3): a window update, ACK 9000
    with window 9500 (W5).  t=350: ack = snd_una = 9000 with 300 bytes
    outstanding, but the window went from 500 to 9500: not a duplicate ACK,
    the sender stays Open (without the fix it was the first duplicate ACK and
    the sender entered Disorder at 350 ms).  t=1100: the RTO: Loss, segment 10
    again (cause rto); delivered at 1150, its ACK at 1200 ends Loss."""
    sc = scenario({"rwnd_bytes": 9500, "read_blocked_ms": [0, 300]}, tcp={"sack": False}, rules=[{"segment": 10}])
    sc["flows"][0]["app"] = {"kind": "fixed", "bytes": 9300}
    res = rexsim.run(sc)
    check_invariants(sc, res)
    t, v = res.trace.var_series("rwnd_bytes")
    assert list(zip(t.tolist(), v.tolist(), strict=True))[-2:] == [(50 * MS, 500), (300 * MS, 9500)]
    assert [(e["t_ns"], e["seq"]) for e in events(res, "ack_recv")][-3:] == [
        (100 * MS, 9000),
        (350 * MS, 9000),
        (1200 * MS, 9300),
    ]
    assert [(e["t_ns"], e["state"]) for e in events(res, "state")] == [(1100 * MS, "loss"), (1200 * MS, "open")]
    rtx = [(e["t_ns"], e["seq"], e["cause"]) for e in events(res, "retransmit")]
    assert rtx == [(1100 * MS, 9000, "rto")]
    assert res.flows[0].metrics["fct_ms"] == 1150.0


def _recovery(opportunistic: bool, lose_rtx: bool = False) -> rexsim.Result:
    rules = [{"segment": 1, "transmission": 1}]
    if lose_rtx:
        rules.append({"segment": 1, "transmission": 2})
    sc = scenario({}, segments=30, tcp={"opportunistic_rtx": opportunistic}, rules=rules)
    res = rexsim.run(sc)
    check_invariants(sc, res)
    return res


def test_opportunistic_retransmission_sends_past_the_window_in_recovery() -> None:
    """Segment 1's first transmission is lost; the reader reads at once, so
    the window is the whole buffer, 10000: the receive window binds
    (snd_nxt = 10000 = snd_una 0 + 10000).  t=100: the ACKs of segments 2-10
    arrive, each SACKing one more: the third starts recovery (cwnd = ssthresh
    = FlightSize / 2 = 5000) with the fast retransmit; RFC 6675 pipe after it
    = 10000 out - 3000 SACKed - 1000 lost + 1000 retransmitted = 7000.  Each
    later dupack SACKs 1000 more: pipe 6000, 5000, 4000, ...  From the ACK
    SACKing [1000, 7000) pipe is 4000 < cwnd: a new segment may go, but the
    window forbids it.  With opportunistic retransmission the window is
    extended by n1 + n2 = (highest SACKed end 7000 - snd_una 0) / 1000 = 7
    segments (1 hole + 6 SACKed): 10000 + 1000 <= 0 + 10000 + 7000, so it goes
    (cause opportunistic), pipe back to 5000; the same on the next three
    ACKs: 4 segments [10000, 14000) at t=100.  Without it nothing new leaves
    until the cumulative ACK at t=200."""
    res = _recovery(True)
    opp = [(e["t_ns"], e["seq"]) for e in events(res, "send") if e["cause"] == "opportunistic"]
    assert opp == [(100 * MS, 10000), (100 * MS, 11000), (100 * MS, 12000), (100 * MS, 13000)]
    # they arrive at 150, after the retransmission filled the hole: accepted
    assert not [e for e in events(res, "drop") if e["t_ns"] > 0]
    base = _recovery(False)
    new = [(e["t_ns"], e["seq"]) for e in events(base, "send") if e["seq"] >= 10000]
    assert new[0] == (200 * MS, 10000)
    assert not [e for e in events(base, "send") if e["cause"] == "opportunistic"]
    assert res.flows[0].metrics["fct_ms"] < base.flows[0].metrics["fct_ms"]


def _paced_recovery(recovery: str, iw: int) -> rexsim.Result:
    """Segment 1's first transmission lost; the forward link at 8.32 Mb/s, so
    a 1000-byte segment (1040 bytes on the wire) takes exactly 1 ms to
    serialise: the 9 segments left (2..10) arrive at 50 + (k - 1) ms and their
    ACKs reach the sender 1 ms apart, the one SACKing segment k at 99 + k ms."""
    sc = scenario(
        {}, segments=40, tcp={"opportunistic_rtx": True, "recovery": recovery, "iw": iw}, rules=[{"segment": 1}]
    )
    sc["path"]["forward"]["rate_bps"] = 8_320_000
    res = rexsim.run(sc)
    check_invariants(sc, res)
    return res


def _new_data(res: rexsim.Result, until_ms: int) -> list[tuple[int, int, str]]:
    return [(e["t_ns"] // MS, e["seq"], e["cause"]) for e in events(res, "send") if 0 < e["t_ns"] <= until_ms * MS]


def test_opportunistic_bound_is_the_holes_and_sacked_segments_past_the_window() -> None:
    """The extension's bound, with a window that does not bind: QARR keeps
    the window W at the loss (β = 1; IW 20 and the 10-segment buffer, so
    cwnd = W = 20000 while 10 segments are out), and its queue estimate never
    exceeds QT = 5 segments here (at most pipe 11000 x (109 - 101) / 109 =
    807 bytes), so W stays 20000.  t=103: the third duplicate ACK (SACK
    [1000, 4000)) starts recovery with the fast retransmit; pipe = 10000 out -
    3000 SACKed - 1000 lost + 1000 retransmitted = 7000, W - pipe = 13000.
    The window ends at snd_una 0 + 10000 = snd_nxt; the extension is n1 + n2
    = 1 hole + 3 SACKed = the highest SACKed end 4000 - snd_una 0, so new
    data may reach 14000: [10000, 14000) leave (cause opportunistic), and
    [14000, 15000) does not, though the quota has room for 9 more.  Each ACK
    at 99 + k ms (k = 5..10) SACKs one more segment and lets one more go:
    [14000, 15000) at 104 ... [19000, 20000) at 109; the next, [20000, 21000),
    ends past 10000 + 10000 + 10000 and waits for the end of recovery: the
    retransmission (sent 103, serialised 103-104) arrives at 154, the
    opportunistic segments behind it at 155..164, each accepted (W6: the
    reader took the 10000 bytes at 154, so the buffer ends at 20000, which
    the last one reaches exactly); its ACK (10000, at 204) ends recovery, and
    with una 10000 the window allows [20000, 21000) only at the next ACK,
    11000 at 205."""
    res = _paced_recovery("qarr", 20)
    assert {e["cwnd_bytes"] for e in res.trace if e["t_ns"] <= 204 * MS} == {20000}
    opp = [(t, s) for t, s, cause in _new_data(res, 204) if cause == "opportunistic"]
    assert opp == [(103, 10000), (103, 11000), (103, 12000), (103, 13000)] + [
        (99 + k, 14000 + 1000 * (k - 5)) for k in range(5, 11)
    ]
    assert _new_data(res, 205)[-1] == (205, 20000, "new")
    assert len(_new_data(res, 205)) == len(opp) + 1
    assert not [e for e in events(res, "drop") if e["t_ns"] > 0]


def test_opportunistic_bound_stops_at_a_gap_not_yet_retransmitted() -> None:
    """The extension counts a gap only once it has been retransmitted ("first
    retransmits the lost packets. The receiver will advance the AWnd by n1+n2
    packets if they are successfully received", §IV): the QARR case above
    (W = 20000 throughout: the queue estimate stays below 1000 bytes, at most
    pipe 12000 x (110 - 101) / 110), with segment 7, [6000, 7000), lost too.
    t=103..105 as above: [10000, 16000) go (the gap [0, 1000) was fast-
    retransmitted at 103).  t=106 (SACK [7000, 8000)) and t=107 ([7000,
    9000)): [6000, 7000) is a gap whose IsLost (RFC 6675: DupThresh segments
    SACKed above it) does not hold yet, so it is not retransmitted and the
    extension stops at its start, 6000: 10000 + 6000 = snd_nxt, nothing goes
    (counting it, the engine sent [16000, 18000) at 106 and [18000, 19000) at
    107; they reached the receiver at 161-163 ms, when rcv_nxt was still 6000
    and the buffer ended at 16000, and were dropped, reason rcv_buffer).
    t=108 ([7000, 10000): 3 segments above it): [6000, 7000) is lost and
    retransmitted (rule 1), then the extension reaches the highest SACKed
    end, 10000, and [16000, 20000) go, behind the retransmission.  They
    arrive after it (it at 161 ms, serialised after [15000, 16000) at 160),
    which moves rcv_nxt to 16000 (segments 8-10 and [10000, 16000) were
    held), so the buffer ends at 26000: every segment is accepted."""
    sc = scenario(
        {},
        segments=40,
        tcp={"opportunistic_rtx": True, "recovery": "qarr", "iw": 20},
        rules=[{"segment": 1}, {"segment": 7}],
    )
    sc["path"]["forward"]["rate_bps"] = 8_320_000
    res = rexsim.run(sc)
    check_invariants(sc, res)
    out = [
        (e["t_ns"] // MS, e["kind"], e["seq"], e["cause"])
        for e in res.trace
        if 0 < e["t_ns"] <= 200 * MS and e["kind"] in ("send", "retransmit")
    ]
    assert out == [(103, "retransmit", 0, "fast")] + [
        (103, "send", s, "opportunistic") for s in range(10000, 14000, 1000)
    ] + [
        (104, "send", 14000, "opportunistic"),
        (105, "send", 15000, "opportunistic"),
        (108, "retransmit", 6000, "lost"),
    ] + [(108, "send", s, "opportunistic") for s in range(16000, 20000, 1000)]
    assert [(e["t_ns"] // MS, e["seq"]) for e in events(res, "deliver") if 160 * MS <= e["t_ns"] <= 165 * MS] == [
        (160, 15000),
        (161, 6000),
        (162, 16000),
        (163, 17000),
        (164, 18000),
        (165, 19000),
    ]
    assert not [e for e in events(res, "drop") if e["t_ns"] > 0 and e.get("reason") == "rcv_buffer"]


def test_opportunistic_bound_keeps_pipe_within_cwnd() -> None:
    """The congestion-control bound, pipe <= cwnd, with the window extension
    to spare: RFC 6675 recovery, IW 10, cwnd = ssthresh = FlightSize / 2 =
    5000 at the fast retransmit (t=103), pipe 7000 after it.  t=104 (SACK
    [1000, 5000)): pipe 6000; t=105: pipe 5000 = cwnd: nothing new, though
    the extension allows [10000, 15000) and a reading of "pipe <= CWnd"
    checked before the send would let one segment go here (pipe 6000 after
    it); the engine reads the bound after the send (pipe + MSS <= cwnd, §II.A
    (a)'s "pipe < CWnd" before it, RFC 6675's cwnd - pipe >= 1 SMSS).  t=106:
    pipe 4000, so [10000, 11000) goes (pipe 5000); one more on each ACK at
    107, 108, 109 ([11000, 14000)).  The retransmission's ACK (10000, at 204)
    ends recovery: [14000, 15000) goes at 204 as new data."""
    res = _paced_recovery("rfc6675", 10)
    assert _new_data(res, 204) == [(106 + j, 10000 + 1000 * j, "opportunistic") for j in range(4)] + [
        (204, 14000, "new")
    ]
    assert not [e for e in events(res, "drop") if e["t_ns"] > 0]


def test_opportunistic_data_is_dropped_when_the_retransmission_is_lost() -> None:
    """The paper's §VIII case: the retransmission of segment 1 is lost too, so
    at t=150 the 4 opportunistic segments find rcv_nxt = 0: they end past
    0 + 10000 (W6) and are dropped (reason rcv_buffer), each answered by an
    ACK."""
    res = _recovery(True, lose_rtx=True)
    drops = [(e["t_ns"], e["seq"]) for e in events(res, "drop") if e.get("reason") == "rcv_buffer"]
    assert drops == [(150 * MS, s) for s in (10000, 11000, 12000, 13000)]
    assert res.flows[0].metrics["completed"] and res.flows[0].metrics["bytes_delivered"] == 30000


def test_window_scaling_rounds_the_window() -> None:
    """wscale 10 (units of 1024), buffer 10000 = 9 x 1024 + 784, reader at
    once: the whole-buffer window (empty buffer, W3) is rounded down to
    9216 (W4), so the first ACK already carries 9216 and the sender keeps
    snd_nxt + 1000 <= snd_una + 9216: after the ACKs of the first 10
    segments at t=100 it may have 9 segments out.  The series starts with
    the flow at the SYN-ACK's unscaled 10000 (the window the sender starts
    with; W4), then 9216 from the first ACK on."""
    res = rexsim.run(scenario({"wscale": 10}))
    t, v = res.trace.var_series("rwnd_bytes")
    assert t.tolist()[:2] == [0, 50 * MS] and v.tolist()[:2] == [10000, 9216] and set(v.tolist()[1:]) == {9216}
    at_100 = [e["seq"] for e in events(res, "send") if e["t_ns"] == 100 * MS]
    assert at_100 == [1000 * k for k in range(10, 19)]


def test_default_receiver_traces_no_window() -> None:
    """The default reader (at once, no scaling) offers the whole buffer on
    every ACK: no rwnd_bytes row at all, not even at the flow's start (the
    window is not modelled), so existing traces are unchanged."""
    res = rexsim.run(scenario({}, rules=[{"segment": 3, "transmission": 1}]))
    assert res.trace.var_series("rwnd_bytes")[0].size == 0


def test_bad_reader_input_names_the_field() -> None:
    for receiver, msg in (
        ({"read_blocked_ms": [0]}, "even count"),
        ({"read_blocked_ms": [500, 100]}, "below to_ms"),
        ({"read_blocked_ms": [0, 100, 50, 200]}, "at or after"),
        ({"wscale": 1, "rwnd_bytes": 200000}, "65535 << receiver.wscale"),
        ({"wscale": 15}, "receiver.wscale"),
        ({"read_bytes_per_s": -1}, "read_bytes_per_s"),
    ):
        with pytest.raises(rexsim.ScenarioError, match=msg):
            rexsim.run(scenario(receiver))
    # a shift past 14 is named once, by its range, and never used to check
    # the buffer (shifting by it was undefined: found by the fuzzer)
    for shift in (15, 64, 2**62):
        with pytest.raises(rexsim.ScenarioError) as bad:
            rexsim.run(scenario({"wscale": shift}))
        assert [e["path"] for e in bad.value.errors] == ["flows[0].receiver.wscale"]


READERS = st.fixed_dictionaries(
    {
        "read_bytes_per_s": st.sampled_from([0, 0, 1000, 50_000, 1_000_000, 10**9]),
        "read_blocked_ms": st.sampled_from([[], [], [0, 300], [100, 900, 1500, 4000], [2000, 2001]]),
        "wscale": st.sampled_from([0, 0, 3, 7]),
    }
)


@settings(max_examples=60, deadline=None)
@given(sc=scenarios(), reader=READERS, opp=st.booleans())
def test_every_byte_once_in_order_under_any_reader(sc, reader, opp) -> None:
    sc = copy.deepcopy(sc)
    for f in sc["flows"]:
        rcv = f.setdefault("receiver", {})
        rcv.update(reader)
        buf = rcv.get("rwnd_bytes", 67108864)
        if reader["wscale"]:
            rcv["rwnd_bytes"] = min(buf, 65535 << reader["wscale"])
        f.setdefault("tcp", {})["opportunistic_rtx"] = opp
    sc["duration_s"] = max(sc.get("duration_s", 60), 120)
    res = rexsim.run(sc)
    check_invariants(sc, res)
    assert np.all(res.trace.kind < len(rexsim.catalog()["vocab"]["events"]))


# ------------------------------------------------------------------ receiver.rwnd_bdp (receiver.c W0)
def bdp_scenario(receiver: dict, rate_bps: float = 8e6, access_delay_ms: float = 0, **kw) -> dict:
    """scenario() with a forward bottleneck of rate_bps (8 Mb/s: one byte per
    microsecond, 1000-byte segments 1 ms apart) and no fixed rwnd_bytes:
    the round trip's propagation delay is 50 + 50 ms (+ 2 x access delay)."""
    sc = scenario(receiver, **kw)
    sc["path"]["forward"]["rate_bps"] = rate_bps
    if "rwnd_bytes" not in receiver:
        del sc["flows"][0]["receiver"]["rwnd_bytes"]
    sc["flows"][0]["access_delay_ms"] = access_delay_ms
    return sc


def test_rwnd_bdp_is_the_fixed_window_it_resolves_to() -> None:
    """C = 8,000,000 bit/s, U = 50 + 50 = 100 ms: C x U / 8 = 100,000 bytes;
    k = 0.1 gives floor(100,000 x 0.1) = 10,000 bytes, the fixed window
    rwnd_bytes = 10000 of the same path.  The two runs (a reader at
    100,000 bytes/s, so the window is traced on every ACK; a loss to
    recover) are the same run event for event."""
    rules = [{"segment": 3, "transmission": 1}]
    by_bdp = rexsim.run(bdp_scenario({"rwnd_bdp": 0.1, "read_bytes_per_s": 100_000}, rules=rules))
    fixed_sc = bdp_scenario({"rwnd_bytes": 10000, "read_bytes_per_s": 100_000}, rules=rules)
    fixed = rexsim.run(fixed_sc)
    assert len(by_bdp.trace) == len(fixed.trace) >= 100
    for col in ("t_ns", "kind", "seq", "arg", "cwnd_bytes"):
        assert np.array_equal(getattr(by_bdp.trace, col), getattr(fixed.trace, col)), col
    assert by_bdp.trace.var_series("rwnd_bytes")[1].tolist() == fixed.trace.var_series("rwnd_bytes")[1].tolist()
    assert by_bdp.flows[0].metrics == fixed.flows[0].metrics


@pytest.mark.parametrize(
    "rate_bps,access_ms,k,buffer",
    [
        # floor(8e6 x 0.100 s x 0.123456 / 8) = floor(12345.6) = 12345
        (8e6, 0, 0.123456, 12345),
        # the access link counts twice: U = 100 + 2 x 5 = 110 ms; 8e6 x 0.110 / 8 = 110,000; x 0.1 = 11,000
        (8e6, 5, 0.1, 11000),
        # Table 3: C = 20 Mb/s, U = 100 ms, k = 1: AW = 20e6 x 0.1 / 8 = 250,000 bytes
        (20e6, 0, 1.0, 250000),
        # a rate in fractions of a bit/s rounds to whole bit/s as the link does: 8,000,000.4 -> 8,000,000
        (8e6 + 0.4, 0, 0.2, 20000),
    ],
)
def test_rwnd_bdp_resolves_in_whole_bytes(rate_bps: float, access_ms: float, k: float, buffer: int) -> None:
    """The buffer is observed through a reader that never reads (blocked for
    the whole run), as in the blocked-reader case above: the first
    segment's ACK holds 1000 bytes unread, free = buffer - 1000 equals the
    window still open (W2), so it offers buffer - 1000.  The series starts
    at the flow's start with the resolved buffer itself (rx_rcv_start), so
    that value is the first traced and buffer - 1000 the second."""
    sc = bdp_scenario({"rwnd_bdp": k, "read_blocked_ms": [0, 3_600_000]}, rate_bps=rate_bps, access_delay_ms=access_ms)
    sc["duration_s"] = 1
    res = rexsim.run(sc)
    t, v = res.trace.var_series("rwnd_bytes")
    assert v[0] == buffer and v[1] == buffer - 1000, (v[:3], buffer)


@pytest.mark.parametrize(
    "path,receiver,tcp,msg",
    [
        (
            {"rate_bps": 0},
            {"rwnd_bdp": 1},
            {},
            r"flows\[0\]\.receiver\.rwnd_bdp.*path\.forward\.rate_bps must be at least 1",
        ),
        # 8e6 x 0.1 / 8 x 0.005 = 500 bytes < MSS 1000
        ({}, {"rwnd_bdp": 0.005}, {}, r"window of 500 bytes.*below tcp.mss = 1000"),
        # 100,000 x 2 = 200,000 > 65535 << 1 = 131,070
        ({}, {"rwnd_bdp": 2, "wscale": 1}, {}, r"window of 200000 bytes.*65535 << receiver.wscale = 131070"),
        # 1e11 bit/s x 100 ms / 8 x 100 = 1.25e11 bytes
        ({"rate_bps": 1e11}, {"rwnd_bdp": 100}, {}, r"window of 125000000000 bytes.*1073741824"),
        ({}, {"rwnd_bdp": 101}, {}, r"receiver\.rwnd_bdp"),
        ({}, {"rwnd_bdp": -1}, {}, r"receiver\.rwnd_bdp"),
    ],
)
def test_rwnd_bdp_errors_name_the_field_and_limit(path: dict, receiver: dict, tcp: dict, msg: str) -> None:
    sc = bdp_scenario(receiver, tcp=tcp)
    sc["path"]["forward"].update(path)
    with pytest.raises(rexsim.ScenarioError, match=msg):
        rexsim.run(sc)


def test_rwnd_bdp_leaves_rwnd_bytes_unchecked() -> None:
    """With rwnd_bdp set, rwnd_bytes is not used: a value that would fail its
    own cross-field checks (below the MSS) is not an error."""
    sc = bdp_scenario({"rwnd_bdp": 0.1, "rwnd_bytes": 100})
    assert rexsim.run(sc).flows[0].metrics["completed"]
