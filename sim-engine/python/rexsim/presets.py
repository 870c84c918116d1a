"""The papers' experiments as named templates.

Each preset has a base `scenario`, named `variants` (overrides), a
`baseline_variant` that normalised figures divide by, an optional parameter
`grid` (dotted path -> values; `path.*.delay_ms` sets both directions), the
number of `replications` worth running, and its citation.
"""

from __future__ import annotations

import hashlib
import math
from typing import TYPE_CHECKING, Any

from .scenario import apply_overrides

if TYPE_CHECKING:
    from ._types import Profile, Suggestion

TAIL_PAPER = (
    "M. Rajiullah, P. Hurtig, A. Brunstrom, A. Petlund, M. Welzl: "
    "An Evaluation of Tail Loss Recovery Mechanisms for TCP"
)

# The paper's hosts ran Linux 3.17: FACK on, early retransmit with the
# delayed variant, the Linux RTT estimator (200 ms minimum RTO), ssthresh from cwnd.
LINUX_317 = {
    "mss": 1448,
    "iw": 10,
    "sack": True,
    "timestamps": True,
    "handshake": True,
    "rtt_profile": "linux",
    "cc": "cubic",
    "early_retransmit": True,
    "er_variant": "linux",
    "er_delayed": True,
    "fack": True,
    "ssthresh_from_cwnd": True,
}

# What a current Linux (6.x) runs by default, as far as the engine models it
# and as checked against Linux 6.18 in rexsim.linux_reference: CUBIC, RACK-TLP
# (RFC 8985), PRR also for CWR, slow start counting the segments each ACK
# delivers with Linux's window-limited test, Linux's RTT estimator, its
# timers in whole 4 ms ticks (HZ 250) and its receiver (quick-ACK mode,
# adaptive delayed-ACK timeout), and the undo of a spurious RTO as Linux
# does it: F-RTO as Linux runs it (tcp_frto=2: the first ACK of
# never-retransmitted data after an RTO undoes it, shared/linux-reference
# frto2-*.pkt), timestamp undo (eifel-ts-undo-sack.pkt) and D-SACK undo
# (README "Timestamp and DSACK undo"), all reverting.
LINUX_6 = {
    "mss": 1448,
    "iw": 10,
    "sack": True,
    "timestamps": True,
    "handshake": True,
    "rtt_profile": "linux",
    "cc": "cubic",
    "timer": "tlp_rfc8985",
    "lossdet": "rack",
    "recovery": "prr",
    "ssthresh_from_cwnd": True,
    "slow_start": "byte_counting",
    "cwnd_limited": "linux",
    "hz": 250,
    "spurious": ["frto", "eifel", "dsack"],
    "frto_variant": "linux",
}
LINUX_6_RECEIVER = {"ack_policy": "linux"}

#: the Linux 6 profile as scenario overrides for every flow
LINUX_6_OVERRIDES: dict[str, Any] = {
    **{f"flows[*].tcp.{k}": v for k, v in LINUX_6.items()},
    **{f"flows[*].receiver.{k}": v for k, v in LINUX_6_RECEIVER.items()},
}

#: the engine's defaults (an empty scenario), in the terms of the profiles above
ENGINE_DEFAULTS_DOC = (
    "What an empty scenario gets, the RFCs as written: Reno (RFC 5681), the RTO timer and RTT estimator of "
    "RFC 6298 (1 s minimum RTO), RFC 6675 SACK recovery with DupThresh 3, early retransmit as RFC 5827 §3.2 "
    "says (not delayed), no FACK, ssthresh from FlightSize (RFC 5681 eq. 4), delayed ACKs (RFC 5681 §4.2). "
    "Not what the papers' Linux hosts ran."
)


def _profile(name: str, label: str, doc: str, citation: str, overrides: dict[str, Any]) -> Profile:
    return {"name": name, "label": label, "doc": doc, "citation": citation, "overrides": overrides}


#: named starting points for a flow's settings: the engine's defaults, the
#: tail-loss paper's hosts (Linux 3.17) and a current Linux; a key that
#: another profile sets and this one does not keeps the catalogue's default
PROFILES: list[Profile] = [
    _profile(
        "engine",
        "Engine defaults (the RFCs as written)",
        ENGINE_DEFAULTS_DOC,
        "RFC 5681, RFC 5827, RFC 6298, RFC 6675",
        {},
    ),
    _profile(
        "linux-3.17",
        "Linux 3.17 (the tail-loss paper's hosts)",
        "The tail-loss paper's end hosts ran Linux 3.17 (§3.1, §3.2): CUBIC, FACK on, early retransmit in "
        "Linux's variant and time-delayed, Linux's RTT estimator (200 ms minimum RTO), ssthresh from cwnd. "
        "The retransmission timer is what the paper compares (RTO, RTOR, TLP, TLPR).",
        TAIL_PAPER + ", §3.1",
        {f"flows[*].tcp.{k}": v for k, v in LINUX_317.items()},
    ),
    _profile(
        "linux-6",
        "Linux 6 (today's defaults)",
        "A current Linux as far as the engine models it, checked against Linux 6.18 (python -m rexsim "
        "reference): CUBIC, RACK-TLP (RFC 8985), PRR, byte-counting slow start with Linux's window-limited "
        "test, Linux's RTT estimator, timers in 4 ms ticks (HZ 250) and the Linux receiver.",
        "RFC 8985; RFC 6937; Linux 6.18 (shared/linux-reference)",
        dict(LINUX_6_OVERRIDES),
    ),
]

#: the Gilbert-Elliott loss of the web-objects experiment: the paper configured
#: "approximately 1.5%" average loss (§3.3); with loss only in the bad state
#: the stationary loss is p / (p + r) = 0.0046 / 0.3046 = 1.51 %, in bursts of
#: 1 / r = 3.3 packets on average (Gilbert 1960, Elliott 1963)
PAPER_GE_LOSS: dict[str, Any] = {"p": 0.0046, "r": 0.3, "loss_good": 0.0, "loss_bad": 1.0}


def ge_mean_loss(p: float, r: float, loss_good: float, loss_bad: float) -> float:
    """The stationary loss rate of a Gilbert-Elliott channel: the bad state's
    share p / (p + r) times its loss, plus the good state's share times its."""
    if p + r == 0:
        return loss_good
    bad = p / (p + r)
    return bad * loss_bad + (1 - bad) * loss_good


_GE_DOC = (
    f"About the tail-loss paper's 1.5 % (§3.3): mean loss p / (p + r) = {100 * ge_mean_loss(**PAPER_GE_LOSS):.2f} %, "
    f"bursts of 1 / r = {1 / PAPER_GE_LOSS['r']:.1f} packets on average; the web-objects preset's parameters."
)

#: values to fill in when a choice is picked, instead of defaults that make
#: the choice do nothing (Gilbert-Elliott's p = 0 is no loss at all)
SUGGESTED: list[Suggestion] = [
    {
        "path": "path.{forward,reverse}.loss.model",
        "value": "gilbert_elliott",
        "set": PAPER_GE_LOSS,
        "label": "the paper's 1.5 % correlated loss",
        "doc": _GE_DOC,
    },
    {
        "path": "path.{forward,reverse}.stages[].kind",
        "value": "gilbert_elliott",
        "set": PAPER_GE_LOSS,
        "label": "the paper's 1.5 % correlated loss",
        "doc": _GE_DOC,
    },
]

TIMER_VARIANTS = {
    "baseline": {"flows[*].tcp.timer": "rto"},
    "RTOR": {"flows[*].tcp.timer": "rtor"},
    "TLP": {"flows[*].tcp.timer": "tlp"},
    "TLPR": {"flows[*].tcp.timer": "tlpr"},
}


def _flow(app: dict[str, Any], ack_policy: str = "delayed", **tcp: Any) -> dict[str, Any]:
    return {
        "app": app,
        "tcp": {**LINUX_317, "timer": "rto", **tcp},
        "receiver": {"ack_policy": ack_policy, "delack_ms": 200},
    }


def _path(
    one_way_ms: float, rate_bps: float = 0, buffer_pkts: int = 1000, loss: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "forward": {
            "rate_bps": rate_bps,
            "delay_ms": one_way_ms,
            "buffer_pkts": buffer_pkts,
            "loss": loss or {"model": "none"},
        },
        "reverse": {
            "rate_bps": rate_bps,
            "delay_ms": one_way_ms,
            "buffer_pkts": buffer_pkts,
            "loss": {"model": "none"},
        },
    }


def _object_sizes(site: str, count: int, mean_bytes: int) -> list[int]:
    """Deterministic object sizes with the site's mean (a geometric-like
    spread from a hash chain, so every Python gives the same list)."""
    raw: list[float] = []
    h = site.encode()
    for _ in range(count):
        h = hashlib.sha256(h).digest()
        u = (int.from_bytes(h[:8], "big") + 1) / 2.0**64
        raw.append(-1.0 * math.log(u))
    scale = mean_bytes / (sum(raw) / count)
    return [max(200, int(round(x * scale))) for x in raw]


def _web_flows(site: str, count: int, mean_bytes: int, connections: int = 6) -> list[dict[str, Any]]:
    sizes = _object_sizes(site, count, mean_bytes)
    flows: list[dict[str, Any]] = []
    for c in range(connections):
        mine = sizes[c::connections]
        if mine:
            flows.append(_flow({"kind": "requests", "sizes": mine, "gap_ms": 0}, "delayed"))
    return flows


def _hash_units(tag: str, count: int) -> list[float]:
    """`count` numbers in (0, 1] from a SHA-256 hash chain of `tag`: the same
    on every Python, so a preset's "random" constants never change."""
    out: list[float] = []
    h = tag.encode()
    for _ in range(count):
        h = hashlib.sha256(h).digest()
        out.append((int.from_bytes(h[:8], "big") + 1) / 2.0**64)
    return out


#: the realistic-tail-loss preset's Tmix-like background (§3.2 replays a Tmix
#: trace, Weigle et al. 2006, which models each connection as a sequence of
#: application data units and think times): BACKGROUND_FLOWS persistent
#: connections, each replaying responses of Pareto sizes (shape 1.25, 10 KB
#: to 2 MB: heavy-tailed, as Web and Tmix workloads are) with its own think
#: time (300-1,700 ms) and its own access delay (one way 5-100 ms), starting
#: at a random time in the first 3 s and asking for its last response 70 s
#: after its start (app.until_ms), so that every connection completes before
#: the run's 90 s end while the last foreground flow (at most 71.3 s) runs.
BACKGROUND_FLOWS = 24
FOREGROUND_FLOWS = 64 - BACKGROUND_FLOWS


def _tmix_background(n: int = BACKGROUND_FLOWS) -> list[dict[str, Any]]:
    flows = []
    for i in range(n):
        us = _hash_units(f"tmix-{i}", 240)
        # Pareto, x_m 10 KB (mean 50 KB before the 2 MB cap, which keeps the last response short of the run's end)
        sizes = [min(2_000_000, max(300, int(10_000 / u ** (1 / 1.25)))) for u in us]
        flows.append(
            {
                "app": {"kind": "requests", "sizes": sizes, "gap_ms": round(300 + 1400 * i / n, 3), "until_ms": 70_000},
                "start_jitter_ms": 3000,
                "access_delay_ms": round(5 + 95 * ((7 * i) % n) / n, 3),
                "tcp": {**LINUX_317, "timer": "rto"},
                "receiver": {"ack_policy": "delayed", "delack_ms": 200},
            }
        )
    return flows


def _realistic_flows(segments: int, one_way_ms: float) -> list[dict[str, Any]]:
    # one foreground flow every 1.7 s on average, each at a random time in its own 1.7 s slot
    fore = [
        {
            **_flow({"kind": "fixed", "segments": segments}, "quick"),
            "start_ms": 3000.0 + 1700.0 * i,
            "start_jitter_ms": 1700,
            "access_delay_ms": one_way_ms,
        }
        for i in range(FOREGROUND_FLOWS)
    ]
    return fore + _tmix_background()


#: §3.3's three sites: "a lightweight telephony search engine consisting of 12
#: objects with a mean size of 24 Kbytes; a medium-sized classified site with
#: 44 objects with a mean size of 52 Kbytes; and a larger newspaper site with
#: 164 objects with a mean size of 25 Kbytes" -- and their panels of Fig. 4
#: (top row RTT 10 ms, bottom row 160 ms, in the text's order)
WEB_SITES: dict[str, dict[str, Any]] = {
    "search": {"objects": 12, "mean_bytes": 24_000, "label": "telephony search engine", "panels": ("a", "d")},
    "classified": {"objects": 44, "mean_bytes": 52_000, "label": "classified site", "panels": ("b", "e")},
    "newspaper": {"objects": 164, "mean_bytes": 25_000, "label": "newspaper site", "panels": ("c", "f")},
}


def _web_preset(site: str) -> dict[str, Any]:
    w = WEB_SITES[site]
    n, mean = w["objects"], w["mean_bytes"]
    return {
        "title": f"Web objects of a {w['label']} over persistent connections, Gilbert-Elliott loss near 1.5%",
        "paper": "tail-loss-recovery-rtor-tlp-tlpr",
        "section": "§3.3",
        "figure": f"Fig. 4 ({', '.join(w['panels'])})",
        "citation": TAIL_PAPER + f", §3.3, Fig. 4 ({', '.join(w['panels'])})",
        "description": f"A {w['label']}: {n} objects of {mean // 1000} KB on average over six persistent "
        "connections at 10 Mbps, delayed-ACK receivers, correlated loss. Compare object completion times.",
        "scenario": {
            "seed": 1,
            "duration_s": 120,
            "path": _path(
                5,
                rate_bps=10e6,
                buffer_pkts=100,
                loss={"model": "gilbert_elliott", **PAPER_GE_LOSS},
            ),
            "flows": _web_flows(site, n, mean),
        },
        "variants": TIMER_VARIANTS,
        "baseline_variant": "baseline",
        "grid": {"path.*.delay_ms": [5, 20, 40, 80]},
        "replications": 30,
    }


PRESETS: dict[str, dict[str, Any]] = {
    "tail-loss-rtt-sweep": {
        "title": "One tail loss, 10-segment flows, RTT 10-640 ms",
        "paper": "tail-loss-recovery-rtor-tlp-tlpr",
        "section": "§3.1",
        "figure": "Fig. 1",
        "citation": TAIL_PAPER + ", §3.1, Fig. 1",
        "description": "A 10-segment flow (one initial window) loses its last segment. RTOR saves one RTT "
        "(plus the delayed-ACK wait with delayed ACKs); TLP's gain depends on which PTO "
        "formula applies; TLPR takes the better of both.",
        "scenario": {
            "seed": 1,
            "duration_s": 60,
            "path": _path(40, loss={"model": "tail", "count": 1}),
            "flows": [_flow({"kind": "fixed", "segments": 10}, "delayed")],
        },
        "variants": TIMER_VARIANTS,
        "baseline_variant": "baseline",
        "grid": {
            "path.*.delay_ms": [5, 10, 20, 40, 80, 160, 320],
            "flows[*].receiver.ack_policy": ["delayed", "quick"],
        },
        "replications": 1,
    },
    "tail-loss-n-degree": {
        "title": "1-5 tail losses, 10-segment flows, RTT 80 ms",
        "paper": "tail-loss-recovery-rtor-tlp-tlpr",
        "section": "§3.1",
        "figure": "Fig. 2",
        "citation": TAIL_PAPER + ", §3.1, Fig. 2",
        "description": "The last n segments are lost. RTOR helps only while fewer than four segments are "
        "outstanding; TLP and TLPR recover 2-3 losses through early retransmit and 4-5 "
        "through FACK after the probe's SACK.",
        "scenario": {
            "seed": 1,
            "duration_s": 60,
            "path": _path(40, loss={"model": "tail", "count": 1}),
            "flows": [_flow({"kind": "fixed", "segments": 10}, "delayed")],
        },
        "variants": TIMER_VARIANTS,
        "baseline_variant": "baseline",
        "grid": {"path.forward.loss.count": [1, 2, 3, 4, 5], "flows[*].receiver.ack_policy": ["delayed", "quick"]},
        "replications": 1,
    },
    "realistic-tail-loss": {
        "title": "Short flows under Tmix-like cross traffic, congestion loss",
        "paper": "tail-loss-recovery-rtor-tlp-tlpr",
        "section": "§3.2",
        "figure": "Fig. 3",
        "citation": TAIL_PAPER + ", §3.2, Fig. 3",
        "description": f"{FOREGROUND_FLOWS} foreground flows of 4, 10 or 100 segments, one-way delays 5, 40 or 160 ms "
        f"(their access delay), share a 10 Mbps drop-tail bottleneck (30 packets: up to 35 ms of queueing, as the "
        f"paper's) with {BACKGROUND_FLOWS} Tmix-like background connections (heavy-tailed responses, think times, "
        "their own delays). Start times are random per seed. The bottleneck drops about 3.4% of all packets, "
        "2-3.5% of the 4-segment foreground flows' and 4-8% of the 10-segment ones' (paper: about 1.5% at the "
        "bottleneck). The gallery's Fig. 3 card compares the "
        "flows with a loss in their last four segments (tail_drops >= 1), as the paper plots.",
        "scenario": {
            "seed": 1,
            "duration_s": 90,
            "path": _path(0, rate_bps=10e6, buffer_pkts=30),
            "flows": _realistic_flows(10, 40),
        },
        # the mechanisms under test run on the foreground hosts only
        "variants": {
            name: {f"flows[0:{FOREGROUND_FLOWS}].tcp.timer": ov["flows[*].tcp.timer"]}
            for name, ov in TIMER_VARIANTS.items()
        },
        "baseline_variant": "baseline",
        "grid": {
            f"flows[0:{FOREGROUND_FLOWS}].access_delay_ms": [5, 40, 160],
            f"flows[0:{FOREGROUND_FLOWS}].app.segments": [4, 10, 100],
        },
        "replications": 30,
        "foreground_flows": list(range(FOREGROUND_FLOWS)),
    },
    "web-objects": _web_preset("newspaper"),
    "web-objects-search": _web_preset("search"),
    "web-objects-classified": _web_preset("classified"),
    "tail-loss-linux-6": {
        "title": "The paper's tail losses under the Linux of the paper and of today",
        "paper": "tail-loss-recovery-rtor-tlp-tlpr",
        "section": "§3.1",
        "figure": "Fig. 2",
        "citation": TAIL_PAPER + ", §3.1, Fig. 2 (rerun with Linux 6 defaults)",
        "description": "The n-degree tail-loss experiment with the paper's Linux 3.17 (TLP, FACK, delayed "
        "early retransmit) against the Linux 6 profile (RACK-TLP, PRR, byte-counting slow start, the Linux "
        "receiver), whose timers and ACKs the engine checks against Linux 6.18 (python -m rexsim reference). "
        "With timestamps on, the receiver echoes an older TSval on the probe's SACK (RFC 7323 §4.3), so RACK "
        "leaves that SACK unused (RFC 8985 §6.2 step 2) and 2-5 tail losses wait for an RTO; whether Linux 6.18 "
        "does the same is not in the reference yet.",
        "scenario": {
            "seed": 1,
            "duration_s": 60,
            "path": _path(40, loss={"model": "tail", "count": 1}),
            "flows": [_flow({"kind": "fixed", "segments": 10}, "delayed")],
        },
        "variants": {
            "linux-3.17": {"flows[*].tcp.timer": "tlp"},
            "linux-6": LINUX_6_OVERRIDES,
        },
        "baseline_variant": "linux-3.17",
        "grid": {"path.forward.loss.count": [1, 2, 3, 4, 5]},
        "replications": 1,
    },
}


def preset_scenario(name: str, variant: str | None = None, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The preset's scenario with a variant's and then the caller's overrides."""
    if name not in PRESETS:
        raise KeyError(f"unknown preset {name!r}; known: {', '.join(sorted(PRESETS))}")
    p = PRESETS[name]
    sc: dict[str, Any] = p["scenario"]
    if variant is not None:
        if variant not in p["variants"]:
            raise KeyError(f"preset {name!r} has no variant {variant!r}; known: {', '.join(p['variants'])}")
        sc = apply_overrides(sc, p["variants"][variant])
    if overrides:
        sc = apply_overrides(sc, overrides)
    return sc
