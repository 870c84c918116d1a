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


def test_spike_and_loss_eifel_transfers_least_but_linux_frto_less(spike_loss):
    """§4.2, Fig. 11: Eifel transfers least; DSACK and F-RTO best.  The engine
    agrees that Eifel transfers far less than DSACK (its undo leaves a segment
    lost in the spike to an RTO backed off five times), but F-RTO as Linux
    runs it undoes the same way and transfers less still: pinned at 2-8 %
    below Eifel, where the paper has F-RTO among the best."""
    eifel, dsack, frto = spike_loss["Eifel"], spike_loss["DSACK"], spike_loss["F-RTO"]
    assert eifel < 0.85 * dsack, spike_loss
    assert 0.92 * eifel < frto < 0.98 * eifel, spike_loss
    # DSACK does what conventional recovery does, within 1 %
    assert abs(dsack - spike_loss["conventional"]) < 0.01 * dsack, spike_loss


def test_spike_and_loss_no_pair_beats_its_better_member(spike_loss):
    """§4.2: "the combination of two spurious timeout detection methods does
    not increase the throughput" (Fig. 11)."""
    for pair in ("Eifel+DSACK", "Eifel+F-RTO", "DSACK+F-RTO"):
        a, b = pair.split("+")
        assert spike_loss[pair] <= max(spike_loss[a], spike_loss[b]) * 1.001, (pair, spike_loss)
