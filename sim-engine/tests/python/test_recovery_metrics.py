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


def test_with_opportunistic_retransmission_the_period_runs_to_t5() -> None:
    """The single-loss run above with tcp.opportunistic_rtx and rate-halving
    (recmetrics.c interpretation 6: the period ends at the first new packet
    the receive window admits, T5 of the paper's Fig. 1, not at the first
    opportunistic one).  Times from T0; every packet takes 1 ms on the link
    (1040 wire bytes at 8.32 Mb/s), the path 10 ms each way, ACKs at once.

    Segments 1-22 went as without it (segment 3 dropped before the link, so
    segment k > 3 leaves at k - 1 ms, its ACK is back at k + 19; 21 and 22 go
    at 21 and 22 and leave at 22 and 23).  The third duplicate ACK (segment
    6's, at 25) starts recovery: ssthresh = FlightSize / 2 = 20 / 2 = 10
    segments (Reno), pipe = 20 out - 3 SACKed - 1 lost = 16, cwnd =
    min(22, pipe + 1) = 17; the retransmission goes at 25 and leaves at 26:
    T2 = 26.  Segments 7..20's ACKs (26..39) each SACK one: rate-halving
    takes one off cwnd per two delivered, so pipe falls by 2 and cwnd by 1
    every two ACKs and one segment goes on the second: at 27, 29, ..., 39
    (7 segments, 23..29), when cwnd reaches ssthresh = 10 and the halving
    stops.  All of them lie past the receive window (SND.UNA = segment 3's
    start, 20 segments: the edge is segment 22's end): each is
    'opportunistic'.  Segments 21 and 22's ACKs (42, 43) then send one each
    (cwnd 10 = pipe 9 + 1): segments 30 and 31, opportunistic too.  The
    retransmission's cumulative ACK returns at 46 = T2 + 20: recovery ends,
    the window slides to segment 42, and segment 32 goes as 'new' (inside
    the window) and leaves at 47: T5, the period's end (21 ms, as without
    opportunistic retransmission).  The link sent in (26, 47] the 9
    opportunistic segments (each leaves 1 ms after it is sent: 28, 30, ...,
    40, 43, 44) and segment 32: busy 10 ms, idle 11 ms, eta = 10/21, in 9
    idle stretches: [26,27], [28,29], ..., [38,39] (1 ms each), [40,42] and
    [44,46]; the 8 kept drop the earliest of the shortest, [26,27].

    Before interpretation 6 the period ended at segment 23's departure (28):
    busy 1 ms of 2, eta = 0.5 (rate-halving's own one-per-two rate)."""
    sc = scenario("rate_halving")
    sc["flows"][0]["tcp"]["opportunistic_rtx"] = True
    res = rexsim.run(sc)
    c = res.trace.columns
    kinds = {e["name"]: e["id"] for e in rexsim.catalog()["vocab"]["events"]}
    causes = {e["name"]: e["id"] for e in rexsim.catalog()["vocab"]["causes"]}
    sends = (c["kind"] == kinds["send"]) & (c["t_ns"] > T0_NS)
    opp = [(int(t) - T0_NS) // 1_000_000 for t in c["t_ns"][sends & (c["cause"] == causes["opportunistic"])]]
    assert opp == [27, 29, 31, 33, 35, 37, 39, 42, 43]
    (ep,) = res.flows[0].episodes
    ms = 1_000_000
    assert (ep["enter_ns"], ep["exit_ns"]) == (T0_NS + 25 * ms, T0_NS + 46 * ms)
    assert (ep["period_start_ns"], ep["period_end_ns"]) == (T0_NS + 26 * ms, T0_NS + 47 * ms)
    assert (ep["busy_ns"], ep["idle_ns"]) == (10 * ms, 11 * ms)
    assert ep["utilisation"] == 10 / 21
    assert ep["idle_gaps"] == 9
    kept = [[T0_NS + a * ms, T0_NS + b * ms] for a, b in [(28, 29), (30, 31), (32, 33), (34, 35), (36, 37), (38, 39)]]
    assert ep["idle_intervals_ns"] == [*kept, [T0_NS + 40 * ms, T0_NS + 42 * ms], [T0_NS + 44 * ms, T0_NS + 46 * ms]]
    m = res.flows[0].metrics
    assert (m["recovery_periods"], m["recovery_utilisation"], m["recovery_idle_ms"]) == (1, 10 / 21, 11.0)
    assert m["recovery_period_ms"] == 21.0
