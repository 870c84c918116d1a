"""The paper gallery: one declarative card per figure the engine reproduces.

A card names a preset (rexsim.presets) and says how to run and draw the
figure: the grid of the figure (dotted path -> values, as a comparison's
grid), the replications, the metric (a name of the engine's metrics
catalogue), the chart (normalized bars per value of one grid key, or CDFs),
its panels (the grid cells each panel shows), the paper's findings quoted with
their section, and the values the paper publishes.  Variant names are the
preset's; nothing here re-types them.

Each finding carries `status`: "holds" when Rexmit's results show what the
quoted sentence says, "differs" when they do not, with `rexmit` saying what
Rexmit shows and why.  sim-engine/tests/python/test_gallery.py runs every
card's grid with the engine and asserts each status (a finding that starts or
stops holding fails the test until its card says so).

Adding a figure is adding one entry to CARDS; `validate()` checks it against
the preset and the catalogue, and the backend serves `cards()` at
GET /api/v1/gallery.  `reproduce()` runs a card's grid the way a comparison
does (base scenario, then the cell, then the variant, seeds base.seed + r), so
tests and benchmarks need no service.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import _rexsim
from .presets import FOREGROUND_FLOWS, FRTO_PAPER, FRTO_TABLES, KATO_PAPER, ORSB_PAPER, PRESETS, TAIL_PAPER, WEB_SITES
from .scenario import apply_overrides, flow_counts, grid_cells

TAIL = "tail-loss-recovery-rtor-tlp-tlpr"
FRTO = "f-rto"
KATO = "spurious-timeout-detection-lte-handover"
ORSB = "opportunistic-retransmission-sndbuf"

#: the papers (their file names in shared/papers, without extension) and how to cite them
PAPERS = {TAIL: TAIL_PAPER, FRTO: FRTO_PAPER, KATO: KATO_PAPER, ORSB: ORSB_PAPER}

#: the per-request completion times a "requests" flow reports (a list in its
#: metrics); the comparison service accepts it as a metric besides the
#: catalogue's numeric ones
PER_REQUEST_METRIC = "request_ms"

_ACK = "flows[*].receiver.ack_policy"
_FG = f"flows[0:{FOREGROUND_FLOWS}]"
_FG_ACK = f"{_FG}.receiver.ack_policy"
_FG_SEGMENTS = f"{_FG}.app.segments"
_FG_OWD = f"{_FG}.access_delay_ms"
_OWD = "path.*.delay_ms"

#: §3.2: "In the results we only present FCTs for flows that have at least one
#: loss in the four last segments."
_TAIL_LOSS_FLOWS = {"metric": "tail_drops", "at_least": 1}
#: §3.3: "the average object completion time (OCT) for all objects in flows
#: where at least one object experienced a segment retransmission in one of the
#: four last segments of the object"
_TAIL_RTX_FLOWS = {"metric": "tail_retransmissions", "at_least": 1}

# §3.1: "Due to the high level of control of the experiments and the simple
# traffic patterns, no variation was observed in the results and there were
# no spurious retransmissions."
_NO_VARIATION = (
    "§3.1: “Due to the high level of control of the experiments and the simple traffic patterns, no variation "
    "was observed in the results and there were no spurious retransmissions.” One run per cell and mechanism; "
    "Rexmit's runs are deterministic too."
)

_LOW_RTT_QUOTE = (
    "Looking at the top row of the figure, we see that in scenarios with low RTTs all mechanisms perform better "
    "than the baseline and TLP and TLPR clearly gives the largest gains, reducing OCTs with more than 50% in many "
    "cases."
)

#: per site of §3.3: the status of each Fig. 4 finding in Rexmit, and what Rexmit shows
_WEB_FINDINGS: dict[str, dict[str, tuple[str, str]]] = {
    "search": {
        "low-rtt-all-gain-tlp-most": (
            "differs",
            "At RTT 10 ms every mechanism cuts the baseline's mean OCT by more than half (0.36 of it with RTOR, "
            "0.38 with TLP, 0.37 with TLPR), but RTOR's gain is the largest, not TLP's and TLPR's.",
        ),
        "high-rtt-tlpr-best": ("holds", "At RTT 160 ms TLPR has the lowest mean OCT, 0.50 of the baseline's."),
        "high-rtt-rtor-beats-tlp": (
            "differs",
            "At RTT 160 ms RTOR's mean OCT is above TLP's (0.96 and 0.75 of the baseline's).",
        ),
    },
    "classified": {
        "low-rtt-all-gain-tlp-most": (
            "differs",
            "At RTT 10 ms TLP's mean OCT is 4% above the baseline's (1.04 of it), RTOR's 0.99 and TLPR's 0.93: "
            "not every mechanism gains, and none comes near halving it.",
        ),
        "high-rtt-tlpr-best": ("holds", "At RTT 160 ms TLPR has the lowest mean OCT, 0.79 of the baseline's."),
        "high-rtt-rtor-beats-tlp": (
            "differs",
            "At RTT 160 ms RTOR's mean OCT is above TLP's (1.05 and 0.93 of the baseline's).",
        ),
    },
    "newspaper": {
        "low-rtt-all-gain-tlp-most": (
            "differs",
            "At RTT 10 ms every mechanism's mean OCT is below the baseline's and TLP's and TLPR's are the lowest "
            "(0.84 and 0.83 of it, RTOR's 0.92), but none comes near halving it.",
        ),
        "high-rtt-tlpr-best": ("holds", "At RTT 160 ms TLPR has the lowest mean OCT, 0.93 of the baseline's."),
        "high-rtt-rtor-beats-tlp": (
            "differs",
            "At RTT 160 ms RTOR's mean OCT is 11 ms above TLP's (339.8 and 328.6 ms; the baseline's 335.7 ms).",
        ),
        "fig4f-under-one-second": (
            "differs",
            "96-98% of the counted objects complete within 1 s with every mechanism (baseline 95.9%, RTOR 95.6%, "
            "TLP 96.8%), and RTOR's fraction is not above TLP's.",
        ),
        "spurious-ordering-web": (
            "holds",
            "Rexmit's fractions are in the paper's order, baseline < RTOR < TLP < TLPR (0.019, 0.81, 1.5 and 2.0 "
            "per 1,000 segments of the counted connections, over both RTTs); TLP's and TLPR's are near the paper's "
            "1.8 and 2.1, the baseline's is 2.5 times below the paper's 0.048 and RTOR's 14 times above its 0.059.",
        ),
    },
}

_FIG4F_QUOTE = (
    "For example, if we consider the newspaper site, shown in Figure 4f, approximately 84% of all OCTs are less "
    "than 1 s for RTOR. For TLP, the corresponding fraction is only 74% and for baseline about 70%."
)
_SPURIOUS_33_QUOTE = (
    "The fraction of spurious retransmissions in the experiments (in relation to all segments) are 4.8 × 10^-5 "
    "for the baseline, 5.9 × 10^-5 for RTOR, 1.8 × 10^-3 for TLP, and 2.1 × 10^-3 for TLPR."
)


def _web_card(site: str) -> dict[str, Any]:
    """Fig. 4's two panels of one site of §3.3 (its preset, web-objects-<site>;
    the newspaper's is web-objects): RTT 10 ms on top, 160 ms below."""
    w = WEB_SITES[site]
    top, bottom = w["panels"]
    status = _WEB_FINDINGS[site]
    quotes = {
        "low-rtt-all-gain-tlp-most": (_LOW_RTT_QUOTE, [top]),
        "high-rtt-tlpr-best": ("TLPR still performs best among the mechanisms", [bottom]),
        "high-rtt-rtor-beats-tlp": ("but RTOR is, on average, better than TLP.", [bottom]),
        "fig4f-under-one-second": (_FIG4F_QUOTE, [bottom]),
        "spurious-ordering-web": (_SPURIOUS_33_QUOTE, None),
    }
    findings = [
        {
            "id": fid,
            "section": "§3.3",
            "quote": quotes[fid][0],
            "panels": quotes[fid][1],
            "status": st,
            "rexmit": text,
        }
        for fid, (st, text) in status.items()
    ]
    published: list[dict[str, Any]] = []
    if site == "newspaper":
        published = [
            {
                "id": "fig4f-cdf-at-1s",
                "kind": "ecdf_at",
                "section": "§3.3",
                "quote": _FIG4F_QUOTE,
                "panel": "f",
                "x": 1000,
                "values": {"RTOR": 0.84, "TLP": 0.74, "baseline": 0.70},
            },
            {
                "id": "spurious-3.3",
                "kind": "ratio",
                "section": "§3.3",
                "quote": _SPURIOUS_33_QUOTE,
                "label": "Spurious retransmissions ÷ all data segments sent",
                "numerator": ["spurious_retransmissions"],
                "denominator": ["segments_sent", "retransmissions"],
                "values": {"baseline": 4.8e-5, "RTOR": 5.9e-5, "TLP": 1.8e-3, "TLPR": 2.1e-3},
            },
        ]
    return {
        "id": "tail-loss-fig4" if site == "newspaper" else f"tail-loss-fig4-{site}",
        "paper": TAIL,
        "figure": f"Fig. 4 ({top}, {bottom})",
        "section": "§3.3",
        "title": f"Web objects of the {w['label']}: object completion time CDFs",
        "caption": "Completion time for web objects, with a receiver that uses delACKs.",
        "preset": "web-objects" if site == "newspaper" else f"web-objects-{site}",
        # RTT 10 ms (top row) and 160 ms (bottom row)
        "grid": {_OWD: [5, 80]},
        "replications": 30,
        "replications_note": "The paper does not give the number of downloads per site. Gilbert-Elliott loss "
        "is random: 30 seeds (downloads) per RTT and mechanism.",
        "metric": PER_REQUEST_METRIC,
        "flows": None,
        "flow_filter": _TAIL_RTX_FLOWS,
        "chart": {"kind": "cdf", "x_label": "Object completion time", "x_unit": "ms"},
        "panels": [
            {"id": top, "label": f"({top}) {w['label']}, RTT 10 ms", "where": {_OWD: 5}},
            {"id": bottom, "label": f"({bottom}) {w['label']}, RTT 160 ms", "where": {_OWD: 80}},
        ],
        "findings": findings,
        "published": published,
        "notes": [
            f"The site as §3.3 describes it: {w['objects']} objects of {w['mean_bytes'] // 1000} KB on average "
            "(sizes from a fixed exponential-like spread), over six persistent connections.",
            "As the paper, the card counts the objects of the connections in which an object had a "
            "retransmission in one of its last four segments (flow_filter tail_retransmissions >= 1). The paper "
            "then averages each download's OCTs and plots one value per download; Rexmit plots every counted "
            "object's own OCT.",
            "The findings compare mean OCTs (normalized to the baseline's in the table): §3.3 speaks of averages "
            "(“on average”, “reducing OCTs with more than 50%”).",
        ],
    }


CARDS: list[dict[str, Any]] = [
    {
        "id": "tail-loss-fig1",
        "paper": TAIL,
        "figure": "Fig. 1",
        "section": "§3.1",
        "title": "One tail loss: normalized FCT per RTT, delayed and quick ACKs",
        "caption": "Normalized FCT for 10-segment-flows experiencing a loss of its last data segment.",
        "preset": "tail-loss-rtt-sweep",
        # RTT 10-640 ms (one-way 5-320 ms), both receivers
        "grid": {_OWD: [5, 10, 20, 40, 80, 160, 320], _ACK: ["delayed", "quick"]},
        "replications": 1,
        "replications_note": _NO_VARIATION,
        "metric": "fct_ms",
        "flows": None,
        "chart": {"kind": "bars", "x": _OWD, "x_label": "RTT", "x_unit": "ms", "x_scale": 2},
        "panels": [
            {"id": "top", "label": "delACKs (200 ms)", "where": {_ACK: "delayed"}},
            {"id": "bottom", "label": "quickACKs", "where": {_ACK: "quick"}},
        ],
        "findings": [
            {
                "id": "rtor-always-gains",
                "section": "§3.1",
                "quote": "As shown in the graph, RTOR consistently reduces the FCT.",
                "panels": ["top", "bottom"],
                "status": "holds",
                "rexmit": "RTOR's bar is below the baseline's at every RTT with both receivers.",
            },
            {
                "id": "rtor-saves-one-rtt",
                "section": "§3.1",
                "quote": "When quickACKs are used, RTOR reduces the FCT with one RTT. When delACKs are used, the "
                "reduction also includes the delACK timer of the receiver.",
                "panels": ["top", "bottom"],
                "status": "holds",
                "rexmit": "Baseline minus RTOR is exactly one RTT with quick ACKs and one RTT + 200 ms with "
                "delayed ACKs, at every RTT.",
            },
            {
                "id": "delack-weighs-more-at-small-rtt",
                "section": "§3.1",
                "quote": "For small RTTs, shown in the upper graph at the left-hand side, the delACK timer has a "
                "larger impact on the FCT.",
                "panels": ["top"],
                "status": "holds",
                "rexmit": "With delayed ACKs RTOR's normalized FCT rises with the RTT (its relative gain shrinks).",
            },
            {
                "id": "tlp-gains-with-delacks-at-small-rtt",
                "section": "§3.1",
                "quote": "The consequence of this can be seen in the top graph, where the use of delACKs and small "
                "RTTs (10-80 ms) result in large FCT gains. When the RTT gets larger (160-640 ms), the delACK "
                "will return before the PTO fires, and Equation 2 will be used to recalculate the PTO.",
                "panels": ["top"],
                "status": "holds",
                "rexmit": "With delayed ACKs TLP beats RTOR at RTT 10-80 ms (Eq. 1's PTO fires first) and loses "
                "to it at 160-640 ms, where its gain is smaller than at any RTT of 10-80 ms.",
            },
            {
                "id": "tlp-quickack-10ms-exception",
                "section": "§3.1",
                "quote": "This is also visible for the quickACK strategy where each segment is ACKed and therefore "
                "Equation 2 is used. The exception is in the 10 ms case, where the ACK for the ninth segment "
                "does not reach the sender before the PTO fires.",
                "panels": ["bottom"],
                "status": "differs",
                "rexmit": "At RTT 10 ms with quick ACKs TLP gains nothing (normalized FCT 1.00, as at 20-80 ms): "
                "in Rexmit the ninth segment's ACK arrives with the others, before the Eq. 1 PTO would fire "
                "(also with a 10 or 100 Mbit/s bottleneck), so the PTO is recomputed with one segment "
                "outstanding (Eq. 2) and capped at the RTO. The paper does not say what delayed its ninth ACK.",
            },
            {
                "id": "tlpr-best-in-most",
                "section": "§3.1",
                "quote": "Therefore the combination of them, TLPR, can in most situations reap the benefits of "
                "both components and provide the, overall, largest reductions in FCT.",
                "panels": ["top", "bottom"],
                "status": "holds",
                "rexmit": "TLPR has the lowest FCT in 10 of the 14 cells and is never slower than TLP; with quick "
                "ACKs at RTT 10-80 ms RTOR is lower (TLPR's Eq. 2 PTO, counted from the last transmission, is "
                "still later than RTOR's restarted RTO there).",
            },
            {
                "id": "no-spurious",
                "section": "§3.1",
                "quote": "Due to the high level of control of the experiments and the simple traffic patterns, no "
                "variation was observed in the results and there were no spurious retransmissions.",
                "panels": None,
                "status": "holds",
                "rexmit": "No run of the grid retransmits spuriously.",
            },
        ],
        "published": [
            {
                "id": "rtor-saving",
                "kind": "saving",
                "section": "§3.1",
                "quote": "When quickACKs are used, RTOR reduces the FCT with one RTT. When delACKs are used, the "
                "reduction also includes the delACK timer of the receiver.",
                "variant": "RTOR",
                "at_least": False,
                # per panel: saving = rtts x RTT + plus_ms (the receiver's 200 ms delayed-ACK timer, §3.1)
                "per_panel": {"top": {"rtts": 1, "plus_ms": 200}, "bottom": {"rtts": 1, "plus_ms": 0}},
            }
        ],
        "notes": [
            "The paper's figure shows “a representative sample of the results”; the card runs RTT 10-640 ms, the "
            "range §3.1 names.",
        ],
    },
    {
        "id": "tail-loss-fig2",
        "paper": TAIL,
        "figure": "Fig. 2",
        "section": "§3.1",
        "title": "1-5 tail losses at RTT 80 ms: normalized FCT per loss count",
        "caption": "Normalized FCT for 10-segment-flows experiencing a loss of its n last data segment(s). "
        "RTT is 80 ms.",
        "preset": "tail-loss-n-degree",
        "grid": {"path.forward.loss.count": [1, 2, 3, 4, 5], _ACK: ["delayed", "quick"]},
        "replications": 1,
        "replications_note": _NO_VARIATION,
        "metric": "fct_ms",
        "flows": None,
        "chart": {
            "kind": "bars",
            "x": "path.forward.loss.count",
            "x_label": "Lost tail segments",
            "x_unit": "",
            "x_scale": 1,
        },
        "panels": [
            {"id": "top", "label": "delACKs (200 ms)", "where": {_ACK: "delayed"}},
            {"id": "bottom", "label": "quickACKs", "where": {_ACK: "quick"}},
        ],
        "findings": [
            {
                "id": "rtor-off-above-three",
                "section": "§3.1",
                "quote": "In general, all the mechanisms are able to reduce the FCT when the degree of tail loss "
                "increases, with the exception of RTOR when the degree of loss is larger than three.",
                "panels": ["top", "bottom"],
                "status": "holds",
                "rexmit": "RTOR is below the baseline for 1-3 losses and equal to it for 4 and 5 (rrthresh = 4 "
                "outstanding segments turns it off, RFC 7765 §4).",
            },
            {
                "id": "tlp-any-degree",
                "section": "§3.1",
                "quote": "TLP and TLPR, on the other hand, try to enable fast recovery as a response to any degree "
                "of tail loss.",
                "panels": ["top", "bottom"],
                "status": "holds",
                "rexmit": "TLP and TLPR are below the baseline for 2-5 losses with both receivers, and TLPR for "
                "every loss count; one loss with quick ACKs is Fig. 1's RTT 80 ms cell, where TLP's PTO (Eq. 2) "
                "is capped at the RTO and ties with the baseline.",
            },
            {
                "id": "er-and-fack",
                "section": "§3.1",
                "quote": "To do this, TLP and TLPR employ FACK if four or more segments are lost in the tail and ER "
                "if 2-3 segments are lost.",
                "panels": ["top", "bottom"],
                "status": "holds",
                "rexmit": "After the probe, TLP and TLPR recover 2-3 losses by early retransmit and 4-5 by a SACK "
                "(FACK) fast retransmit; none of them waits for an RTO.",
            },
            {
                "id": "no-spurious",
                "section": "§3.1",
                "quote": "Due to the high level of control of the experiments and the simple traffic patterns, no "
                "variation was observed in the results and there were no spurious retransmissions.",
                "panels": None,
                "status": "holds",
                "rexmit": "No run of the grid retransmits spuriously.",
            },
        ],
        "published": [],
        "notes": [],
    },
    {
        "id": "tail-loss-fig3",
        "paper": TAIL,
        "figure": "Fig. 3",
        "section": "§3.2",
        "title": "Short flows under cross traffic: FCT CDFs",
        "caption": "Flow completion time for flows with varying sizes and different baseline one-way delays.",
        "preset": "realistic-tail-loss",
        "grid": {_FG_OWD: [5, 160], _FG_SEGMENTS: [4, 100], _FG_ACK: ["quick", "delayed"]},
        "replications": 30,
        "replications_note": "The paper does not give a number of repetitions (each experiment replays a "
        "10-minute Tmix trace). Start times are random per seed: 30 seeds per cell and mechanism, of "
        f"{FOREGROUND_FLOWS} foreground flows each, give 30-50 flows with a tail loss per 4-segment cell.",
        "metric": "fct_ms",
        "flows": "foreground",
        "flow_filter": _TAIL_LOSS_FLOWS,
        "chart": {"kind": "cdf", "x_label": "Flow completion time", "x_unit": "ms"},
        "panels": [
            {
                "id": "a",
                "label": "(a) 4 segments, one-way 5 ms, quickACKs",
                "where": {_FG_OWD: 5, _FG_SEGMENTS: 4, _FG_ACK: "quick"},
            },
            {
                "id": "b",
                "label": "(b) 4 segments, one-way 5 ms, delACKs",
                "where": {_FG_OWD: 5, _FG_SEGMENTS: 4, _FG_ACK: "delayed"},
            },
            {
                "id": "c",
                "label": "(c) 100 segments, one-way 5 ms, quickACKs",
                "where": {_FG_OWD: 5, _FG_SEGMENTS: 100, _FG_ACK: "quick"},
            },
            {
                "id": "d",
                "label": "(d) 4 segments, one-way 160 ms, quickACKs",
                "where": {_FG_OWD: 160, _FG_SEGMENTS: 4, _FG_ACK: "quick"},
            },
            {
                "id": "e",
                "label": "(e) 4 segments, one-way 160 ms, delACKs",
                "where": {_FG_OWD: 160, _FG_SEGMENTS: 4, _FG_ACK: "delayed"},
            },
            {
                "id": "f",
                "label": "(f) 100 segments, one-way 160 ms, quickACKs",
                "where": {_FG_OWD: 160, _FG_SEGMENTS: 100, _FG_ACK: "quick"},
            },
        ],
        "findings": [
            {
                "id": "rtor-saves-an-rtt",
                "section": "§3.2",
                "quote": "In all cases, RTOR saves at least one RTT as compared to the baseline.",
                "panels": ["a", "b", "d", "e"],
                "status": "differs",
                "rexmit": "RTOR's median FCT is below the baseline's in all four panels, by 49, 187, 319 and 307 ms "
                "at RTTs of 10, 10, 320 and 320 ms: at least one RTT in (a) and (b), 0.997 of one in (d) and 0.96 "
                "in (e).",
            },
            {
                "id": "rtor-delack-extra-200",
                "section": "§3.2",
                "quote": "An extra saving of 200 ms is achieved when delACKs are used.",
                "panels": ["a", "b", "d", "e"],
                "status": "differs",
                "rexmit": "RTOR's median saving with delACKs is 138 ms more than with quickACKs at 5 ms one-way "
                "(b vs a) and 12 ms less at 160 ms (e vs d). Most of Rexmit's plotted flows lose two or more of "
                "their four segments (the drop-tail queue drops bursts), and in the controlled runs of Fig. 2 RTOR "
                "saves RTT + 200 ms with delACKs only when one or three segments are lost: one RTT when two are, "
                "nothing when all four are (RTOR is off with four outstanding).",
            },
            {
                "id": "tlp-low-up-to-70",
                "section": "§3.2",
                "quote": "As discussed in subsection 3.1, when the RTT is small and multiple segments are lost in "
                "the tail, both TLP and TLPR recover lost segments quickly based on Equation 1. This is clearly "
                "visible in Figure 3a. FCTs are noticeably low up to approximately 70% in the CDF.",
                "panels": ["a"],
                "status": "holds",
                "rexmit": "In (a) TLP's and TLPR's FCT quantiles from 10% to 70% are all below the baseline's.",
            },
            {
                "id": "delack-increases-tlp-gain",
                "section": "§3.2",
                "quote": "When delACKs are used, only Equation 1 is used and the relative gain of using TLP and "
                "TLPR therefore increases. This is clearly shown in Figure 3b.",
                "panels": ["a", "b"],
                "status": "holds",
                "rexmit": "TLP's median FCT relative to the baseline's falls from 0.58 in (a) to 0.31 in (b), "
                "TLPR's from 0.47 to 0.28.",
            },
            {
                "id": "tlpr-best-short-flows",
                "section": "§3.2",
                "quote": "In the above scenarios, TLPR outperforms all the other mechanisms.",
                "panels": ["a", "b", "d", "e"],
                "status": "holds",
                "rexmit": "TLPR has the lowest median FCT in (a), (b), (d) and (e).",
            },
            {
                "id": "long-flows-small-gain",
                "section": "§3.2",
                "quote": "The relative gain becomes smaller for larger flows as the tail becomes a smaller part "
                "of the total.",
                "panels": ["a", "c", "d", "f"],
                "status": "holds",
                "rexmit": "The best mechanism's median FCT relative to the baseline's is closer to 1 for "
                "100-segment flows (c: 0.76, f: 0.98) than for 4-segment flows at the same delay (a: 0.47, "
                "d: 0.73).",
            },
            {
                "id": "rtor-best-long-flows",
                "section": "§3.2",
                "quote": "Consequently, RTOR performs better than both TLP and TLPR in such cases, as shown in the "
                "same figure.",
                "panels": ["f"],
                "status": "differs",
                "rexmit": "In (f) TLPR's and TLP's median FCTs are below RTOR's (2,210 and 2,219 against 2,224 ms; "
                "the baseline's 2,246 ms); RTOR's mean is the lowest, by under 1 ms (2,585.7 against TLPR's "
                "2,586.4 and TLP's 2,606.7 ms). The four medians lie within 37 ms.",
            },
            {
                "id": "spurious-ordering",
                "section": "§3.4",
                "quote": "As RTOR, TLP, and TLPR all reduce the time a sender waits before it retransmits a segment "
                "they inevitably increase the risk of a spurious retransmission.",
                "panels": None,
                "status": "differs",
                "rexmit": "Over the card's plotted flows RTOR retransmits spuriously more often than the baseline "
                "(0.26 against 0.15 per 1,000 segments), TLP and TLPR less often (0.11 and 0.14).",
            },
        ],
        "published": [
            {
                "id": "spurious-3.2",
                "kind": "ratio",
                "section": "§3.2",
                "quote": "In the experiments, we have also calculated the fraction of spurious retransmissions in "
                "relation to all segments. The fractions are 2.18 × 10^-4 for the baseline, 3.67 × 10^-4 for "
                "RTOR, 3.49 × 10^-4 for TLP, and 3.48 × 10^-4 for TLPR.",
                "label": "Spurious retransmissions ÷ all data segments sent",
                "numerator": ["spurious_retransmissions"],
                "denominator": ["segments_sent", "retransmissions"],
                "values": {"baseline": 2.18e-4, "RTOR": 3.67e-4, "TLP": 3.49e-4, "TLPR": 3.48e-4},
            }
        ],
        "notes": [
            "As the paper, the card plots only the flows with at least one loss in their last four segments "
            "(flow_filter tail_drops >= 1); which flows those are differs from mechanism to mechanism, as in the "
            "paper. CDF findings compare medians (a CDF's middle); the table's means are beside them.",
            "The paper does not say which one-way delay each row shows; from “as the effective RTT gets larger” "
            "(Fig. 3d) the card takes 5 ms for (a)-(c) and 160 ms for (d)-(f), the smallest and largest of §3.2's "
            "5, 40 and 160 ms.",
            "Traffic: the paper replays a 10-minute Tmix trace; the preset's background is Tmix-like (24 persistent "
            "connections replaying heavy-tailed responses with think times and their own delays), random per seed. "
            "Its bottleneck drops about 3.4% of all packets and 2-3.5% of the 4-segment foreground flows' (paper: "
            "about 1.5% at the bottleneck).",
            "Spurious fractions: the paper's are over all segments of the experiment; Rexmit's are over the "
            "plotted flows' segments.",
            "The grid is a product, so the two 100-segment cells with delACKs are run but not drawn (the paper "
            "shows 100-segment flows with quickACKs only).",
        ],
    },
    _web_card("search"),
    _web_card("classified"),
    _web_card("newspaper"),
]

# ---- the F-RTO paper's Tables 1-3 (Figs. 6-8), one card each (issue #10).
# The paper draws box plots of throughput (Figs. 6-8) and tabulates medians
# (Tables 1-3); the gallery draws bars (the mean time per variant, normalized
# to Regular SACK) and gives each table's columns as published ratios per new
# data segment: a 100 KB transfer of MSS 256 sends 400 of them, so the
# paper's median over 400 sits beside Rexmit's total over its total (a mean).
_FRTO_SEGS = 400  # 102400 bytes / 256
_FRTO_COLUMNS = (
    ("time", 0, "fct_ms", "Time (ms) ÷ new data segments (400 per 100 KB)", 1000.0),
    ("lost", 1, "drops", "Packets lost ÷ new data segments", 1.0),
    ("rexmits", 2, "retransmissions", "Retransmissions ÷ new data segments", 1.0),
)
_FRTO_MEDIANS_NOTE = (
    "The paper's tables give medians of 30 replications; the published ratios divide them by the 400 new data "
    "segments of a 100 KB transfer, and Rexmit's are totals over totals (means). The paper's time runs from the "
    "SYN to the ACK of the FIN at the sender, Rexmit's fct_ms to the delivery of the last byte (about one "
    "one-way delay less)."
)
_FRTO_BOX_NOTE = (
    "The paper's Figs. 6-8 are box plots of throughput over the 30 replications; the card draws box plots of "
    "the transfer time (whiskers p5-p95, box Q1-Q3, the median as a bar, the mean as a dot): throughput is "
    "100 KB over it."
)


def _frto_published(table: str, section_quote: str) -> list[dict[str, Any]]:
    rows = FRTO_TABLES[table]
    return [
        {
            "id": f"{table.lower().replace(' ', '')}-{cid}",
            "kind": "ratio",
            "section": "§5.2",
            "quote": section_quote,
            "label": label,
            "numerator": [metric],
            "denominator": ["segments_sent"],
            "values": {v: row[i] * scale / _FRTO_SEGS for v, row in rows.items()},
        }
        for cid, i, metric, label, scale in _FRTO_COLUMNS
    ]


_FRTO_DELAY = "path.*.delay_ms"
# Figs. 6-8 are box plots over the 30 replications: one box per variant
_FRTO_ONE_CELL_CHART = {"kind": "box", "x_label": "Time to transfer 100 KB", "x_unit": "ms"}
_FRTO_REPS_NOTE = (
    "§5.1: “For each scenario and TCP variant the experiment is repeated 30 times.” Seeds 1-30 per variant "
    "(and loss rate)."
)


def _frto_card(table: str, figure: str, preset: str, grid: dict[str, list[Any]]) -> dict[str, Any]:
    """What the cards of the paper's tables share, with the table's medians
    as published ratios; each card adds its title, panels and findings."""
    quote = {
        "Table 1": "Table 1: Results of the tests with sudden delays.",
        "Table 2": "Table 2: Results of the tests with packet errors.",
        "Table 3": "Table 3: Results of the tests with bursty losses on the link.",
    }[table] + " The median values of 30 replications."
    return {
        "id": "frto-" + table.lower().replace(" ", ""),
        "paper": FRTO,
        "figure": f"{table}, {figure}",
        "section": "§5.2",
        "caption": quote.split(": ", 1)[1],
        "preset": preset,
        "grid": grid,
        "replications": 30,
        "replications_note": _FRTO_REPS_NOTE,
        "metric": "fct_ms",
        "flows": None,
        "chart": _FRTO_ONE_CELL_CHART,
        "published": _frto_published(table, quote),
        "notes": [_FRTO_BOX_NOTE, _FRTO_MEDIANS_NOTE],
    }


FRTO_CARDS: list[dict[str, Any]] = [
    {
        # the grid: the link's one-way delay, its one value (bars need a grid key)
        **_frto_card("Table 1", "Fig. 6", "frto-sudden-delays", {_FRTO_DELAY: [200]}),
        "title": "Sudden delays on a GPRS-like link: time per 100 KB, six TCP variants",
        "panels": [{"id": "delays", "label": "Sudden delays (p = 0.02, mean 3.5 s)", "where": {}}],
        "findings": [
            {
                "id": "frto-fewer-unnecessary",
                "section": "§5.2",
                "quote": "The number of unnecessary retransmissions with the F-RTO algorithm is considerably "
                "smaller than with the conventional RTO recovery algorithm, resulting in improved throughput with "
                "the F-RTO algorithm.",
                "panels": ["delays"],
                "status": "holds",
                "rexmit": "F-RTO's unnecessary retransmissions are under a third of the conventional recovery's "
                "with SACK and with NewReno, and its mean time is lower (by about 7 %, within the noise of 30 "
                "replications; the paper's gain is about 18 %).",
            },
            {
                "id": "sack-newreno-alike",
                "section": "§5.2",
                "quote": "There is no significant difference between the SACK TCP and the NewReno TCP, when RTOs "
                "are triggered by excessive delays.",
                "panels": ["delays"],
                "status": "holds",
                "rexmit": "Regular NewReno's mean time is within 5 % of Regular SACK's.",
            },
            {
                "id": "eifel-more-losses-slower",
                "section": "§5.2",
                "quote": "Hence, Eifel typically has more packet losses due to congestion than F-RTO, resulting "
                "in a slightly lower throughput than F-RTO.",
                "panels": ["delays"],
                "status": "differs",
                "rexmit": "Eifel loses more packets than F-RTO with SACK and with NewReno, but its mean time is "
                "not longer than F-RTO's with either (the difference is within the noise of 30 replications).",
            },
        ],
    },
    {
        # Fig. 7 and Table 2 are at 5 %; the preset's grid (and
        # tests/python/test_frto_claims.py) also runs 2 and 10 %
        **_frto_card("Table 2", "Fig. 7", "frto-random-loss", {"path.*.loss.p": [0.05]}),
        "title": "Random packet loss on a GPRS-like link: time per 100 KB at 5 % loss",
        "panels": [{"id": "loss", "label": "Random loss of 5 %, both directions", "where": {}}],
        "findings": [
            {
                "id": "frto-like-conventional",
                "section": "§5.2",
                "quote": "The trend with the packet loss rates of 2 % and 10 % is similar: the performance of F-RTO "
                "is not different from the performance achieved with the conventional RTO recovery, regardless of "
                "whether SACK or NewReno TCP is used.",
                "panels": ["loss"],
                "status": "holds",
                "rexmit": "F-RTO's mean time is within 5 % (in fact 1 %) of the conventional recovery's, with SACK "
                "and with NewReno (at 2 and 10 % too, in the preset's grid).",
            },
            {
                "id": "sack-beats-newreno",
                "section": "§5.2",
                "quote": "As expected, the SACK TCP improves the performance over the NewReno TCP, since there are "
                "often multiple packet losses in one round-trip time, and SACK recovers more efficiently in such a "
                "case.",
                "panels": ["loss"],
                "status": "holds",
                "rexmit": "Regular SACK's mean time is below Regular NewReno's (at 2 and 10 % too, the gap growing "
                "with the loss rate).",
            },
            {
                "id": "eifel-sack-slower",
                "section": "§5.2",
                "quote": "Eifel TCP using SACK and TCP timestamps has a lower throughput than SACK TCP without "
                "timestamps.",
                "panels": ["loss"],
                "status": "holds",
                "rexmit": "Eifel SACK's mean time is above Regular SACK's; its segments carry the 12 timestamp "
                "bytes the paper names.",
            },
        ],
    },
    {
        **_frto_card("Table 3", "Fig. 8", "frto-bursty-losses", {_FRTO_DELAY: [200]}),
        "title": "Link outages on a GPRS-like link: time per 100 KB, six TCP variants",
        "panels": [{"id": "outages", "label": "Outages (good 0.1-20 s, bad mean 3.5 s)", "where": {}}],
        "findings": [
            {
                "id": "frto-like-conventional",
                "section": "§5.2",
                "quote": "Figure 8 shows that the TCP performance with F-RTO does not differ significantly from the "
                "performance with the conventional RTO recovery when there are link outages.",
                "panels": ["outages"],
                "status": "holds",
                "rexmit": "F-RTO's mean time is within 5 % of the conventional recovery's with SACK and NewReno.",
            },
            {
                "id": "eifel-sack-clearly-worse",
                "section": "§5.2",
                "quote": "The test results show that Eifel TCP gives a clearly worse throughput than the "
                "conventional TCP when SACK TCP is used.",
                "panels": ["outages"],
                "status": "differs",
                "rexmit": "Eifel SACK is within 10 % of Regular SACK and Eifel declares no RTO spurious: the "
                "engine's receiver echoes the needless retransmission's own timestamp (TS.Recent from any "
                "segment at or below Last.ACK.sent, RFC 7323 §4.3), the behaviour of the paper's footnote 4 that "
                "“would have avoided the problem”, and with SACK that ACK's D-SACK block makes Eifel's RFC 3522 "
                "§3.2 step 5 answer not spurious; the paper's receiver echoed an earlier segment's timestamp.",
            },
        ],
    },
]
CARDS += FRTO_CARDS

# ---- Kato et al. (LTE handover), §4: Fig. 4 (delay spike only) and Fig. 11
# (delay spike with loss, the data transferred in a 20 s run), one card each
# (issue #10).  Fig. 11 is a bar chart of the megabytes each method
# transferred in 20 s, the mean of three runs; the paper prints no number
# for it (nor for any figure), so the cards quote its findings and publish no
# values.  The measure: the run ends at 20 s (grid duration_s = 20, its one
# value, the bars' x) and bytes_delivered is then the in-order data at the
# receiver by 20 s (tests/python/test_lte_handover_claims.py measures the
# same from the trace's ACKs).  The figure's bars are normalized to
# conventional recovery (no detector), which the paper did not run.
_KATO_20S = {"duration_s": [20]}
_KATO_CHART = {"kind": "bars", "x": "duration_s", "x_label": "Run length", "x_unit": "s", "x_scale": 1}
_KATO_MEASURE_NOTE = (
    "Measure: the in-order data at the receiver when the 20 s run ends (bytes_delivered of a run cut at "
    "duration_s = 20), as the paper's “transferred data size during a measurement run whose duration is 20 sec” "
    "(§4.2, Fig. 11). The bars are normalized to conventional recovery (no detector), a variant the paper did not "
    "run; the comparison's table (the compare page) gives the bytes."
)
_KATO_TABLE_NOTE = (
    "The handover table is reconstructed: the paper's Fig. 2 table is not in its text, only that packets arriving "
    "during 10,000-11,460 ms leave during 15,000-15,010 ms (§3.1); see the preset's description."
)

KATO_CARDS: list[dict[str, Any]] = [
    {
        "id": "kato-fig4",
        "paper": KATO,
        "figure": "Fig. 4",
        "section": "§4.1",
        "title": "LTE handover, delay spike only: data transferred in 20 s per detector",
        "caption": "Sequence/ACK numbers and cwnd vs. time with delay spike only",
        "preset": "lte-handover-spike",
        "grid": _KATO_20S,
        "replications": 1,
        "replications_note": "No loss and no random stage: every run of a variant is the same, one replication "
        "(the paper shows one run per method).",
        "metric": "bytes_delivered",
        "flows": None,
        "chart": _KATO_CHART,
        "panels": [{"id": "spike", "label": "Delay spike at 10 s, no loss", "where": {}}],
        "findings": [
            {
                "id": "alike",
                "section": "§4.1",
                "quote": "However, since RTT after the delay spike is small in this experiment, those differences "
                "in the cwnd behaviors are not reflected to the behaviors of sequence/ACK numbers. [...] So, it can "
                "be said that Eifel, DSACK, and F-RTO work well in the LTE lossless handover.",
                "panels": ["spike"],
                "status": "holds",
                "rexmit": "Eifel, DSACK and F-RTO transfer within 0.5 % of each other by 20 s (18.155, 18.071 and "
                "18.155 MB).",
            },
            {
                "id": "frto-best",
                "section": "§4.1",
                "quote": "F-RTO works best among the three. It can detect the spurious timeout and return to the "
                "previous cwnd value very quickly.",
                "panels": ["spike"],
                "status": "differs",
                "rexmit": "F-RTO (as Linux runs it) and Eifel tie: each undoes the last of the four RTOs on the "
                "first ACKs after the spike, and the two runs transfer the same bytes (18.155 MB); F-RTO is not "
                "ahead of Eifel.",
            },
            {
                "id": "dsack-no-detection",
                "section": "§4.1",
                "quote": "Among three methods, DSACK is poor. The cwnd is reduced to one packet and then it goes up "
                "following the slow start and congestion avoidance procedures. This is an ordinal step after "
                "timeout, and so it can be said that no steps for spurious timeout detection are working.",
                "panels": ["spike"],
                "status": "differs",
                "rexmit": "DSACK does declare the last RTO spurious and undoes it (one undo), but only once the "
                "D-SACKs of the resent segments are in, and it transfers exactly what conventional recovery does "
                "(18.071 MB), 0.5 % less than Eifel and F-RTO.",
            },
        ],
        "published": [],
        "notes": [
            "The paper's Fig. 4 plots sequence/ACK numbers and cwnd against time (10-13 s) for Eifel, DSACK and "
            "F-RTO; the card draws the measure its conclusion speaks of, the data transferred, for every "
            "variant of the preset (the three alone, the three pairs and no detector). Each variant's time-"
            "sequence diagram and cwnd chart are one run's view away (the comparison's runs).",
            _KATO_MEASURE_NOTE,
            _KATO_TABLE_NOTE,
        ],
    },
    {
        "id": "kato-fig11",
        "paper": KATO,
        "figure": "Fig. 11",
        "section": "§4.2",
        "title": "LTE handover, delay spike with loss: data transferred in 20 s, detectors alone and in pairs",
        "caption": "Transferred data size during measurement run",
        "preset": "lte-handover-spike-loss",
        "grid": _KATO_20S,
        "replications": 3,
        "replications_note": "§4.2: “The value is an average among three runs.” Seeds 1-3 per variant; "
        "tests/python/test_lte_handover_claims.py checks the same orderings over 20 seeds.",
        "metric": "bytes_delivered",
        "flows": None,
        "chart": _KATO_CHART,
        "panels": [
            {"id": "loss", "label": "Delay spike at 10 s with loss (5 % in the spike, 1 % to 20 s)", "where": {}}
        ],
        "findings": [
            {
                "id": "eifel-poorest",
                "section": "§5",
                "quote": "When the packet losses are added with delay, the performance of Eifel is poorer than "
                "DSACK and F-RTO.",
                "panels": ["loss"],
                "status": "differs",
                "rexmit": "Eifel transfers far less than DSACK (13.9 against 17.5 MB, mean of seeds 1-3) but F-RTO "
                "as Linux runs it transfers less still (12.2 MB; over 20 seeds 12.71 against Eifel's 13.23, 4 % "
                "less): F-RTO undoes the RTO the same way, also when the segment the RTO resent was itself lost, "
                "and the segment lost in the spike then waits for an RTO grown to about 11 s by the spike's RTT "
                "samples.",
            },
            {
                "id": "dsack-frto-best",
                "section": "§4.2",
                "quote": "This result says that DSACK and F-RTO provide the best performance among the three methods.",
                "panels": ["loss"],
                "status": "differs",
                "rexmit": "DSACK transfers the most of the three (17.5 MB, what conventional recovery does: a "
                "segment lost in the spike brings no D-SACK, so it seldom declares these RTOs spurious), F-RTO "
                "the least.",
            },
            {
                "id": "dsack-beats-eifel",
                "section": "§4.2",
                "quote": "In this sense, the performance of DSACK is better than Eifel.",
                "panels": ["loss"],
                "status": "holds",
                "rexmit": "DSACK transfers 26 % more than Eifel by 20 s (17.5 against 13.9 MB).",
            },
            {
                "id": "pairs-no-gain",
                "section": "§4.2",
                "quote": "It also says that the combination of two spurious timeout detection methods does not "
                "increase the throughput.",
                "panels": ["loss"],
                "status": "holds",
                "rexmit": "No pair transfers more than its better member: Eifel+DSACK transfers what Eifel does, "
                "Eifel+F-RTO and DSACK+F-RTO what F-RTO does.",
            },
        ],
        "published": [],
        "notes": [
            "The paper prints no values for Fig. 11 (nor for any figure): its findings are quoted instead.",
            _KATO_MEASURE_NOTE,
            _KATO_TABLE_NOTE,
            "Figs. 5-10 (cwnd against time for each detector and pair, three and two runs) have no card: their "
            "timeout gaps are in each run's time-sequence diagram and cwnd chart; Rexmit's Eifel gap after the "
            "spike is longer (15.1 s to about 27 s) than the paper's (12-16 s).",
        ],
    },
]
CARDS += KATO_CARDS

# ---- the mobile-recovery paper's Tables 1, 2, 4 and 5 (§IV.B, §V.D), one
# table card each (issue #11): rows the four recovery algorithms, columns the
# burst size (Tables 1, 4) or the round-trip propagation delay (Tables 2, 5),
# cells the bandwidth utilisation during loss recovery (recovery_utilisation,
# eq. (8) from T2 to the first new packet leaving the bottleneck).  Panels:
# opportunistic retransmission off ('Original') and on ('w/ OR') with Linux's
# send buffer (Tables 1, 2); Linux as it is against both of the paper's
# optimisations, opportunistic retransmission and the send buffer growing to
# 3 x cwnd (Tables 4, 5, §V.D).  The published values are the paper's
# numerical (system model) and experimental rows, as the OCR'd text gives them.
_ORSB_BURST = "path.forward.loss.rules[0].count"
_ORSB_OR = "flows[*].tcp.opportunistic_rtx"
_ORSB_GROWTH = "flows[*].tcp.sndbuf_growth"
_ORSB_ALGS = ("RH", "PRR", "QARR", "BARR")
_ORSB_REPS_NOTE = (
    "The burst is placed, not random, and nothing else in the scenario is: every run of a cell is the same, one "
    "run per cell (the paper's Table 3 ran 10)."
)
_ORSB_PERIOD_NOTE = (
    "With opportunistic retransmission the first new packet after T2 is an opportunistic one, sent right after "
    "the retransmissions, so Rexmit's recovery_utilisation is then the recovery algorithm's own sending rate "
    "(rate-halving one segment per two delivered, RFC 6937 §1: 0.500; PRR ssthresh / RecoverFS = 0.7 with CUBIC: "
    "10 segments in 14 ACK intervals, 0.714; QARR and BARR 1) over the retransmissions alone. The paper's period "
    "runs to T5 (Fig. 1; Theorem 6 still counts U), the first new packet the window admits: measured so from the "
    "trace (tests/python/test_orsb_claims.py, window_period_utilisation) the optimised rows come out RH 0.68-0.71, "
    "PRR 0.72, QARR 1.00, BARR 0.96-1.00 at 10 losses, beside the paper's experimental 0.73-0.74, 0.73-0.74, "
    "0.95-0.98 and 0.95-0.99. A per-episode metric ending at the first in-window new packet would show this on "
    "the card; the catalogue has none yet."
)
_ORSB_T3_NOTE = (
    "Table 3's testbed in the preset: C = 20 Mb/s (1650 packets of 1515 bytes per second), AW = C x U from "
    "receiver.rwnd_bdp = 1 (the window counts payload, so it holds 171 segments at U = 100 ms where the link "
    "carries 165 packets per U), CUBIC. The burst falls in congestion avoidance with cwnd = AW (an earlier loss "
    "repaired by an RTO ends slow start; its episode has no utilisation period)."
)
_ORSB_NUMERICAL_NOTE = (
    "The paper's numerical rows imply C x U = 184 packets at 10 losses (0.054 = 10 / 185) but 169-170 at 50 and "
    "100 (0.294, 0.594): its theorems are lost in the OCR'd text, so the values are quoted as printed."
)


def _orsb_cells(
    tid: str, label: str, panel: str, x_key: str, xs: list[Any], rows: Mapping[str, Sequence[float | None]], quote: str
) -> dict[str, Any]:
    return {
        "id": f"{tid}-{label.lower()}-{panel}",
        "kind": "cells",
        "section": "§IV.B" if tid in ("table1", "table2") else "§V.D",
        "quote": quote,
        "label": label,
        "panel": panel,
        "values": [
            {"variant": v, "where": {x_key: x}, "value": val}
            for v in _ORSB_ALGS
            for x, val in zip(xs, rows[v], strict=True)
        ],
    }


_T1_QUOTE = (
    "Table. 1 – Comparison of bandwidth utilization during the loss recovery period versus different packet "
    "loss burst sizes."
)
_T2_QUOTE = (
    "Table. 2 Comparison of bandwidth utilization during the loss recovery period versus different propagation delays."
)
_T4_QUOTE = "Table. 4 Comparison of bandwidth utilization during the loss recovery period versus different loss."
_T5_QUOTE = (
    "Table. 5 Comparison of bandwidth utilization during the loss recovery period versus different propagation delays."
)
_BURSTS = [10, 50, 100]
_DELAYS = [25, 75, 100]  # one way: U = 50, 150, 200 ms

_UTIL_CHART = {
    "kind": "table",
    "x_label": "",
    "x_unit": "",
    "x_scale": 1,
    "rows": None,
    "rows_label": None,
    "value_label": "Bandwidth utilisation during recovery",
    "value_unit": "",
    "value_scale": 1,
}
_BURST_CHART = {**_UTIL_CHART, "x": _ORSB_BURST, "x_label": "Burst size", "x_unit": "packets"}
_DELAY_CHART = {**_UTIL_CHART, "x": "path.*.delay_ms", "x_label": "Propagation delay", "x_unit": "ms", "x_scale": 2}

_QUOTE_RISE = (
    "We first observe that the numerical results computed from the system model are quite consistent with the "
    "experimental results for original TCP loss recovery algorithms under different loss rates, and the bandwidth "
    "utilization increase for larger burst size – a direct result of longer link utilization time to retransmit "
    "the larger number of lost packets, e.g., the bandwidth utilizations of QARR increase from 0.057 to over 0.51 "
    "with the increase in burst size of lost packets."
)
_QUOTE_OR_GAP = (
    "However, the numerical results from the system model do not match the experimental results for TCP loss "
    "recovery algorithms with opportunistic retransmission under small burst size, e.g., 0.246 versus 1 for QARR "
    "under 10 burst size of lost packets."
)
_QUOTE_T2 = (
    "The similar observation can be found in Table 2 that compares the average bandwidth utilization over the "
    "loss recovery phase under different propagation delays ranging from 50ms to 200ms, when 10 consecutive "
    "packet loss event occurs, the numerical results are consistent with the experimental results for the "
    "original loss recovery algorithms under all the propagation delays, while they are inconsistent after "
    "applying opportunistic retransmission."
)
_QUOTE_DELAY = (
    "First, in a network with high bandwidth (i.e., C) and long delay (i.e., U), the link will be more likely "
    "become idle during the loss recovery phase (c.f. (5), (9), (10), (11) and (12))."
)
_QUOTE_OPT = (
    "As shown in Table 4 and Table 5, the numerical results computed from the system model become consistent "
    "with the experimental results after applying the proposed optimization algorithms, i.e., opportunistic "
    "retransmission and refined sending buffer growth mechanism, which validates the correctness of our model "
    "and the efficiency of the proposed optimization algorithms."
)
_QUOTE_QARR_GAP = (
    "Note that the small gap from the 100% utilization for QARR is due to scheduling delay in the both sender and "
    "receiver's kernel according to our preliminary investigation, as our model assumes zero processing delay, "
    "which warrants further research."
)

_T2_ORIGINAL_NUM = [0.108, 0.036, 0.027]
_T2_ORIGINAL_EXP = {
    "RH": [0.114, 0.038, 0.028],
    "PRR": [0.114, 0.038, 0.028],
    "QARR": [0.114, 0.038, 0.028],
    "BARR": [0.113, 0.035, 0.033],
}

ORSB_CARDS: list[dict[str, Any]] = [
    {
        "id": "orsb-table1",
        "paper": ORSB,
        "figure": "Table 1",
        "section": "§IV.B",
        "title": "Utilisation during loss recovery vs burst size, with and without opportunistic retransmission",
        "caption": _T1_QUOTE,
        "preset": "orsb-table1-burst-size",
        "grid": {_ORSB_BURST: _BURSTS, _ORSB_OR: [False, True]},
        "replications": 1,
        "replications_note": _ORSB_REPS_NOTE,
        "metric": "recovery_utilisation",
        "flows": None,
        "chart": _BURST_CHART,
        "panels": [
            {"id": "original", "label": "Original", "where": {_ORSB_OR: False}},
            {"id": "or", "label": "w/ OR (opportunistic retransmission)", "where": {_ORSB_OR: True}},
        ],
        "findings": [
            {
                "id": "original-consistent-and-rising",
                "section": "§IV.B",
                "quote": _QUOTE_RISE,
                "panels": ["original"],
                "status": "holds",
                "rexmit": "Every Original cell is within 0.031 of the paper's numerical one (Rexmit 0.060, 0.301 "
                "for all four; 0.505 for RH and 0.602 for the others at 100 losses, against 0.054, 0.294, 0.474, "
                "0.594), and each algorithm's utilisation rises with the burst: QARR 0.060, 0.301, 0.602.",
            },
            {
                "id": "or-gap-at-small-bursts",
                "section": "§IV.B",
                "quote": _QUOTE_OR_GAP,
                "panels": ["or"],
                "status": "differs",
                "rexmit": "Rexmit's QARR with opportunistic retransmission is at the model's 1 (1.000) at 10 losses, "
                "not at 0.246: its period ends at the first (opportunistic) new packet, which follows the "
                "retransmissions at once. Measured to T5 from the trace, Linux's send buffer (2 x cwnd) runs dry "
                "during recovery for RH (0.451) and BARR (0.469), the application stall the paper names, but not "
                "for QARR (0.977).",
            },
            {
                "id": "or-lifts-every-algorithm",
                "section": "§IV.B",
                "quote": "Interestingly, the throughputs of the existing loss recovery algorithms are improved by "
                "opportunistic retransmission but not as much as shown in our system model.",
                "panels": ["original", "or"],
                "status": "differs",
                "rexmit": "Opportunistic retransmission lifts every algorithm at 10 and 50 losses (RH 0.060 to "
                "0.500, PRR to 0.714, QARR and BARR to 1.000 at 10), but at 100 losses rate-halving stays at 0.505 "
                "(its window is bound by pipe + 1, as the model's 0.474 says); and QARR, BARR and PRR reach or pass "
                "the model (1.000 against 1, 0.75) rather than falling short of it.",
            },
        ],
        "published": [
            _orsb_cells(
                "table1",
                "Numerical",
                "original",
                _ORSB_BURST,
                _BURSTS,
                {
                    "RH": [0.054, 0.294, 0.474],
                    "PRR": [0.054, 0.294, 0.594],
                    "QARR": [0.054, 0.294, 0.594],
                    "BARR": [0.054, 0.294, 0.594],
                },
                _T1_QUOTE,
            ),
            _orsb_cells(
                "table1",
                "Experimental",
                "original",
                _ORSB_BURST,
                _BURSTS,
                {
                    "RH": [0.057, 0.286, 0.513],
                    "PRR": [0.057, 0.286, 0.571],
                    "QARR": [0.057, 0.286, 0.513],
                    "BARR": [0.057, 0.481, 0.738],
                },
                _T1_QUOTE,
            ),
            _orsb_cells(
                "table1",
                "Numerical",
                "or",
                _ORSB_BURST,
                _BURSTS,
                {"RH": [0.75, 0.75, 0.474], "PRR": [0.75, 0.75, 0.75], "QARR": [1, 1, 1], "BARR": [1, 1, 1]},
                _T1_QUOTE,
            ),
            _orsb_cells(
                "table1",
                "Experimental",
                "or",
                _ORSB_BURST,
                _BURSTS,
                {
                    "RH": [0.485, 0.737, 0.437],
                    "PRR": [0.383, 0.703, 0.731],
                    "QARR": [0.246, 0.543, 0.983],
                    "BARR": [0.517, 0.771, 0.990],
                },
                _T1_QUOTE,
            ),
        ],
        "notes": [_ORSB_T3_NOTE, _ORSB_PERIOD_NOTE, _ORSB_NUMERICAL_NOTE],
    },
    {
        "id": "orsb-table2",
        "paper": ORSB,
        "figure": "Table 2",
        "section": "§IV.B",
        "title": "Utilisation during loss recovery vs propagation delay, with and without opportunistic retransmission",
        "caption": _T2_QUOTE,
        "preset": "orsb-table2-delay",
        "grid": {"path.*.delay_ms": _DELAYS, _ORSB_OR: [False, True]},
        "replications": 1,
        "replications_note": _ORSB_REPS_NOTE,
        "metric": "recovery_utilisation",
        "flows": None,
        "chart": _DELAY_CHART,
        "panels": [
            {"id": "original", "label": "Original", "where": {_ORSB_OR: False}},
            {"id": "or", "label": "w/ OR (opportunistic retransmission)", "where": {_ORSB_OR: True}},
        ],
        "findings": [
            {
                "id": "original-consistent-all-delays",
                "section": "§IV.B",
                "quote": _QUOTE_T2,
                "panels": ["original"],
                "status": "holds",
                "rexmit": "Rexmit's Original rows are the system model's n / (n + C U - (n - 1)) for all four "
                "(0.120, 0.040, 0.030 at U = 50, 150, 200 ms), within 0.012 of the paper's numerical 0.108, "
                "0.036, 0.027 and experimental 0.114, 0.038, 0.028 (BARR 0.113, 0.035, 0.033).",
            },
            {
                "id": "or-inconsistent",
                "section": "§IV.B",
                "quote": _QUOTE_T2,
                "panels": ["or"],
                "status": "differs",
                "rexmit": "With opportunistic retransmission Rexmit's QARR and BARR are at the model's 1 (1.000) "
                "at every delay, where the paper's experiments fell to 0.256-0.676; RH (0.500) and PRR (0.714) "
                "are below the model's 0.75. Rexmit's period ends at the first opportunistic packet; measured to "
                "T5 from the trace, Linux's 2 x cwnd send buffer runs dry at some delays (PRR 0.468, QARR 0.544, "
                "BARR 0.478 at 150 ms; RH 0.427 at 200 ms), as the paper's application stall.",
            },
            {
                "id": "idle-grows-with-delay",
                "section": "§III.F",
                "quote": _QUOTE_DELAY,
                "panels": ["original"],
                "status": "holds",
                "rexmit": "Without opportunistic retransmission every algorithm's utilisation falls as U grows: "
                "0.120, 0.040, 0.030 at 50, 150, 200 ms.",
            },
        ],
        "published": [
            _orsb_cells(
                "table2",
                "Numerical",
                "original",
                "path.*.delay_ms",
                _DELAYS,
                dict.fromkeys(_ORSB_ALGS, _T2_ORIGINAL_NUM),
                _T2_QUOTE,
            ),
            _orsb_cells("table2", "Experimental", "original", "path.*.delay_ms", _DELAYS, _T2_ORIGINAL_EXP, _T2_QUOTE),
            _orsb_cells(
                "table2",
                "Numerical",
                "or",
                "path.*.delay_ms",
                _DELAYS,
                {"RH": [0.75] * 3, "PRR": [0.75] * 3, "QARR": [1] * 3, "BARR": [1] * 3},
                _T2_QUOTE,
            ),
            _orsb_cells(
                "table2",
                "Experimental",
                "or",
                "path.*.delay_ms",
                _DELAYS,
                {
                    "RH": [0.479, 0.225, 0.720],
                    "PRR": [0.74, 0.57, 0.726],
                    "QARR": [0.411, 0.256, 0.340],
                    "BARR": [0.676, 0.555, 0.440],
                },
                _T2_QUOTE,
            ),
        ],
        "notes": [_ORSB_T3_NOTE, _ORSB_PERIOD_NOTE],
    },
    {
        "id": "orsb-table4",
        "paper": ORSB,
        "figure": "Table 4",
        "section": "§V.D",
        "title": "Utilisation during loss recovery vs burst size with the proposed optimisations",
        "caption": _T4_QUOTE,
        "preset": "orsb-table4-burst-size-optimised",
        "grid": {_ORSB_BURST: _BURSTS, _ORSB_OR: [False, True], _ORSB_GROWTH: [2, 3]},
        "replications": 1,
        "replications_note": _ORSB_REPS_NOTE,
        "metric": "recovery_utilisation",
        "flows": None,
        "chart": _BURST_CHART,
        "panels": [
            {
                "id": "original",
                "label": "Original (Linux: no OR, send buffer 2 x cwnd)",
                "where": {_ORSB_OR: False, _ORSB_GROWTH: 2},
            },
            {
                "id": "optimised",
                "label": "w/ the proposed optimisations (OR, send buffer 3 x cwnd)",
                "where": {_ORSB_OR: True, _ORSB_GROWTH: 3},
            },
        ],
        "findings": [
            {
                "id": "model-consistent-with-optimisations",
                "section": "§V.D",
                "quote": _QUOTE_OPT,
                "panels": ["optimised"],
                "status": "differs",
                "rexmit": "Rexmit's QARR and BARR are at the model's 1 (1.000) at every burst size, but RH is "
                "0.500 and PRR 0.714 at 10 losses where the model says 0.75, and both reach 1.000 at 50 (PRR also "
                "at 100): the card's metric ends at the first opportunistic packet (see the notes). Measured to "
                "T5 from the trace they are 0.696 and 0.719 at 10 losses (paper experimental 0.74, 0.74), 0.777 "
                "and 0.781 at 50; RH 0.505 at 100 (0.51).",
            },
            {
                "id": "qarr-gap-is-scheduling",
                "section": "§V.D",
                "quote": _QUOTE_QARR_GAP,
                "panels": ["optimised"],
                "status": "holds",
                "rexmit": "Rexmit has no processing delay and its QARR reaches 1.000 at every burst size.",
            },
        ],
        "published": [
            _orsb_cells(
                "table4",
                "Numerical",
                "optimised",
                _ORSB_BURST,
                _BURSTS,
                {"RH": [0.75, 0.75, 0.47], "PRR": [0.75, 0.75, 0.75], "QARR": [1, 1, 1], "BARR": [1, 1, 1]},
                _T4_QUOTE,
            ),
            _orsb_cells(
                "table4",
                "Experimental",
                "optimised",
                _ORSB_BURST,
                _BURSTS,
                {
                    "RH": [0.74, 0.74, 0.51],
                    "PRR": [0.74, 0.74, 0.74],
                    "QARR": [0.96, 0.98, 0.95],
                    "BARR": [0.97, 0.98, 0.96],
                },
                _T4_QUOTE,
            ),
        ],
        "notes": [
            _ORSB_T3_NOTE,
            _ORSB_PERIOD_NOTE,
            "The grid crosses both switches, so the cells with one optimisation alone are run but not drawn; the "
            "comparison (compare page) shows them.",
            "The paper's Table 4 caption says 'versus different loss'; its columns are burst sizes.",
        ],
    },
    {
        "id": "orsb-table5",
        "paper": ORSB,
        "figure": "Table 5",
        "section": "§V.D",
        "title": "Utilisation during loss recovery vs propagation delay with the proposed optimisations",
        "caption": _T5_QUOTE,
        "preset": "orsb-table5-delay-optimised",
        "grid": {"path.*.delay_ms": _DELAYS, _ORSB_OR: [False, True], _ORSB_GROWTH: [2, 3]},
        "replications": 1,
        "replications_note": _ORSB_REPS_NOTE,
        "metric": "recovery_utilisation",
        "flows": None,
        "chart": _DELAY_CHART,
        "panels": [
            {
                "id": "original",
                "label": "Original (Linux: no OR, send buffer 2 x cwnd)",
                "where": {_ORSB_OR: False, _ORSB_GROWTH: 2},
            },
            {
                "id": "optimised",
                "label": "w/ the proposed optimisations (OR, send buffer 3 x cwnd)",
                "where": {_ORSB_OR: True, _ORSB_GROWTH: 3},
            },
        ],
        "findings": [
            {
                "id": "model-consistent-with-optimisations",
                "section": "§V.D",
                "quote": _QUOTE_OPT,
                "panels": ["optimised"],
                "status": "differs",
                "rexmit": "Rexmit's QARR and BARR are at the model's 1 (1.000) at every delay, but RH is 0.500 and "
                "PRR 0.714 where the model says 0.75: the card's metric ends at the first opportunistic packet "
                "(see the notes). Measured to T5 from the trace they are 0.680-0.711 and 0.722-0.723 (paper "
                "experimental 0.73-0.74 both), QARR 1.000 and BARR 0.962-1.000 (0.95-0.99).",
            },
            {
                "id": "qarr-gap-is-scheduling",
                "section": "§V.D",
                "quote": _QUOTE_QARR_GAP,
                "panels": ["optimised"],
                "status": "holds",
                "rexmit": "Rexmit has no processing delay and its QARR reaches 1.000 at every delay.",
            },
        ],
        "published": [
            _orsb_cells(
                "table5",
                "Numerical",
                "optimised",
                "path.*.delay_ms",
                _DELAYS,
                {"RH": [0.75] * 3, "PRR": [0.75] * 3, "QARR": [1] * 3, "BARR": [1] * 3},
                _T5_QUOTE,
            ),
            _orsb_cells(
                "table5",
                "Experimental",
                "optimised",
                "path.*.delay_ms",
                _DELAYS,
                {
                    "RH": [0.74, 0.73, 0.73],
                    "PRR": [0.74, 0.73, 0.73],
                    "QARR": [0.95, 0.96, 0.98],
                    "BARR": [0.99, 0.95, 0.98],
                },
                _T5_QUOTE,
            ),
        ],
        "notes": [
            _ORSB_T3_NOTE,
            _ORSB_PERIOD_NOTE,
            "The grid crosses both switches, so the cells with one optimisation alone are run but not drawn; the "
            "comparison (compare page) shows them.",
        ],
    },
]
CARDS += ORSB_CARDS

STATUSES = ("holds", "differs")
CHART_KINDS = ("bars", "cdf", "box", "table")
PUBLISHED_KINDS = ("saving", "ratio", "ecdf_at", "cells")

#: a table chart's fields (shared/helper-briefs' table contract): the columns are
#: the values of grid key `x` (shown as value x x_scale, x_unit), the rows each
#: variant, or each (value of grid key `rows`) x variant; a cell shows the mean
#: of the card's metric times value_scale, in value_unit, with its 95 % CI
_TABLE_FIELDS = ("x", "x_label", "x_unit", "x_scale", "value_label", "value_unit", "value_scale")


class CardError(ValueError):
    """A card that does not fit its preset or the catalogue (names the card and the field)."""


def _numeric_metrics() -> set[str]:
    return {m["name"] for m in _rexsim.catalog()["metrics"] if m["type"] in ("int", "float")}


def validate(card: dict[str, Any]) -> None:
    """Raise CardError unless `card` names an existing preset, its variants,
    catalogue metrics, grid keys of its own grid and panels that pick cells."""
    cid = card.get("id", "?")

    def fail(field: str, why: str) -> CardError:
        return CardError(f"gallery card {cid!r}: {field}: {why}")

    if card["paper"] not in PAPERS:
        raise fail("paper", f"unknown paper {card['paper']!r}; add it to PAPERS")
    preset = PRESETS.get(card["preset"])
    if preset is None:
        raise fail("preset", f"unknown preset {card['preset']!r}; known: {', '.join(sorted(PRESETS))}")
    variants = set(preset["variants"])
    numeric = _numeric_metrics()
    if card["metric"] not in numeric | {PER_REQUEST_METRIC}:
        raise fail("metric", f"{card['metric']!r} is not a numeric metric of the catalogue")
    if card["replications"] < 1:
        raise fail("replications", "must be at least 1")
    grid: dict[str, list[Any]] = card["grid"]
    for key, values in grid.items():
        if not values:
            raise fail(f"grid.{key}", "lists no value")
        for value in values:
            try:
                _rexsim.normalize(apply_overrides(preset["scenario"], {key: value}))
            except (ValueError, TypeError, IndexError) as e:  # ScenarioError is a ValueError
                raise fail(f"grid.{key}", f"{value!r} is not valid in the preset's scenario: {e}") from e
    if card["flows"] not in (None, "foreground"):
        raise fail("flows", "must be null (every flow) or 'foreground' (the preset's foreground_flows)")
    if card["flows"] == "foreground" and "foreground_flows" not in preset:
        raise fail("flows", f"preset {card['preset']!r} names no foreground_flows")
    ff = card.get("flow_filter")
    if ff is not None and (set(ff) != {"metric", "at_least"} or ff["metric"] not in numeric):
        raise fail("flow_filter", "must be null or {metric: a numeric metric of the catalogue, at_least: a number}")
    chart = card["chart"]
    if chart["kind"] not in CHART_KINDS:
        raise fail("chart.kind", f"must be one of {', '.join(CHART_KINDS)}")
    if chart["kind"] == "table":
        _validate_table_chart(chart, fail)
    panel_ids = [p["id"] for p in card["panels"]]
    if len(set(panel_ids)) != len(panel_ids) or not panel_ids:
        raise fail("panels", "need at least one panel, with distinct ids")
    cells = grid_cells(grid)
    for p in card["panels"]:
        for key, value in p["where"].items():
            if key not in grid or value not in grid[key]:
                raise fail(f"panels.{p['id']}.where", f"{key} = {value!r} is not a value of the grid")
        picked = [c for c in cells if all(c[k] == v for k, v in p["where"].items())]
        if chart["kind"] in ("cdf", "box") and len(picked) != 1:
            raise fail(f"panels.{p['id']}.where", f"a {chart['kind']} panel shows one cell; this picks {len(picked)}")
        if chart["kind"] == "bars":
            if chart["x"] not in grid or chart["x"] in p["where"]:
                raise fail("chart.x", "must be a grid key that the panels do not fix")
            if len(picked) != len(grid[chart["x"]]):
                raise fail(f"panels.{p['id']}.where", "a bar panel must fix every grid key but chart.x")
        if chart["kind"] == "table":
            axes = _table_axes(chart)
            for field, key in zip(("chart.x", "chart.rows"), axes, strict=False):
                if key not in grid or key in p["where"]:
                    raise fail(field, "must be a grid key that the panels do not fix")
            if len(picked) != math.prod(len(grid[k]) for k in axes):
                raise fail(
                    f"panels.{p['id']}.where",
                    "a table panel must fix every grid key but chart.x" + (" and chart.rows" if len(axes) > 1 else ""),
                )
    for f in card["findings"]:
        if f["status"] not in STATUSES:
            raise fail(f"findings.{f['id']}.status", f"must be one of {', '.join(STATUSES)}")
        if not f["quote"] or not f["section"].startswith("§") or not f["rexmit"]:
            raise fail(f"findings.{f['id']}", "needs the quoted sentence, its section and what Rexmit shows")
        for pid in f["panels"] or []:
            if pid not in panel_ids:
                raise fail(f"findings.{f['id']}.panels", f"no panel {pid!r}")
    if len({f["id"] for f in card["findings"]}) != len(card["findings"]):
        raise fail("findings", "ids must be distinct")
    for pub in card["published"]:
        where = f"published.{pub['id']}"
        if pub["kind"] not in PUBLISHED_KINDS:
            raise fail(f"{where}.kind", f"must be one of {', '.join(PUBLISHED_KINDS)}")
        named = (
            [pub["variant"]]
            if pub["kind"] == "saving"
            else [v["variant"] for v in pub["values"]]
            if pub["kind"] == "cells"
            else list(pub["values"])
        )
        for v in named:
            if v not in variants:
                raise fail(where, f"{v!r} is not a variant of preset {card['preset']!r}")
        if pub["kind"] == "ratio":
            for m in pub["numerator"] + pub["denominator"]:
                if m not in numeric:
                    raise fail(where, f"{m!r} is not a numeric metric of the catalogue")
        if pub["kind"] == "ecdf_at" and pub["panel"] not in panel_ids:
            raise fail(f"{where}.panel", f"no panel {pub['panel']!r}")
        if pub["kind"] == "saving":
            if chart["kind"] != "bars" or set(pub["per_panel"]) - set(panel_ids):
                raise fail(where, "a saving needs a bar chart and names only its panels")
        if pub["kind"] == "cells":
            _validate_cells(pub, chart, grid, panel_ids, lambda why, w=where: fail(w, why))
    ids = [pub["id"] for pub in card["published"]]
    if len(set(ids)) != len(ids):
        raise fail("published", "ids must be distinct")


def _table_axes(chart: dict[str, Any]) -> tuple[str, ...]:
    """A table chart's grid keys: its columns' (x) and, if any, its rows'."""
    return (chart["x"],) if chart.get("rows") is None else (chart["x"], chart["rows"])


def _validate_table_chart(chart: dict[str, Any], fail: Any) -> None:
    missing = [k for k in _TABLE_FIELDS if k not in chart]
    if missing:
        raise fail("chart", f"a table needs {', '.join(missing)}")
    unknown = set(chart) - {"kind", "rows", "rows_label", *_TABLE_FIELDS}
    if unknown:
        raise fail("chart", f"a table has no field {', '.join(sorted(unknown))}")
    if chart.get("rows") is not None and chart["rows"] == chart["x"]:
        raise fail("chart.rows", "must differ from chart.x")
    if (chart.get("rows") is None) != (not chart.get("rows_label")):
        raise fail("chart.rows_label", "names the rows when chart.rows is set, and only then")
    for k in ("x_label", "value_label"):
        if not isinstance(chart[k], str) or not chart[k]:
            raise fail(f"chart.{k}", "must be a non-empty string")
    for k in ("x_unit", "value_unit"):
        if not isinstance(chart[k], str):
            raise fail(f"chart.{k}", "must be a string ('' for none)")
    for k in ("x_scale", "value_scale"):
        v = chart[k]
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or v == 0:
            raise fail(f"chart.{k}", f"must be a finite non-zero number (got {v!r})")


def _validate_cells(
    pub: dict[str, Any], chart: dict[str, Any], grid: dict[str, list[Any]], panel_ids: list[str], fail: Any
) -> None:
    """A published table ("cells"): every value names a variant and one cell
    of the table by its chart.x (and chart.rows) value, in display units; a
    null value (the OCR lost it) needs a note."""
    if chart["kind"] != "table":
        raise fail("published cells need a table chart")
    if not pub.get("label") or not pub.get("quote") or not str(pub.get("section", "")).startswith("§"):
        raise fail("needs a label (e.g. 'Numerical'), the quoted caption and its section")
    if pub["panel"] not in panel_ids:
        raise fail(f"no panel {pub['panel']!r}")
    axes = _table_axes(chart)
    if not pub["values"]:
        raise fail("lists no value")
    seen = set()
    for i, v in enumerate(pub["values"]):
        if set(v["where"]) != set(axes):
            raise fail(f"values[{i}].where must name exactly {', '.join(axes)}")
        for k in axes:
            if v["where"][k] not in grid[k]:
                raise fail(f"values[{i}].where: {k} = {v['where'][k]!r} is not a value of the grid")
        x = v["value"]
        if x is not None and (isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x)):
            raise fail(f"values[{i}].value must be a finite number or null (got {x!r})")
        key = (v["variant"], tuple(repr(v["where"][k]) for k in axes))
        if key in seen:
            raise fail(f"values[{i}] names the same variant and cell twice")
        seen.add(key)
    if any(v["value"] is None for v in pub["values"]) and not pub.get("note"):
        raise fail("a null value (lost by the OCR) needs a note saying so")


def cards() -> list[dict[str, Any]]:
    """Every card, validated, with its citation and what the figure's
    comparison needs from its preset: the variants (name -> overrides), the
    baseline variant, the flows whose metrics count (None: every flow) and
    the number of runs."""
    out = []
    for card in CARDS:
        validate(card)
        preset = PRESETS[card["preset"]]
        c = copy.deepcopy(card)
        c["paper_citation"] = PAPERS[card["paper"]]
        c["citation"] = f"{PAPERS[card['paper']]}, {card['section']}, {card['figure']}"
        c["variants"] = copy.deepcopy(preset["variants"])
        c["baseline_variant"] = preset["baseline_variant"]
        c["flows"] = list(preset["foreground_flows"]) if card["flows"] == "foreground" else None
        c["flow_filter"] = copy.deepcopy(card.get("flow_filter"))
        c["n_runs"] = len(grid_cells(card["grid"])) * len(preset["variants"]) * card["replications"]
        out.append(c)
    return out


def card(card_id: str) -> dict[str, Any]:
    for c in cards():
        if c["id"] == card_id:
            return c
    raise KeyError(f"unknown gallery card {card_id!r}; known: {', '.join(c['id'] for c in CARDS)}")


# ---------------------------------------------------------------- reproduce

# two-sided 97.5 % quantiles of Student's t for 1..30 degrees of freedom, the
# comparison service's (backend/app/services/stats.py t975): a table's cells
# carry the CI the compare page gives a mean
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def _t975(df: int) -> float:
    """The 97.5 % quantile of Student's t with df >= 1 degrees of freedom
    (above 30: 1.96 + 2.4 / df, within 0.2 %, as the service)."""
    return _T975[df - 1] if df <= 30 else 1.96 + 2.4 / df


def mean_ci95(values: list[float]) -> list[float] | None:
    """The 95 % confidence interval of the mean of `values`, mean +- t(0.975,
    n - 1) s / sqrt(n) with the sample standard deviation s (n - 1), as the
    comparison service's summaries; None for fewer than two values."""
    n = len(values)
    if n < 2:
        return None
    m = math.fsum(values) / n
    s = math.sqrt(math.fsum((x - m) ** 2 for x in values) / (n - 1))
    half = _t975(n - 1) * s / math.sqrt(n)
    return [m - half, m + half]


def _flow_values(
    flows: list[dict[str, Any]], metric: str, which: Iterable[int] | None, flow_filter: dict[str, Any] | None = None
) -> list[float]:
    """A run's values of `metric` over the flows `which` (None: all) that pass
    `flow_filter` ({metric, at_least}; None: all), as the comparison service
    counts them."""
    chosen = range(len(flows)) if which is None else which
    out: list[float] = []
    for i in chosen:
        if not flow_counts(i, flows[i], None, flow_filter):
            continue
        v = flows[i].get(metric)
        if isinstance(v, list):
            out += [float(x) for x in v if x is not None]
        elif v is not None:
            out.append(float(v))
    return out


def reproduce(card_or_id: dict[str, Any] | str) -> dict[str, Any]:
    """Run a card's grid with the engine, as its comparison would: for every
    cell, variant and replication r, the preset's scenario with the cell's
    overrides, then the variant's, with seed = the scenario's seed + r.

    Returns {"card": the resolved card, "cells": [{"params", "variants": {name:
    {"values": the metric's values over the card's flows, "mean", "ci95" (its
    95 % CI, mean_ci95; None below two values), "normalized_mean" (to the
    baseline variant's mean), "metrics": {numeric metric: its values},
    "invariant_violations", "truncated": the reasons of the runs a budget or
    the scenario's end stopped}}}]}.  A table card's variants also carry
    "display_mean" and "display_ci95": the mean and CI times
    chart.value_scale (table_rows() lays them out as the paper's table)."""
    c = card(card_or_id) if isinstance(card_or_id, str) else card_or_id
    preset = PRESETS[c["preset"]]
    base = preset["scenario"]
    seed0 = int(base.get("seed", 1))
    numeric = sorted(_numeric_metrics())
    cells = []
    for params in grid_cells(c["grid"]):
        with_cell = apply_overrides(base, params)
        variants: dict[str, dict[str, Any]] = {}
        for name, overrides in c["variants"].items():
            sc = apply_overrides(with_cell, overrides)
            values: list[float] = []
            metrics: dict[str, list[float]] = {m: [] for m in numeric}
            violations, truncated = 0, []
            for r in range(c["replications"]):
                sc["seed"] = seed0 + r
                res = _rexsim.run(sc, None)
                flows = [res.metrics(i) for i in range(res.n_flows)]
                violations += res.invariant_violations
                if res.truncated:
                    truncated.append(res.truncated_reason)
                values += _flow_values(flows, c["metric"], c["flows"], c["flow_filter"])
                for m in numeric:
                    metrics[m] += _flow_values(flows, m, c["flows"], c["flow_filter"])
            mean = math.fsum(values) / len(values) if values else None
            ci = mean_ci95(values)
            variants[name] = {
                "values": values,
                "mean": mean,
                "ci95": ci,
                "metrics": metrics,
                "invariant_violations": violations,
                "truncated": truncated,
            }
            if c["chart"]["kind"] == "table":
                k = c["chart"]["value_scale"]
                variants[name]["display_mean"] = None if mean is None else mean * k
                variants[name]["display_ci95"] = None if ci is None else sorted(x * k for x in ci)
        base_mean = variants[c["baseline_variant"]]["mean"]
        for v in variants.values():
            v["normalized_mean"] = v["mean"] / base_mean if v["mean"] is not None and base_mean else None
        cells.append({"params": params, "variants": variants})
    return {"card": c, "cells": cells}


def panel_cells(result: dict[str, Any], panel_id: str) -> list[dict[str, Any]]:
    """The cells of a reproduced card that a panel shows, in grid order."""
    c = result["card"]
    (panel,) = [p for p in c["panels"] if p["id"] == panel_id]
    return [cell for cell in result["cells"] if all(cell["params"][k] == v for k, v in panel["where"].items())]


def table_rows(result: dict[str, Any], panel_id: str) -> list[dict[str, Any]]:
    """A reproduced table card's panel as the paper's table: one row per
    variant, or per (chart.rows value, variant) in grid and variant order;
    each row's cells in the order of chart.x's values, with the shown column
    header (x x x_scale), Rexmit's display mean and CI, and each published
    "cells" entry's value for that cell by its label (None where the paper has
    none or the OCR lost it) with the difference Rexmit - paper.

    [{"variant", "rows_value" (None without chart.rows), "cells": [{"x",
    "x_display", "n", "mean", "ci95", "published": {label: {"value", "diff",
    "rel"}}}]}]"""
    c = result["card"]
    chart = c["chart"]
    if chart["kind"] != "table":
        raise ValueError(f"card {c['id']!r} is not a table")
    x_key, rows_key = chart["x"], chart.get("rows")
    cells = panel_cells(result, panel_id)
    pubs = [p for p in c["published"] if p["kind"] == "cells" and p["panel"] == panel_id]
    row_values = c["grid"][rows_key] if rows_key is not None else [None]
    out = []
    for rv in row_values:
        for variant in c["variants"]:
            row: dict[str, Any] = {"variant": variant, "rows_value": rv, "cells": []}
            for xv in c["grid"][x_key]:
                (cell,) = [
                    ce
                    for ce in cells
                    if ce["params"][x_key] == xv and (rows_key is None or ce["params"][rows_key] == rv)
                ]
                v = cell["variants"][variant]
                where = {x_key: xv} if rows_key is None else {x_key: xv, rows_key: rv}
                published: dict[str, dict[str, float | None]] = {}
                for p in pubs:
                    for e in p["values"]:
                        if e["variant"] == variant and e["where"] == where:
                            paper = e["value"]
                            mine = v["display_mean"]
                            diff = None if paper is None or mine is None else mine - paper
                            rel = None if diff is None or not paper else diff / paper
                            published[p["label"]] = {"value": paper, "diff": diff, "rel": rel}
                row["cells"].append(
                    {
                        "x": xv,
                        "x_display": xv * chart["x_scale"],
                        "n": len(v["values"]),
                        "mean": v["display_mean"],
                        "ci95": v["display_ci95"],
                        "published": published,
                    }
                )
            out.append(row)
    return out
