"""Properties of the send buffer (src/core/sndbuf.c, opportunistic-retransmission
paper §V) on hypothesis-made scenarios: whatever its size, growth factor and
limit, the invariants of test_invariants hold (every byte reaches the
application once and in order, replayed from the trace; counters match the
trace); the application-stall metrics agree with the app_stall events; a
buffer that holds every object at once changes nothing; and without a buffer
there is no stall.
"""

from __future__ import annotations

import copy

import numpy as np
import rexsim
from hypothesis import given, settings
from hypothesis import strategies as st
from simhelpers import flow_object_bytes, flow_param
from test_invariants import check_invariants, scenarios

SNDBUF = settings(max_examples=80, deadline=None)


@st.composite
def with_sndbuf(draw, lossless: bool = False):
    sc = draw(scenarios(lossless=lossless))
    for flow in sc["flows"]:
        mss = flow["tcp"]["mss"]
        size = draw(st.sampled_from([2 * mss, 3 * mss + 17, 16_384, 65_536, 262_144]))
        tcp = flow["tcp"]
        tcp["sndbuf_bytes"] = size
        tcp["sndbuf_growth"] = draw(st.sampled_from([0, 1, 2, 3, 8]))
        tcp["sndbuf_limit_bytes"] = draw(st.sampled_from([0, size, size * 4]))
    return sc


def stall_spans(res: rexsim.Result, i: int) -> tuple[int, int, int]:
    """(begins, closed stall time in ns, 1 if a stall is still open at the end)"""
    tr = res.trace
    sel = tr.mask("app_stall", i)
    t, begins = tr.t_ns[sel].tolist(), tr.detail[sel].tolist()
    # they alternate: a begin (1), an end (0), a begin, ...
    assert begins == [1 - k % 2 for k in range(len(begins))], begins
    closed = sum(t[k + 1] - t[k] for k in range(0, len(t) - 1, 2))
    return sum(begins), closed, len(t) % 2


@SNDBUF
@given(sc=with_sndbuf())
def test_bytes_once_and_in_order_with_any_send_buffer(sc):
    res = rexsim.run(sc)
    check_invariants(sc, res)
    for i, (flow, f) in enumerate(zip(sc["flows"], res.flows, strict=True)):
        m, tcp = f.metrics, flow["tcp"]
        begins, closed_ns, still_open = stall_spans(res, i)
        assert m["app_stalls"] == begins
        # the metric is the stall events' spans (ns in the trace, ms in the metric)
        if still_open:
            assert m["app_stall_ms"] * 1e6 >= closed_ns - 1
        else:
            assert abs(m["app_stall_ms"] * 1e6 - closed_ns) <= 1, (m["app_stall_ms"], closed_ns)
        assert 0 <= m["app_stall_episode_max_ms"] <= m["app_stall_recovery_ms"] <= m["app_stall_ms"] + 1e-9
        # the buffer only grows, up to its limit (or stays at its initial size)
        peak, lim = m["sndbuf_peak_bytes"], tcp["sndbuf_limit_bytes"]
        assert peak >= tcp["sndbuf_bytes"]
        assert lim == 0 or peak <= max(lim, tcp["sndbuf_bytes"])
        if tcp["sndbuf_growth"] == 0:
            assert peak == tcp["sndbuf_bytes"]
        # a stall needs room in cwnd: its begin events carry the buffer's size then
        sel = res.trace.mask("app_stall", i)
        assert np.all(res.trace.arg[sel] <= peak)


@settings(max_examples=40, deadline=None)
@given(sc=scenarios())
def test_a_buffer_that_holds_everything_changes_nothing(sc):
    """Objects only (a bulk writer always fills any buffer): a fixed buffer as
    large as all of a flow's objects takes each write whole, so the writer
    never sleeps, and the trace is byte for byte the one without a buffer,
    but for the buffer's own variable sndbuf_bytes, which starts with each
    flow at its size (and grows with cwnd)."""
    if any(flow_object_bytes(flow) is None for flow in sc["flows"]):
        return
    big = copy.deepcopy(sc)
    for flow in big["flows"]:
        total = flow_object_bytes(flow)
        flow["tcp"]["sndbuf_bytes"] = max(total, 2 * flow_param(flow, "tcp.mss"))
    a, b = rexsim.run(sc), rexsim.run(big)
    ca, cb = a._raw.columns(), b._raw.columns()
    assert ca.keys() == cb.keys()
    (sndbuf_id,) = [v["id"] for v in rexsim.catalog()["vars"] if v["name"] == "sndbuf_bytes"]
    own = np.asarray(cb["var_id"]) == sndbuf_id
    assert not (np.asarray(ca["var_id"]) == sndbuf_id).any()
    for k in ca:
        kb = np.asarray(cb[k])[~own] if k.startswith("var_") else cb[k]
        assert bytes(memoryview(ca[k]).cast("B")) == bytes(memoryview(kb).cast("B")), k
    if big.get("trace", "full") != "none":
        for i, flow in enumerate(big["flows"]):
            t, v = b.trace.var_series("sndbuf_bytes", i)
            assert t[0] == round(b.flows[i].metrics["started_ms"] * 1e6) and v[0] == flow["tcp"]["sndbuf_bytes"]
    for fa, fb in zip(a.flows, b.flows, strict=True):
        assert fb.metrics["app_stall_ms"] == 0 and fb.metrics["app_stalls"] == 0
        assert {k: v for k, v in fa.metrics.items() if k != "sndbuf_peak_bytes"} == {
            k: v for k, v in fb.metrics.items() if k != "sndbuf_peak_bytes"
        }


@settings(max_examples=30, deadline=None)
@given(sc=scenarios())
def test_no_buffer_no_stall(sc):
    res = rexsim.run(sc)
    assert not res.trace.mask("app_stall").any()
    for f in res.flows:
        m = f.metrics
        assert m["app_stall_ms"] == 0 and m["app_stalls"] == 0 and m["sndbuf_peak_bytes"] == 0
