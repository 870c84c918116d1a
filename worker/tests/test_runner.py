"""The pure runner: scenario -> outcome, with no database and no broker."""

from __future__ import annotations

import numpy as np
import pytest
import rexsim
from rexsim.presets import preset_scenario
from rexsim.tracefile import decode_trace

from rexmit_worker import runner

TEN_SEGMENTS = {"seed": 1, "flows": [{"app": {"kind": "fixed", "segments": 10}}]}


def test_simulate_returns_metrics_summary_and_the_encoded_trace():
    out = runner.simulate(TEN_SEGMENTS)
    assert len(out.flows) == 1 and out.flows[0]["completed"] is True
    assert "flows" not in out.summary
    assert out.summary["trace_events"] == out.n_events > 0
    assert out.trace_blob is not None and out.summary["trace_bytes"] == len(out.trace_blob)
    cols = decode_trace(out.trace_blob)
    assert len(cols["t_ns"]) == out.n_events
    assert out.raw_bytes == sum(a.nbytes for a in cols.values())
    assert out.wall_ms >= 0
    assert out.result() == {"flows": out.flows, "episodes": out.episodes, "summary": out.summary}
    assert out.episodes == [[]]  # no loss, no recovery episode


def test_simulate_keeps_each_flows_recovery_episodes():
    # one burst of 10 losses (the opportunistic-retransmission paper's testbed): the engine's episodes, per flow
    sc = preset_scenario("adaptive-recovery-utilisation", "PRR")
    out = runner.simulate(sc)
    assert out.episodes == [f.episodes for f in rexsim.run(sc).flows]
    assert len(out.episodes) == 1 and out.episodes[0]
    assert out.result()["episodes"] is out.episodes


def test_the_stored_trace_keeps_causes_and_mechanism_variables():
    # trace v2: the cause column and the var_* side table are stored bit-exact
    westwood = {
        "seed": 1,
        "duration_s": 2,
        "path": {"forward": {"rate_bps": 10e6, "delay_ms": 20, "loss": {"model": "bernoulli", "p": 0.01}}},
        "flows": [{"app": {"kind": "bulk", "duration_s": 1.5}, "tcp": {"cc": "westwood"}}],
    }
    out = runner.simulate(westwood)
    assert out.trace_blob is not None
    cols = decode_trace(out.trace_blob)
    ref = rexsim.run(westwood).trace.columns
    assert sorted(cols) == sorted(ref)
    for name in ("cause", "var_t_ns", "var_flow", "var_id", "var_value"):
        assert cols[name].dtype == ref[name].dtype and np.array_equal(cols[name], ref[name]), name
    assert len(cols["var_t_ns"]) > 0 and len(cols["var_t_ns"]) != out.n_events  # a side table
    assert out.raw_bytes == sum(a.nbytes for a in cols.values())


def test_simulate_is_deterministic():
    a, b = runner.simulate(TEN_SEGMENTS), runner.simulate(TEN_SEGMENTS)
    assert a.trace_blob == b.trace_blob and a.flows == b.flows


def test_no_trace_kept_means_no_blob():
    out = runner.simulate({**TEN_SEGMENTS, "trace": "none"})
    assert out.trace_blob is None and out.n_events == 0 and out.raw_bytes == 0
    assert "trace_bytes" not in out.summary
    assert out.flows[0]["completed"] is True


def test_invalid_scenario_raises_scenario_error():
    with pytest.raises(rexsim.ScenarioError) as e:
        runner.simulate({"flows": [{"tcp": {"mss": 1}}]})
    assert "flows[0].tcp.mss" in str(e.value)


def test_the_engine_publishes_its_clock():
    clock = runner.new_clock()
    runner.simulate(TEN_SEGMENTS, clock)
    assert int(clock[0]) > 0 and clock.dtype == np.int64


@pytest.mark.parametrize(
    "scenario, end_s",
    [
        ({}, 60.0),
        ({"duration_s": 5}, 5.0),
        ({"duration_s": 300, "flows": [{"app": {"kind": "bulk", "duration_s": 240}}]}, 240.0),
        (
            {
                "duration_s": 300,
                "flows": [
                    {"app": {"kind": "bulk", "duration_s": 10}, "start_ms": 500},
                    {"app": {"kind": "bulk", "duration_s": 2}},
                ],
            },
            10.5,
        ),
        (
            {
                "duration_s": 30,
                "flows": [{"app": {"kind": "bulk", "duration_s": 10}}, {"app": {"kind": "fixed", "segments": 3}}],
            },
            30.0,
        ),
    ],
)
def test_expected_end_ns(scenario, end_s):
    assert runner.expected_end_ns(scenario) == int(end_s * 1e9)


def test_progress_stays_below_one_until_stored():
    assert runner.progress(0, 100) == 0.0
    assert runner.progress(50, 100) == 0.5
    assert runner.progress(100, 100) == 0.99
    assert runner.progress(-1, 100) == 0.0


def test_a_sweeps_cheap_run_leaves_its_trace_to_be_rebuilt():
    # a sweep's run (rebuild_max_ms given) whose engine time is under the bound
    # keeps its metrics and no encoded trace; its summary says so
    out = runner.simulate(TEN_SEGMENTS, rebuild_max_ms=1e9)
    assert out.trace_blob is None and out.raw_bytes == 0 and "trace_bytes" not in out.summary
    assert out.summary["trace_on_demand"] is True and out.summary["trace_events"] == out.n_events > 0
    assert out.flows == runner.simulate(TEN_SEGMENTS).flows  # the same metrics as with the trace kept
    # over the bound (here: any run), the trace is encoded and stored as for a single run
    kept = runner.simulate(TEN_SEGMENTS, rebuild_max_ms=-1)
    assert kept.trace_blob is not None and "trace_on_demand" not in kept.summary
    # nothing to rebuild without events
    none = runner.simulate({**TEN_SEGMENTS, "trace": "none"}, rebuild_max_ms=1e9)
    assert "trace_on_demand" not in none.summary
