"""A delay spike longer than the RTO that ALSO drops one segment: exact event
sequences derived by hand for conventional recovery, F-RTO (basic and
SACK-enhanced), Eifel and D-SACK detection.

The scenario is spurious_cases.py's (the common derivation is in
test_spurious_frto.py's docstring) with drop=5: the spike delays the
originals of segments 1-4 and 6-10 by 1000 ms and drops segment 5's (seq
4000); the RTO's retransmission of seq 0 is delayed 60 ms as before.  Rules
used below: the detectors judge an ACK before congestion control; congestion
control grows cwnd only when the pipe before the ACK was at least half of it
(tcp.cwnd_limited half_pipe, RFC 7661); slow start +1 SMSS per ACK below
ssthresh; in Disorder the n-th duplicate ACK lets FlightSize reach cwnd +
min(n, 2) SMSS (RFC 3042); DupThresh 3.

  t=1100  RTO: ssthresh = 10000/2 = 5000, cwnd 1000, seq 0..9000 marked lost,
          seq 0 retransmitted (Loss, recover = 10000).
  t=1150  the late originals of seq 0..3000 arrive in order, seq 4000 is
          missing, 5000..9000 arrive above the hole.
  t=1200  back to back: ACKs 1000, 2000, 3000, 4000, then five duplicate ACKs
          of 4000 that SACK [5000, 6000), [5000, 7000), ..., [5000, 10000)
          (without SACK, in the basic case, five plain duplicate ACKs).
  t=1260  the D-SACK of the RTO's retransmission of seq 0 (it arrived 1210).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rexsim import _rexsim
from rexsim.result import Result
from spurious_cases import metric, run, scenario, spurious_events, states, tx


def recovery_ssthresh(r: Result) -> int | None:
    """ssthresh as fast recovery starts (the 'recovery' state event), None if it never does."""
    for e in r.trace:
        if e["kind"] == "state" and e["state"] == "recovery":
            v = e["ssthresh_bytes"]
            assert isinstance(v, int)
            return v
    return None


#: the states after the RTO when a detector undoes it and the lost segment then shows: Loss, Open on
#: the verdict, Disorder on the first duplicate ACK, Recovery on the third (all at 1200), Open at 1300
UNDO_THEN_FAST_RECOVERY = [
    (1100.0, "loss"),
    (1200.0, "open"),
    (1200.0, "disorder"),
    (1200.0, "recovery"),
    (1300.0, "open"),
]
GO_BACK_N = [(1200.0, "retransmit", s) for s in range(1000, 10000, 1000)]


@pytest.mark.parametrize("detector", [None, "dsack"])
def test_conventional_recovery_and_dsack(detector: str | None) -> None:
    """Conventional recovery (and D-SACK, which never decides here).
    ACK 1000: prior pipe 1000 (seq 0's retransmission) >= cwnd/2: cwnd 2000,
    pipe 0: seq 1000, 2000 retransmitted.  ACK 2000: 3000, pipe 1000: 3000,
    4000.  ACK 3000: 4000, pipe 2000: 5000, 6000.  ACK 4000: 5000 (=
    ssthresh), pipe 3000: 7000, 8000.  Duplicate ACKs (Loss: no growth); a
    SACKed segment leaves the pipe: the first (SACK 5000) leaves pipe 4000
    (4000, 6000, 7000, 8000): 9000, the last one marked lost; each of the next
    four frees one more: new data 10000, 11000, 12000, 13000.  Ten
    retransmissions, one needed (seq 4000): 9 unnecessary.  At 1300 the
    cumulative ACK reaches recover (10000): Open.
    D-SACK: the D-SACKs report seq 0, 1000, 2000 and 3000 (the late originals
    got there first) but never seq 4000's retransmission, which was needed:
    not every retransmission of the episode is reported (RFC 3708 §3), no
    verdict, the same sequence."""
    r = run(detector, "sack", drop=5)
    assert tx(r, 1200) == [
        (1100.0, "retransmit", 0),
        *GO_BACK_N,
        *[(1200.0, "send", s) for s in (10000, 11000, 12000, 13000)],
    ]
    assert states(r) == [(1100.0, "loss"), (1300.0, "open")]
    assert spurious_events(r) == []
    assert metric(r, "retransmissions") == 10 and metric(r, "unnecessary_retransmissions") == 9
    assert metric(r, "spurious_rtos_detected") == 0 and metric(r, "undo_count") == 0
    assert r.flows[0].metrics["fct_ms"] == 1350.0 and recovery_ssthresh(r) is None


@pytest.mark.parametrize(("variant", "rule"), [("basic", "frto_basic_3b"), ("sack", "frto_sack_3b")])
def test_frto_undoes_then_fast_retransmits_the_lost_segment(variant: str, rule: str) -> None:
    """F-RTO.  ACK 1000 (step 2: covers the retransmission, not recover):
    cwnd 1000 -> 2000, pipe 0, step 2b sends two new segments, 10000 and
    11000.  ACK 2000 (step 3): it advances the window (basic 3b) and SACKs
    nothing above recover (SACK 3b): spurious, although seq 4000 was lost: no
    detector can tell a spike that also drops from one that does not, before
    the drop shows.  The event: ACK 2000, cwnd 2000 and ssthresh 5000 before;
    revert: cwnd max(2000, 10000) = 10000, ssthresh inf, Open.  No growth on
    this ACK (prior pipe 2000 < 10000/2); pipe 10000 (2000..9000 unmarked and
    the two new): nothing sent.  ACK 3000: cwnd 11000, pipe 9000: 12000,
    13000.  ACK 4000: 12000, pipe 10000: 14000, 15000 (FlightSize 12000).
    Duplicate ACK 1 (Disorder): FlightSize may reach 13000: 16000; duplicate
    ACK 2: 14000: 17000; duplicate ACK 3 starts fast recovery: ssthresh =
    (FlightSize 14000 - limited-transmit data 2000)/2 = 6000, seq 4000
    retransmitted (RFC 6675 (4.3); NewReno without SACK); recovery point
    18000.  At 1300 the ACK of 18000 (seq 4000 filled the hole at 1250,
    behind the new segments) ends recovery: Open, 18000 and 19000 sent.  Two
    retransmissions, one needed."""
    r = run("frto", variant, drop=5)
    assert tx(r, 1300) == [
        (1100.0, "retransmit", 0),
        *[(1200.0, "send", s) for s in range(10000, 18000, 1000)],
        (1200.0, "retransmit", 4000),
        (1300.0, "send", 18000),
        (1300.0, "send", 19000),
    ]
    assert states(r) == UNDO_THEN_FAST_RECOVERY
    assert spurious_events(r) == [(1200.0, "frto", rule, "revert", 2000, 2000, 5000, 10000, None, "open")]
    assert metric(r, "retransmissions") == 2 and metric(r, "unnecessary_retransmissions") == 1
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1
    assert metric(r, "fast_retransmits") == 1 and recovery_ssthresh(r) == 6000


def test_eifel_undoes_on_the_first_ack_then_fast_retransmits() -> None:
    """Eifel.  ACK 1000 echoes the original's TSval 100 < RetransmitTS 1100,
    no D-SACK, not all data acknowledged: spurious on the first ACK.  The
    event: ACK 1000, cwnd 1000 and ssthresh 5000 before, 10000 and inf after,
    Open.  No growth (prior pipe 1000 < 5000); pipe 9000 (1000..9000
    unmarked): one new segment, 10000.  ACK 2000: cwnd 11000, pipe 9000:
    11000, 12000.  ACK 3000: 12000: 13000, 14000.  ACK 4000: 13000: 15000,
    16000 (FlightSize 13000).  Duplicate ACKs 1 and 2: 17000, 18000; the third
    starts fast recovery: ssthresh = (15000 - 2000)/2 = 6500, seq 4000
    retransmitted, recovery point 19000.  The last two duplicate ACKs find
    pipe above cwnd 6500.  At 1300 the ACK of 19000 ends recovery (Open) and
    the last segment, 19000, is sent."""
    r = run("eifel", "sack", drop=5, timestamps=True)
    assert recovery_ssthresh(r) == 6500
    assert tx(r, 1300) == [
        (1100.0, "retransmit", 0),
        *[(1200.0, "send", s) for s in range(10000, 19000, 1000)],
        (1200.0, "retransmit", 4000),
        (1300.0, "send", 19000),
    ]
    assert states(r) == UNDO_THEN_FAST_RECOVERY
    assert spurious_events(r) == [(1200.0, "eifel", "eifel_ts_older", "revert", 1000, 1000, 5000, 10000, None, "open")]
    assert metric(r, "retransmissions") == 2 and metric(r, "unnecessary_retransmissions") == 1
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1


def run_two_holes(detector: str, variant: str, **tcp: Any) -> Result:
    """The spike drops the originals of segments 5 and 7 (seq 4000 and 6000); 40 segments to send, so new
    data never runs out before 1700 ms."""
    sc = copy.deepcopy(scenario(detector, variant, genuine=False, drop=(5, 7)))
    sc["flows"][0]["tcp"].update(tcp)
    sc["flows"][0]["app"] = {"kind": "fixed", "bytes": 40000}
    return Result(_rexsim.run(sc))


@pytest.mark.parametrize(
    ("detector", "variant", "tcp", "first_new"),
    [("eifel", "sack", {"timestamps": True}, 18000), ("frto", "linux", {}, 17000)],
)
def test_undo_then_a_second_hole_is_marked_lost_again(
    detector: str, variant: str, tcp: dict[str, Any], first_new: int
) -> None:
    """Two segments lost in the spike, seq 4000 and 6000: after the undo the
    second hole must become lost again by RFC 6675 §4's IsLost() and be
    repaired in this recovery, not wait for new data to run out or for the
    next RTO.  The undo unmarks it with every other segment never
    retransmitted; the loss detector then derives its marks again
    (ld_dupack on_undo).  Before the fix its cursor still said 'marked up to
    snd.nxt' (set by the RTO), IsLost() was never applied to seq 6000 again,
    and seq 6000 went out only at 1700 by NextSeg() rule 3 once the 40
    segments were all sent (fct 1750 ms) -- in Kato et al.'s bulk transfer,
    which never runs out of new data, only at the next RTO.

    At 1200, as in the one-hole case: the verdict (Eifel on ACK 1000, Linux's
    F-RTO on ACK 2000) restores cwnd 10000; new data to 16000 on ACKs 1000 to
    4000 (F-RTO's step 2b sent 10000 and 11000 first; it sends one segment
    less, so its limited transmit ends at 17000, Eifel's at 18000).  The four
    duplicate ACKs of 4000 SACK 5000, then 7000, 8000 and 9000 (seq 6000 is
    missing).  Duplicate ACKs 1 and 2: limited transmit.  The third (three
    segments SACKed) starts fast recovery, retransmits seq 4000, cwnd =
    ssthresh.  The fourth SACKs 9000: three SACKed segments lie above seq
    6000 (7000, 8000, 9000), so IsLost(6000).  Its pipe: 4000 (lost,
    retransmitted) 1 + 6000 (lost) 0 + the new segments 10000.. (7 or 8)
    ... above cwnd.  At 1300 the SACKs of the new data arrive, each taking one
    segment out of the pipe; the first that leaves it below cwnd sends
    NextSeg() rule 1's segment, seq 6000, before any new data; the ACK of
    seq 4000's retransmission (ACK 6000) follows, and the ACK of seq 6000's
    at 1400 ends recovery (the recovery point is below it): Open."""
    r = run_two_holes(detector, variant, **tcp)
    rtx = [(round(e["t_ns"] / 1e6, 3), e["seq"], e["cause"]) for e in r.trace if e["kind"] == "retransmit"]
    assert rtx == [(1100.0, 0, "rto"), (1200.0, 4000, "fast"), (1300.0, 6000, "lost")]
    sends = [x for x in tx(r, 1300) if x[0] == 1300.0]
    assert sends[0] == (1300.0, "retransmit", 6000) and sends[1] == (1300.0, "send", first_new + 1000)
    assert states(r) == [*UNDO_THEN_FAST_RECOVERY[:-1], (1400.0, "open")]
    assert metric(r, "retransmissions") == 3 and metric(r, "unnecessary_retransmissions") == 1
    assert metric(r, "rto_count") == 1 and metric(r, "undo_count") == 1
    assert r.flows[0].metrics["fct_ms"] == 1650.0
