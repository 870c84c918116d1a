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


def _realistic_flows(segments: int, n_fore: int = 40) -> list[dict[str, Any]]:
    background = [
        {
            "app": {"kind": "bulk", "duration_s": 75},
            "start_ms": 100.0 * i,
            "tcp": {**LINUX_317, "timer": "rto"},
            "receiver": {"ack_policy": "delayed"},
        }
        for i in range(6)
    ]
    fore = [
        {**_flow({"kind": "fixed", "segments": segments}, "quick"), "start_ms": 3000.0 + 1700.0 * i}
        for i in range(n_fore)
    ]
    return fore + background


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
        "title": "Short flows under cross traffic, about 1.5% congestion loss",
        "paper": "tail-loss-recovery-rtor-tlp-tlpr",
        "section": "§3.2",
        "figure": "Fig. 3",
        "citation": TAIL_PAPER + ", §3.2, Fig. 3",
        "description": "Forty foreground flows of 4, 10 or 100 segments share a 10 Mbps drop-tail "
        "bottleneck with six CUBIC bulk flows, whose congestion drops their tails. "
        "One-way delays of 5, 40 or 160 ms. Compare the CDFs of flow completion times.",
        "scenario": {
            "seed": 1,
            "duration_s": 80,
            # six CUBIC bulk flows and a 20-packet buffer (24 ms at 10 Mbps)
            # give about 1.45% loss at 40 ms one-way delay
            "path": _path(40, rate_bps=10e6, buffer_pkts=20),
            "flows": _realistic_flows(10),
        },
        # the mechanisms under test run on the foreground hosts only
        "variants": {name: {"flows[0:40].tcp.timer": ov["flows[*].tcp.timer"]} for name, ov in TIMER_VARIANTS.items()},
        "baseline_variant": "baseline",
        "grid": {"path.*.delay_ms": [5, 40, 160], "flows[0:40].app.segments": [4, 10, 100]},
        "replications": 5,
        "foreground_flows": list(range(40)),
    },
    "web-objects": {
        "title": "Web objects over persistent connections, Gilbert-Elliott loss near 1.5%",
        "paper": "tail-loss-recovery-rtor-tlp-tlpr",
        "section": "§3.3",
        "figure": "Fig. 4",
        "citation": TAIL_PAPER + ", §3.3, Fig. 4",
        "description": "A newspaper-like page: 164 objects of 25 KB on average over six persistent "
        "connections at 10 Mbps, delayed-ACK receivers, correlated loss. Compare object "
        "completion times.",
        "scenario": {
            "seed": 1,
            "duration_s": 120,
            "path": _path(
                5,
                rate_bps=10e6,
                buffer_pkts=100,
                loss={"model": "gilbert_elliott", **PAPER_GE_LOSS},
            ),
            "flows": _web_flows("newspaper", 164, 25_000),
        },
        "variants": TIMER_VARIANTS,
        "baseline_variant": "baseline",
        "grid": {"path.*.delay_ms": [5, 20, 40, 80]},
        "replications": 10,
        "sites": {"search": [12, 24_000], "classified": [44, 52_000], "newspaper": [164, 25_000]},
    },
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


KATO_PAPER = (
    "T. Kato, M. Moriyama, R. Yamamoto, S. Ohzahata: Performance Evaluation of TCP Spurious Timeout Detection "
    "Methods under Delay Spike and Packet Loss Emulating LTE Handover (IADIS IJCSIS 13(2), 2018)"
)

# Kato et al. §3.2: a Linux sender (TCP Reno, SACK and timestamps on, as a
# Linux host has them) sends at 10 Mb/s (tc) through the handover emulator to
# a Linux receiver; F-RTO as Linux runs it (the first ACK of never-
# retransmitted data after an RTO undoes it, also after a repeated RTO).
KATO_TCP = {
    "mss": 1448,
    "iw": 10,
    "sack": True,
    "timestamps": True,
    "handshake": True,
    "rtt_profile": "linux",
    "cc": "reno",
    "timer": "rto",
    "frto_variant": "linux",
    "spurious": [],
}

#: Kato et al.'s Figure 2 handover, RECONSTRUCTED: the paper's table (Fig.
#: 2(a)) is not in its text, only that "packets arriving at the emulator
#: during 10,000 msec to 11,460 msec are transmitted in a very short period
#: during 15,000 msec and 15,010 msec" (§3.1).  A step to 5000 ms at 10 s,
#: falling linearly to 3550 ms at 11.46 s, gives exactly that (arrival t
#: leaves at t + delay(t) = 15000 + (t - 10000) / 146 ms; the derivation is
#: in tests/c/test_stage_schedule.c); then a step back to no extra delay.
KATO_SPIKE: list[dict[str, float]] = [
    {"time_ms": 10000, "delay_ms": 0},
    {"time_ms": 10000, "delay_ms": 5000},
    {"time_ms": 11460, "delay_ms": 3550},
    {"time_ms": 11460, "delay_ms": 0},
]

#: the same spike with loss: the paper's loss rates (Fig. 2(b)) are not in its
#: text either, only that the losses come with the handover, "between 10 sec.
#: and 20 sec." (§4.2); reconstructed as 5 % while the spike lasts and 1 %
#: until 20 s (Eq. 2 per packet)
KATO_SPIKE_LOSS: list[dict[str, float]] = [
    {"time_ms": 10000, "delay_ms": 0, "loss_rate": 0},
    {"time_ms": 10000, "delay_ms": 5000, "loss_rate": 0.05},
    {"time_ms": 11460, "delay_ms": 3550, "loss_rate": 0.05},
    {"time_ms": 11460, "delay_ms": 0, "loss_rate": 0.01},
    {"time_ms": 20000, "delay_ms": 0, "loss_rate": 0.01},
    {"time_ms": 20000, "delay_ms": 0, "loss_rate": 0},
]

#: the detectors alone and in pairs (Kato et al. §4: Figs. 4-7 alone, 8-10 in pairs)
DETECTOR_VARIANTS: dict[str, dict[str, Any]] = {
    name: {"flows[*].tcp.spurious": combo}
    for name, combo in {
        "conventional": [],
        "Eifel": ["eifel"],
        "DSACK": ["dsack"],
        "F-RTO": ["frto"],
        "Eifel+DSACK": ["eifel", "dsack"],
        "Eifel+F-RTO": ["eifel", "frto"],
        "DSACK+F-RTO": ["dsack", "frto"],
    }.items()
}


def _kato(schedule: list[dict[str, float]], seed: int = 1) -> dict[str, Any]:
    """§3.2: 10 Mb/s from the sender, delay and loss only towards the
    receiver, a 20 s transfer (the run goes on until its data are through)."""
    return {
        "seed": seed,
        "duration_s": 60,
        "path": {
            "forward": {
                "rate_bps": 10e6,
                "delay_ms": 5,
                "buffer_pkts": 100,
                "stages": [{"kind": "schedule"}],
                "schedule": schedule,
            },
            "reverse": {"rate_bps": 10e6, "delay_ms": 5, "buffer_pkts": 100},
        },
        "flows": [
            {
                "app": {"kind": "bulk", "duration_s": 20},
                "tcp": dict(KATO_TCP),
                "receiver": {"ack_policy": "linux"},
            }
        ],
    }


#: Kato et al.'s experiments (appended to PRESETS below)
KATO_PRESETS: dict[str, dict[str, Any]] = {
    "lte-handover-spike": {
        "title": "LTE handover: a 5 s delay spike, no loss, each spurious-timeout detector",
        "paper": "spurious-timeout-detection-lte-handover",
        "section": "§4.1",
        "figure": "Fig. 4",
        "citation": KATO_PAPER + ", §4.1, Fig. 4",
        "description": "A 10 Mb/s Reno transfer of 20 s meets Kato et al.'s handover at 10 s: packets sent "
        "during 10-11.46 s reach the receiver in 15-15.01 s (a reconstruction of the paper's Fig. 2 table, which "
        "its text does not give), and later ones wait behind them. The RTO fires four times (200 ms minimum, "
        "backed off) before the spike ends. Paper: the three detectors perform alike (cwnd differs, transfer "
        "does not). Engine: in-order data at the receiver at 20 s is 18.15 MB with Eifel or F-RTO (each undoes "
        "the last RTO on the first ACKs after the spike) and 18.07 MB with DSACK, which detects too but restores "
        "the window only when its D-SACKs are in, like conventional recovery (18.07 MB): alike within 0.5 %. "
        "No loss, so nothing random: one replication.",
        "scenario": _kato(KATO_SPIKE),
        "variants": DETECTOR_VARIANTS,
        "baseline_variant": "conventional",
        "grid": {},
        "replications": 1,
    },
    "lte-handover-spike-loss": {
        "title": "LTE handover: a 5 s delay spike with loss, detectors alone and in pairs",
        "paper": "spurious-timeout-detection-lte-handover",
        "section": "§4.2",
        "figure": "Figs. 5-11",
        "citation": KATO_PAPER + ", §4.2, Figs. 5-11",
        "description": "The handover of the spike preset with loss (reconstructed: 5 % of the packets sent during "
        "the spike, 1 % until 20 s). Paper (Fig. 11, data transferred in 20 s, mean of three runs): Eifel "
        "transfers least, after a long timeout gap; DSACK and F-RTO best; no pair does better than its better "
        "member. Engine (in-order data at the receiver at 20 s, mean of 20 seeds): conventional 17.5 MB, DSACK "
        "17.5 MB (it seldom declares these RTOs spurious: a segment lost in the spike brings no D-SACK), Eifel "
        "13.2 MB, F-RTO 12.7 MB. Eifel's undo restores the window, but the first ACKs after the spike carry "
        "RTT samples of about 5 s, the RTO grows to about 11 s, and a segment lost in the spike waits for it: "
        "the cumulative ACK stalls from 15.1 s to about 27 s (the paper's gap: 12-16 s, with a second one at "
        "16.5-18.5 s). F-RTO as Linux runs it undoes the same way, also when the segment the RTO resent was "
        "itself lost (Eifel then finds the RTO genuine), and transfers 4.0 % less than Eifel, where the paper's "
        "F-RTO had a 1.5 s gap and did best: the engine disagrees with 'Eifel least' by that much. No pair "
        "beats its better member: Eifel+DSACK transfers what Eifel does, Eifel+F-RTO and DSACK+F-RTO what "
        "F-RTO does.",
        "scenario": _kato(KATO_SPIKE_LOSS),
        "variants": DETECTOR_VARIANTS,
        "baseline_variant": "conventional",
        "grid": {},
        "replications": 3,
    },
}
PRESETS.update(KATO_PRESETS)


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
