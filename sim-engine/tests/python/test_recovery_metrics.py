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
        "idle_gaps",
        "idle_intervals_ns",
    ]
    intervals = cat["episode_metrics"][-1]
    assert (intervals["type"], intervals["unit"]) == ("intervals", "ns")
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
        # the link idles from T2 to segment 23's first bit (it leaves at the period's end after 1 ms)
        assert ep["idle_gaps"] == 1
        assert ep["idle_intervals_ns"] == [[T0_NS + 26_000_000, T0_NS + 46_000_000]]


def test_no_period_reads_as_null() -> None:
    sc = scenario("prr")
    sc["path"]["forward"]["rate_bps"] = 0
    res = rexsim.run(sc)
    m = res.flows[0].metrics
    assert m["recovery_periods"] == 0
    assert m["recovery_utilisation"] is None
    (ep,) = res.flows[0].episodes
    assert ep["period_start_ns"] is None and ep["utilisation"] is None
    assert ep["idle_gaps"] is None and ep["idle_intervals_ns"] == []
    # without a rate nothing is serialised: t0 = 20 ms, every segment arrives at once and its ACK is back
    # 20 ms later, when the third SACK starts recovery
    assert ep["enter_ns"] == 40_000_000


def test_idle_stretches_lie_in_the_period_and_sum_to_its_idle_time() -> None:
    """A bulk Reno flow on a 20 Mb/s link with a 40-packet buffer and a burst of
    20 losses (rate-halving paces the recovery by ACKs, so a period idles in
    several stretches): every kept stretch lies in its period, in time order,
    and their lengths sum to idle_ns when all of them are kept (at most 8);
    otherwise the 8 kept sum to less. This run has both: 8 stretches, then 10."""
    sc = {
        "duration_s": 6,
        "path": {
            "forward": {
                "rate_bps": 20_000_000,
                "delay_ms": 25,
                "buffer_pkts": 40,
                "loss": {"model": "positioned", "rules": [{"segment": 3000 + i} for i in range(20)]},
            },
            "reverse": {"rate_bps": 0, "delay_ms": 25},
        },
        "flows": [{"app": {"kind": "bulk", "duration_s": 6}, "tcp": {"cc": "reno", "recovery": "rate_halving"}}],
    }
    eps = [e for e in rexsim.run(sc).flows[0].episodes if e["period_end_ns"] is not None]
    assert [e["idle_gaps"] for e in eps] == [8, 10]
    for e in eps:
        iv = e["idle_intervals_ns"]
        assert len(iv) == min(e["idle_gaps"], 8)
        assert all(e["period_start_ns"] <= a < b < e["period_end_ns"] for a, b in iv)
        assert all(iv[k][1] <= iv[k + 1][0] for k in range(len(iv) - 1))
    kept = [sum(b - a for a, b in e["idle_intervals_ns"]) for e in eps]
    assert kept[0] == eps[0]["idle_ns"]
    assert kept[1] < eps[1]["idle_ns"]
