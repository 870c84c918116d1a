"""The mobile-recovery paper's throughput claims (shared/papers/opportunistic-retransmission-sndbuf.txt,
§VII.C-D, §VII.F, §VIII, Tables 6-15; testbed Table 3) on the orsb-throughput-* presets, and the status of
every finding of the gallery's throughput cards (rexsim.gallery ORSB_TPUT_CARDS).

The shapes checked (exact numbers are not a target, issue #11; the presets' descriptions give the engine's
numbers next to the paper's):
  (a) throughput degrades with the loss rate far more for RH and PRR than for QARR and BARR (Table 6);
  (b) with opportunistic retransmission and the refined sndbuf growth, QARR and BARR at 0.1 % loss stay near
      the loss-free throughput where the originals fall well below it (Tables 8, 9; §VII.D);
  (c) the optimisations leave RH and PRR where they were (§VII.D) -- except with Westwood, where the engine
      differs (see test_westwood_is_window_limited);
  (d) the propagation delay cuts the original QARR's throughput and hardly the optimised one's (Tables 7, 9);
  (e) at 0.5 % loss on 4G the optimised algorithms do not use the link and can do worse than the originals;
      Hack 1 lifts QARR above the original but, unlike the paper's, not BARR (Table 14, §VIII);
  (f) with a loss stage that spares retransmissions (the paper's "Optimal" emulator, §VIII) no RTO is left, yet
      only BARR at Table 15's rates reaches the paper's optimal efficiency (Tables 14 and 15).

CI cost.  The presets run the paper's 10 runs of 200 s; here 3G cells run the full 200 s with 2 seeds (a 20
Mb/s run takes 0.02-0.2 s of engine time), which is still the paper's claim: it is about means over runs, and
the margins asserted below are chosen from the spread between seeds measured over 10 (a single 3G run lies
within about 2 Mb/s of its cell's 10-seed mean, 3.6 in the worst cell, Westwood+PRR at U = 200 ms).  Table 14's
cells (100 Mb/s, 0.5 % loss) run 200 s with 5 seeds at U = 100 and 150 ms: at that loss rate a run costs about
0.1 s of engine time.  The 4G cells of Tables 10-13 (0.2-1 s per run) run 200 s with 2 seeds, only those
the findings need; Table 14's Optimal rows run at U = 100 ms with 3 seeds (0.4-1.3 s per run); Table 15 (sent
through the 1 Gb/s NIC: up to 72 s per 200 s run) runs its findings at 200, 800 and 1000 Mb/s with one seed
and the writer cut to 30 s (T15_WRITE_S; up to 10 s per run); every other cell of theirs runs in
test_presets.py's short runs only, and their presets' descriptions give the full measurements.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
import rexsim
from rexsim import gallery
from rexsim.presets import ORSB_OPPORTUNISTIC, ORSB_OPTIMIZED, ORSB_ORIGINAL, ORSB_SNDBUF_GROWTH, PRESETS

CC = "flows[*].tcp.cc"
LOSS = "path.forward.loss.p"
OWD = "path.*.delay_ms"
C_3G = 20e6
#: the most a flow can deliver on Table 3's path: 1463 payload bytes per 1515-byte packet
LOSS_FREE_3G = C_3G * 1463 / 1515
SETTINGS = {"original": ORSB_ORIGINAL, "optimized": ORSB_OPTIMIZED}
SEEDS_3G = (1, 2)


@functools.cache
def _run(preset: str, variant: str, cell: tuple[tuple[str, Any], ...], seed: int) -> dict:
    """One run of the preset's scenario with the variant's and the cell's overrides (they set different keys), at
    full length; every run must be free of invariant violations and its flow must complete.  Only metrics are
    read, so no trace is recorded (trace 'none': the same run, test_determinism checks the modes agree)."""
    sc = rexsim.preset_scenario(preset, variant, dict(cell))
    sc["seed"] = seed
    sc["trace"] = "none"
    res = rexsim.run(sc)
    assert res.invariant_violations == 0
    m = res.flows[0].metrics
    assert m["completed"], (preset, variant, cell, seed)
    return m


def mbps(preset: str, variant: str, seeds: tuple[int, ...] = SEEDS_3G, **cell: Any) -> float:
    """The mean goodput (Mb/s) of a preset's variant in a grid cell over the seeds."""
    key = tuple(sorted(cell.items()))
    return sum(_run(preset, variant, key, s)["goodput_bps"] for s in seeds) / len(seeds) / 1e6


def loss3g(variant: str, cc: str, p: float, setting: str = "original") -> float:
    return mbps("orsb-throughput-loss-3g", variant, **{CC: cc, LOSS: p, **SETTINGS[setting]})


def delay3g(variant: str, cc: str, u_ms: float, setting: str = "original") -> float:
    return mbps("orsb-throughput-delay-3g", variant, **{CC: cc, OWD: u_ms / 2, **SETTINGS[setting]})


def test_presets_are_table_3() -> None:
    """Table 3: C 20 / 100 Mb/s, 4.3 MB link buffer, AW = C x U, 1515-byte packets (MSS 1463 + 52), 200 s,
    10 runs; loss 0.01 / 0.05 / 0.1 %; U 50 / 150 / 200 ms (one-way halves).  The 4.3 MB is the only limit of
    the link buffer (no packet limit: the path's default, 1000 packets, is 1.5 MB of Table 3's packets)."""
    for name in ("orsb-throughput-loss-3g", "orsb-throughput-delay-3g"):
        p = PRESETS[name]
        sc = p["scenario"]
        assert sc["path"]["forward"]["rate_bps"] == 20e6 and sc["path"]["forward"]["buffer_bytes"] == 4_300_000
        assert sc["flows"][0]["receiver"]["rwnd_bdp"] == 1 and sc["flows"][0]["tcp"]["mss"] == 1463
        assert sc["flows"][0]["app"]["duration_s"] == 200 and p["replications"] == 10
        assert set(p["variants"]) == {"RH", "PRR", "QARR", "BARR"}
        assert p["grid"][ORSB_OPPORTUNISTIC] == [False, True] and p["grid"][ORSB_SNDBUF_GROWTH] == [2, 3]
    assert PRESETS["orsb-throughput-loss-3g"]["grid"][LOSS] == [0.0001, 0.0005, 0.001]
    assert PRESETS["orsb-throughput-delay-3g"]["grid"][OWD] == [25, 75, 100]
    assert PRESETS["orsb-throughput-loss-4g"]["scenario"]["path"]["forward"]["rate_bps"] == 100e6
    for name in [n for n in PRESETS if n.startswith("orsb-throughput-")]:
        fwd = PRESETS[name]["scenario"]["path"]["forward"]
        assert (fwd["buffer_bytes"], fwd["buffer_pkts"]) == (4_300_000, 0), name


@pytest.mark.parametrize("cc", ["cubic", "veno", "vegas"])
def test_rh_prr_degrade_far_more_than_qarr_barr(cc: str) -> None:
    """Table 6 (§VII.C): from 0.01 % to 0.1 % loss RH and PRR lose about two thirds of their throughput (paper:
    CUBIC 17.0 -> 5.2, Veno 14.2 -> 4.72, Vegas 13.0 -> 4.62 Mb/s for RH; engine over 10 seeds 15.5 -> 5.6,
    15.4 -> 7.9, 13.4 -> 4.9), QARR and BARR far less (paper 18.8 -> 15.6 and 18.7 -> 16.6 with CUBIC; engine
    18.9 -> 13.0 and 19.0 -> 15.9), and at 0.1 % both adaptive algorithms deliver more than twice what RH and PRR
    deliver (their congestion control cuts cwnd on every loss; QARR and BARR keep it, §VII.C)."""
    keep = {v: loss3g(v, cc, 0.001) / loss3g(v, cc, 0.0001) for v in ("RH", "PRR", "QARR", "BARR")}
    assert keep["RH"] < 0.55 and keep["PRR"] < 0.55, keep
    assert keep["QARR"] > 0.55 and keep["BARR"] > 0.75, keep
    assert min(keep["QARR"], keep["BARR"]) > max(keep["RH"], keep["PRR"]) + 0.1, keep
    at = {v: loss3g(v, cc, 0.001) for v in ("RH", "PRR", "QARR", "BARR")}
    assert min(at["QARR"], at["BARR"]) > 1.4 * max(at["RH"], at["PRR"]), at


@pytest.mark.parametrize("cc", ["cubic", "veno", "vegas"])
def test_optimisations_keep_qarr_barr_near_loss_free(cc: str) -> None:
    """§VII.D, Table 8, and the issue's claim: with opportunistic retransmission and the refined sndbuf growth,
    QARR and BARR at 0.1 % loss stay near the loss-free throughput (paper 19.0-19.1 Mb/s, 95 % of C; engine
    18.9-19.2 over 10 seeds, 95-96 %) where the originals fall well below it (paper 14.1-16.6, i.e. 73-86 % of
    the loss-free 19.31; engine, 2 seeds: QARR 16.3-16.6, BARR 15.3-15.5).  "Well below" is under 88 % of the
    loss-free throughput and at least 2 Mb/s under the optimised: the paper's own original BARR is at 86 %
    (CUBIC 16.6 Mb/s).  (Before rec_qarr.c interpretation 12 the original QARR was 11.3-13 Mb/s and the bound
    85 %.)  The loss-free throughput is what the path can carry: 20 Mb/s x 1463 / 1515 = 19.31 Mb/s."""
    for v in ("QARR", "BARR"):
        opt = loss3g(v, cc, 0.001, "optimized")
        orig = loss3g(v, cc, 0.001)
        assert opt > 0.92 * LOSS_FREE_3G / 1e6, (v, opt)
        assert orig < 0.88 * LOSS_FREE_3G / 1e6, (v, orig)
        assert opt > orig + 2.0, (v, opt, orig)


@pytest.mark.parametrize("cc", ["cubic", "veno", "vegas"])
def test_optimisations_leave_rh_prr_where_they_were(cc: str) -> None:
    """§VII.D: 'the throughput performances of all TCP+RH/PRR combinations are not improved by the proposed
    optimization algorithms, as their throughputs are limited by the congestion control bottleneck'. Engine:
    within 2 % at 0.1 % loss with CUBIC, Veno and Vegas (10 seeds); 3 % allowed for 2 seeds."""
    for v in ("RH", "PRR"):
        orig, opt = loss3g(v, cc, 0.001), loss3g(v, cc, 0.001, "optimized")
        assert abs(opt / orig - 1) < 0.03, (v, orig, opt)


def test_westwood_is_window_limited() -> None:
    """Where the engine differs from the paper: Westwood.  Rexmit's Westwood+ sets ssthresh to BWE x RTTmin
    after a loss (cc_westwood.c), about AW = C x U on this path, and at the end of each reduction sets cwnd to
    it (its RX_CC_EV_COMPLETE_CWR response), overwriting the window RH, PRR and BARR leave recovery with; so the
    receive window binds after every loss.  So (i) at 0.1 % the originals of RH, PRR and BARR are alike (engine
    13.1-13.2 Mb/s, 2 seeds; paper RH 7.87, PRR 8.30, BARR 16.2), and (ii) the optimisations lift RH and PRR
    too (engine 13.1 -> 18.1; paper 7.87 -> 8.20 and 8.30 -> 9.09).  QARR is not told the reduction ended (β =
    1 by default, rec_qarr.c interpretation 12; castate.c member_skips_cc), keeps its own W and delivers more
    (engine 16.5, paper 15.3)."""
    orig = {v: loss3g(v, "westwood", 0.001) for v in ("RH", "PRR", "QARR", "BARR")}
    alike = [orig[v] for v in ("RH", "PRR", "BARR")]
    assert max(alike) / min(alike) < 1.06, orig
    assert orig["QARR"] > 1.15 * max(alike), orig
    for v in ("RH", "PRR"):
        assert loss3g(v, "westwood", 0.001, "optimized") > 1.25 * orig[v], v


@pytest.mark.parametrize("cc", ["cubic", "vegas"])
def test_delay_cuts_the_original_qarr_and_less_the_optimised(cc: str) -> None:
    """Tables 7 and 9 (0.1 % loss, U 50 -> 200 ms).  §VII.C: 'as the propagation delay increases [...] TCP
    Vegas+QARR's throughput w/o the optimization algorithms drops from 17.3Mbps to 11.4Mbps' (x0.66; CUBIC
    18.0 -> 14.7, x0.82).  Engine, 2 seeds: Vegas 17.7 -> 12.7 (x0.72; x0.79 over 10, the card's
    vegas-qarr-drops), CUBIC 17.8 -> 14.8 (x0.83).  §VII.D:
    with the optimisations QARR and BARR are 'insignificantly affected, e.g., from 19.1 Mbps to 17.9 Mbps'.
    The engine: BARR holds (CUBIC 19.2 -> 18.9, Vegas 19.2 -> 18.6), and so does QARR (CUBIC 19.2 -> 18.8,
    Vegas 19.1 -> 17.5: x0.98 and x0.91, the paper's example x0.94), above its original at 200 ms (x1.27 and
    x1.38 with 2 seeds; the paper's x1.29 and x1.67).  (Before
    rec_qarr.c interpretation 12 the original QARR halved, 17.0 -> 8.6 with CUBIC, and the optimised one fell to
    75-82 % of C.)"""
    q50, q200 = delay3g("QARR", cc, 50), delay3g("QARR", cc, 200)
    assert q200 < 0.88 * q50, (q50, q200)
    b50, b200 = delay3g("BARR", cc, 50, "optimized"), delay3g("BARR", cc, 200, "optimized")
    assert b200 > 0.88 * b50 and b200 > 0.85 * LOSS_FREE_3G / 1e6, (b50, b200)
    o50, o200 = delay3g("QARR", cc, 50, "optimized"), delay3g("QARR", cc, 200, "optimized")
    assert o200 > 1.2 * q200, (o200, q200)
    assert o200 > 0.9 * o50, (o50, o200)


# ------------------------------------------------------------------ the cards' findings

Result = Callable[[], bool]


def _t6_cubic_collapse() -> bool:
    return all(loss3g(v, "cubic", 0.001) < 0.45 * loss3g(v, "cubic", 0.0001) for v in ("RH", "PRR"))


def _t6_qarr_barr_better() -> bool:
    """Every CC: QARR and BARR above RH and PRR at every loss rate (Westwood: not so, asserted there)."""
    ok = True
    for cc in ("cubic", "veno", "westwood", "vegas"):
        for p in (0.0001, 0.001):
            a = {v: loss3g(v, cc, p) for v in ("RH", "PRR", "QARR", "BARR")}
            better = min(a["QARR"], a["BARR"]) > max(a["RH"], a["PRR"])
            if cc != "westwood":
                assert better, (cc, p, a)  # it holds for the three others
            ok = ok and better
    return ok


def _t6_mobile_ccs_degrade() -> bool:
    return all(loss3g(v, cc, 0.001) < 0.8 * loss3g(v, cc, 0.0001) for cc in ("veno", "westwood") for v in ("RH", "PRR"))


def _t8_at_least_94_5() -> bool:
    cells = [
        loss3g(v, cc, p, "optimized") / (C_3G / 1e6)
        for cc in ("cubic", "veno", "westwood", "vegas")
        for v in ("QARR", "BARR")
        for p in (0.0001, 0.001)
    ]
    assert min(cells) > 0.88, min(cells)  # what Rexmit shows instead: efficient, not 94.5 % everywhere
    return min(cells) >= 0.945


def _t8_rh_prr_not_improved() -> bool:
    return all(
        loss3g(v, cc, 0.001, "optimized") < 1.05 * loss3g(v, cc, 0.001)
        for cc in ("cubic", "veno", "westwood", "vegas")
        for v in ("RH", "PRR")
    )


def _t8_vegas_qarr_gain() -> bool:
    gain = loss3g("QARR", "vegas", 0.001, "optimized") / loss3g("QARR", "vegas", 0.001) - 1
    # Rexmit's gain is smaller than the paper's: its original Vegas+QARR loses less (rec_qarr.c interpretation 12)
    assert 0 < gain < 0.336, gain
    return abs(gain - 0.336) < 0.1


#: the card's replications: a finding whose status the test's fewer seeds would flip runs at these
SEEDS_CARD = tuple(range(1, 11))


def _t7_vegas_qarr_drops() -> bool:
    """At the card's 10 seeds (20 runs of 0.1-0.2 s): the ratio is x0.786 (17.84 -> 14.03 Mb/s; x0.784 over 20
    seeds), above the check's x0.75, while seeds 1-2 alone give x0.717 (17.74 -> 12.72): single runs at U = 200
    ms lie between 12.3 and 15.6 Mb/s, so 2 seeds decided the status."""
    cell = {CC: "vegas", **SETTINGS["original"]}
    at = {u: mbps("orsb-throughput-delay-3g", "QARR", SEEDS_CARD, **cell, **{OWD: u / 2}) for u in (50, 200)}
    assert at[200] < 0.85 * at[50], at  # what Rexmit shows: a drop (x0.79), but less than the paper's x0.66
    return at[200] < 0.75 * at[50]


ALL_CCS = ("cubic", "veno", "westwood", "vegas")
ALL_VARIANTS = ("RH", "PRR", "QARR", "BARR")


def _t7_delay_cuts_all() -> bool:
    return all(delay3g(v, cc, 200) < 0.9 * delay3g(v, cc, 50) for cc in ALL_CCS for v in ALL_VARIANTS)


def _t9_insignificant() -> bool:
    kept = {
        (cc, v): delay3g(v, cc, 200, "optimized") / delay3g(v, cc, 50, "optimized")
        for cc in ALL_CCS
        for v in ("QARR", "BARR")
    }
    # what Rexmit shows: QARR and BARR keep over 88 % with CUBIC, Veno and Vegas, but not with Westwood
    assert all(kept[(cc, v)] > 0.88 for cc in ("cubic", "veno", "vegas") for v in ("QARR", "BARR")), kept
    return min(kept.values()) > 0.9


def _t9_rh_prr_little() -> bool:
    return all(
        delay3g(v, cc, u, "optimized") < 1.05 * delay3g(v, cc, u)
        for cc in ALL_CCS
        for v in ("RH", "PRR")
        for u in (50, 200)
    )


SEEDS_14 = (1, 2, 3, 4, 5)


def heavy(variant: str, u_ms: float = 100, seeds: tuple[int, ...] | None = None) -> float:
    """Table 14's cell (CUBIC, 100 Mb/s, 0.5 % loss) at U, mean of 5 seeds of 200 s: at this loss rate a run
    costs 0.1 s of engine time, and the seed-to-seed spread is large (9.9-18.4 Mb/s for one cell), so five."""
    return mbps("orsb-throughput-heavy-loss", variant, seeds or SEEDS_14, **{OWD: u_ms / 2})


def _t14_cannot_utilise() -> bool:
    return all(heavy(f"Optimized {a}", 150) < 50 for a in ("QARR", "BARR"))


def _t14_optimized_can_be_worse() -> bool:
    """At the paper's example delay, U = 150 ms (its 46.8 against 47.4 Mb/s): some optimised row below its
    original.  At the card's 10 seeds (40 runs of about 0.1 s): no (BARR 23.66 against 23.54 Mb/s, QARR 30.37
    against 28.51), though the optimised rows take about twice the RTOs (BARR 23.3 against 9.1 per run).  The
    rows differ by less than the seeds' spread (standard error of a difference 1.5-3.3 Mb/s), so 5 seeds said
    yes (BARR 20.29 against 23.29) and 20 say yes through QARR (28.16 against 29.10): the 10 seeds decide."""
    rto = {
        v: sum(_run("orsb-throughput-heavy-loss", v, ((OWD, 75),), s)["rto_count"] for s in SEEDS_CARD)
        for v in ("Optimized BARR", "Original BARR")
    }
    assert rto["Optimized BARR"] > 1.5 * rto["Original BARR"], rto  # the paper's cause: more timeouts
    return any(
        heavy(f"Optimized {a}", 150, SEEDS_CARD) < heavy(f"Original {a}", 150, SEEDS_CARD) for a in ("QARR", "BARR")
    )


def _t14_hack1_always_better() -> bool:
    qarr = heavy("Optimized+Hack 1 QARR") > heavy("Original QARR")
    barr = heavy("Optimized+Hack 1 BARR") > heavy("Original BARR")
    assert qarr and not barr, (qarr, barr)  # what Rexmit shows instead: QARR gains, BARR does not
    return qarr and barr


def _t14_optimal_over_93() -> bool:
    """Table 14's Optimized (Optimal) rows (the loss stage spares retransmissions) at U = 100 ms, seeds 1-3 (a run
    costs 0.4-1.3 s of engine time; the 3-seed means over every U are in the card's text).  Sparing removes the
    paper's bottlenecks (b) and (c): no RTO in the optimal BARR's runs, where the Optimized row takes 28 per run."""
    seeds = (1, 2, 3)
    cell = {OWD: 50}
    rtos = [
        _run("orsb-throughput-heavy-loss", "Optimized (Optimal) BARR", tuple(cell.items()), s)["rto_count"]
        for s in seeds
    ]
    assert rtos == [0, 0, 0], rtos
    eff = {
        a: mbps("orsb-throughput-heavy-loss", f"Optimized (Optimal) {a}", seeds, **cell) / 100 for a in ("QARR", "BARR")
    }
    # what Rexmit shows instead: BARR at 80 % of C (3 seeds: 79.7 %), QARR near the paper's (91.6 %)
    assert 0.75 < eff["BARR"] < 0.9 and eff["QARR"] > 0.85, eff
    return min(eff.values()) > 0.93


SEEDS_4G = (1, 2)


def loss4g(variant: str, cc: str, p: float, setting: str = "original") -> float:
    """A 4G cell (100 Mb/s, U = 100 ms), mean of 2 seeds of 200 s (0.3-1 s of engine time each)."""
    return mbps("orsb-throughput-loss-4g", variant, SEEDS_4G, **{CC: cc, LOSS: p, **SETTINGS[setting]})


def _t10_further_reduced() -> bool:
    """Every CC at 0.1 %: the 4G original below 66.3 % of C and below its own 3G efficiency."""
    return all(
        loss4g(v, cc, 0.001) / 100 <= 0.663 and loss4g(v, cc, 0.001) / 100 < loss3g(v, cc, 0.001) / 20
        for cc in ALL_CCS
        for v in ("QARR", "BARR")
    )


def _t10_qarr_better() -> bool:
    return all(loss4g("QARR", cc, 0.001) > loss4g("BARR", cc, 0.001) for cc in ALL_CCS)


def _t12_over_89_3() -> bool:
    """At 0.1 %, every congestion control: with CUBIC BARR and QARR are above 89.3 % (2 seeds: 91.3 and 91.7 %;
    QARR was 64.1 % over 5 seeds before rec_qarr.c interpretation 12), but not with all the others (5 seeds:
    QARR 76.6-77.4 % with Veno, Westwood and Vegas, Westwood+BARR 73.3 %)."""
    got = {(v, cc): loss4g(v, cc, 0.001, "optimized") for v in ("QARR", "BARR") for cc in ALL_CCS}
    assert got[("QARR", "cubic")] > 89.3 and got[("BARR", "cubic")] > 89.3, got  # CUBIC holds
    return min(got.values()) > 89.3


def _t12_gain_larger() -> bool:
    g4 = loss4g("QARR", "vegas", 0.001, "optimized") / loss4g("QARR", "vegas", 0.001)
    g3 = loss3g("QARR", "vegas", 0.001, "optimized") / loss3g("QARR", "vegas", 0.001)
    return g4 > g3


def delay4g(variant: str, cc: str, u_ms: float, setting: str = "original") -> float:
    """A 4G delay cell (100 Mb/s, 0.1 % loss), mean of 2 seeds of 200 s."""
    return mbps("orsb-throughput-delay-4g", variant, SEEDS_4G, **{CC: cc, OWD: u_ms / 2, **SETTINGS[setting]})


def _t11_further_reduced() -> bool:
    """At U = 200 ms, with CUBIC and Vegas (the card's text gives all four over 5 seeds): the 4G original's
    efficiency below the 3G original's."""
    return all(
        delay4g(v, cc, 200) / 100 < delay3g(v, cc, 200) / 20 for cc in ("cubic", "vegas") for v in ("QARR", "BARR")
    )


def _t13_over_89_3() -> bool:
    """CUBIC at U = 200 ms: BARR and QARR near 89.3 % but under it with these 2 seeds (84.8 and 86.8 %; QARR
    was 27.7 % over 5 seeds before rec_qarr.c interpretation 12)."""
    barr = delay4g("BARR", "cubic", 200, "optimized")
    qarr = delay4g("QARR", "cubic", 200, "optimized")
    assert barr > 80 and qarr > 80, (barr, qarr)  # what Rexmit shows: both near the paper's
    return min(barr, qarr) > 89.3


def _t13_gain_grows() -> bool:
    """CUBIC: the optimisations' gain at U = 50 and 200 ms for QARR and BARR."""
    gain = {
        (v, u): delay4g(v, "cubic", u, "optimized") / delay4g(v, "cubic", u)
        for v in ("QARR", "BARR")
        for u in (50, 200)
    }
    assert gain[("BARR", 200)] > gain[("BARR", 50)], gain  # BARR's grows, as the paper says
    return gain[("QARR", 200)] > gain[("QARR", 50)]


#: Table 15's claims cut the writer from 200 s to 30 s (flows[*].app.duration_s): through the 1 Gb/s sender NIC a
#: flow that fills the link costs about 0.35 s of engine time per second written (the optimal BARR at 1 Gb/s:
#: 72 s for its 200 s), too much for CI. The preset's description gives the 200 s means over 3 seeds; the 30 s
#: runs give every finding the status the 200 s ones give (the card's texts quote the 200 s numbers).
T15_WRITE_S = 30


def large_bdp(variant: str, rate_bps: float) -> float:
    """Table 15's cell (CUBIC, 0.1 % loss, U = 100 ms, the sender's 1 Gb/s NIC), seed 1, the writer cut to 30 s."""
    cell = {"path.forward.rate_bps": rate_bps, "flows[*].app.duration_s": T15_WRITE_S}
    return mbps("orsb-throughput-large-bdp", variant, (1,), **cell)


def test_table15_has_the_testbed_nic() -> None:
    """§VII.A: '1Gbps NICs. The peak sending throughput can reach 950 Mbps.' Table 15's preset sends through a
    1 Gb/s NIC (path.forward.sender_rate_bps); Table 14's does not, since at 100 Mb/s it moves no cell by more
    than the seeds' spread (the preset's description)."""
    assert PRESETS["orsb-throughput-large-bdp"]["scenario"]["path"]["forward"]["sender_rate_bps"] == 1e9
    assert "sender_rate_bps" not in PRESETS["orsb-throughput-heavy-loss"]["scenario"]["path"]["forward"]


def _t15_efficiency_falls() -> bool:
    """From 200 to 800 Mb/s the optimised efficiency falls (400 Mb/s is left out for its cost)."""
    return all(
        large_bdp(f"Optimized+Hack 1 {a}", 800e6) / 800 < large_bdp(f"Optimized+Hack 1 {a}", 200e6) / 200
        for a in ("QARR", "BARR")
    )


def _t15_optimal_over_87() -> bool:
    """Table 15's Optimized (Optimal) rows at 200 Mb/s and 1 Gb/s: BARR above the table's lowest optimal
    efficiency, 87 % (the text says 'over 92%'), QARR far below it at both."""
    eff = {(a, c): large_bdp(f"Optimized (Optimal) {a}", c) / (c / 1e6) for a in ("QARR", "BARR") for c in (200e6, 1e9)}
    # what Rexmit shows instead: BARR holds (200 s, 3 seeds: 93-96 %), QARR does not at 1 Gb/s (200 s, 2 seeds:
    # 70.6 %; this 30 s run, still ramping up: 26 %)
    assert eff[("BARR", 200e6)] > 0.87 and eff[("BARR", 1e9)] > 0.87, eff
    assert eff[("QARR", 1e9)] < 0.87, eff
    return min(eff.values()) > 0.87


CHECKS: dict[tuple[str, str], Result] = {
    ("orsb-table13", "over-89.3-delay"): _t13_over_89_3,
    ("orsb-table13", "gain-grows-with-bdp"): _t13_gain_grows,
    ("orsb-table15", "efficiency-falls-with-bdp"): _t15_efficiency_falls,
    ("orsb-table15", "optimal-over-87"): _t15_optimal_over_87,
    ("orsb-table11", "further-reduced-delay"): _t11_further_reduced,
    ("orsb-table10", "further-reduced"): _t10_further_reduced,
    ("orsb-table10", "qarr-better-than-barr"): _t10_qarr_better,
    ("orsb-table12", "over-89.3"): _t12_over_89_3,
    ("orsb-table12", "gain-larger-than-3g"): _t12_gain_larger,
    ("orsb-table14", "cannot-utilise"): _t14_cannot_utilise,
    ("orsb-table14", "optimized-can-be-worse"): _t14_optimized_can_be_worse,
    ("orsb-table14", "hack1-always-better"): _t14_hack1_always_better,
    ("orsb-table14", "optimal-over-93"): _t14_optimal_over_93,
    ("orsb-table7", "vegas-qarr-drops"): _t7_vegas_qarr_drops,
    ("orsb-table7", "delay-cuts-all"): _t7_delay_cuts_all,
    ("orsb-table9", "qarr-barr-insignificant"): _t9_insignificant,
    ("orsb-table9", "rh-prr-little"): _t9_rh_prr_little,
    ("orsb-table6", "cubic-rh-prr-collapse"): _t6_cubic_collapse,
    ("orsb-table6", "qarr-barr-better"): _t6_qarr_barr_better,
    ("orsb-table6", "mobile-ccs-degrade"): _t6_mobile_ccs_degrade,
    ("orsb-table8", "qarr-barr-at-least-94.5"): _t8_at_least_94_5,
    ("orsb-table8", "rh-prr-not-improved"): _t8_rh_prr_not_improved,
    ("orsb-table8", "vegas-qarr-gain"): _t8_vegas_qarr_gain,
}

# the throughput tables' cards only: the utilisation tables' (ORSB_CARDS) have test_gallery_orsb.py
TPUT_CARDS = list(gallery.ORSB_TPUT_CARDS)
FINDINGS = [(c["id"], f["id"]) for c in TPUT_CARDS for f in c["findings"]]


def test_every_finding_has_a_check() -> None:
    assert sorted(CHECKS) == sorted(FINDINGS)


@pytest.mark.parametrize("card_id,finding_id", FINDINGS, ids=[f"{c}:{f}" for c, f in FINDINGS])
def test_finding(card_id: str, finding_id: str) -> None:
    """The card's status of the finding is what Rexmit's runs show (2 seeds here, 10 on the card; a finding
    that 2 seeds would give another status than 10 runs at the card's 10, SEEDS_CARD).  The findings on 3G
    and 4G cells (2 seeds here) and Table 14's on SEEDS_14 (5) were checked to give the same status with
    seeds 1-10; Table 14's optimal-over-93 (seeds 1-3) and Table 15's (one 30 s seed) were not."""
    (finding,) = [f for f in gallery.card(card_id)["findings"] if f["id"] == finding_id]
    shown = "holds" if CHECKS[(card_id, finding_id)]() else "differs"
    assert shown == finding["status"], f"{card_id} {finding_id}: card {finding['status']!r}, Rexmit {shown!r}"


@pytest.mark.parametrize("card_id", [c["id"] for c in TPUT_CARDS])
def test_card_publishes_every_cell_of_its_table(card_id: str) -> None:
    """Each card's published cells cover its table: every (row, variant, column) the paper prints."""
    c = gallery.card(card_id)
    (pub,) = [p for p in c["published"] if p["kind"] == "cells"]
    chart = c["chart"]
    n_rows = len(c["grid"][chart["rows"]]) if chart["rows"] else 1
    assert len(pub["values"]) == n_rows * len(c["variants"]) * len(c["grid"][chart["x"]])
