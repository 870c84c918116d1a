"""D-SACK based detection (RFC 3708, src/spurious/sp_dsack.c), exact events
derived by hand on spurious_cases.py's scenario (derivation of the common
part in test_spurious_frto.py), SACK on.

Spurious case, conventional recovery until the verdict: the RTO at 1100
retransmits seq 0, and the ACKs of the late originals at 1200 drive the
go-back-N of seqs 1000..9000 (test_spurious_frto's conventional case): ten
retransmissions in the episode's log.  Every one reaches a receiver that
already holds it, so each is answered by a D-SACK (RFC 2883): seq 0's
(arriving 1210) at 1260, the nine sent at 1200 (arriving 1250) at 1300.  The
cumulative ACK passed recover (10000) at 1200, so the verdict falls on the
ACK carrying the tenth D-SACK, [9000, 10000) at 1300: spurious, a round trip
after the unneeded retransmissions (RFC 3708 §3).
"""

from __future__ import annotations

import pytest
from rexsim.result import Result
from spurious_cases import metric, run, spurious_events, states


def _dsack_acks(r: Result) -> list[tuple[int, float, list[list[int]]]]:
    return [
        (i, round(e["t_ns"] / 1e6, 3), e["sack"])
        for i, e in enumerate(r.trace)
        if e["kind"] == "ack_recv" and e.get("dsack")
    ]


def test_dsack_reverts_once_every_retransmission_is_reported() -> None:
    """revert: Reno's undo_cwnd = max(cwnd, cwnd before the RTO, 10000) =
    10000 and ssthresh = max(5000, inf) = inf; the D-SACK ACK acknowledges
    nothing new, so the window does not grow on it: the next event carries
    cwnd 10000 and no ssthresh.  Ten unneeded retransmissions all the same."""
    r = run("dsack", "sack")
    acks = _dsack_acks(r)
    assert [(t, s) for _, t, s in acks] == [(1260.0, [[0, 1000]])] + [
        (1300.0, [[k, k + 1000]]) for k in range(1000, 10000, 1000)
    ]
    last = acks[-1][0]
    assert r.trace.describe(last)["ssthresh_bytes"] == 5000  # before the verdict
    after = r.trace.describe(last + 1)
    assert after["cwnd_bytes"] == 10000 and after["ssthresh_bytes"] is None
    assert metric(r, "spurious_retransmissions") == 10
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1
    # the event: ACK 10000 at 1300 carrying the tenth D-SACK; before the
    # response cwnd 6000 (slow start 1000 -> 5000 on ACKs 1000..4000 at 1200,
    # then congestion avoidance, one segment per cwnd of ACKed bytes: ACKs
    # 5000..9000 bring 5000 -> 6000; the D-SACK ACKs acknowledge nothing new)
    # and ssthresh 5000; after it 10000 and infinite.  Loss had already ended
    # at 1200 (ACK 10000 reached recover), so the state is Open either way.
    assert spurious_events(r) == [
        (1300.0, "dsack", "dsack_all_reported", "revert", 10000, 6000, 5000, 10000, None, "open")
    ]


def test_dsack_rfc4015_response() -> None:
    """RFC 4015 §3 step 4 on the D-SACK verdict: cwnd = FlightSize + min(bytes_acked,
    IW) = 6000 + 0 (the D-SACK ACK acknowledges nothing new; FlightSize: the
    new segments 10000..15000 that cwnd 6000 let out at 1200, not yet ACKed),
    ssthresh = pipe_prev = max(FlightSize 10000, inf) = inf at the RTO."""
    r = run("dsack", "sack", spurious_response="rfc4015")
    assert spurious_events(r) == [
        (1300.0, "dsack", "dsack_all_reported", "rfc4015", 10000, 6000, 5000, 6000, None, "open")
    ]


def test_dsack_detect_only() -> None:
    r = run("dsack", "sack", spurious_response="none")
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 0
    assert r.trace.describe(_dsack_acks(r)[-1][0] + 1)["ssthresh_bytes"] == 5000
    assert spurious_events(r) == [
        (1300.0, "dsack", "dsack_all_reported", "none", 10000, 6000, 5000, 6000, 5000, "open")
    ]


@pytest.mark.parametrize("response", ["revert", "rfc4015", "none", "halve"])
def test_dsack_keeps_a_genuine_rto(response: str) -> None:
    """Originals dropped: every retransmission brings the receiver new data,
    no D-SACK comes, the verdict never falls: Loss until the recovery point at
    1500, as without a detector."""
    r = run("dsack", "sack", genuine=True, spurious_response=response)
    assert _dsack_acks(r) == []
    assert states(r)[:2] == [(1100.0, "loss"), (1500.0, "open")]
    assert metric(r, "spurious_rtos_detected") == 0 and metric(r, "undo_count") == 0
    assert spurious_events(r) == []


def test_frto_decides_before_dsack_in_a_pair() -> None:
    """F-RTO + D-SACK: F-RTO's verdict on the second ACK (1200) comes first;
    the RTO's own retransmission is the only one, and its D-SACK at 1260 finds
    the watch over: one detection, one undo."""
    r = run("frto", "sack", spurious=["frto", "dsack"])
    assert metric(r, "retransmissions") == 1
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1
    assert [(t, det, rule) for t, det, rule, *_ in spurious_events(r)] == [(1200.0, "frto", "frto_sack_3b")]
