"""Properties of the time-aware path stages (src/path/stage_delay_spike.c,
stage_outage.c) on hypothesis-made scenarios: the invariants of
test_invariants (every byte reaches the application once and in order,
replayed from the trace; ACKs only from the receiver; counters match the
trace) still hold when delay spikes (F-RTO paper §5.1, sudden delays) and
outages (§5.1, bursty losses; the same process on both directions) are
listed on the path; a spike loses nothing by itself; and the same scenario
and seed give a byte-identical trace.
"""

from __future__ import annotations

import copy

import numpy as np
import rexsim
from hypothesis import given, settings
from hypothesis import strategies as st
from test_invariants import check_invariants, scenarios

STAGES = settings(max_examples=80, deadline=None)

SPIKE = st.fixed_dictionaries(
    {
        "kind": st.just("delay_spike"),
        "p": st.sampled_from([0.0, 0.02, 0.1, 0.5, 1.0]),
        "mean_ms": st.sampled_from([0.0, 50.0, 400.0, 1500.0, 3500.0]),
    }
)
OUTAGE = st.fixed_dictionaries(
    {
        "kind": st.just("outage"),
        "good_min_ms": st.sampled_from([0.0, 100.0, 1000.0]),
        "good_max_ms": st.sampled_from([100.0, 3000.0, 20000.0]),
        "bad_mean_ms": st.sampled_from([0.0, 200.0, 1500.0, 3500.0]),
        "process": st.integers(0, 2),
    }
)


@st.composite
def with_stages(draw, lossless: bool = False):
    sc = draw(scenarios(lossless=lossless))
    fwd = draw(st.lists(SPIKE if lossless else st.one_of(SPIKE, OUTAGE), min_size=1, max_size=3))
    rev = draw(st.lists(SPIKE, max_size=2))
    # "all packets in both directions are lost": the outages of the forward
    # path, listed on the reverse path too (same process, same periods)
    rev += [s for s in fwd if s["kind"] == "outage" and draw(st.booleans())]
    sc["path"]["forward"]["stages"] = fwd
    sc["path"]["reverse"]["stages"] = rev
    return sc


@STAGES
@given(sc=with_stages())
def test_bytes_once_and_in_order_under_spikes_and_outages(sc):
    res = rexsim.run(sc)
    check_invariants(sc, res)


@settings(max_examples=40, deadline=None)
@given(sc=with_stages(lossless=True))
def test_spikes_alone_lose_nothing_on_an_unlimited_link(sc):
    """A reliable link (§5.1: "the link is reliable in this scenario"): with
    only spikes and no rate limit, hence no router queue to overflow, no
    packet is ever dropped, whatever the spikes do to the timers."""
    res = rexsim.run(sc)
    check_invariants(sc, res)
    assert not res.trace.mask("drop").any()


@settings(max_examples=25, deadline=None)
@given(sc=with_stages())
def test_same_seed_same_trace(sc):
    a, b = rexsim.run(copy.deepcopy(sc)), rexsim.run(copy.deepcopy(sc))
    for col in ("t_ns", "kind", "flow", "seq", "arg", "detail", "cause", "cwnd_bytes"):
        x, y = getattr(a.trace, col), getattr(b.trace, col)
        assert x.dtype == y.dtype and np.array_equal(x, y) and x.tobytes() == y.tobytes(), col
    assert [f.metrics for f in a.flows] == [f.metrics for f in b.flows]
