"""A flow's own timing parameters (flow.start_jitter_ms, flow.access_delay_ms,
src/core/sim.c and path.c) and the tail metrics (tail_drops,
tail_retransmissions, src/core/vocab.c) that select the flows the tail-loss
paper's Fig. 3 and Fig. 4 plot, with hand-derived values."""

from __future__ import annotations

import copy

import pytest
import rexsim
from simhelpers import run_ok, tail_scenario


def one_segment(access_ms: float = 0, **flow: object) -> dict:
    return {
        "seed": 1,
        "duration_s": 10,
        "path": {"forward": {"rate_bps": 0, "delay_ms": 10}, "reverse": {"rate_bps": 0, "delay_ms": 10}},
        "flows": [
            {
                "app": {"kind": "fixed", "segments": 1},
                "access_delay_ms": access_ms,
                "receiver": {"ack_policy": "quick"},
                **flow,
            }
        ],
    }


@pytest.mark.parametrize("access_ms", [0, 15, 40.5])
def test_access_delay_adds_to_each_direction(access_ms):
    """Derivation: no rate limit, so every packet takes its one-way delay,
    path 10 ms + the flow's access delay a. SYN at 0 arrives at 10 + a; the
    SYN-ACK arrives back at 2(10 + a); the data segment, sent then, reaches
    the receiver at 3(10 + a): the FCT (start to last byte delivered)."""
    m = run_ok(one_segment(access_ms)).flows[0].metrics
    assert m["fct_ms"] == pytest.approx(3 * (10 + access_ms), abs=1e-6)


def test_access_delay_is_per_flow():
    """Two flows on one unlimited path: each has its own RTT (3 one-way
    delays each, as above); one flow's access delay never moves the other."""
    sc = one_segment(30)
    sc["flows"].append({**copy.deepcopy(sc["flows"][0]), "access_delay_ms": 0})
    res = run_ok(sc)
    assert res.flows[0].metrics["fct_ms"] == pytest.approx(120, abs=1e-6)
    assert res.flows[1].metrics["fct_ms"] == pytest.approx(30, abs=1e-6)


def syn_time_ms(res: rexsim.Result) -> float:
    t = res.trace.times_ns("syn", 0)
    return float(t[0]) / 1e6


def test_start_jitter_draws_a_start_in_the_window_from_the_seed():
    """start_ms 100, start_jitter_ms 50: the SYN leaves in [100, 150); the
    same seed gives the same start (and byte-identical traces), other seeds
    other starts; the FCT counts from the drawn start (still 3 x 10 ms)."""
    starts = []
    for seed in range(1, 21):
        sc = one_segment(start_ms=100, start_jitter_ms=50)
        sc["seed"] = seed
        res = run_ok(sc)
        t = syn_time_ms(res)
        assert 100 <= t < 150
        assert res.flows[0].metrics["fct_ms"] == pytest.approx(30, abs=1e-6)
        starts.append(t)
    assert len(set(starts)) == 20
    sc = one_segment(start_ms=100, start_jitter_ms=50)
    a, b = rexsim.run(sc), rexsim.run(sc)
    assert syn_time_ms(a) == syn_time_ms(b)
    assert a.trace.describe(0) == b.trace.describe(0) and len(a.trace) == len(b.trace)
    # no jitter: exactly at start_ms, whatever the seed
    for seed in (1, 2):
        sc = one_segment(start_ms=100)
        sc["seed"] = seed
        assert syn_time_ms(run_ok(sc)) == 100


def test_start_jitter_of_one_flow_leaves_the_others_starts():
    """Each flow draws from its own stream (seed, flow index): giving flow 1
    jitter does not move flow 0's jittered start."""
    sc = one_segment(start_ms=0, start_jitter_ms=1000)
    alone = syn_time_ms(run_ok(sc))
    sc["flows"].append({**copy.deepcopy(sc["flows"][0]), "start_jitter_ms": 500})
    assert syn_time_ms(run_ok(sc)) == alone


@pytest.mark.parametrize("tail", [1, 3, 4, 5])
def test_tail_metrics_count_the_last_four_segments(tail):
    """The §3.1 experiment, baseline RTO, quick ACKs: the last `tail` of 10
    segments are each dropped once and retransmitted once (after the RTO, in
    slow start; nothing else is lost, nothing is spurious). Only segments
    7-10 are the last four, so both tail metrics are min(tail, 4): with
    tail = 5, segment 6's drop and retransmission are not counted."""
    m = run_ok(tail_scenario(80, "rto", tail=tail)).flows[0].metrics
    assert m["drops"] == tail and m["retransmissions"] == tail and m["spurious_retransmissions"] == 0
    assert m["tail_drops"] == min(tail, 4)
    assert m["tail_retransmissions"] == min(tail, 4)


def test_a_loss_before_the_tail_is_not_a_tail_loss():
    """Segment 3 of 10 dropped (7 segments follow it): fast or early
    retransmit repairs it; no tail drop, no tail retransmission."""
    sc = tail_scenario(80, "rto", tail=1)
    sc["path"]["forward"]["loss"] = {"model": "positioned", "rules": [{"segment": 3}]}
    m = run_ok(sc).flows[0].metrics
    assert m["drops"] == 1 and m["retransmissions"] == 1
    assert m["tail_drops"] == 0 and m["tail_retransmissions"] == 0


def test_tail_metrics_count_per_object():
    """A requests flow of three 10-segment objects with the last segment of
    the second object dropped (new segment 20): one tail drop and one tail
    retransmission, in the object where they happened."""
    sc = tail_scenario(80, "rto", tail=1)
    sc["flows"][0]["app"] = {"kind": "requests", "requests": 3, "object_bytes": 10 * 1448, "gap_ms": 0}
    sc["path"]["forward"]["loss"] = {"model": "positioned", "rules": [{"segment": 20}]}
    m = run_ok(sc).flows[0].metrics
    assert m["drops"] == 1 and m["tail_drops"] == 1 and m["tail_retransmissions"] == 1


@pytest.mark.parametrize(("access_ms", "asked", "fct_ms"), [(0, 3, 270), (5, 2, 175)])
def test_requests_until_ends_the_clients_session(access_ms, asked, fct_ms):
    """app.until_ms 250 on a requests flow of five one-segment objects, think
    time 100 ms, one-way 10 ms + access a, no rate limit. Derivation with
    d = 10 + a: the SYN-ACK is back at 2d, object 0 (asked at 0) arrives at 3d;
    the client asks for object j + 1 100 ms after object j arrived, and the
    request reaches the sender d later, the object the receiver d after that:
    a = 0: arrivals 30, 150, 270; the next request would leave at 370 > 250,
    so three objects, FCT 270 ms. a = 5: arrivals 45, 175; the request at 275
    is too late: two objects, FCT 175 ms. Each object's completion time counts
    from its request: a = 0 gives 30, 150 - 130 = 20 and 270 - 250 = 20."""
    sc = one_segment(access_ms)
    sc["flows"][0]["app"] = {"kind": "requests", "requests": 5, "object_bytes": 1000, "gap_ms": 100, "until_ms": 250}
    m = run_ok(sc).flows[0].metrics
    assert m["completed"] and m["fct_ms"] == pytest.approx(fct_ms, abs=1e-6)
    assert len(m["request_ms"]) == asked
    if access_ms == 0:
        assert m["request_ms"] == pytest.approx([30, 20, 20], abs=1e-6)
    # without until_ms the client asks for all five
    del sc["flows"][0]["app"]["until_ms"]
    assert len(run_ok(sc).flows[0].metrics["request_ms"]) == 5
