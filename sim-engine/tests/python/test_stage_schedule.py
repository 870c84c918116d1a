"""The schedule stage (src/path/stage_schedule.c; Kato et al. §3.1, Eq. 1
and 2): properties on hypothesis-made scenarios with random delay and loss
tables, and the loss rate of Eq. 2 measured.

Properties: every byte reaches the application once and in order (the
invariants of test_invariants); no data packet reaches the receiver before
one that entered the path earlier (FIFO: §3.1's packets "queued" at the
emulator's outgoing port; the exact Figure 2 case is in
tests/c/test_stage_schedule.c); the same scenario and seed give the same
trace.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest
import rexsim
from hypothesis import given, settings
from hypothesis import strategies as st
from rexsim.result import KIND
from test_invariants import check_invariants, scenarios

TX_KINDS = (KIND["send"], KIND["retransmit"], KIND["probe"])


@st.composite
def tables(draw, max_rows: int = 8, lossless: bool = False):
    """A random table: times non-decreasing (ties make steps), delays up to 6 s."""
    n = draw(st.integers(1, max_rows))
    times = sorted(
        draw(st.lists(st.sampled_from([0, 0, 5, 200, 1000, 1000, 2500, 6000, 15000]), min_size=n, max_size=n))
    )
    rows = []
    for t in times:
        row = {"time_ms": t, "delay_ms": draw(st.sampled_from([0, 0, 1, 40, 300, 1500, 6000]))}
        if not lossless:
            row["loss_rate"] = draw(st.sampled_from([0, 0, 0.01, 0.2, 1]))
        rows.append(row)
    return rows


@st.composite
def with_schedule(draw, lossless: bool = False):
    sc = draw(scenarios(lossless=lossless))
    loss = sc["path"]["forward"]["loss"]
    if loss["model"] == "positioned":  # a 'delay' or 'duplicate' action may overtake: drops only
        for rule in loss["rules"]:
            rule["action"] = "drop"
    sc["path"]["forward"]["stages"] = [{"kind": "schedule"}]
    sc["path"]["forward"]["schedule"] = draw(tables(lossless=lossless))
    if draw(st.booleans()):
        sc["path"]["reverse"]["stages"] = [{"kind": "schedule"}]
        sc["path"]["reverse"]["schedule"] = draw(tables(max_rows=4, lossless=lossless))
    return sc


def delivery_order(res: rexsim.Result) -> list[int]:
    """For each delivered data segment, in delivery order, the trace index of
    the transmission it was: (flow, seq, k-th transmission) names it."""
    tr = res.trace
    tx: dict[tuple[int, int], list[int]] = {}
    for i in np.flatnonzero(np.isin(tr.kind, TX_KINDS)):
        tx.setdefault((int(tr.flow[i]), int(tr.seq[i])), []).append(int(i))
    order = []
    for i in np.flatnonzero(tr.mask("deliver")):
        sent = tx[(int(tr.flow[i]), int(tr.seq[i]))]
        order.append(sent[int(tr.detail[i]) - 1])
    return order


@settings(max_examples=80, deadline=None)
@given(sc=with_schedule())
def test_bytes_once_in_order_and_fifo_under_schedules(sc):
    res = rexsim.run(sc)
    check_invariants(sc, res)
    order = delivery_order(res)
    assert all(a < b for a, b in zip(order, order[1:], strict=False)), "a packet overtook one sent before it"


@settings(max_examples=30, deadline=None)
@given(sc=with_schedule(lossless=True))
def test_a_schedule_without_loss_drops_nothing_on_an_unlimited_link(sc):
    res = rexsim.run(sc)
    check_invariants(sc, res)
    assert not res.trace.mask("drop").any()


@settings(max_examples=20, deadline=None)
@given(sc=with_schedule())
def test_same_seed_same_trace(sc):
    a, b = rexsim.run(copy.deepcopy(sc)), rexsim.run(copy.deepcopy(sc))
    for col in ("t_ns", "kind", "flow", "seq", "arg", "detail", "cause"):
        x, y = getattr(a.trace, col), getattr(b.trace, col)
        assert np.array_equal(x, y) and x.tobytes() == y.tobytes(), col


def test_interpolated_loss_rate():
    """Eq. 2 halfway between (0 ms, 0) and (40 s, 1) on the reverse path: a
    quick-ACK receiver of a 10 Mb/s bulk flow sends an ACK per segment, and
    the ACKs of the middle 2 s (19-21 s) are lost at 0.475-0.525: about half
    of them.  With n ACKs the count's standard deviation is below
    sqrt(n) / 2; the bound is five of them."""
    sc = {
        "seed": 7,
        "duration_s": 22,
        "trace": "full",
        "path": {
            "forward": {"rate_bps": 10e6, "delay_ms": 10, "buffer_pkts": 100},
            "reverse": {
                "rate_bps": 0,
                "delay_ms": 10,
                "stages": [{"kind": "schedule"}],
                "schedule": [{"time_ms": 0, "loss_rate": 0}, {"time_ms": 40000, "loss_rate": 1}],
            },
        },
        "flows": [{"app": {"kind": "bulk", "duration_s": 21}, "receiver": {"ack_policy": "quick"}}],
    }
    tr = rexsim.run(sc).trace
    lo, hi = 19e9, 21e9
    sent = tr.mask("ack_sent") & (tr.t_ns >= lo) & (tr.t_ns < hi)
    dropped = tr.mask("drop") & (tr.t_ns >= lo) & (tr.t_ns < hi)
    n, k = int(sent.sum()), int(dropped.sum())
    assert n > 1000
    assert abs(k - n / 2) < 5 * np.sqrt(n) / 2, (k, n)


@pytest.mark.parametrize(
    ("rows", "path", "needle"),
    [
        ([{"time_ms": 5}, {"time_ms": 4}], "path.forward.schedule[1].time_ms", "previous row's time_ms = 5 (got 4)"),
        ([{"loss_rate": -0.1}], "path.forward.schedule[0].loss_rate", "between 0 and 1"),
        ([{"delay_ms": -5}], "path.forward.schedule[0].delay_ms", "between 0 and 600000"),
        ([{}] * 257, "path.forward.schedule", "between 0 and 256 items (got 257)"),
    ],
)
def test_bad_tables_name_the_field_and_the_limit(rows, path, needle):
    sc = {"path": {"forward": {"stages": [{"kind": "schedule"}], "schedule": rows}}}
    with pytest.raises(rexsim.ScenarioError) as e:
        rexsim.run(sc)
    assert any(err["path"] == path and needle in err["detail"] for err in e.value.errors), e.value.errors
