"""F-RTO (RFC 5682, src/spurious/sp_frto.c): exact event sequences after an
RTO, derived by hand.

Setup (every case): one flow of 20 segments of 1000 bytes, IW 10, Reno,
RFC 5681 slow start (+1 SMSS per ACK), rfc6298 RTT profile (min RTO 1 s),
quick ACKs, timer 'rto', unlimited rate, one-way delay 50 ms each way.

  t=0      SYN; t=100 SYN-ACK: SRTT 100, RTTVAR 50, RTO = max(1 s, 300) = 1 s.
  t=100    segments 1..10 (seq 0..9000) sent; the RTO is armed for 1100.

Spurious case (a delay spike longer than the RTO, FIFO kept): each original
is delayed 1000 ms (arrives 1150); the RTO's retransmission of segment 1
(sent 1100) is delayed 60 ms, so it arrives behind them at 1210.
  t=1100   RTO: ssthresh = FlightSize/2 = 5000, cwnd 1000, every segment
           marked lost, seq 0 retransmitted (Loss).
  t=1200   the ten ACKs of the originals arrive back to back: 1000, 2000, ...
           10000 (recover = 10000).
Genuine case: the ten originals are dropped; the retransmission of seq 0
arrives 1150, its ACK (1000) at 1200.
"""

from __future__ import annotations

import copy

import pytest
from rexsim import _rexsim
from rexsim import linux_reference as L
from rexsim.result import Result
from spurious_cases import metric, run, spurious_events, states, tx
from spurious_cases import scenario as spurious_scenario


def test_conventional_recovery_retransmits_what_was_only_late() -> None:
    """No detector: the ACK of 1000 at 1200 grows cwnd to 2000 (slow start)
    with nothing in pipe (every other segment is marked lost): seq 1000 and
    2000 are retransmitted.  ACK 2000 (cwnd 3000, pipe = seq 2000's
    retransmission = 1000): 3000, 4000.  ACK 3000 (cwnd 4000, pipe 2000): 5000,
    6000.  ACK 4000 (cwnd 5000 = ssthresh, pipe 3000): 7000, 8000.  ACK 5000
    (congestion avoidance from here: cwnd 5000 + 1000*1000/5000 = 5200, pipe
    3000): 9000 and the first new segment, 10000.  Nine go-back-N
    retransmissions of data that was never lost, all at 1200."""
    r = run(None, "none")
    assert spurious_events(r) == []  # no detector, no verdict
    rtx = [seq for t, kind, seq in tx(r, 1200) if kind == "retransmit"]
    assert rtx == [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]
    assert ("send", 10000) in [(k, s) for _, k, s in tx(r, 1200)]
    assert (1100.0, "loss") in states(r)
    assert metric(r, "rto_count") == 1 and metric(r, "spurious_rtos_detected") == 0 and metric(r, "undo_count") == 0
    # nothing was lost: all ten retransmissions were unnecessary (F-RTO paper, Tables 1-3)
    assert metric(r, "unnecessary_retransmissions") == 10


@pytest.mark.parametrize("variant", ["basic", "sack"])
def test_rfc5682_declares_the_spike_spurious_on_the_second_ack(variant: str) -> None:
    """Step 2 (ACK 1000 at 1200): it covers the retransmitted segment, not
    recover (10000), and advances the window: step 2b sends new data instead
    of retransmitting: cwnd 2000 after slow start, pipe 0 (segments 2..10 are
    marked lost and held back): exactly two new segments, 10000 and 11000.
    Step 3 (ACK 2000, same instant): it advances the window (basic, 3b) and
    acknowledges never-retransmitted data below recover without SACKing
    anything above it (SACK-enhanced, 3b): spurious.  The undo restores cwnd
    10000 and ssthresh infinity (Open); the window does not grow on that ACK
    (the pipe before it, 2000, is below half of 10000: RFC 7661,
    tcp.cwnd_limited) and the pipe holds 10 segments (3..10 and the two new
    ones): nothing is sent.  Each of ACKs 3000..6000 then frees a segment and
    grows cwnd by one: two new segments each, 12000..19000 (20 segments end
    at 19000).  The only retransmission is the RTO's own."""
    r = run("frto", variant)
    assert tx(r, 1200) == [
        (1100.0, "retransmit", 0),
        (1200.0, "send", 10000),
        (1200.0, "send", 11000),
        (1200.0, "send", 12000),
        (1200.0, "send", 13000),
        (1200.0, "send", 14000),
        (1200.0, "send", 15000),
        (1200.0, "send", 16000),
        (1200.0, "send", 17000),
        (1200.0, "send", 18000),
        (1200.0, "send", 19000),
    ]
    assert states(r)[:2] == [(1100.0, "loss"), (1200.0, "open")]
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1
    assert metric(r, "unnecessary_retransmissions") == 1  # the RTO's own


def test_linux_variant_undoes_on_the_first_ack_of_never_retransmitted_data() -> None:
    """Linux (measured, frto2-spurious-rto.pkt): ACK 1000 covers only the
    retransmitted segment, so step 2b sends 10000 and 11000 (cwnd 2000, pipe
    0), exactly as RFC 5682; ACK 2000 is the first to cover never-retransmitted
    data and undoes: the same sequence as the RFC variants here, where the
    ACK of the retransmission comes first.  (The Linux reference case
    frto-undo-first-ack, where the first late ACK already covers segment 2,
    shows the difference: Open on that ACK.)"""
    r = run("frto", "linux")
    assert [k for _, k, _ in tx(r, 1200)].count("retransmit") == 1
    assert states(r)[:2] == [(1100.0, "loss"), (1200.0, "open")]


@pytest.mark.parametrize("variant", ["basic", "sack", "linux"])
def test_a_genuine_rto_is_not_undone(variant: str) -> None:
    """The ten originals were dropped.  ACK 1000 at 1200 (step 2b): two new
    segments, 10000 and 11000, at 1200 (cwnd 2000, pipe 0).  They arrive at
    1250 above the hole at 1000: the receiver answers each at once with a
    duplicate ACK (1000) that SACKs it, at 1300.  Basic: a duplicate ACK in
    step 3 (3a); SACK-enhanced: SACK information above recover (3a); Linux: the
    new data SACKed: genuine, no undo.  Conventional recovery resumes: cwnd
    2000 (no growth on duplicate ACKs), pipe 1000 after the first duplicate
    ACK SACKed 10000: seq 1000 is retransmitted at 1300.  The state stays
    Loss and ssthresh 5000 is kept (no 'open' before the recovery point)."""
    r = run("frto", variant, genuine=True)
    got = tx(r, 1300)
    assert got[:3] == [(1100.0, "retransmit", 0), (1200.0, "send", 10000), (1200.0, "send", 11000)]
    assert got[3] == (1300.0, "retransmit", 1000)
    st = states(r)
    assert st[0] == (1100.0, "loss")
    assert all(t > 1300 for t, s in st[1:] if s == "open")
    assert metric(r, "spurious_rtos_detected") == 0 and metric(r, "undo_count") == 0
    assert spurious_events(r) == []  # no verdict, no event
    # ten originals lost, ten retransmissions (seq 0..9000): none unnecessary
    assert metric(r, "unnecessary_retransmissions") == 0


@pytest.mark.parametrize("variant", ["basic", "sack"])
def test_step_2b_sends_at_most_two_new_segments(variant: str) -> None:
    """The Linux reference's spike (linux_reference.FRTO: the linux-6 profile,
    byte-counting slow start, RTT 100 ms, originals late by 210 ms and more,
    their ACKs 10 ms apart).  The RTO retransmits seq 0 at 408 ms; the first
    late ACK (2000, at 410.2) covers two segments, so byte counting grows cwnd
    from 1 to 3 segments, but step 2b sends "up to two new (previously unsent)
    segments" (RFC 5682 §2, §3): 10000 and 11000, not 12000.  The next ACK
    (4000, at 420.2) is spurious under either variant and the window opens."""
    sc = copy.deepcopy(L.FRTO)
    sc["flows"][0]["tcp"]["frto_variant"] = variant
    r = Result(_rexsim.run(sc))
    got = [(round(x.t_ms, 1), x.kind, x.seq) for x in L.transmissions(r) if 407 <= x.t_ms < 415]
    assert got == [(408.0, "retransmit", 0), (410.2, "send", 10000), (410.2, "send", 11000)]


@pytest.mark.parametrize(
    ("variant", "rule"), [("basic", "frto_basic_3b"), ("sack", "frto_sack_3b"), ("linux", "frto_linux_first")]
)
def test_the_verdict_goes_into_the_trace_with_its_rule(variant: str, rule: str) -> None:
    """The spurious event, at the deciding ACK: ACK 2000 at 1200 (the second
    ACK after the RTO; for Linux the first that covers never-retransmitted
    data, the same ACK here).  Before the response: the ACK of 1000 grew the
    loss window 1000 -> 2000 (slow start, below ssthresh 5000); the detectors
    judge an ACK before congestion control does, so cwnd 2000, ssthresh 5000.
    revert: Reno's undo_cwnd = max(cwnd 2000, cwnd before the RTO 10000) =
    10000, ssthresh = max(5000, inf) = inf; the event is written after the
    response and the return to Open.  The rule is the variant's: §2 step 3b,
    §3 step 3b, or Linux's first ACK."""
    r = run("frto", variant)
    assert spurious_events(r) == [(1200.0, "frto", rule, "revert", 2000, 2000, 5000, 10000, None, "open")]


def test_the_verdict_is_traced_under_each_response() -> None:
    """SACK-enhanced F-RTO, the same ACK 2000 at 1200 (cwnd 2000, ssthresh 5000
    before).  rfc4015 (RFC 4015 §3 step 4): FlightSize after the ACK is
    snd.nxt 12000 (step 2b sent 10000 and 11000) - 2000 = 10000, cwnd = 10000 +
    min(bytes_acked 1000, IW 10000) = 11000, ssthresh = pipe_prev = max(10000,
    inf) = inf.  none: the event with the window unchanged (2000, 5000) and
    the state still Loss; the verdict is counted, nothing is undone."""
    r = run("frto", "sack", spurious_response="rfc4015")
    assert spurious_events(r) == [(1200.0, "frto", "frto_sack_3b", "rfc4015", 2000, 2000, 5000, 11000, None, "open")]
    r = run("frto", "sack", spurious_response="none")
    assert spurious_events(r) == [(1200.0, "frto", "frto_sack_3b", "none", 2000, 2000, 5000, 2000, 5000, "loss")]
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 0


def test_the_papers_halve_response_keeps_half_the_window() -> None:
    """The F-RTO paper's own response (Sarolahti et al. 2003, §3 step 2a:
    "the congestion window size is set to have the same value as ssthresh"):
    the same verdict on ACK 2000 at 1200 (cwnd 2000, ssthresh 5000 before, set
    at the RTO to half the flight of 10000) sets cwnd = ssthresh = 5000 and
    keeps ssthresh 5000: the sender returns to Open in congestion avoidance,
    and as with revert nothing is retransmitted after the RTO's one
    retransmission (segments 2..10 are no longer marked lost)."""
    r = run("frto", "sack", spurious_response="halve")
    assert spurious_events(r) == [(1200.0, "frto", "frto_sack_3b", "halve", 2000, 2000, 5000, 5000, 5000, "open")]
    assert metric(r, "undo_count") == 1 and metric(r, "retransmissions") == 1
    assert metric(r, "unnecessary_retransmissions") == 1


def test_a_sampled_trace_keeps_the_verdict_with_its_window_before() -> None:
    """The spurious kind is rare: a sampled trace keeps it, and its side-table
    entry (the window before the response), exactly as the full trace has it;
    trace mode none records nothing, the metrics count the verdict all the same."""
    full = run("frto", "sack")
    for mode, expected in (("sampled", spurious_events(full)), ("none", [])):
        sc = copy.deepcopy(spurious_scenario("frto", "sack", genuine=False))
        sc["trace"] = mode
        r = Result(_rexsim.run(sc))
        assert spurious_events(r) == expected, mode
        assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1
    assert len(spurious_events(full)) == 1
