"""The claims of Kato et al., "Performance Evaluation of TCP Spurious Timeout
Detection Methods under Delay Spike and Packet Loss Emulating LTE Handover"
(shared/papers/spurious-timeout-detection-lte-handover.txt), §4, on the
presets lte-handover-spike (Fig. 4) and lte-handover-spike-loss (Figs. 5-11).

The paper's measure (Fig. 11) is the data transferred during the 20 s run;
here: the in-order bytes at the receiver at 20 s, the highest cumulative ACK
it sent by then.  The paper averages three runs; the claims over the loss
preset are checked on the mean of SEEDS seeds, more than the paper's three so
that one run's luck does not decide a claim (the preset's replications stay
the paper's three).  Where the engine disagrees with the paper the test pins
what the engine does and the preset's description says by how much and why.
"""

from __future__ import annotations

import statistics

import pytest
import rexsim
from rexsim.presets import DETECTOR_VARIANTS, PRESETS

SEEDS = range(1, 21)
T_END_NS = 20 * 10**9


def transferred_mb(sc: dict) -> float:
    res = rexsim.run(sc)
    assert res.invariant_violations == 0
    tr = res.trace
    acks = tr.seq[tr.mask("ack_sent") & (tr.t_ns <= T_END_NS)]
    return int(acks.max()) / 1e6


def mean_mb(preset: str, variant: str, seeds=SEEDS) -> float:
    return statistics.mean(transferred_mb(rexsim.preset_scenario(preset, variant, {"seed": s})) for s in seeds)


@pytest.fixture(scope="module")
def spike():
    return {v: transferred_mb(rexsim.preset_scenario("lte-handover-spike", v)) for v in DETECTOR_VARIANTS}


@pytest.fixture(scope="module")
def spike_loss():
    return {v: mean_mb("lte-handover-spike-loss", v) for v in DETECTOR_VARIANTS}


def test_presets_are_the_papers_experiments():
    for name in ("lte-handover-spike", "lte-handover-spike-loss"):
        p = PRESETS[name]
        sc = p["scenario"]
        assert sc["path"]["forward"]["rate_bps"] == 10e6  # §3.2: 10 Mbps
        assert sc["flows"][0]["tcp"]["cc"] == "reno"  # §3.2: TCP Reno
        assert sc["flows"][0]["app"] == {"kind": "bulk", "duration_s": 20}  # 20 s runs (§4.2, Fig. 11)
        assert sc["path"]["forward"]["stages"] == [{"kind": "schedule"}]
        assert "stages" not in sc["path"]["reverse"]  # §3.2: only towards the receiver
        assert "reconstruct" in p["description"].lower()
        assert p["variants"] == DETECTOR_VARIANTS
    assert PRESETS["lte-handover-spike-loss"]["replications"] == 3  # §4.2: three runs per method
    # every detector alone and every pair (§4: Figs. 4-10)
    combos = {tuple(v["flows[*].tcp.spurious"]) for v in DETECTOR_VARIANTS.values()}
    assert combos == {(), ("eifel",), ("dsack",), ("frto",), ("eifel", "dsack"), ("eifel", "frto"), ("dsack", "frto")}


def test_spike_alone_all_three_detectors_perform_alike(spike):
    """§4.1: "those differences in the cwnd behaviors are not reflected to the
    behaviors of sequence/ACK numbers ... Eifel, DSACK, and F-RTO work well in
    the LTE lossless handover": alike within 1 %."""
    alone = [spike["Eifel"], spike["DSACK"], spike["F-RTO"]]
    assert max(alone) / min(alone) < 1.01, spike
    # and the spike really cost something: the transfer is below what 20 s at
    # 10 Mb/s carry (25 MB) by more than the spike's 5 s
    assert max(alone) < 20.0, spike


def test_spike_alone_eifel_and_frto_undo_dsack_restores_late(spike):
    """Pinned: Eifel and F-RTO (as Linux runs it) undo the last RTO on the
    first ACKs after the spike, the same run; DSACK transfers what conventional
    recovery does (its verdict waits for the D-SACKs)."""
    assert spike["Eifel"] == spike["F-RTO"] > spike["DSACK"] == spike["conventional"], spike


def test_spike_and_loss_eifel_is_not_least_with_sack(spike_loss):
    """§4.2, Fig. 11: Eifel transfers least; DSACK and F-RTO best.  Pinned:
    with SACK (the preset) Eifel's undo leads into fast recovery, which
    repairs the segments lost in the spike at once, and Eifel transfers
    within 2 % of DSACK (17.31 against 17.51 MB: one run in 20 stalls on a
    lost retransmission); F-RTO as Linux runs it transfers least, 2-5 % below
    DSACK (16.92 MB: three runs in 20 stall on a lost fast retransmission,
    which RFC 6675 loss detection leaves to an RTO grown from the spike's RTT
    samples).  The SACK-off reading of the paper's Eifel is the next test."""
    eifel, dsack, frto = spike_loss["Eifel"], spike_loss["DSACK"], spike_loss["F-RTO"]
    assert 0.98 * dsack < eifel < dsack, spike_loss
    assert 0.95 * dsack < frto < 0.98 * dsack and frto < eifel, spike_loss
    # DSACK does what conventional recovery does, within 1 %
    assert abs(dsack - spike_loss["conventional"]) < 0.01 * dsack, spike_loss


def stalled_runs(preset: str, variant: str, overrides: dict) -> tuple[float, int]:
    """(mean MB over SEEDS, runs whose transfer falls short of 15 MB: a stall
    of the cumulative ACK to the end of the 20 s run)."""
    xs = [transferred_mb(rexsim.preset_scenario(preset, variant, {"seed": s, **overrides})) for s in SEEDS]
    return statistics.mean(xs), sum(x < 15 for x in xs)


NO_SACK = {"flows[*].tcp.sack": False, "flows[*].tcp.eifel_variant": "linux"}


def test_spike_and_loss_without_sack_eifel_transfers_least():
    """The cards' cause for Figs. 4, 5 and 11 (the paper does not say whether
    SACK was on when Eifel ran alone): with SACK off and Linux's timestamp
    undo (the sender stays in Loss, shared/linux-reference Non-SACK+TS) a
    segment lost in the spike waits for the RTO after Eifel's undo, and Eifel
    transfers least, as the paper found: 12.97 MB, 17 of 20 runs stalled,
    against 17.34 (conventional) and 16.52 (F-RTO); with F-RTO beside it the
    gap disappears in some runs (Fig. 9): 8 stalled, 15.73 MB."""
    loss = "lte-handover-spike-loss"
    eifel, eifel_stalls = stalled_runs(loss, "Eifel", NO_SACK)
    conventional, conv_stalls = stalled_runs(loss, "conventional", NO_SACK)
    frto, _ = stalled_runs(loss, "F-RTO", NO_SACK)
    pair, pair_stalls = stalled_runs(loss, "Eifel+F-RTO", NO_SACK)
    assert eifel == pytest.approx(12.966, abs=0.01) and eifel_stalls == 17 and conv_stalls == 0
    assert conventional == pytest.approx(17.339, abs=0.01) and frto == pytest.approx(16.516, abs=0.01)
    assert pair == pytest.approx(15.729, abs=0.01) and pair_stalls == 8


def test_spike_and_loss_with_rack_no_detector_stalls():
    """The cards' cause for Fig. 7: with RACK loss detection (RFC 8985, as
    Linux 6.18 runs and the linux-6 profile) a lost retransmission is found
    within a round trip, no run of any detector stalls, and the three
    transfer alike (17.55-17.62 MB over 20 seeds)."""
    rack = {"flows[*].tcp.lossdet": "rack"}
    means = {}
    for v in ("conventional", "Eifel", "DSACK", "F-RTO"):
        means[v], stalls = stalled_runs("lte-handover-spike-loss", v, rack)
        assert stalls == 0, v
    assert min(means.values()) > 17.5 and max(means.values()) < 17.65, means


def test_spike_and_loss_no_pair_beats_its_better_member(spike_loss):
    """§4.2: "the combination of two spurious timeout detection methods does
    not increase the throughput" (Fig. 11)."""
    for pair in ("Eifel+DSACK", "Eifel+F-RTO", "DSACK+F-RTO"):
        a, b = pair.split("+")
        assert spike_loss[pair] <= max(spike_loss[a], spike_loss[b]) * 1.001, (pair, spike_loss)
