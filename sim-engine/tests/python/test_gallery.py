"""The paper gallery (rexsim.gallery): each tail-loss card's grid, run with the
engine exactly as the card's comparison runs it (the same cells, variants,
replications, metric and flows), and each of the card's quoted findings
checked against Rexmit's results.

Every check below quotes the sentence of Rajiullah et al., "An Evaluation of
Tail Loss Recovery Mechanisms for TCP" (shared/papers/tail-loss-recovery-
rtor-tlp-tlpr.md) it is derived from, and returns whether Rexmit's results
show what the sentence says.  The card's `status` must agree: a finding the
card marks "differs" must really differ (and the check asserts what Rexmit
does instead), one marked "holds" must hold.  So a change of the engine that
moves any ordering fails here until the card says so.

The whole gallery runs in about a second (`pytest -k gallery --durations=0`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import rexsim
from rexsim import gallery
from rexsim.presets import PRESETS
from simhelpers import reproduced as result

TAIL_CARDS = [c["id"] for c in gallery.CARDS if c["paper"] == gallery.TAIL]

Result = dict[str, Any]


# ------------------------------------------------------------------ helpers


def panel(r: Result, pid: str) -> list[dict[str, Any]]:
    return gallery.panel_cells(r, pid)


def cell(r: Result, pid: str) -> dict[str, dict[str, Any]]:
    """The variants of a CDF panel's one cell."""
    (c,) = panel(r, pid)
    return c["variants"]


def norm(c: dict[str, Any], v: str) -> float:
    return float(c["variants"][v]["normalized_mean"])


def mean(c: dict[str, Any], v: str) -> float:
    return float(c["variants"][v]["mean"])


def x_rtt(r: Result, c: dict[str, Any]) -> float:
    """The bar chart's x value of a cell as the card labels it (RTT = 2 x one-way)."""
    chart = r["card"]["chart"]
    return float(c["params"][chart["x"]]) * chart["x_scale"]


def quantiles(values: list[float], qs: list[int]) -> np.ndarray:
    return np.percentile(np.asarray(values), qs)


def ratio(r: Result, pub_id: str) -> dict[str, float]:
    """A published "ratio" computed over every cell of the card: the sum of the
    numerator metrics over the sum of the denominator metrics, per variant
    (what the gallery page computes from the comparison's per-metric means and n)."""
    (pub,) = [p for p in r["card"]["published"] if p["id"] == pub_id]
    out = {}
    for v in r["card"]["variants"]:
        num = sum(sum(c["variants"][v]["metrics"][m]) for c in r["cells"] for m in pub["numerator"])
        den = sum(sum(c["variants"][v]["metrics"][m]) for c in r["cells"] for m in pub["denominator"])
        out[v] = num / den
    return out


def below(values: list[float], x: float) -> float:
    """The fraction of values below x ("less than 1 s", §3.3)."""
    a = np.asarray(values)
    return float((a < x).mean())


def published(r: Result, pub_id: str) -> dict[str, Any]:
    (pub,) = [p for p in r["card"]["published"] if p["id"] == pub_id]
    return pub


VARIANTS = ("baseline", "RTOR", "TLP", "TLPR")


# ------------------------------------------------------------------ Fig. 1 (§3.1)


def fig1_rtor_always_gains(r: Result) -> bool:
    # "As shown in the graph, RTOR consistently reduces the FCT."
    return all(norm(c, "RTOR") < 1 for c in r["cells"])


def fig1_rtor_saves_one_rtt(r: Result) -> bool:
    # "When quickACKs are used, RTOR reduces the FCT with one RTT. When delACKs
    # are used, the reduction also includes the delACK timer of the receiver."
    # The card publishes this as a saving of rtts x RTT + plus_ms per panel.
    pub = published(r, "rtor-saving")
    ok = True
    for pid, want in pub["per_panel"].items():
        for c in panel(r, pid):
            saving = mean(c, "baseline") - mean(c, pub["variant"])
            ok &= math.isclose(saving, want["rtts"] * x_rtt(r, c) + want["plus_ms"], abs_tol=1e-6)
    return ok


def fig1_delack_weighs_more_at_small_rtt(r: Result) -> bool:
    # "For small RTTs, shown in the upper graph at the left-hand side, the
    # delACK timer has a larger impact on the FCT": RTOR's relative gain with
    # delACKs shrinks as the RTT grows.
    rtor = [norm(c, "RTOR") for c in panel(r, "top")]
    return all(a < b for a, b in zip(rtor, rtor[1:], strict=False))


def fig1_tlp_gains_with_delacks_at_small_rtt(r: Result) -> bool:
    # "the use of delACKs and small RTTs (10-80 ms) result in large FCT gains.
    # When the RTT gets larger (160-640 ms), the delACK will return before the
    # PTO fires, and Equation 2 will be used to recalculate the PTO."
    small = [c for c in panel(r, "top") if x_rtt(r, c) <= 80]
    large = [c for c in panel(r, "top") if x_rtt(r, c) >= 160]
    assert len(small) == 4 and len(large) == 3
    big_gains = all(norm(c, "TLP") < norm(c, "RTOR") for c in small)
    smaller_above = all(norm(c, "TLP") > norm(c, "RTOR") for c in large)
    smaller_than_any_small = min(norm(c, "TLP") for c in large) > max(norm(c, "TLP") for c in small)
    # what the card states: large gains at 10-80 ms, smaller ones at 160-640 ms,
    # where TLP ties RTOR (the Eq. 2 PTO capped at the RTO re-armed from segment
    # 10's transmission) rather than losing to it
    assert big_gains and smaller_than_any_small
    assert all(norm(c, "TLP") == norm(c, "RTOR") for c in large)
    return big_gains and smaller_above and smaller_than_any_small


def fig1_tlp_quickack_10ms_exception(r: Result) -> bool:
    # "This is also visible for the quickACK strategy where each segment is
    # ACKed and therefore Equation 2 is used. The exception is in the 10 ms
    # case, where the ACK for the ninth segment does not reach the sender
    # before the PTO fires."  So with quickACKs TLP gains at 10 ms and its
    # gain there is larger than at 20-80 ms.
    bottom = panel(r, "bottom")
    at10 = [c for c in bottom if x_rtt(r, c) == 10]
    rest = [c for c in bottom if 20 <= x_rtt(r, c) <= 80]
    holds = norm(at10[0], "TLP") < 1 and all(norm(at10[0], "TLP") < norm(c, "TLP") for c in rest)
    # what Rexmit does (the card: "0.93, RTOR's"): TLP ties RTOR at 10-80 ms
    # with quickACKs (the Eq. 2 PTO capped at Linux 3.17's RTO re-armed from
    # segment 10's transmission, when RTOR fires), and gains less at 10 than at 20-80
    assert all(norm(c, "TLP") == norm(c, "RTOR") < 1 for c in at10 + rest)
    assert all(norm(at10[0], "TLP") > norm(c, "TLP") for c in rest)
    return holds


def fig1_tlpr_best_in_most(r: Result) -> bool:
    # "Therefore the combination of them, TLPR, can in most situations reap the
    # benefits of both components and provide the, overall, largest
    # reductions in FCT."
    best = [c for c in r["cells"] if all(norm(c, "TLPR") <= norm(c, v) for v in VARIANTS)]
    # §2.3: TLPR's probe can only go out earlier than TLP's, never later
    assert all(norm(c, "TLPR") <= norm(c, "TLP") for c in r["cells"])
    # what the card states: lowest (ties included) in every cell; with quickACKs
    # at RTT 10-80 ms TLPR ties RTOR and TLP
    assert len(best) == len(r["cells"])
    ties = [c for c in r["cells"] if c["params"][gallery._ACK] == "quick" and x_rtt(r, c) <= 80]
    assert len(ties) == 4 and all(norm(c, "TLPR") == norm(c, "RTOR") == norm(c, "TLP") for c in ties)
    return len(best) > len(r["cells"]) / 2


def no_spurious(r: Result) -> bool:
    # "Due to the high level of control of the experiments and the simple
    # traffic patterns, no variation was observed in the results and there
    # were no spurious retransmissions."
    return all(sum(v["metrics"]["spurious_retransmissions"]) == 0 for c in r["cells"] for v in c["variants"].values())


# ------------------------------------------------------------------ Fig. 2 (§3.1)


def n_lost(c: dict[str, Any]) -> int:
    return int(c["params"]["path.forward.loss.count"])


def fig2_rtor_off_above_three(r: Result) -> bool:
    # "In general, all the mechanisms are able to reduce the FCT when the
    # degree of tail loss increases, with the exception of RTOR when the
    # degree of loss is larger than three."
    gains = all(norm(c, "RTOR") < 1 for c in r["cells"] if n_lost(c) <= 3)
    none = all(norm(c, "RTOR") == 1 for c in r["cells"] if n_lost(c) > 3)
    return gains and none


def fig2_tlp_any_degree(r: Result) -> bool:
    # "TLP and TLPR, on the other hand, try to enable fast recovery as a
    # response to any degree of tail loss."
    tlpr = all(norm(c, "TLPR") < 1 for c in r["cells"])
    tlp = all(norm(c, "TLP") < 1 for c in r["cells"] if n_lost(c) >= 2)
    # one loss with quickACKs is Fig. 1's RTT 80 ms cell: the Eq. 2 PTO capped at
    # the RTO re-armed from the lost segment's transmission, RTOR's moment
    (one_quick,) = [c for c in r["cells"] if n_lost(c) == 1 and c["params"][gallery._ACK] == "quick"]
    assert norm(one_quick, "TLP") == norm(one_quick, "TLPR") == norm(one_quick, "RTOR") < 1
    return tlpr and tlp and norm(one_quick, "TLP") < 1


def fig2_er_and_fack(r: Result) -> bool:
    # "To do this, TLP and TLPR employ FACK if four or more segments are lost
    # in the tail and ER if 2-3 segments are lost."
    ok = True
    for c in r["cells"]:
        for v in ("TLP", "TLPR"):
            m = {k: sum(x) for k, x in c["variants"][v]["metrics"].items()}
            if m["rto_count"] or m["probe_count"] != 1:
                ok = False
            if 2 <= n_lost(c) <= 3:
                ok &= m["early_retransmits"] == 1 and m["fast_retransmits"] == 0
            elif n_lost(c) >= 4:
                ok &= m["fast_retransmits"] == 1 and m["early_retransmits"] == 0
    return ok


# ------------------------------------------------------------------ Fig. 3 (§3.2)


def owd(r: Result, pid: str) -> float:
    (c,) = panel(r, pid)
    return float(c["params"][gallery._FG_OWD])


def med(r: Result, pid: str, v: str) -> float:
    """A CDF panel's median FCT for a variant: the card compares CDFs by their middle."""
    return float(np.median(cell(r, pid)[v]["values"]))


def rtor_saving(r: Result, pid: str) -> float:
    return med(r, pid, "baseline") - med(r, pid, "RTOR")


def fig3_rtor_saves_an_rtt(r: Result) -> bool:
    # "In all cases, RTOR saves at least one RTT as compared to the baseline."
    saves = {pid: rtor_saving(r, pid) / (2 * owd(r, pid)) for pid in "abde"}
    # what the card states besides: 1.11 and 1.08 RTTs in (d) and (e), the large ones
    assert 1 <= min(saves["d"], saves["e"]) and max(saves["d"], saves["e"]) < 1.2, saves
    return all(x >= 1 for x in saves.values())


def fig3_rtor_delack_extra_200(r: Result) -> bool:
    # "An extra saving of 200 ms is achieved when delACKs are used."
    extra = {"5 ms": rtor_saving(r, "b") - rtor_saving(r, "a"), "160 ms": rtor_saving(r, "e") - rtor_saving(r, "d")}
    # what the card states: not 200 ms more at either delay (178 ms more at 5 ms, less at 160 ms),
    assert 150 < extra["5 ms"] < 190 and extra["160 ms"] < 0, extra
    # because most plotted 4-segment flows lose two or more segments
    for pid in "abde":
        td = cell(r, pid)["baseline"]["metrics"]["tail_drops"]
        assert sum(x >= 2 for x in td) > 0.6 * len(td), (pid, td)
    return all(x >= 150 for x in extra.values())


def fig3_tlp_low_up_to_70(r: Result) -> bool:
    # "both TLP and TLPR recover lost segments quickly based on Equation 1.
    # This is clearly visible in Figure 3a. FCTs are noticeably low up to
    # approximately 70% in the CDF."
    v = cell(r, "a")
    qs = [10, 20, 30, 40, 50, 60, 70]
    base = quantiles(v["baseline"]["values"], qs)
    tlp, tlpr = quantiles(v["TLP"]["values"], qs), quantiles(v["TLPR"]["values"], qs)
    return bool(np.all(tlp < base) and np.all(tlpr < base))


def fig3_delack_increases_tlp_gain(r: Result) -> bool:
    # "When delACKs are used, only Equation 1 is used and the relative gain of
    # using TLP and TLPR therefore increases. This is clearly shown in Figure 3b."
    def rel(pid: str, v: str) -> float:
        return med(r, pid, v) / med(r, pid, "baseline")

    return rel("b", "TLP") < rel("a", "TLP") and rel("b", "TLPR") < rel("a", "TLPR")


def fig3_tlpr_best_short_flows(r: Result) -> bool:
    # "In the above scenarios, TLPR outperforms all the other mechanisms."
    return all(med(r, pid, "TLPR") < min(med(r, pid, v) for v in VARIANTS if v != "TLPR") for pid in "abde")


def fig3_long_flows_small_gain(r: Result) -> bool:
    # "The relative gain becomes smaller for larger flows as the tail becomes a
    # smaller part of the total."
    def gain(pid: str) -> float:
        return 1 - min(med(r, pid, v) for v in VARIANTS) / med(r, pid, "baseline")

    return gain("c") < gain("a") and gain("f") < gain("d")


def fig3_rtor_best_long_flows(r: Result) -> bool:
    # "Consequently, RTOR performs better than both TLP and TLPR in such cases,
    # as shown in the same figure." (Fig. 3f)
    meds = {v: med(r, "f", v) for v in VARIANTS}
    means = {v: cell(r, "f")[v]["mean"] for v in VARIANTS}
    # what the card states besides: TLPR's median and mean are below RTOR's, TLP's median above and its mean
    # below; the four medians lie within 1.9%, the means within 1.6%
    assert meds["TLPR"] < meds["RTOR"] < meds["TLP"], meds
    assert max(means["TLP"], means["TLPR"]) < means["RTOR"] < means["baseline"], means
    assert max(meds.values()) < 1.019 * min(meds.values()) and max(means.values()) < 1.016 * min(means.values())
    # and the paper's cause does not show: TLP's flows that needed an RTO (no probe outside Open) take as long
    # as RTOR's (within 1%), and fewer of TLP's flows need one

    def rto_flows(v: str) -> list[float]:
        m = cell(r, "f")[v]["metrics"]
        return [f for f, n in zip(m["fct_ms"], m["rto_count"], strict=True) if n > 0]

    tlp_rto, rtor_rto = rto_flows("TLP"), rto_flows("RTOR")
    assert abs(np.mean(tlp_rto) / np.mean(rtor_rto) - 1) < 0.01 and len(tlp_rto) + 15 < len(rtor_rto), (
        tlp_rto,
        rtor_rto,
    )
    return meds["RTOR"] < min(meds["TLP"], meds["TLPR"])


def spurious_above_baseline(r: Result, pub_id: str) -> bool:
    # §3.4: "As RTOR, TLP, and TLPR all reduce the time a sender waits before
    # it retransmits a segment they inevitably increase the risk of a
    # spurious retransmission." -- and the published fractions put the
    # baseline lowest.
    ours = ratio(r, pub_id)
    pub = published(r, pub_id)["values"]
    assert min(pub, key=pub.__getitem__) == "baseline"
    return all(ours[v] > ours["baseline"] for v in ("RTOR", "TLP", "TLPR"))


def fig3_spurious_ordering(r: Result) -> bool:
    holds = spurious_above_baseline(r, "spurious-3.2")
    ours = ratio(r, "spurious-3.2")
    # what the card states: RTOR above the baseline, TLP and TLPR below
    assert ours["RTOR"] > ours["baseline"] > max(ours["TLP"], ours["TLPR"]), ours
    return holds


def test_fig3_loss_is_near_the_papers():
    """The card's traffic note: §3.2's bottleneck lost "about 1.5%" of its
    packets; the preset's drops (both directions) per data packet sent are
    3.2-3.4% over all flows and 3-3.5% over the 4-segment foreground flows
    (every foreground flow, not only the plotted ones), over ten seeds of
    each 4-segment cell at 5 and 160 ms."""
    preset = PRESETS["realistic-tail-loss"]
    fg = preset["foreground_flows"]
    for delay in (5, 160):
        cell_sc = rexsim.apply_overrides(
            preset["scenario"], {gallery._FG_OWD: delay, gallery._FG_SEGMENTS: 4, gallery._FG_ACK: "quick"}
        )
        drops = sent = fg_drops = fg_sent = 0
        for seed in range(1, 11):
            res = rexsim.run({**cell_sc, "seed": seed, "trace": "none"})
            for i, f in enumerate(res.flows):
                m = f.metrics
                n = int(m["segments_sent"]) + int(m["retransmissions"])
                drops, sent = drops + int(m["drops"]), sent + n
                if i in fg:
                    fg_drops, fg_sent = fg_drops + int(m["drops"]), fg_sent + n
        assert 0.03 < drops / sent < 0.036, (delay, drops / sent)
        assert 0.028 < fg_drops / fg_sent < 0.037, (delay, fg_drops / fg_sent)


# ------------------------------------------------------------------ Fig. 4 (§3.3)


def top_bottom(r: Result) -> tuple[str, str]:
    """A Fig. 4 card's panels: RTT 10 ms (top row), RTT 160 ms (bottom row)."""
    top, bottom = (p["id"] for p in r["card"]["panels"])
    return top, bottom


def fig4_norms(r: Result, pid: str) -> dict[str, float]:
    return {k: float(cell(r, pid)[k]["normalized_mean"]) for k in VARIANTS}


def fig4_low_rtt_all_gain_tlp_most(r: Result) -> bool:
    # "in scenarios with low RTTs all mechanisms perform better than the
    # baseline and TLP and TLPR clearly gives the largest gains, reducing OCTs
    # with more than 50% in many cases."
    n = fig4_norms(r, top_bottom(r)[0])
    all_gain = all(n[k] < 1 for k in ("RTOR", "TLP", "TLPR"))
    tlp_tlpr_largest = max(n["TLP"], n["TLPR"]) < n["RTOR"]
    halved = min(n.values()) <= 0.5
    # what each card states
    site = r["card"]["preset"]
    if site == "web-objects-search":
        # the means are over different objects: spurious retransmissions bring loss-free connections into
        # the mechanisms' counted sets (20 baseline objects against 152-162)
        counted = {k: len(v["values"]) for k, v in cell(r, top_bottom(r)[0]).items()}
        assert all(counted[k] > 7 * counted["baseline"] for k in ("RTOR", "TLP", "TLPR")), counted
    elif site == "web-objects-classified":
        assert all_gain and tlp_tlpr_largest and n["TLPR"] == min(n.values()) and min(n.values()) > 0.9, n
    else:
        # RTOR below the baseline, TLP and TLPR above it: one object of 110 s (a last segment, its probe and
        # nine RTO retransmissions lost in the Gilbert-Elliott bad state) in their counted sets; without the
        # objects over 10 s every mechanism is below the baseline
        v = cell(r, top_bottom(r)[0])
        assert n["RTOR"] < 1 < min(n["TLP"], n["TLPR"]) and min(n.values()) > 0.75, n
        assert all(110_000 < max(v[k]["values"]) < 110_100 for k in ("TLP", "TLPR"))

        def trimmed(k: str) -> float:
            return float(np.mean([x for x in v[k]["values"] if x <= 10_000]))

        assert all(trimmed(k) < trimmed("baseline") for k in ("RTOR", "TLP", "TLPR"))
    return all_gain and tlp_tlpr_largest and halved


def fig4_high_rtt_tlpr_best(r: Result) -> bool:
    # "TLPR still performs best among the mechanisms"
    n = fig4_norms(r, top_bottom(r)[1])
    return n["TLPR"] == min(n.values()) and n["TLPR"] < 1


def fig4_high_rtt_rtor_beats_tlp(r: Result) -> bool:
    # "but RTOR is, on average, better than TLP."
    v = cell(r, top_bottom(r)[1])
    if r["card"]["preset"] == "web-objects-classified":
        # what the card states: RTOR's mean is above the baseline's too
        assert v["RTOR"]["mean"] > v["baseline"]["mean"]
    return v["RTOR"]["mean"] < v["TLP"]["mean"]


def fig4f_under_one_second(r: Result) -> bool:
    # "approximately 84% of all OCTs are less than 1 s for RTOR. For TLP, the
    # corresponding fraction is only 74% and for baseline about 70%."
    pub = published(r, "fig4f-cdf-at-1s")
    v = cell(r, pub["panel"])
    ours = {k: below(v[k]["values"], pub["x"]) for k in pub["values"]}
    # the published order RTOR > TLP > baseline, within 5 points of each value
    order = ours["RTOR"] > ours["TLP"] > ours["baseline"]
    close = all(abs(ours[k] - x) <= 0.05 for k, x in pub["values"].items())
    # what the card states: 96-98% for every mechanism, RTOR not above TLP
    assert 0.95 < min(ours.values()) and max(ours.values()) < 0.99 and ours["RTOR"] <= ours["TLP"], ours
    return order and close


def fig4_spurious_ordering(r: Result) -> bool:
    # "The fraction of spurious retransmissions in the experiments (in relation
    # to all segments) are 4.8 x 10^-5 for the baseline, 5.9 x 10^-5 for RTOR,
    # 1.8 x 10^-3 for TLP, and 2.1 x 10^-3 for TLPR." -- that order
    ours = ratio(r, "spurious-3.3")
    pub = published(r, "spurious-3.3")["values"]
    assert sorted(pub, key=pub.__getitem__) == ["baseline", "RTOR", "TLP", "TLPR"]
    return sorted(ours, key=ours.__getitem__) == sorted(pub, key=pub.__getitem__)


CHECKS: dict[tuple[str, str], Callable[[Result], bool]] = {
    ("tail-loss-fig1", "rtor-always-gains"): fig1_rtor_always_gains,
    ("tail-loss-fig1", "rtor-saves-one-rtt"): fig1_rtor_saves_one_rtt,
    ("tail-loss-fig1", "delack-weighs-more-at-small-rtt"): fig1_delack_weighs_more_at_small_rtt,
    ("tail-loss-fig1", "tlp-gains-with-delacks-at-small-rtt"): fig1_tlp_gains_with_delacks_at_small_rtt,
    ("tail-loss-fig1", "tlp-quickack-10ms-exception"): fig1_tlp_quickack_10ms_exception,
    ("tail-loss-fig1", "tlpr-best-in-most"): fig1_tlpr_best_in_most,
    ("tail-loss-fig1", "no-spurious"): no_spurious,
    ("tail-loss-fig2", "rtor-off-above-three"): fig2_rtor_off_above_three,
    ("tail-loss-fig2", "tlp-any-degree"): fig2_tlp_any_degree,
    ("tail-loss-fig2", "er-and-fack"): fig2_er_and_fack,
    ("tail-loss-fig2", "no-spurious"): no_spurious,
    ("tail-loss-fig3", "rtor-saves-an-rtt"): fig3_rtor_saves_an_rtt,
    ("tail-loss-fig3", "rtor-delack-extra-200"): fig3_rtor_delack_extra_200,
    ("tail-loss-fig3", "tlp-low-up-to-70"): fig3_tlp_low_up_to_70,
    ("tail-loss-fig3", "delack-increases-tlp-gain"): fig3_delack_increases_tlp_gain,
    ("tail-loss-fig3", "tlpr-best-short-flows"): fig3_tlpr_best_short_flows,
    ("tail-loss-fig3", "long-flows-small-gain"): fig3_long_flows_small_gain,
    ("tail-loss-fig3", "rtor-best-long-flows"): fig3_rtor_best_long_flows,
    ("tail-loss-fig3", "spurious-ordering"): fig3_spurious_ordering,
    **{
        (cid, fid): check
        for cid in ("tail-loss-fig4-search", "tail-loss-fig4-classified", "tail-loss-fig4")
        for fid, check in (
            ("low-rtt-all-gain-tlp-most", fig4_low_rtt_all_gain_tlp_most),
            ("high-rtt-tlpr-best", fig4_high_rtt_tlpr_best),
            ("high-rtt-rtor-beats-tlp", fig4_high_rtt_rtor_beats_tlp),
        )
    },
    ("tail-loss-fig4", "fig4f-under-one-second"): fig4f_under_one_second,
    ("tail-loss-fig4", "spurious-ordering-web"): fig4_spurious_ordering,
}

FINDINGS = [(c["id"], f["id"]) for c in gallery.CARDS if c["paper"] == gallery.TAIL for f in c["findings"]]


# ------------------------------------------------------------------ the tests


def test_the_tail_loss_paper_has_a_card_per_figure():
    """Every figure of the tail-loss paper; Fig. 4 has a card per web site (two panels each)."""
    assert sorted(c["figure"] for c in gallery.CARDS if c["paper"] == gallery.TAIL) == [
        "Fig. 1",
        "Fig. 2",
        "Fig. 3",
        "Fig. 4 (a, d)",
        "Fig. 4 (b, e)",
        "Fig. 4 (c, f)",
    ]
    assert len({c["id"] for c in gallery.CARDS}) == len(gallery.CARDS)


def test_every_finding_has_a_check():
    assert sorted(CHECKS) == sorted(FINDINGS)


@pytest.mark.parametrize("card_id", TAIL_CARDS)
def test_card_resolves_from_its_preset(card_id):
    c = gallery.card(card_id)
    p = PRESETS[c["preset"]]
    assert c["variants"] == p["variants"] and c["baseline_variant"] == p["baseline_variant"]
    (declared,) = [d for d in gallery.CARDS if d["id"] == card_id]
    assert c["flows"] == (p["foreground_flows"] if declared["flows"] == "foreground" else None)
    n_cells = math.prod(len(v) for v in c["grid"].values())
    assert c["n_runs"] == n_cells * len(p["variants"]) * c["replications"]
    # the metric is the catalogue's (or the per-request list every requests flow reports)
    names = {m["name"] for m in rexsim.catalog()["metrics"]}
    assert c["metric"] in names | {gallery.PER_REQUEST_METRIC}


@pytest.mark.parametrize("card_id", TAIL_CARDS)
def test_card_runs_cleanly(card_id):
    """The grid the card declares runs without an invariant violation or a
    budget stop, and every variant of every cell has values of the metric."""
    r = result(card_id)
    assert len(r["cells"]) == math.prod(len(v) for v in r["card"]["grid"].values())
    for c in r["cells"]:
        assert list(c["variants"]) == list(r["card"]["variants"])
        for name, v in c["variants"].items():
            assert v["invariant_violations"] == 0, (c["params"], name)
            # only the scenario's planned end stops a run, and only where the
            # traffic outlives it: Fig. 3's background connections still send at
            # 80 s, a web connection of Fig. 4 may still back off its RTO at 120 s
            ends = {"duration_s"} if card_id.startswith(("tail-loss-fig3", "tail-loss-fig4")) else set()
            assert set(v["truncated"]) <= ends, v["truncated"]
            assert v["values"] and all(math.isfinite(x) for x in v["values"]), (c["params"], name)
            assert v["normalized_mean"] is not None
        assert c["variants"][r["card"]["baseline_variant"]]["normalized_mean"] == 1


@pytest.mark.parametrize("card_id,finding_id", FINDINGS, ids=[f"{c}:{f}" for c, f in FINDINGS])
def test_finding(card_id, finding_id):
    """The card's status of the finding is what Rexmit's results show."""
    (finding,) = [f for f in gallery.card(card_id)["findings"] if f["id"] == finding_id]
    holds = CHECKS[(card_id, finding_id)](result(card_id))
    shown = "holds" if holds else "differs"
    assert shown == finding["status"], (
        f"{card_id} {finding_id}: the card says {finding['status']!r}, Rexmit's results say {shown!r}: "
        f"{finding['quote']}"
    )


def test_reproduce_runs_the_comparisons_order():
    """reproduce() builds each run as the comparison service does: the preset's
    scenario, the cell's overrides, the variant's, then seed = seed + r."""
    c = gallery.card("tail-loss-fig2")
    r = result("tail-loss-fig2")
    cell0 = r["cells"][0]
    sc = rexsim.apply_overrides(
        rexsim.apply_overrides(rexsim.preset_scenario(c["preset"]), cell0["params"]), c["variants"]["TLP"]
    )
    assert rexsim.run(sc).flows[0].metrics["fct_ms"] == cell0["variants"]["TLP"]["values"][0]


@pytest.mark.parametrize(
    "change,message",
    [
        ({"preset": "no-such"}, "preset: unknown preset"),
        ({"metric": "no_such_metric"}, "metric:"),
        ({"grid": {"flows[*].nothing": [1]}}, r"grid\.flows\[\*\]\.nothing: 1 is not valid"),
        ({"grid": {"path.*.delay_ms": [5, -1]}}, r"grid\.path\.\*\.delay_ms: -1 is not valid"),
        ({"panels": [{"id": "a", "label": "a", "where": {"path.*.delay_ms": 7}}]}, "not a value of the grid"),
        ({"flows": "foreground"}, "names no foreground_flows"),
    ],
)
def test_validate_names_the_card_and_the_field(change, message):
    bad = {**gallery.CARDS[1], **change}
    with pytest.raises(gallery.CardError, match=message):
        gallery.validate(bad)


def test_validate_rejects_a_finding_without_status_or_a_foreign_variant():
    base = gallery.CARDS[0]
    f = {**base["findings"][0], "status": "maybe"}
    with pytest.raises(gallery.CardError, match="status"):
        gallery.validate({**base, "findings": [f]})
    pub = {**base["published"][0], "variant": "CUBIC"}
    with pytest.raises(gallery.CardError, match="not a variant"):
        gallery.validate({**base, "published": [pub]})
    with pytest.raises(KeyError, match="unknown gallery card"):
        gallery.card("no-such")


def test_command_line_lists_and_reproduces_a_card():
    import subprocess
    import sys

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "rexsim", "gallery", *args], capture_output=True, text=True)

    out = cli()
    assert out.returncode == 0
    assert [line.split()[0] for line in out.stdout.splitlines()] == [c["id"] for c in gallery.CARDS]
    out = cli("tail-loss-fig2")
    assert out.returncode == 0, out.stderr
    assert "[holds  ] §3.1 rtor-off-above-three" in out.stdout
    assert "40 runs in " in out.stdout
    # a line per loss count and panel; RTOR ties the baseline at 4 and 5 losses only
    rows = [line.split() for line in out.stdout.splitlines() if line.startswith("  count = ")]
    assert len(rows) == 10
    assert all((row[row.index("RTOR") + 1] == "1.000") == (int(row[2]) > 3) for row in rows)
    bad = cli("no-such")
    assert bad.returncode == 2 and "unknown gallery card" in bad.stderr
