"""Tests of app.services.traces: windows and series of a trace (the codec and
the describer are rexsim.tracefile's, tested with the engine).

Traces come from rexsim; expectations derived by hand sit beside each assertion.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import numpy as np
import pytest
import rexsim
from rexsim import tracefile as TF

from app.services import traces as T
from app.services.runs import _TraceCache

BULK_40S = {
    "seed": 1,
    "duration_s": 40,
    "path": {
        "forward": {"rate_bps": 20e6, "delay_ms": 50, "buffer_pkts": 200, "loss": {"model": "bernoulli", "p": 0.001}},
        "reverse": {"rate_bps": 20e6, "delay_ms": 50},
    },
    "flows": [{"app": {"kind": "bulk", "duration_s": 30}, "tcp": {"cc": "cubic"}}],
}


def ten_segments(tail_loss: int) -> dict:
    """10 x 1448-byte segments, IW 10, quick ACKs, 10 ms each way (RTT 20 ms), TLP,
    the last `tail_loss` segments lost once."""
    return {
        "seed": 1,
        "duration_s": 10,
        "path": {
            "forward": {"rate_bps": 0, "delay_ms": 10, "loss": {"model": "tail", "count": tail_loss}},
            "reverse": {"rate_bps": 0, "delay_ms": 10},
        },
        "flows": [
            {
                "app": {"kind": "fixed", "segments": 10},
                "tcp": {"iw": 10, "timer": "tlp"},
                "receiver": {"ack_policy": "quick"},
            }
        ],
    }


def columns_of(scenario: dict) -> tuple[dict[str, np.ndarray], rexsim.Trace]:
    r = rexsim.run(scenario)
    return {k: v.copy() for k, v in r.trace.columns.items()}, r.trace


@pytest.fixture(scope="module")
def web() -> tuple[dict, rexsim.Trace]:
    return columns_of(rexsim.preset_scenario("web-objects", "TLPR"))


@pytest.fixture(scope="module")
def bulk() -> tuple[dict, rexsim.Trace]:
    return columns_of(BULK_40S)


@pytest.fixture(scope="module")
def tail2() -> tuple[dict, rexsim.Trace]:
    return columns_of(ten_segments(tail_loss=2))


@pytest.fixture(scope="module")
def westwood() -> tuple[dict, rexsim.Trace]:
    """5 s of BULK_40S's path, one Westwood+ bulk flow for 4 s: BWE samples once per RTT."""
    flow = {"app": {"kind": "bulk", "duration_s": 4}, "tcp": {"cc": "westwood"}}
    return columns_of({**BULK_40S, "duration_s": 5, "flows": [flow]})


def empty_columns() -> dict[str, np.ndarray]:
    return {name: np.zeros(0, dtype=dt) for name, dt in TF.DTYPES.items()}


#: a trace stored before trace v2 (no cause, no var_*): ten_segments(tail_loss=2),
#: kept with the engine's codec tests (sim-engine/tests/python/test_tracefile.py)
LEGACY_BLOB = Path(__file__).parents[3] / "sim-engine" / "tests" / "python" / "data" / "trace-v1-before-causes.rxtr"


def test_traces_stored_before_trace_v2_still_window_and_series() -> None:
    cols = TF.decode_trace(LEGACY_BLOB.read_bytes())
    assert "cause" not in cols and "var_id" not in cols
    # the window reads as before: names resolved, no cause / stage to report
    w = T.window(cols)
    assert w["total_in_window"] == 57
    kinds = [e["kind"] for e in w["events"]]
    assert kinds.count("send") == 10 and kinds.count("drop") == 2 and kinds.count("probe") == 1
    assert not any("cause" in e or "stage" in e for e in w["events"])
    assert [e["sack"] for e in w["events"] if e["kind"] == "ack_recv"][9] == [[9 * 1448, 10 * 1448]]
    # series too; a mechanism variable is simply empty
    s = T.series(cols, names=("cwnd", "bwe_bytes_per_s"))["series"]
    assert s["cwnd"]["values"][0] == 14_480
    assert s["bwe_bytes_per_s"] == {
        "unit": "bytes/s",
        "t_ns": [],
        "values": [],
        "change_points": 0,
        "downsampled": False,
    }


# ---------------------------------------------------------------- window
def test_unfiltered_window_is_every_event_described(web) -> None:
    cols, trace = web
    w = T.window(cols, max_points=len(trace))
    assert w["downsampled"] is False and w["returned"] == w["total_in_window"] == len(trace)
    assert w["events"] == list(trace)  # the engine's one describer


def test_window_is_json_ready(web) -> None:
    cols, _ = web
    w = T.window(cols, max_points=500)
    assert json.loads(json.dumps(w)) == w


def test_window_bounds_are_inclusive(tail2) -> None:
    cols, _ = tail2
    # events at exactly 20 ms: SYN-ACK arrival, app write, 10 sends, 2 drops, ...
    w = T.window(cols, from_ns=20_000_000, to_ns=20_000_000)
    t = cols["t_ns"]
    assert w["total_in_window"] == int(np.sum(t == 20_000_000))
    assert {e["t_ns"] for e in w["events"]} == {20_000_000}
    kinds = [e["kind"] for e in w["events"]]
    assert kinds.count("send") == 10  # IW 10: all 10 segments at 20 ms
    assert kinds.count("drop") == 2  # tail loss 2: segments 9 and 10
    assert T.window(cols, from_ns=20_000_001, to_ns=29_999_999)["total_in_window"] == 0


def test_window_filters_by_kind_and_flow(web) -> None:
    cols, _ = web
    w = T.window(cols, kinds=["retransmit", "probe"], flows=[2], max_points=10_000)
    kind, flow = cols["kind"], cols["flow"]
    expected = int(np.sum(np.isin(kind, [TF.KIND["retransmit"], TF.KIND["probe"]]) & (flow == 2)))
    assert w["total_in_window"] == expected
    assert all(e["flow"] == 2 and e["kind"] in ("retransmit", "probe") for e in w["events"])
    with pytest.raises(ValueError):
        T.window(cols, kinds=["nonsense"])


def test_downsampling_keeps_every_rare_event(bulk) -> None:
    cols, _ = bulk
    rare_ids = [TF.KIND[k] for k in TF.RARE_KINDS]
    n_rare = int(np.isin(cols["kind"], rare_ids).sum())
    assert n_rare < 2000 < len(cols["t_ns"])  # 225 losses -> ~600 rare events
    w = T.window(cols, max_points=2000)
    assert w["downsampled"] is True and w["rare_exceeds_budget"] is False
    assert w["returned"] == 2000 and w["total_in_window"] == len(cols["t_ns"])
    got_rare = sum(e["kind"] in TF.RARE_KINDS for e in w["events"])
    assert got_rare == n_rare
    times = [e["t_ns"] for e in w["events"]]
    assert times == sorted(times)
    assert T.window(cols, max_points=2000) == w  # deterministic


def test_downsampling_strides_dense_events_evenly(bulk) -> None:
    cols, _ = bulk
    w = T.window(cols, kinds=["send"], max_points=100)  # 'send' is dense only
    # 16126 sends, 100 kept: positions k * 16126 // 100, so gaps of 161 or 162 sends
    sends = np.flatnonzero(cols["kind"] == TF.KIND["send"])
    expected = sends[(np.arange(100) * len(sends)) // 100]
    assert [e["t_ns"] for e in w["events"]] == cols["t_ns"][expected].tolist()
    assert [e["seq"] for e in w["events"]] == cols["seq"][expected].tolist()


def test_rare_events_over_budget_are_all_kept(web) -> None:
    cols, _ = web
    n_rare = int(np.isin(cols["kind"], [TF.KIND[k] for k in TF.RARE_KINDS]).sum())
    w = T.window(cols, max_points=10)
    assert w["rare_exceeds_budget"] is True and w["returned"] == n_rare > 10
    assert all(e["kind"] in TF.RARE_KINDS for e in w["events"])


def test_window_of_an_empty_trace() -> None:
    w = T.window(empty_columns(), from_ns=0, to_ns=10)
    assert w["total_in_window"] == 0 and w["events"] == [] and w["downsampled"] is False


# ---------------------------------------------------------------- series
def test_series_change_points_tail_loss(tail2) -> None:
    cols, trace = tail2
    s = T.series(cols, flow=0)["series"]
    # no loss response shrinks ssthresh before recovery: infinite until the ER at 100 ms
    assert s["ssthresh"]["values"][0] is None
    assert s["ssthresh"]["unit"] == "bytes" and s["srtt"]["unit"] == "us"
    # SRTT: no sample at the SYN (None), then 20 ms from the handshake RTT
    assert s["srtt"]["values"][:2] == [None, 20_000]
    assert s["srtt"]["t_ns"][1] == 20_000_000
    # cwnd starts at IW 10 * 1448 = 14480 bytes
    assert s["cwnd"]["values"][0] == 14_480
    for name, one in s.items():
        v = one["values"]
        # change points: each value differs from the previous, except the closing point
        assert all(a != b for a, b in zip(v[:-2], v[1:-1], strict=True)), name
        assert one["t_ns"][-1] == int(cols["t_ns"][-1])
        assert one["downsampled"] is False


def test_series_downsampling_keeps_spikes() -> None:
    n = 20_000
    cols = empty_columns()
    for name, dt in TF.DTYPES.items():
        cols[name] = np.zeros(n, dtype=dt)
    cols["sack_words"] = np.zeros(0, np.uint64)
    cols["t_ns"] = np.arange(n, dtype=np.int64) * 1000
    cols["cwnd_bytes"] = (14480 + (np.arange(n) % 7) * 1448).astype(np.uint32)  # changes every event
    cols["cwnd_bytes"][12_345] = 10_000_000  # one spike up
    cols["cwnd_bytes"][4_321] = 1448  # one dip
    one = T.series(cols, names=("cwnd",), max_points=100)["series"]["cwnd"]
    assert one["downsampled"] is True and one["change_points"] == n
    assert len(one["values"]) <= 100
    assert 10_000_000 in one["values"] and 1448 in one["values"]
    assert one["t_ns"][one["values"].index(10_000_000)] == 12_345_000
    assert one["t_ns"][0] == 0 and one["t_ns"][-1] == (n - 1) * 1000
    assert one["t_ns"] == sorted(one["t_ns"])


def test_series_window_and_flow(web) -> None:
    cols, _ = web
    t = cols["t_ns"]
    lo, hi = int(t[len(t) // 4]), int(t[len(t) // 2])
    s = T.series(cols, flow=3, from_ns=lo, to_ns=hi)
    mask = (cols["flow"] == 3) & (t >= lo) & (t <= hi)
    assert s["events"] == int(mask.sum())
    for one in s["series"].values():
        assert all(lo <= x <= hi for x in one["t_ns"])
    with pytest.raises(ValueError):
        T.series(cols, names=("bogus",))


def test_series_offers_every_variable_of_the_catalogue() -> None:
    for v in rexsim.catalog()["vars"]:
        spec = T.SERIES[v["name"]]
        assert spec.unit == v["unit"] and v["id"] in spec.var_ids and spec.column is None
    assert list(T.SERIES)[:5] == ["cwnd", "ssthresh", "pipe", "srtt", "rto"]
    with pytest.raises(ValueError, match="bwe_bytes_per_s"):  # the error lists the known names
        T.series(empty_columns(), names=("bogus",))


def test_mechanism_variable_series_is_the_engines_samples(westwood) -> None:
    cols, trace = westwood
    t, v = trace.var_series("bwe_bytes_per_s", 0)
    assert len(t) > 10  # one sample per RTT (~100 ms) over 4 s
    s = T.series(cols, names=("bwe_bytes_per_s", "diff_bytes"))["series"]
    bwe = s["bwe_bytes_per_s"]
    assert bwe["unit"] == "bytes/s" and bwe["downsampled"] is False
    # every sample, then the last value held to the flow's last event (a step series;
    # here the last event is the ACK that gave the last sample, so nothing is added)
    end = int(cols["t_ns"][cols["flow"] == 0][-1])
    held = [end] if end > t[-1] else []
    assert bwe["t_ns"] == [*t.tolist(), *held] and bwe["values"] == [*v.tolist(), *[int(v[-1])] * len(held)]
    assert max(bwe["values"]) > 1_000_000  # 20 Mbit/s bottleneck: up to 2.5 MB/s
    # Vegas' diff is not Westwood's: an empty series, in its unit
    assert s["diff_bytes"]["values"] == [] and s["diff_bytes"]["unit"] == "bytes"
    assert T.series(cols, names=("bwe_bytes_per_s",), flow=1)["series"]["bwe_bytes_per_s"]["values"] == []


def test_mechanism_variable_series_in_a_window(westwood) -> None:
    cols, trace = westwood
    t, v = trace.var_series("bwe_bytes_per_s", 0)
    lo, hi = int(t[5]) + 1, (int(t[8]) + int(t[9])) // 2  # just after the 6th sample; between the 9th and 10th
    s = T.series(cols, names=("bwe_bytes_per_s", "cwnd"), from_ns=lo, to_ns=hi, max_points=100)["series"]
    bwe, cwnd = s["bwe_bytes_per_s"], s["cwnd"]
    first, last = cwnd["t_ns"][0], cwnd["t_ns"][-1]  # the window's first and last events
    assert t[5] < first < t[6] and t[8] < last < t[9]
    # the 6th sample's value carried to the window's start, the 7th-9th, held to its end
    assert bwe["t_ns"] == [first, *t[6:9].tolist(), last]
    assert bwe["values"] == [int(v[5]), *v[6:9].tolist(), int(v[8])]


def test_the_trace_cache_keeps_the_newest_within_its_byte_budget():
    """The API's decoded-trace cache (services/runs.py _TraceCache) held its 8 newest traces whatever
    their size: eight of Table 15's 400 Mb/s runs (2.0 GB each decoded) would hold 16 GB.  Now, past the
    newest, it holds at most max_bytes.  Traces of 1000 int64 items = 8000 bytes each, budget 20,000:
    two fit (16,000), a third (24,000) drops the oldest; the newest stays even when it alone is larger
    than the budget (40,000 > 20,000); the count limit still applies (size 2)."""

    def trace(n: int) -> dict[str, np.ndarray]:
        return {"t_ns": np.zeros(n, dtype=np.int64)}

    cache = _TraceCache(size=8, max_bytes=20_000)
    a, b, c, big = (uuid.uuid4() for _ in range(4))
    cache.keep(a, trace(1000))
    cache.keep(b, trace(1000))
    assert list(cache.items) == [a, b]
    cache.keep(c, trace(1000))
    assert list(cache.items) == [b, c]
    cache.keep(big, trace(5000))
    assert list(cache.items) == [big]
    by_count = _TraceCache(size=2, max_bytes=10**9)
    for k in (a, b, c):
        by_count.keep(k, trace(10))
    assert list(by_count.items) == [b, c]
