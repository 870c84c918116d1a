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

import copy
from typing import Any

import numpy as np
import pytest
from rexsim import _rexsim
from rexsim.result import Result
from rexsim.tracefile import TIMER_KINDS
from spurious_cases import metric, run, scenario, spurious_events, states, tx

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


def _state_changes(r) -> list[tuple[float, int, str]]:
    """(t_ms, snd.una when the state changed, state entered) from 1100 on."""
    import numpy as np
    from rexsim.tracefile import STATES

    tr = r.trace
    idx = np.flatnonzero(tr.mask("state", flow=0) & (tr.t_ns >= 1100 * 10**6))
    return [(float(tr.t_ns[i]) / 1e6, int(tr.seq[i]), STATES[int(tr.state[i])]) for i in idx]


@pytest.mark.parametrize("variant", ["rfc3522", "linux"])
def test_eifel_linux_variant_without_sack_stays_in_loss(variant: str) -> None:
    """No SACK (frto 'basic' scenario: tcp.sack off), timestamps on.  The
    verdict is RFC 3522's on the first ACK (1000 at 1200, TSecr 100 < 1100).
    rfc3522: the undo returns to Open at once, on that ACK (snd.una 1000).
    linux (tcp.eifel_variant; shared/linux-reference Non-SACK+TS: "restores
    cwnd 10 but the state stays Loss"): the same undo (cwnd 10000, ssthresh
    infinite) under its own rule, the state stays Loss, and Loss ends when the
    ACKs reach recover (10000, the last of the ten ACKs at 1200: Open with
    snd.una 10000, RFC 5681 / the core's Loss exit).  The transmissions are the
    same either way (the send quota is cwnd - pipe in Loss as in Open, and the
    window grows in Loss as in Open): the RTO's retransmission, then new data
    10000..19000 at 1200 as in test_eifel_undoes_on_the_first_ack."""
    r = run("eifel", "basic", timestamps=True, eifel_variant=variant)
    assert tx(r, 1300) == [(1100.0, "retransmit", 0), *NEW_AT_1200]
    rule, state = ("eifel_ts_older", "open") if variant == "rfc3522" else ("eifel_ts_linux_nosack", "loss")
    assert spurious_events(r) == [(1200.0, "eifel", rule, "revert", 1000, 1000, 5000, 10000, None, state)]
    una_at_open = 1000 if variant == "rfc3522" else 10000
    assert _state_changes(r)[:2] == [(1100.0, 0, "loss"), (1200.0, una_at_open, "open")]
    assert metric(r, "spurious_rtos_detected") == 1 and metric(r, "undo_count") == 1


def test_eifel_linux_variant_with_sack_leaves_loss_at_once() -> None:
    """With SACK the linux variant is RFC 3522's (eifel-ts-undo-sack.pkt: Open
    at once): the same event as test_eifel_undoes_on_the_first_ack."""
    r = run("eifel", "sack", timestamps=True, eifel_variant="linux")
    assert spurious_events(r) == [(1200.0, "eifel", "eifel_ts_older", "revert", 1000, 1000, 5000, 10000, None, "open")]


def test_eifel_linux_variant_next_rto_in_kept_loss_is_a_new_episode() -> None:
    """No SACK, the spike also drops the original of segment 5 (seq 4000).
    At 1200: ACK 1000 undoes (linux: Loss kept, cwnd 10000, ssthresh
    infinite); ACKs 2000, 3000, 4000 advance (cwnd 11000..13000, slow start)
    and new data 10000..19000 goes out; the originals 6..10 then bring
    duplicate ACKs of 4000, which start no fast retransmit in Loss, and
    nothing is marked lost (the undo unmarked every segment), so the hole
    waits for the RTO.  The last ACK that advanced (4000 at 1200) restarted it
    (RFC 6298 5.3) with RTO = 1 s: the samples after the undo (ACKs 2000..4000,
    originals sent at 100: 1100 ms each, ExpectedSamples-weighted, RFC 7323
    App. G) leave SRTT + 4 RTTVAR under a second, rounded up to RFC 6298
    (2.4)'s 1 s.  At 2200 the RTO retransmits 4000.  The undo ended the first
    episode, so this is a new one: ssthresh = FlightSize / 2 = (20000 - 4000)
    / 2 = 8000 (RFC 5681 eq. 4), not 'a repeated timeout' that would keep the
    restored infinite ssthresh.  rfc3522 instead: Open after the undo, so
    three duplicate ACKs start fast recovery at 1200 and 4000 is
    retransmitted at once."""
    r = run("eifel", "basic", timestamps=True, eifel_variant="linux", drop=5)
    rtx = [(t, seq) for t, kind, seq in tx(r, 2200) if kind == "retransmit"]
    assert rtx == [(1100.0, 0), (2200.0, 4000)]
    tr = r.trace
    armed = [e for e in tr if e["kind"] == "timer_armed" and e["t_ns"] == 2200 * 10**6]
    assert [(e["cwnd_bytes"], e["ssthresh_bytes"]) for e in armed] == [(1000, 8000)]
    assert metric(r, "rto_count") == 2 and metric(r, "undo_count") == 1
    r3522 = run("eifel", "basic", timestamps=True, eifel_variant="rfc3522", drop=5)
    assert [(t, seq) for t, kind, seq in tx(r3522, 2200) if kind == "retransmit"] == [(1100.0, 0), (1200.0, 4000)]


def _long_rtt_spike(response: str) -> Result:
    """The scenario above stretched so that the RTO is not held at the 1 s
    minimum: one-way delays 200 ms, the originals of segments 1..10 held
    1500 ms, the RTO's retransmission 600 ms."""
    sc = copy.deepcopy(scenario("eifel", "sack", genuine=False))
    sc["path"]["forward"]["delay_ms"] = sc["path"]["reverse"]["delay_ms"] = 200
    rules: list[dict[str, Any]] = [
        {"segment": k, "transmission": 1, "action": "delay", "delay_ms": 1500} for k in range(1, 11)
    ]
    rules.append({"segment": 1, "transmission": 2, "action": "delay", "delay_ms": 600})
    sc["path"]["forward"]["loss"]["rules"] = rules
    sc["flows"][0]["tcp"].update(timestamps=True, spurious_response=response)
    return Result(_rexsim.run(sc))


def _rto_armed_ms(r: Result, at_ms: float) -> list[float]:
    """The RTO lengths (ms) armed at this instant, in order."""
    tr = r.trace
    rto = tr.mask("timer_armed", flow=0) & ((tr.detail & 15) == TIMER_KINDS.index("rto"))
    at = np.flatnonzero(rto & (np.abs(tr.t_ns / 1e6 - at_ms) < 1e-6))
    return [round(float(tr.arg[i]) / 1000, 3) for i in at]


def test_rfc4015_adapts_the_rto_on_the_first_sample_after_the_timeout() -> None:
    """RFC 4015's RTO adaptation (rtt.c, rx_rtt_eifel_rebase; G = 1 ms).

    Handshake: SYN at 0, SYN-ACK at 400: SRTT 400, RTTVAR 200, RTO = 400 +
    max(1, 800) = 1200 ms.  Ten segments go at 400; the RTO fires at 1600
    and retransmits seq 0 (TSval 1600), which arrives at 2400 (200 + 600).
    The originals arrive at 2100 (200 + 1500), their ACKs at 2300.  At the
    timeout SRTT_prev = 400 + 2G = 402, RTTVAR_prev = 200, SND.MAX 10000.
    At 2300 ACK 1000 echoes TSecr 400 < 1600: spurious (as above); ACKs
    2000..10000 carry samples of 1900 ms, folded as usual (they acknowledge
    data sent before the timeout: E1).  New data 10000.. goes at 2300; its
    first ACK, 11000 at 2700, is the first sample of data sent after the
    timeout: m = 400, SRTT = max(402, 400) = 402, RTTVAR = max(200, 200) =
    200, RTO = 402 + max(1, 800) = 1202 ms, armed at 2700.  Under revert the
    1900 ms samples stay in the estimator: the RTO armed then is above 2 s."""
    adapted = _rto_armed_ms(_long_rtt_spike("rfc4015"), 2700.0)
    assert adapted[0] == 1202.0
    # later samples of 400 ms fold from there (RFC 6298 with RFC 7323 App. G)
    # down to the 1 s minimum
    assert adapted[-1] == 1000.0 and adapted == sorted(adapted, reverse=True)
    assert _rto_armed_ms(_long_rtt_spike("revert"), 2700.0)[0] > 2000.0
