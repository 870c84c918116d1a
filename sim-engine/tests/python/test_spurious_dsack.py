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
from spurious_cases import metric, run, states


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


def test_dsack_detect_only() -> None:
    r = run("dsack", "sack", spurious_response="none")
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 0
    assert r.trace.describe(_dsack_acks(r)[-1][0] + 1)["ssthresh_bytes"] == 5000


@pytest.mark.parametrize("response", ["revert", "rfc4015", "none"])
def test_dsack_keeps_a_genuine_rto(response: str) -> None:
    """Originals dropped: every retransmission brings the receiver new data,
    no D-SACK comes, the verdict never falls: Loss until the recovery point at
    1500, as without a detector."""
    r = run("dsack", "sack", genuine=True, spurious_response=response)
    assert _dsack_acks(r) == []
    assert states(r)[:2] == [(1100.0, "loss"), (1500.0, "open")]
    assert metric(r, "spurious_rtos_detected") == 0 and metric(r, "undo_count") == 0


def test_frto_decides_before_dsack_in_a_pair() -> None:
    """F-RTO + D-SACK: F-RTO's verdict on the second ACK (1200) comes first;
    the RTO's own retransmission is the only one, and its D-SACK at 1260 finds
    the watch over: one detection, one undo."""
    r = run("frto", "sack", spurious=["frto", "dsack"])
    assert metric(r, "retransmissions") == 1
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1
