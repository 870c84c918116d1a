"""Invariants that must hold for every scenario, checked on hypothesis-made
random scenarios: 1-3 flows with staggered starts, small fixed / requests /
bulk applications, every loss model of the forward path (bernoulli,
gilbert_elliott, positioned drop/delay/duplicate rules, tail) and bernoulli
loss on the reverse path, rate-limited or unlimited links, small buffers,
every timer, both ACK policies, SACK on/off, FACK, both ER variants, Reno and
CUBIC, continuous time and the kernel ticks of HZ 250 and 1000.  Each run is
kept short (duration_s <= 30, small objects).

Most checks replay the receiver from the trace (simhelpers.replay_receiver),
so they do not trust the engine's own bookkeeping.
"""

from __future__ import annotations

import functools

import jsonschema
import numpy as np
import rexsim
from hypothesis import given, note, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from simhelpers import TIMERS, flow_object_bytes, flow_param, path_param, replay_receiver

RANDOM = settings(max_examples=150, deadline=None)


# ------------------------------------------------------------------ strategies
MBPS = st.one_of(st.just(0), st.integers(1, 100).map(lambda m: m * 1_000_000))


# every registered member of each family the flow picks (the catalogue's list)
MEMBERS = {fam: [m["name"] for m in ms] for fam, ms in rexsim.catalog()["mechanisms"].items()}


@st.composite
def tcp_cfg(draw):
    return {
        "mss": draw(st.sampled_from([536, 1000, 1448])),
        "iw": draw(st.integers(1, 10)),
        "sack": draw(st.booleans()),
        "timestamps": draw(st.booleans()),
        "handshake": draw(st.booleans()),
        "rtt_profile": draw(st.sampled_from(["rfc6298", "linux"])),
        "cc": draw(st.sampled_from(MEMBERS["cc"])),
        "timer": draw(st.sampled_from(TIMERS)),
        "recovery": draw(st.sampled_from(MEMBERS["recovery"])),
        "lossdet": draw(st.sampled_from(MEMBERS["lossdet"])),
        "early_retransmit": draw(st.booleans()),
        "er_variant": draw(st.sampled_from(["rfc5827", "linux"])),
        "er_delayed": draw(st.booleans()),
        "fack": draw(st.booleans()),
        "ssthresh_from_cwnd": draw(st.booleans()),
        "limited_transmit": draw(st.booleans()),
        "dupthresh": draw(st.integers(2, 4)),
        "slow_start_after_idle": draw(st.booleans()),
        "slow_start": draw(st.sampled_from(["rfc5681", "byte_counting"])),
        "abc_limit_segs": draw(st.sampled_from([0, 1, 2, 8])),
        "hz": draw(st.sampled_from([0, 0, 250, 1000])),
        # spurious-timeout detection, any combination, every variant and response
        "spurious": draw(st.lists(st.sampled_from(MEMBERS["spurious"]), unique=True, max_size=3)),
        "frto_variant": draw(st.sampled_from(["auto", "basic", "sack", "linux"])),
        "eifel_variant": draw(st.sampled_from(["rfc3522", "linux"])),
        "spurious_response": draw(st.sampled_from(["revert", "rfc4015", "none", "halve"])),
    }


@st.composite
def app_cfg(draw, allow_bulk: bool):
    kinds = ["fixed", "requests"] + (["bulk"] if allow_bulk else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "fixed":
        if draw(st.booleans()):
            return {"kind": "fixed", "segments": draw(st.integers(1, 40))}
        return {"kind": "fixed", "bytes": draw(st.integers(1, 60_000))}
    if kind == "requests":
        gap = draw(st.sampled_from([0, 5, 100, 1500]))
        if draw(st.booleans()):
            return {
                "kind": "requests",
                "sizes": draw(st.lists(st.integers(1, 30_000), min_size=1, max_size=5)),
                "gap_ms": gap,
            }
        return {
            "kind": "requests",
            "requests": draw(st.integers(1, 4)),
            "object_bytes": draw(st.integers(1, 20_000)),
            "gap_ms": gap,
        }
    return {"kind": "bulk", "duration_s": draw(st.sampled_from([0.05, 0.2, 0.5]))}


@st.composite
def forward_loss(draw, n_flows: int, model: str):
    if model == "none":
        return {"model": "none"}
    if model == "bernoulli":
        return {"model": "bernoulli", "p": draw(st.sampled_from([0.001, 0.01, 0.05, 0.15, 0.3]))}
    if model == "gilbert_elliott":
        return {
            "model": "gilbert_elliott",
            "p": draw(st.sampled_from([0.002, 0.01, 0.05])),
            "r": draw(st.sampled_from([0.1, 0.3, 0.8])),
            "loss_good": draw(st.sampled_from([0.0, 0.001])),
            "loss_bad": draw(st.sampled_from([0.5, 1.0])),
        }
    if model == "tail":
        return {"model": "tail", "count": draw(st.integers(1, 5))}
    rule = st.fixed_dictionaries(
        {
            "flow": st.integers(0, n_flows - 1),
            "segment": st.integers(0, 25),
            "transmission": st.integers(1, 3),
            "action": st.sampled_from(["drop", "delay", "duplicate"]),
            "delay_ms": st.sampled_from([0, 1, 30, 250]),
        }
    )
    return {"model": "positioned", "rules": draw(st.lists(rule, max_size=8))}


@st.composite
def scenarios(draw, lossless: bool = False):
    n_flows = draw(st.integers(1, 3))
    model = (
        "none" if lossless else draw(st.sampled_from(["none", "bernoulli", "gilbert_elliott", "positioned", "tail"]))
    )
    fwd_rate = 0 if lossless else draw(MBPS)
    rev_rate = 0 if lossless else draw(MBPS)
    # 'tail' needs objects with a known end (no bulk), and a bulk flow on an
    # unlimited-rate path would grow its window without bound (gigabytes in
    # a fraction of a second): bulk only behind a 1-100 Mbps bottleneck.
    allow_bulk = model != "tail" and fwd_rate > 0
    # lossless runs: a delayed-ACK wait up to 200 ms stays below the RTO
    # (>= 1 s rfc6298, >= SRTT + 200 ms linux); 500 ms may legitimately
    # outlast Linux's RTO and cause a spurious timeout. (The 'linux' receiver
    # waits at most its ato_max_ms, 200 ms by default, and not delack_ms.)
    delacks = [40, 100, 200] if lossless else [40, 200, 500]
    flows = []
    for _ in range(n_flows):
        flow = {
            "app": draw(app_cfg(allow_bulk=allow_bulk)),
            "start_ms": draw(st.sampled_from([0, 0, 3, 50, 400, 1500])),
            "tcp": draw(tcp_cfg()),
            "receiver": {
                "ack_policy": draw(st.sampled_from(["quick", "delayed", "linux"])),
                "delack_ms": draw(st.sampled_from(delacks)),
            },
        }
        if draw(st.booleans()):
            flow["receiver"]["rwnd_bytes"] = draw(st.integers(flow["tcp"]["mss"], 65_536))
        flows.append(flow)
    if lossless:
        rev_loss = {"model": "none"}
    else:
        rev_loss = draw(
            st.one_of(
                st.just({"model": "none"}),
                st.sampled_from([0.01, 0.05, 0.2]).map(lambda p: {"model": "bernoulli", "p": p}),
            )
        )
    delay = draw(st.sampled_from([0.5, 5, 20, 60, 150]))
    return {
        "seed": draw(st.integers(0, 2**32)),
        "duration_s": draw(st.integers(2, 30)),
        # a safety net for the suite's run time; the scenarios above stay far below it
        "max_events": 2_000_000,
        "path": {
            "forward": {
                "rate_bps": fwd_rate,
                "delay_ms": delay,
                "buffer_pkts": draw(st.integers(5, 200)),
                "loss": draw(forward_loss(n_flows, model)),
            },
            "reverse": {
                "rate_bps": rev_rate,
                "delay_ms": delay,
                "buffer_pkts": draw(st.integers(5, 200)),
                "loss": rev_loss,
            },
        },
        "flows": flows,
    }


@functools.lru_cache(maxsize=1)
def _schema_validator():
    return jsonschema.Draft202012Validator(rexsim.scenario_schema())


# ------------------------------------------------------------------ the checks
def check_invariants(sc: dict, res: rexsim.Result) -> None:
    try:
        note(f"summary: {res.summary()}")  # shown with a falsifying example
    except InvalidArgument:  # called outside a hypothesis test
        pass
    tr = res.trace

    # The engine's own consistency checks (pipe >= 0, scoreboard within the
    # outstanding data, cwnd >= 1 MSS, out_bytes = snd_nxt - snd_una).
    assert res.invariant_violations == 0

    # A discrete-event simulator processes events in time order.
    t = tr.t_ns
    assert np.all(t[1:] >= t[:-1]), int(np.argmax(t[1:] < t[:-1]))
    assert len(tr) == 0 or (t[0] >= 0 and t[-1] <= res.sim_end_ns)

    # Liveness: a run that is not truncated ended because nothing was left to
    # do; a sender with unacknowledged data always has its retransmission
    # timer running (RFC 6298 5.1), so every flow must have completed.
    if not res.truncated:
        assert all(f.metrics["completed"] for f in res.flows), [f.metrics for f in res.flows]

    for i, (flow, f) in enumerate(zip(sc["flows"], res.flows, strict=False)):
        m = f.metrics
        mss = flow_param(flow, "tcp.mss")
        total = flow_object_bytes(flow)

        # cwnd never falls below one segment (RFC 5681 §3.1: the loss window
        # after an RTO is one full-sized segment, the floor of every reduction).
        cw = tr.cwnd_bytes[tr.flow == i]
        assert cw.size == 0 or int(cw.min()) >= mss, (i, int(cw.min()), mss)

        # Receiver replay: cumulative ACKs never decrease, never exceed the
        # contiguous prefix of delivered data (they equal it: the ACK field is
        # RCV.NXT), SACK blocks are maximal received ranges above the ACK.
        rep = replay_receiver(tr, i)
        for key in ("ack_decrease", "ack_beyond_prefix", "ack_not_prefix", "bad_sack"):
            assert not rep[key], (i, key, rep[key][:5])

        # Every byte reaches the application exactly once and in order: the
        # application's count is the replayed contiguous prefix ...
        assert m["bytes_delivered"] == rep["prefix"], (i, m["bytes_delivered"], rep["prefix"])
        if total is not None:
            # ... no data beyond the objects ever crossed the path ...
            assert rep["max_end"] <= total, (i, rep["max_end"], total)
            # ... and a completed flow delivered exactly the objects' bytes.
            if m["completed"]:
                assert m["bytes_delivered"] == total, (i, m["bytes_delivered"], total)
                assert all(x is not None and x >= 0 for x in m["request_ms"]), m["request_ms"]

        if m["completed"]:
            assert m["fct_ms"] is not None
        else:
            assert m["fct_ms"] is None

        # only data that was sent arrives: every delivered (seq, length) was
        # transmitted by this flow's sender earlier (or at the same instant
        # over a zero-delay path)
        fl = tr.flow == i
        tx = fl & (tr.mask("send") | tr.mask("retransmit") | tr.mask("probe"))
        first_tx: dict[tuple[int, int], int] = {}
        for t_, s_, a_ in zip(tr.t_ns[tx].tolist(), tr.seq[tx].tolist(), tr.arg[tx].tolist(), strict=False):
            first_tx.setdefault((s_, a_), t_)
        dl = fl & tr.mask("deliver")
        for t_, s_, a_ in zip(tr.t_ns[dl].tolist(), tr.seq[dl].tolist(), tr.arg[dl].tolist(), strict=False):
            assert (s_, a_) in first_tx and first_tx[(s_, a_)] <= t_, (i, t_, s_, a_)
        # the sender only hears ACK numbers the receiver sent
        sent_acks = set(tr.seq[fl & tr.mask("ack_sent")].tolist())
        recv = fl & tr.mask("ack_recv") & (tr.arg == 0) & (tr.detail == 1)  # the SYN-ACK: ack 0
        assert set(tr.seq[fl & tr.mask("ack_recv") & ~recv].tolist()) <= sent_acks, i

        # physics: with a handshake no data leaves before the SYN-ACK is back
        # (one RTT), and data needs the forward one-way delay to arrive
        if m["completed"] and total is not None:
            fwd, rev = path_param(sc, "forward", "delay_ms"), path_param(sc, "reverse", "delay_ms")
            rtt = (fwd + rev) if flow_param(flow, "tcp.handshake") else 0
            assert m["fct_ms"] >= rtt + fwd - 1e-9, (i, m["fct_ms"], rtt, fwd)

        # counters are consistent with the trace
        assert m["drops"] == int((fl & tr.mask("drop")).sum()), i
        assert 0 <= m["spurious_retransmissions"] <= m["retransmissions"], m
        assert m["time_in_recovery_ms"] >= 0 and m["goodput_bps"] >= 0, m
        assert m["segments_sent"] + m["retransmissions"] == int(
            ((tr.flow == i) & (tr.mask("send") | tr.mask("retransmit") | tr.mask("probe"))).sum()
        ), i
        assert m["probe_count"] == int(tr.mask("probe", i).sum()), i
        # a repair is a retransmitted probe that arrived with new data
        assert 0 <= m["probe_repairs"] <= int((tr.mask("probe", i) & (tr.detail >= 2)).sum()), m

    if not res.truncated and all(f.metrics["completed"] for f in res.flows):
        for f in res.flows:
            assert f.metrics["fct_ms"] > 0, f.metrics


@RANDOM
@given(sc=scenarios())
def test_random_scenarios_keep_invariants(sc):
    _schema_validator().validate(sc)  # every generated scenario is a valid one
    res = rexsim.run(sc)
    check_invariants(sc, res)


@settings(max_examples=60, deadline=None)
@given(sc=scenarios(lossless=True))
def test_no_loss_no_retransmission(sc):
    """No loss model and unlimited rates in both directions: no packet is ever
    dropped (no queue forms without a rate limit) and nothing is lost, so no
    loss recovery may start: no retransmit events, no RTO, no fast or early
    retransmit, no recovery episode.  Tail loss probes are not loss recovery:
    the paper notes (§3.1) that a delayed ACK can make the PTO fire with
    nothing lost, so with TLP timers any retransmission must be a probe; with
    rto and rtor there is none at all."""
    # delays <= 150 ms one-way and the 1 s (rfc6298) or SRTT + 200 ms (linux)
    # RTO keep the RTO above RTT + delayed-ACK wait: no spurious timeout.
    res = rexsim.run(sc)
    check_invariants(sc, res)
    tr = res.trace
    assert not tr.mask("retransmit").any()
    assert not tr.mask("drop").any()
    for i, (flow, f) in enumerate(zip(sc["flows"], res.flows, strict=False)):
        m = f.metrics
        assert m["drops"] == 0 and m["rto_count"] == 0, m
        assert m["fast_retransmits"] == 0 and m["early_retransmits"] == 0, m
        assert m["recovery_episodes"] == 0 and m["syn_retransmits"] == 0, m
        assert m["tlp_loss_episodes"] == 0, m  # a probe never repairs a loss here
        assert m["probe_repairs"] == 0, m
        # the only re-sent segments are probes that repeat the last segment
        # (transmission number >= 2); a probe of new data is no retransmission
        probe_rtx = int((tr.mask("probe", i) & (tr.detail >= 2)).sum())
        assert m["retransmissions"] == probe_rtx, (m, probe_rtx)
        if flow_param(flow, "tcp.timer") in ("rto", "rtor"):
            assert m["retransmissions"] == 0 and m["probe_count"] == 0, m


def test_invariants_at_the_flow_limit():
    """64 flows (the catalogue's max_flows) of every application kind and
    timer, staggered, sharing a lossy 10 Mbps bottleneck with a short
    buffer: congestion drops on top of random loss."""
    kinds = [
        {"kind": "fixed", "segments": 12},
        {"kind": "requests", "sizes": [3000, 9000], "gap_ms": 20},
        {"kind": "bulk", "duration_s": 0.3},
    ]
    timers = ["rto", "rtor", "tlp", "tlpr", "tlp_rfc8985"]
    flows = [
        {
            "app": kinds[i % 3],
            "start_ms": 7.0 * i,
            "tcp": {
                "timer": timers[i % 5],
                "cc": MEMBERS["cc"][i % len(MEMBERS["cc"])],
                "sack": i % 7 != 0,
                "fack": i % 2 == 0,
                "er_variant": ("rfc5827", "linux")[i % 2],
            },
            "receiver": {"ack_policy": ("quick", "delayed", "linux")[(i // 2) % 3]},
        }
        for i in range(rexsim.catalog()["limits"]["max_flows"])
    ]
    sc = {
        "seed": 11,
        "duration_s": 30,
        "path": {
            "forward": {"rate_bps": 10e6, "delay_ms": 10, "buffer_pkts": 15, "loss": {"model": "bernoulli", "p": 0.01}},
            "reverse": {"rate_bps": 10e6, "delay_ms": 10, "loss": {"model": "bernoulli", "p": 0.01}},
        },
        "flows": flows,
    }
    res = rexsim.run(sc)
    assert len(res.flows) == 64
    assert not res.truncated
    assert int(res.trace.mask("drop").sum()) > 0
    check_invariants(sc, res)
