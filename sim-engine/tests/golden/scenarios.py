"""The golden-trace scenarios: together they exercise every mechanism
(each cc, timer, recovery and loss-detection member), every path stage and positioned
action in both directions, every app kind, every trace mode and the TCP
options that change the sender's path (SACK off, ER variants, FACK, limited
transmit, DupThresh, RTT profiles, handshake, delayed and Linux ACKs, idle restart).

Each one is small enough that its full event list is kept beside its hash,
so a difference can be shown event by event (tests/golden/golden.py).
A scenario here is never edited in place: add a new one instead, so that
an existing golden keeps meaning what it meant.
"""

from __future__ import annotations

from rexsim.presets import LINUX_317, PRESETS, apply_overrides

MSS = 1448
TIMERS = ("rto", "rtor", "tlp", "tlpr", "tlp_rfc8985")

RFC_TCP = {
    "mss": MSS,
    "iw": 10,
    "sack": True,
    "timestamps": True,
    "handshake": True,
    "rtt_profile": "rfc6298",
    "cc": "reno",
    "early_retransmit": True,
}


def _path(
    one_way_ms: float,
    fwd_loss: dict | None = None,
    rev_loss: dict | None = None,
    rate_bps: float = 0,
    buffer_pkts: int = 1000,
) -> dict:
    return {
        "forward": {
            "rate_bps": rate_bps,
            "delay_ms": one_way_ms,
            "buffer_pkts": buffer_pkts,
            "loss": fwd_loss or {"model": "none"},
        },
        "reverse": {
            "rate_bps": rate_bps,
            "delay_ms": one_way_ms,
            "buffer_pkts": buffer_pkts,
            "loss": rev_loss or {"model": "none"},
        },
    }


def _fixed(segments: int, tcp: dict, ack: str = "quick", **extra) -> dict:
    return {
        "app": {"kind": "fixed", "segments": segments},
        "tcp": tcp,
        "receiver": {"ack_policy": ack, "delack_ms": 200},
        **extra,
    }


def _tail(timer: str, profile: dict, tail: int, ack: str, rtt_ms: float = 80, segments: int = 10) -> dict:
    return {
        "seed": 1,
        "duration_s": 60,
        "path": _path(rtt_ms / 2, {"model": "tail", "count": tail}),
        "flows": [_fixed(segments, {**profile, "timer": timer}, ack)],
    }


def _drops(*segs: int) -> dict:
    return {"model": "positioned", "rules": [{"segment": s} for s in segs]}


def golden_scenarios() -> dict[str, dict]:
    g: dict[str, dict] = {}
    # every timer policy x both TCP profiles, tail losses of 1 and 3, both ACK policies
    for timer in TIMERS:
        for pname, prof in (("rfc", RFC_TCP), ("linux317", LINUX_317)):
            for tail in (1, 3):
                for ack in ("quick", "delayed"):
                    g[f"tail-{timer}-{pname}-n{tail}-{ack}"] = _tail(timer, prof, tail, ack)
    # 5 tail losses (FACK after the probe) and a single-segment flow (PTO eq. 2)
    for timer in TIMERS:
        g[f"tail-{timer}-linux317-n5-delayed"] = _tail(timer, LINUX_317, 5, "delayed")
        g[f"single-seg-{timer}-rfc-delayed"] = _tail(timer, RFC_TCP, 1, "delayed", segments=1)
    # loss detection variants: no SACK (NewReno partial ACKs), ER strict/linux/delayed,
    # FACK, no limited transmit, DupThresh 5, no ER
    mid = _path(20, _drops(5, 6, 9, 30))
    variants = {
        "newreno": {"sack": False},
        "er-rfc5827": {"early_retransmit": True, "er_variant": "rfc5827"},
        "er-linux-delayed": {"early_retransmit": True, "er_variant": "linux", "er_delayed": True},
        "fack": {"fack": True},
        "no-limited-transmit": {"limited_transmit": False},
        "dupthresh5": {"dupthresh": 5},
        "no-er": {"early_retransmit": False},
        "ssthresh-from-cwnd": {"ssthresh_from_cwnd": True},
        "no-timestamps": {"timestamps": False},
        "linux-rtt": {"rtt_profile": "linux"},
    }
    for name, tcp in variants.items():
        for cc in ("reno", "cubic"):
            g[f"lossdet-{name}-{cc}"] = {
                "seed": 3,
                "duration_s": 30,
                "path": mid,
                "flows": [_fixed(40, {**RFC_TCP, "cc": cc, **tcp}, "delayed")],
            }
    # the same variants where they matter: a burst of losses (FACK marks sooner) and
    # a short tail (Early Retransmit territory)
    burst = _path(20, _drops(3, 4, 5, 6, 7, 8, 20))
    short = _path(20, _drops(4, 5))
    for name, tcp in variants.items():
        g[f"lossdet-burst-{name}"] = {
            "seed": 3,
            "duration_s": 30,
            "path": burst,
            "flows": [_fixed(30, {**RFC_TCP, "timer": "tlp", **tcp}, "quick")],
        }
        g[f"lossdet-short-{name}"] = {
            "seed": 3,
            "duration_s": 30,
            "path": short,
            "flows": [_fixed(6, {**RFC_TCP, **tcp}, "quick")],
        }
    # positioned actions in both directions: drop, delay (spurious RTO), duplicate (D-SACK),
    # SYN and SYN-ACK loss, a lost retransmission
    g["positioned-delay-spurious-rto"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(20, {"model": "positioned", "rules": [{"segment": 3, "action": "delay", "delay_ms": 900}]}),
        "flows": [_fixed(6, {**RFC_TCP, "timer": "rto"})],
    }
    g["positioned-duplicate-dsack"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(20, {"model": "positioned", "rules": [{"segment": 4, "action": "duplicate"}]}),
        "flows": [_fixed(8, {**RFC_TCP, "timer": "tlp"})],
    }
    g["positioned-syn-synack-loss"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(
            20, {"model": "positioned", "rules": [{"segment": 0}]}, {"model": "positioned", "rules": [{"segment": 0}]}
        ),
        "flows": [_fixed(5, RFC_TCP)],
    }
    g["positioned-lost-retransmission"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(
            20,
            {
                "model": "positioned",
                "rules": [
                    {"segment": 10},
                    {"segment": 10, "transmission": 2},
                    {"segment": 4},
                    {"segment": 4, "transmission": 2},
                ],
            },
        ),
        "flows": [_fixed(12, {**LINUX_317, "timer": "tlpr"}, "delayed")],
    }
    g["positioned-ack-loss"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(20, None, {"model": "positioned", "rules": [{"segment": s} for s in (2, 3, 4, 5)]}),
        "flows": [_fixed(10, {**RFC_TCP, "timer": "tlp_rfc8985"})],
    }
    # the kernel tick (tcp.hz = 250): a Linux 6 connection whose tail probe is lost, then an
    # RTO backed off twice (its RTO in whole 4 ms ticks), beside a Linux 3.17 one whose delayed
    # Early Retransmit timer lands on a tick; RTT 37 ms, so no deadline falls on a tick by itself
    linux6 = {
        "mss": MSS,
        "iw": 10,
        "sack": True,
        "timestamps": False,
        "rtt_profile": "linux",
        "cc": "cubic",
        "timer": "tlp_rfc8985",
        "recovery": "prr",
        "ssthresh_from_cwnd": True,
        "slow_start": "byte_counting",
        "hz": 250,
    }
    tick_rules = [
        {"segment": 9},
        {"segment": 10},
        {"segment": 10, "transmission": 2},
        {"segment": 9, "transmission": 2},
        {"flow": 1, "segment": 8},
    ]
    g["hz250-probe-rto-backoff-er"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(18.5, {"model": "positioned", "rules": tick_rules}),
        "flows": [
            _fixed(10, linux6, "delayed"),
            _fixed(10, {**LINUX_317, "timer": "tlp", "hz": 250}, start_ms=1.3),
        ],
    }
    # random stages in both directions, bulk and requests apps, queue drops, cubic and reno
    g["bernoulli-bulk-cubic"] = {
        "seed": 11,
        "duration_s": 4,
        "path": _path(
            15, {"model": "bernoulli", "p": 0.01}, {"model": "bernoulli", "p": 0.005}, rate_bps=20e6, buffer_pkts=40
        ),
        "flows": [
            {
                "app": {"kind": "bulk", "duration_s": 3},
                "tcp": {**LINUX_317, "timer": "tlp"},
                "receiver": {"ack_policy": "delayed"},
            }
        ],
    }
    g["gilbert-elliott-requests"] = {
        "seed": 5,
        "duration_s": 20,
        "path": _path(
            10,
            {"model": "gilbert_elliott", "p": 0.02, "r": 0.4, "loss_good": 0.001, "loss_bad": 0.7},
            {"model": "gilbert_elliott", "p": 0.01, "r": 0.5, "loss_good": 0.0, "loss_bad": 0.5},
            rate_bps=10e6,
            buffer_pkts=60,
        ),
        "flows": [
            {
                "app": {"kind": "requests", "sizes": [30000, 4000, 90000, 1200], "gap_ms": 120},
                "tcp": {**RFC_TCP, "timer": "tlpr"},
                "receiver": {"ack_policy": "delayed"},
            },
            {
                "app": {"kind": "requests", "requests": 4, "object_bytes": 20000, "gap_ms": 0},
                "start_ms": 15,
                "tcp": {**RFC_TCP, "timer": "rtor", "sack": False},
                "receiver": {"ack_policy": "quick"},
            },
        ],
    }
    g["queue-overflow-two-bulk"] = {
        "seed": 2,
        "duration_s": 3,
        "path": _path(10, rate_bps=5e6, buffer_pkts=12),
        "flows": [
            {
                "app": {"kind": "bulk", "duration_s": 2.5},
                "tcp": {**RFC_TCP, "cc": "cubic"},
                "receiver": {"ack_policy": "delayed"},
            },
            {
                "app": {"kind": "bulk", "duration_s": 2},
                "start_ms": 300,
                "tcp": {**RFC_TCP, "cc": "reno", "timer": "tlp_rfc8985", "rtt_profile": "linux"},
                "receiver": {"ack_policy": "quick"},
            },
        ],
    }
    g["rwnd-limited-no-handshake"] = {
        "seed": 1,
        "duration_s": 10,
        "path": _path(25, _drops(12), rate_bps=50e6),
        "flows": [
            {
                "app": {"kind": "fixed", "bytes": 150000},
                "tcp": {**RFC_TCP, "handshake": False, "iw": 4},
                "receiver": {"ack_policy": "delayed", "rwnd_bytes": 20000},
            }
        ],
    }
    g["idle-restart-requests"] = {
        "seed": 1,
        "duration_s": 20,
        "path": _path(30, _drops(25)),
        "flows": [
            {
                "app": {"kind": "requests", "requests": 3, "object_bytes": 40000, "gap_ms": 2500},
                "tcp": {**RFC_TCP, "slow_start_after_idle": True, "timer": "tlp"},
                "receiver": {"ack_policy": "delayed"},
            }
        ],
    }
    # a handover table (the schedule stage, Kato et al. §3.1) a tenth the size of the
    # lte-handover presets' (whose 20 s runs are too large to keep event by event): a
    # 500 ms step-and-ramp spike with loss forward, a milder one on the ACKs, Eifel and
    # D-SACK detection
    handover = _path(5, rate_bps=10e6, buffer_pkts=100)
    handover["forward"] |= {
        "stages": [{"kind": "schedule"}],
        "schedule": [
            {"time_ms": 1000, "delay_ms": 0, "loss_rate": 0},
            {"time_ms": 1000, "delay_ms": 500, "loss_rate": 0.05},
            {"time_ms": 1146, "delay_ms": 355, "loss_rate": 0.05},
            {"time_ms": 1146, "delay_ms": 0, "loss_rate": 0.01},
            {"time_ms": 2000, "delay_ms": 0, "loss_rate": 0},
        ],
    }
    handover["reverse"] |= {
        "stages": [{"kind": "schedule"}],
        "schedule": [
            {"time_ms": 1500, "delay_ms": 0},
            {"time_ms": 1700, "delay_ms": 80},
            {"time_ms": 1900, "delay_ms": 0},
        ],
    }
    g["schedule-handover-bulk"] = {
        "seed": 6,
        "duration_s": 6,
        "path": handover,
        "flows": [
            {
                "app": {"kind": "bulk", "duration_s": 2.5},
                "tcp": {**RFC_TCP, "rtt_profile": "linux", "spurious": ["eifel", "dsack"]},
                "receiver": {"ack_policy": "linux"},
            }
        ],
    }
    # trace modes: sampled and none
    g["trace-sampled-bulk"] = {
        "seed": 4,
        "duration_s": 2,
        "trace": "sampled",
        "sample_ms": 50,
        "path": _path(20, {"model": "bernoulli", "p": 0.01}, rate_bps=10e6, buffer_pkts=30),
        "flows": [{"app": {"kind": "bulk", "duration_s": 2}, "tcp": LINUX_317}],
    }
    g["trace-none-tail"] = {**_tail("tlpr", LINUX_317, 2, "delayed"), "trace": "none"}
    # congestion controls added with engine v2: a queue that grows (20 Mbps,
    # 60-packet buffer) and random loss, so delay- and rate-based reactions show
    for cc in ("veno", "westwood", "vegas"):
        g[f"cc-{cc}-bulk"] = {
            "seed": 6,
            "duration_s": 4,
            "path": _path(20, {"model": "bernoulli", "p": 0.003}, rate_bps=20e6, buffer_pkts=60),
            "flows": [
                {
                    "app": {"kind": "bulk", "duration_s": 3},
                    "tcp": {**RFC_TCP, "cc": cc},
                    "receiver": {"ack_policy": "delayed"},
                }
            ],
        }
    # recovery members added with engine v2: a burst and random loss in bulk
    # transfer, and a loss a probe repaired (CWR run by the recovery member)
    for rec, params in (
        ("prr", {"prr": {"variant": "ssrb"}}),
        ("prr-crb", {"prr": {"variant": "crb"}}),
        ("rate_halving", {}),
    ):
        member = rec.split("-")[0]
        g[f"rec-{rec}-bulk"] = {
            "seed": 7,
            "duration_s": 4,
            "path": _path(20, {"model": "bernoulli", "p": 0.01}, rate_bps=20e6, buffer_pkts=40),
            "flows": [
                {
                    "app": {"kind": "bulk", "duration_s": 3},
                    "tcp": {**RFC_TCP, "recovery": member, "recovery_params": params},
                    "receiver": {"ack_policy": "delayed"},
                }
            ],
        }
        g[f"rec-{rec}-burst"] = {
            "seed": 3,
            "duration_s": 30,
            "path": _path(20, _drops(3, 4, 5, 6, 7, 8, 20)),
            "flows": [_fixed(30, {**RFC_TCP, "recovery": member, "recovery_params": params}, "quick")],
        }
        g[f"rec-{rec}-tlp-cwr"] = {
            "seed": 1,
            "duration_s": 30,
            "path": _path(40, {"model": "tail", "count": 1}),
            "flows": [
                {
                    "app": {"kind": "requests", "sizes": [14480, 144800], "gap_ms": 0},
                    "tcp": {**LINUX_317, "timer": "tlp", "recovery": member, "recovery_params": params},
                    "receiver": {"ack_policy": "quick"},
                }
            ],
        }
    # RACK (RFC 8985 §6), loss detection member 'rack': the loss-detection
    # paths above (scattered losses, a burst, a short tail), tail losses with
    # the RFC 8985 TLP, reordering it tolerates and a D-SACK that widens its
    # window, a lost retransmission, and random and queue losses in bulk
    rack_tcp = {**RFC_TCP, "lossdet": "rack", "recovery": "prr"}
    for cc in ("reno", "cubic"):
        g[f"rack-scattered-{cc}"] = {
            "seed": 3,
            "duration_s": 30,
            "path": mid,
            "flows": [_fixed(40, {**rack_tcp, "cc": cc}, "delayed")],
        }
    g["rack-burst"] = {
        "seed": 3,
        "duration_s": 30,
        "path": burst,
        "flows": [_fixed(30, {**rack_tcp, "timer": "tlp_rfc8985"}, "quick")],
    }
    g["rack-short"] = {"seed": 3, "duration_s": 30, "path": short, "flows": [_fixed(6, rack_tcp, "quick")]}
    # with timestamps (RFC_TCP) the probe's SACK echoes the TSval of the
    # segment at the left window edge (RFC 7323 §4.3), so RACK leaves it
    # unused (RFC 8985 §6.2 step 2, check 1); without, it marks the hole
    for tail in (1, 2, 5):
        g[f"rack-tail-tlp_rfc8985-n{tail}-delayed"] = _tail(
            "tlp_rfc8985", {**rack_tcp, "rtt_profile": "linux", "cc": "cubic"}, tail, "delayed"
        )
    g["rack-tail-tlp_rfc8985-n2-delayed-no-timestamps"] = _tail(
        "tlp_rfc8985", {**rack_tcp, "rtt_profile": "linux", "cc": "cubic", "timestamps": False}, 2, "delayed"
    )
    # segment 9 is overtaken by one segment only: RACK waits and sees the
    # reordering, then tolerates 17 and 25 being late (8 ms < min_RTT/4)
    late = [{"segment": s, "action": "delay", "delay_ms": 8} for s in (9, 17, 25)]
    g["rack-reordering"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(20, {"model": "positioned", "rules": late}),
        "flows": [_fixed(30, {**rack_tcp, "timer": "tlp_rfc8985"}, "quick")],
    }
    g["rack-dsack-reordering"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(20, {"model": "positioned", "rules": [{"segment": 3, "action": "duplicate"}, *late]}),
        "flows": [_fixed(30, {**rack_tcp, "timer": "tlp_rfc8985"}, "quick")],
    }
    g["rack-lost-retransmission"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(
            20,
            {
                "model": "positioned",
                "rules": [{"segment": 2}, {"segment": 2, "transmission": 2}, {"segment": 9}],
            },
            rate_bps=10e6,
        ),
        "flows": [_fixed(40, {**rack_tcp, "timer": "tlp_rfc8985"}, "quick")],
    }
    g["rack-bernoulli-bulk"] = {
        "seed": 11,
        "duration_s": 4,
        "path": _path(
            15, {"model": "bernoulli", "p": 0.01}, {"model": "bernoulli", "p": 0.005}, rate_bps=20e6, buffer_pkts=40
        ),
        "flows": [
            {
                "app": {"kind": "bulk", "duration_s": 3},
                "tcp": {**rack_tcp, "cc": "cubic", "timer": "tlp_rfc8985", "rtt_profile": "linux"},
                "receiver": {"ack_policy": "delayed"},
            }
        ],
    }
    g["rack-queue-overflow-bulk"] = {
        "seed": 2,
        "duration_s": 3,
        "path": _path(10, rate_bps=5e6, buffer_pkts=12),
        "flows": [
            {
                "app": {"kind": "bulk", "duration_s": 2.5},
                "tcp": {**rack_tcp, "cc": "cubic", "lossdet_params": {"rack": {"dsack_adapt": False}}},
                "receiver": {"ack_policy": "delayed"},
            }
        ],
    }
    # the 'linux' receiver (quick-ACK mode, then the adaptive delayed-ACK
    # timeout capped by its RTT estimate): isolated objects that outlast the
    # quick ACKs, then a back-to-back pair and a reordered pair; a lossy bulk
    # transfer; and without a handshake (no RTT estimate) behind a receive
    # window that bounds the quick ACKs
    g["receiver-linux-requests"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(40, {"model": "positioned", "rules": [{"segment": 23, "action": "delay", "delay_ms": 30}]}),
        "flows": [
            {
                "app": {"kind": "requests", "sizes": [MSS] * 20 + [2 * MSS, 2 * MSS], "gap_ms": 50},
                "tcp": {**RFC_TCP, "timer": "tlp_rfc8985", "rtt_profile": "linux"},
                "receiver": {"ack_policy": "linux"},
            }
        ],
    }
    g["receiver-linux-bulk-loss"] = {
        "seed": 8,
        "duration_s": 3,
        "path": _path(20, {"model": "bernoulli", "p": 0.01}, rate_bps=10e6, buffer_pkts=40),
        "flows": [
            {
                "app": {"kind": "bulk", "duration_s": 2},
                "tcp": {**RFC_TCP, "cc": "cubic", "recovery": "prr", "slow_start": "byte_counting"},
                "receiver": {"ack_policy": "linux"},
            }
        ],
    }
    g["receiver-linux-no-handshake-rwnd"] = {
        "seed": 1,
        "duration_s": 30,
        "path": _path(30, {"model": "tail", "count": 1}),
        "flows": [
            {
                "app": {"kind": "requests", "requests": 6, "object_bytes": 3 * MSS, "gap_ms": 300},
                "tcp": {**RFC_TCP, "handshake": False, "timer": "tlp"},
                "receiver": {"ack_policy": "linux", "rwnd_bytes": 8 * MSS, "ato_min_ms": 30, "ato_max_ms": 150},
            }
        ],
    }
    # issue #11's switches, which no preset turns on: Hack 1 with a lost retransmission
    # (src/core/hack1.c), QARR with opportunistic retransmission and Hack 1 on a paced link
    # with a loss burst, BARR with a growing send buffer and a slow scaled reader, PRR
    # without SACK with a small buffer and a blocked reader (recorded with the engine of
    # before Hack 1 left sndbuf.c: the same events)
    paced = {"rate_bps": 8.32e6, "delay_ms": 25, "buffer_pkts": 200}
    unpaced = {"rate_bps": 0, "delay_ms": 25}

    def orsb(seed: int, duration_s: float, fwd: dict, tcp: dict, receiver: dict, app: dict) -> dict:
        return {
            "seed": seed,
            "duration_s": duration_s,
            "path": {"forward": fwd, "reverse": unpaced},
            "flows": [{"app": app, "tcp": tcp, "receiver": {"ack_policy": "quick", **receiver}}],
        }

    rules = [{"segment": 1}, {"segment": 1, "transmission": 2}]
    rules += [{"segment": k, "action": "duplicate"} for k in (11, 12, 13, 14)]
    g["orsb-hack1-lost-rtx"] = orsb(
        1,
        30,
        {**unpaced, "loss": {"model": "positioned", "rules": rules}},
        {"mss": 1024, "hack1_dupack_rtx": True},
        {},
        {"kind": "fixed", "segments": 30},
    )
    burst = [{"segment": 3}, {"segment": 4}, {"segment": 5}, {"segment": 3, "transmission": 2}]
    g["orsb-qarr-opportunistic-hack1"] = orsb(
        2,
        30,
        {**paced, "loss": {"model": "positioned", "rules": [*burst, {"segment": 30, "action": "duplicate"}]}},
        {"recovery": "qarr", "opportunistic_rtx": True, "hack1_dupack_rtx": True, "iw": 20},
        {"rwnd_bytes": 15000},
        {"kind": "fixed", "segments": 120},
    )
    g["orsb-barr-sndbuf-reader"] = orsb(
        3,
        5,
        {**paced, "loss": {"model": "bernoulli", "p": 0.02}},
        {
            "recovery": "barr",
            "opportunistic_rtx": True,
            "hack1_dupack_rtx": True,
            "sndbuf_bytes": 8192,
            "sndbuf_growth": 3,
            "sndbuf_limit_bytes": 60000,
        },
        {"rwnd_bytes": 30000, "read_bytes_per_s": 400000, "wscale": 2},
        {"kind": "bulk", "duration_s": 2},
    )
    g["orsb-prr-nosack-blocked-reader"] = orsb(
        4,
        10,
        {**paced, "loss": {"model": "bernoulli", "p": 0.05}},
        {"sack": False, "recovery": "prr", "opportunistic_rtx": True, "hack1_dupack_rtx": True, "sndbuf_bytes": 4096},
        {"rwnd_bytes": 9500, "read_blocked_ms": [100, 400, 600, 900]},
        {"kind": "fixed", "segments": 120},
    )

    # the mobile-recovery presets' set-up (rexsim.presets.orsb_scenario, whose 25 s runs are too large to
    # keep event by event) at a tenth of the size: AW = C x U from receiver.rwnd_bdp, an early loss repaired
    # by an RTO, a burst of 10 in one positioned rule (count), opportunistic retransmission and the send
    # buffer growing to 3 x cwnd, each recovery of the paper
    for rec in ("rate_halving", "prr", "qarr", "barr"):
        g[f"orsb-burst-or-{rec}"] = {
            "seed": 1,
            "duration_s": 5,
            "path": {
                "forward": {
                    "rate_bps": 20e6,
                    "delay_ms": 25,
                    "buffer_bytes": 4_300_000,
                    "loss": {
                        "model": "positioned",
                        "rules": [{"segment": 900, "count": 10}, {"segment": 60}, {"segment": 60, "transmission": 2}],
                    },
                },
                "reverse": {"rate_bps": 0, "delay_ms": 25},
            },
            "flows": [
                {
                    "app": {"kind": "bulk", "duration_s": 3},
                    "tcp": {
                        "cc": "cubic",
                        "recovery": rec,
                        "mss": 1463,
                        "sack": True,
                        "timestamps": True,
                        "cwnd_limited": "linux",
                        "opportunistic_rtx": True,
                        "sndbuf_bytes": 16384,
                        "sndbuf_growth": 3,
                    },
                    "receiver": {"ack_policy": "quick", "rwnd_bdp": 1},
                }
            ],
        }
    # one cell of every preset, each variant
    for pname, preset in PRESETS.items():
        if pname == "realistic-tail-loss" or pname.startswith(("web-objects", "lte-handover-spike")):
            continue  # too large to keep event by event; covered by the stages above
        if pname == "adaptive-recovery-utilisation" or pname.startswith("orsb-"):
            # 25 s at 20 Mb/s (covered by orsb-burst-or-* above) and the throughput tables' 200 s bulk
            # flows at 20 Mb/s to 1 Gb/s, millions of events (their claims tests run them)
            continue
        for vname, ov in preset["variants"].items():
            g[f"preset-{pname}-{vname}"] = apply_overrides(preset["scenario"], ov)
    return g
