"""Shared builders and checkers for the rexsim test suite.

Everything here is plain Python written for these tests: scenario builders
for the paper's controlled tail-loss experiment (§3.1), an independent
RFC 6298 estimator used to *derive* expected RTO values, and a replay of the
receiver side of a trace used by the invariant tests.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

import numpy as np
import rexsim
from rexsim import gallery
from rexsim.presets import LINUX_317
from rexsim.result import KIND

MSS = 1448
TIMERS = ("rto", "rtor", "tlp", "tlpr", "tlp_rfc8985")

# The TCP settings of the rfc6298 profile used by the paper-claim tests: the
# scenario shape of the brief (Reno, SACK, timestamps, handshake, RFC 5827 ER).
RFC6298_TCP = {
    "mss": MSS,
    "iw": 10,
    "sack": True,
    "timestamps": True,
    "handshake": True,
    "rtt_profile": "rfc6298",
    "cc": "reno",
    "early_retransmit": True,
}
# "Linux 3.17 settings" of the paper (§3.1 hosts): Linux RTT estimator, FACK,
# Linux's ER variant, delayed ER, ssthresh from cwnd (and CUBIC), as the
# package's presets define them.
LINUX317_TCP = dict(LINUX_317)

PROFILES = {"rfc6298": RFC6298_TCP, "linux317": LINUX317_TCP}


def tail_scenario(
    rtt_ms: float,
    timer: str,
    ack: str = "quick",
    tail: int = 1,
    profile: str = "rfc6298",
    segments: int = 10,
    delack_ms: float = 200,
    seed: int = 1,
) -> dict:
    """The §3.1 experiment: one fixed flow of `segments` full segments over an
    unlimited-rate path with RTT `rtt_ms` (one-way = RTT/2 each direction),
    whose last `tail` data segments are lost on their first transmission."""
    tcp = dict(PROFILES[profile])
    tcp["timer"] = timer
    return {
        "seed": seed,
        "duration_s": 60,
        "path": {
            "forward": {
                "rate_bps": 0,
                "delay_ms": rtt_ms / 2,
                "buffer_pkts": 1000,
                "loss": {"model": "tail", "count": tail},
            },
            "reverse": {"rate_bps": 0, "delay_ms": rtt_ms / 2, "loss": {"model": "none"}},
        },
        "flows": [
            {
                "app": {"kind": "fixed", "segments": segments},
                "tcp": tcp,
                "receiver": {"ack_policy": ack, "delack_ms": delack_ms},
            }
        ],
    }


def run_ok(scenario: dict) -> rexsim.Result:
    """Run and check the run is clean (no budget hit, engine checks silent)."""
    res = rexsim.run(scenario)
    assert res.invariant_violations == 0, (scenario, res.summary())
    assert not res.truncated, (scenario, res.truncated_reason)
    return res


def fct(scenario: dict, flow: int = 0) -> float:
    res = run_ok(scenario)
    m = res.flows[flow].metrics
    assert m["completed"], (scenario, m)
    return m["fct_ms"]


def tail_fct(rtt_ms: float, timer: str, **kw) -> float:
    return fct(tail_scenario(rtt_ms, timer, **kw))


# --------------------------------------------------------------- RFC 6298
def rfc6298_rto_ms(samples_ms, min_rto_ms=1000, g_ms=1) -> Fraction:
    """RTO after the given RTT samples, by RFC 6298 §2 with exact arithmetic:
    (2.2) first sample R: SRTT = R, RTTVAR = R/2;
    (2.3) later samples R': RTTVAR = (1 - beta) RTTVAR + beta |SRTT - R'|, then
          SRTT = (1 - alpha) SRTT + alpha R', alpha = 1/8, beta = 1/4;
    RTO = SRTT + max(G, 4 RTTVAR), (2.4) rounded up to the 1 s minimum.
    A sample given as (R', n) uses RFC 7323 Appendix G's alpha' = alpha / n,
    beta' = beta / n, n = ExpectedSamples (see `expected_samples`)."""
    srtt = rttvar = None
    for s in samples_ms:
        r, n = s if isinstance(s, tuple) else (s, 1)
        r = Fraction(r)
        if srtt is None:
            srtt, rttvar = r, r / 2
        else:
            alpha, beta = Fraction(1, 8 * n), Fraction(1, 4 * n)
            rttvar = (1 - beta) * rttvar + beta * abs(srtt - r)
            srtt = (1 - alpha) * srtt + alpha * r
    return max(Fraction(min_rto_ms), srtt + max(Fraction(g_ms), 4 * rttvar))


def expected_samples(flight_segments: int) -> int:
    """RFC 7323 Appendix G: ExpectedSamples = ceiling(FlightSize / (SMSS * 2)),
    with FlightSize the data outstanding when the ACK arrives."""
    return max(1, -(-flight_segments // 2))


def tail_samples(rtt_ms: float, acks: list[tuple[int, float]], outstanding: int = 10) -> list:
    """The samples the rfc6298 profile with timestamps takes in the §3.1
    experiment: the handshake's R, then one per ACK that advances SND.UNA
    (RFC 7323 §4.1), given as (segments it newly acknowledges, its RTT
    sample), each weighted by the ExpectedSamples of the flight it found
    outstanding on arrival (RFC 7323 App. G)."""
    out: list = [rtt_ms]
    for k, r in acks:
        out.append((r, expected_samples(outstanding)))
        outstanding -= k
    return out


# --------------------------------------------------------------- scenario facts
def _default(section: str, key: str):
    for p in rexsim.catalog()["parameters"]:
        if p["section"] == section and p["key"] == key:
            return p["default"]
    raise KeyError(key)


def flow_param(flow: dict, key: str):
    """A flow's parameter by dotted key ('tcp.mss'), or the catalogue default."""
    node = flow
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return _default("flow", key)
        node = node[part]
    return node


def path_param(sc: dict, direction: str, key: str):
    """A path direction's parameter ('delay_ms'), or the catalogue default."""
    d = sc.get("path", {}).get(direction, {})
    return d[key] if key in d else _default("direction", key)


def flow_object_bytes(flow: dict) -> int | None:
    """Total bytes the application of a fixed/requests flow writes (None for
    bulk), from the catalogue defaults where the flow leaves them out."""
    app = flow.get("app", {})
    mss = flow_param(flow, "tcp.mss")
    kind = app.get("kind", "fixed")
    if kind == "fixed":
        b = app.get("bytes", 0)
        return b if b > 0 else app.get("segments", 10) * mss
    if kind == "requests":
        if "sizes" in app:
            return sum(app["sizes"])
        return app.get("requests", 10) * app.get("object_bytes", 14480)
    return None


# --------------------------------------------------------------- trace replay
def _absorb(prefix: int, ooo: list[list[int]]) -> int:
    while ooo and ooo[0][0] <= prefix:
        s, e = ooo.pop(0)
        prefix = max(prefix, e)
    return prefix


def _insert(ooo: list[list[int]], s: int, e: int) -> None:
    """Insert [s, e) into a sorted list of disjoint intervals, merging
    overlapping or touching ones (the receiver's out-of-order queue)."""
    out, placed = [], False
    for a, b in ooo:
        if b < s:
            out.append([a, b])
        elif e < a:
            if not placed:
                out.append([s, e])
                placed = True
            out.append([a, b])
        else:
            s, e = min(s, a), max(e, b)
    if not placed:
        out.append([s, e])
    out.sort()
    ooo[:] = out


def replay_receiver(trace, flow: int, check_sack: bool = True) -> dict:
    """Replay one flow's receiver from its 'deliver' (seq = first byte,
    arg = length) and 'ack_sent' (seq = cumulative ACK) events.

    Returns the contiguous prefix reached, the highest byte ever delivered,
    and lists of violations:
      - ack_decrease: a cumulative ACK below an earlier one;
      - ack_beyond_prefix: a cumulative ACK above the contiguous prefix of
        data delivered so far (it would acknowledge bytes never received);
      - ack_not_prefix: a cumulative ACK different from RCV.NXT, i.e. the
        prefix (RFC 793: the ACK field carries RCV.NXT);
      - bad_sack: a SACK block that is not a maximal received range above
        the cumulative ACK (RFC 2018 §3-4), or a D-SACK block reporting
        bytes that were not received before (RFC 2883 §4).
    """
    kind = trace.kind
    sel = np.nonzero((trace.flow == flow) & ((kind == KIND["deliver"]) | (kind == KIND["ack_sent"])))[0]
    kinds = kind[sel].tolist()
    seqs = trace.seq[sel].tolist()
    args = trace.arg[sel].tolist()
    deliver = KIND["deliver"]
    prefix = 0
    ooo: list[list[int]] = []
    last_ack = 0
    max_end = 0
    out = {"ack_decrease": [], "ack_beyond_prefix": [], "ack_not_prefix": [], "bad_sack": []}
    for pos, (k, s, a) in enumerate(zip(kinds, seqs, args, strict=False)):
        i = int(sel[pos])
        if k == deliver:
            e = s + a
            max_end = max(max_end, e)
            if s <= prefix:
                prefix = max(prefix, e)
                prefix = _absorb(prefix, ooo)
            else:
                _insert(ooo, s, e)
            continue
        ack = s
        if ack < last_ack:
            out["ack_decrease"].append((i, last_ack, ack))
        if ack > prefix:
            out["ack_beyond_prefix"].append((i, ack, prefix))
        if ack != prefix:
            out["ack_not_prefix"].append((i, ack, prefix))
        last_ack = max(last_ack, ack)
        if check_sack and a:
            dsack, blocks = trace.sack_blocks(i)
            for b, (bs, be) in enumerate(blocks):
                if dsack and b == 0:
                    ok = be <= prefix or any(x <= bs and be <= y for x, y in ooo)
                else:
                    ok = bs > ack and [bs, be] in ooo
                if not ok:
                    out["bad_sack"].append((i, dsack, b, (bs, be), prefix, [tuple(x) for x in ooo]))
    out["prefix"] = prefix
    out["max_end"] = max_end
    return out


def columns_bytes(res: rexsim.Result) -> dict[str, bytes]:
    return {name: arr.tobytes() for name, arr in res.trace.columns.items()}


__all__ = [
    "MSS",
    "TIMERS",
    "RFC6298_TCP",
    "LINUX317_TCP",
    "PROFILES",
    "tail_scenario",
    "run_ok",
    "fct",
    "tail_fct",
    "rfc6298_rto_ms",
    "expected_samples",
    "tail_samples",
    "flow_object_bytes",
    "flow_param",
    "path_param",
    "replay_receiver",
    "columns_bytes",
]


@functools.cache
def reproduced(card_id: str) -> dict[str, Any]:
    """A gallery card's reproduction (rexsim.gallery.reproduce), run once per test session and shared by the
    gallery test files (test_gallery*.py)."""
    return gallery.reproduce(card_id)
