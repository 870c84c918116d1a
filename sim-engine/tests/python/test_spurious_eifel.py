"""Eifel detection (RFC 3522, src/spurious/sp_eifel.c) with each response
(tcp.spurious_response), exact event sequences derived by hand.

The scenario is spurious_cases.py's (derivation in test_spurious_frto.py)
with timestamps on: every segment carries its send time in ms as TSval; the
receiver echoes the TSval of the segment that advanced its window (RFC 7323
§4.3).  The RTO at 1100 retransmits seq 0 with TSval 1100: RetransmitTS =
1100 (RFC 3522 §3.2 step 2), FlightSize 10000 and ssthresh infinite before it,
so RFC 4015's pipe_prev = max(10000, inf) = inf.

Spurious case: the first ACK after the RTO, 1000 at 1200, answers the
original of seq 0 (sent at 100): TSecr 100 < 1100 (step 4), no D-SACK on it
and it does not acknowledge all outstanding data (step 5): spurious on the
first ACK (step 6), before any further retransmission.
Genuine case: the ACK 1000 answers the retransmission: TSecr 1100, not
smaller than RetransmitTS: no verdict of spurious (DONE).
"""

from __future__ import annotations

import pytest
from spurious_cases import metric, run, spurious_events, states, tx

NEW_AT_1200 = [(1200.0, "send", 10000 + 1000 * i) for i in range(10)]


@pytest.mark.parametrize("response", ["revert", "rfc4015"])
def test_eifel_undoes_on_the_first_ack(response: str) -> None:
    """revert: cwnd back to 10000, ssthresh infinite; rfc4015 (RFC 4015 §3
    step 4): cwnd = FlightSize after the ACK (seqs 1000..9000: 9000) +
    min(bytes_acked 1000, IW 10000) = 10000, ssthresh = pipe_prev = inf.  The
    same window either way here; it does not grow on the deciding ACK (the
    pipe before it, 1000, is below half of 10000: RFC 7661,
    tcp.cwnd_limited), and with 9 segments in pipe one new segment goes,
    10000; each of ACKs 2000..5000 frees one and adds one: two more each,
    11000..18000, and ACK 6000 the last, 19000 (all at 1200).  The only
    retransmission is the RTO's."""
    r = run("eifel", "sack", timestamps=True, spurious_response=response)
    assert tx(r, 1300) == [(1100.0, "retransmit", 0), *NEW_AT_1200]
    # the event at the deciding ACK (1000 at 1200): before the response the
    # loss window 1000 (the detectors judge the ACK before slow start does)
    # and ssthresh 5000; after it 10000 and infinite, Open
    assert spurious_events(r) == [(1200.0, "eifel", "eifel_ts_older", response, 1000, 1000, 5000, 10000, None, "open")]
    assert states(r)[:2] == [(1100.0, "loss"), (1200.0, "open")]
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1


def test_eifel_detect_only_keeps_the_conventional_recovery() -> None:
    """response none: the verdict is counted, nothing else changes: the
    go-back-N of test_spurious_frto's conventional case (seqs 1000..9000
    retransmitted at 1200), no undo."""
    r = run("eifel", "sack", timestamps=True, spurious_response="none")
    rtx = [seq for t, kind, seq in tx(r, 1200) if kind == "retransmit"]
    assert rtx == [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 0
    # the verdict is traced all the same, the window as it was (1000, 5000), still Loss
    assert spurious_events(r) == [(1200.0, "eifel", "eifel_ts_older", "none", 1000, 1000, 5000, 1000, 5000, "loss")]


@pytest.mark.parametrize("response", ["revert", "rfc4015", "none", "halve"])
def test_eifel_keeps_a_genuine_rto(response: str) -> None:
    """Originals dropped: the ACK 1000 at 1200 echoes the retransmission's
    TSval 1100: genuine.  Conventional slow start: cwnd 2000, pipe 0 (all
    marked lost): seqs 1000 and 2000 retransmitted at 1200; they are ACKed at
    1300 (cwnd 3000, then 4000): 3000..6000 at 1300.  Loss lasts to the
    recovery point (1500)."""
    r = run("eifel", "sack", genuine=True, timestamps=True, spurious_response=response)
    assert tx(r, 1300) == [
        (1100.0, "retransmit", 0),
        (1200.0, "retransmit", 1000),
        (1200.0, "retransmit", 2000),
        (1300.0, "retransmit", 3000),
        (1300.0, "retransmit", 4000),
        (1300.0, "retransmit", 5000),
        (1300.0, "retransmit", 6000),
    ]
    assert states(r)[:2] == [(1100.0, "loss"), (1500.0, "open")]
    assert metric(r, "spurious_rtos_detected") == 0 and metric(r, "undo_count") == 0
    assert spurious_events(r) == []


def test_eifel_without_timestamps_never_decides() -> None:
    """No timestamps: Eifel has no evidence and retires; the recovery is the
    conventional one."""
    r = run("eifel", "sack", timestamps=False)
    assert metric(r, "spurious_rtos_detected") == 0
    assert [k for _, k, _ in tx(r, 1200)].count("retransmit") == 10


def test_a_pair_detects_what_either_member_detects() -> None:
    """F-RTO + Eifel without timestamps: Eifel retires on the first ACK, F-RTO
    goes on and declares the spike spurious on the second (the F-RTO
    sequence)."""
    r = run("frto", "sack", spurious=["frto", "eifel"])
    assert [k for _, k, _ in tx(r, 1200)].count("retransmit") == 1
    assert metric(r, "spurious_rtos_detected") == 1
    assert [(t, det, rule) for t, det, rule, *_ in spurious_events(r)] == [(1200.0, "frto", "frto_sack_3b")]
