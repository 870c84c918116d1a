"""The loss-recovery metrics (src/core/recmetrics.c) as the package publishes
them: declared once in the catalogue (metrics, episode_metrics), read back per
flow and per episode, on the single-loss run test_recmetrics.c derives by hand
(the opportunistic-retransmission paper's Fig. 1 with one lost packet: the
bottleneck sends 1 packet in a 21 ms period, eta = 1/21, idle 20 ms)."""

from __future__ import annotations

import rexsim

T0_NS = 20_057_693  # the first data send: the SYN's 57,693 ns on the link + 20 ms


def scenario(recovery: str) -> dict:
    return {
        "duration_s": 10,
        "path": {
            "forward": {
                "rate_bps": 8_320_000,
                "delay_ms": 10,
                "loss": {"model": "positioned", "rules": [{"segment": 3}]},
            },
            "reverse": {"rate_bps": 0, "delay_ms": 10},
        },
        "flows": [
            {
                "app": {"kind": "fixed", "segments": 40},
                "tcp": {"recovery": recovery, "iw": 20, "mss": 1000, "sack": True, "timestamps": False},
                "receiver": {"ack_policy": "quick", "rwnd_bytes": 20000},
            }
        ],
    }


def test_catalogue_declares_the_metrics_with_units_and_formulas() -> None:
    cat = rexsim.catalog()
    flow = {m["name"]: m for m in cat["metrics"]}
    for name in ("recovery_periods", "recovery_period_ms", "recovery_idle_ms", "recovery_utilisation", "rtt_spike"):
        assert name in flow
    assert flow["recovery_idle_ms"]["unit"] == "ms"
    assert "eq. (8)" in flow["recovery_utilisation"]["doc"]
    assert flow["recovery_utilisation"]["nullable"] and flow["rtt_spike"]["nullable"]
    assert flow["recovery_utilisation"]["higher_is_better"] is True
    episode = [m["name"] for m in cat["episode_metrics"]]
    assert episode == [
        "enter_ns",
        "exit_ns",
        "period_start_ns",
        "period_end_ns",
        "busy_ns",
        "idle_ns",
        "utilisation",
        "rtt_max_ns",
        "rtt_spike",
    ]
    members = {m["name"] for m in cat["mechanisms"]["recovery"]}
    assert {"qarr", "barr"} <= members


def test_single_loss_per_flow_and_per_episode() -> None:
    names = [m["name"] for m in rexsim.catalog()["episode_metrics"]]
    for recovery in ("prr", "rate_halving", "qarr", "barr"):
        res = rexsim.run(scenario(recovery))
        flow = res.flows[0]
        assert flow.metrics["recovery_periods"] == 1
        assert flow.metrics["recovery_utilisation"] == 1 / 21
        assert flow.metrics["recovery_idle_ms"] == 20.0
        assert flow.metrics["rtt_spike"] == 39e6 / T0_NS
        assert len(flow.episodes) == 1
        (ep,) = flow.episodes
        assert list(ep) == names
        assert ep["period_start_ns"] == T0_NS + 26_000_000
        assert ep["period_end_ns"] == T0_NS + 47_000_000
        assert (ep["busy_ns"], ep["idle_ns"]) == (1_000_000, 20_000_000)
        assert ep["utilisation"] == 1 / 21


def test_no_period_reads_as_null() -> None:
    sc = scenario("prr")
    sc["path"]["forward"]["rate_bps"] = 0
    res = rexsim.run(sc)
    m = res.flows[0].metrics
    assert m["recovery_periods"] == 0
    assert m["recovery_utilisation"] is None
    (ep,) = res.flows[0].episodes
    assert ep["period_start_ns"] is None and ep["utilisation"] is None
    # without a rate nothing is serialised: t0 = 20 ms, every segment arrives at once and its ACK is back
    # 20 ms later, when the third SACK starts recovery
    assert ep["enter_ns"] == 40_000_000
