"""Tests of app.services.traces: codec round trip, window, series, CSV/JSON export.

Traces come from rexsim; expectations derived by hand sit beside each assertion.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from pathlib import Path

import numpy as np
import pytest
import rexsim
from rexsim import result as rxr

from app.services import traces as T

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
def tail() -> tuple[dict, rexsim.Trace]:
    return columns_of(rexsim.preset_scenario("tail-loss-n-degree", "TLP"))


@pytest.fixture(scope="module")
def web() -> tuple[dict, rexsim.Trace]:
    return columns_of(rexsim.preset_scenario("web-objects", "TLPR"))


@pytest.fixture(scope="module")
def bulk() -> tuple[dict, rexsim.Trace]:
    return columns_of(BULK_40S)


@pytest.fixture(scope="module")
def tail2() -> tuple[dict, rexsim.Trace]:
    return columns_of(ten_segments(tail_loss=2))


GROUPED_BY_FLOW_KIND = 2


@pytest.fixture(scope="module")
def westwood() -> tuple[dict, rexsim.Trace]:
    """5 s of BULK_40S's path, one Westwood+ bulk flow for 4 s: BWE samples once per RTT."""
    flow = {"app": {"kind": "bulk", "duration_s": 4}, "tcp": {"cc": "westwood"}}
    return columns_of({**BULK_40S, "duration_s": 5, "flows": [flow]})


def empty_columns() -> dict[str, np.ndarray]:
    return {name: np.zeros(0, dtype=dt) for name, dt in rxr._DTYPES.items()}


def assert_same_columns(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert sorted(a) == sorted(b)
    for name in a:
        assert a[name].dtype == b[name].dtype, name
        assert a[name].tobytes() == b[name].tobytes(), name


# ---------------------------------------------------------------- names
def test_catalogue_names_match_the_engine() -> None:
    assert list(T.EVENT_KINDS) == rxr.EVENT_KINDS
    assert list(T.TIMER_KINDS) == rxr.TIMER_KINDS
    assert list(T.TIMER_FORMULAS) == rxr.TIMER_FORMULAS
    assert list(T.STATES) == rxr.STATES
    assert list(T.DROP_REASONS) == rxr.DROP_REASONS
    assert list(T.CAUSES) == rxr.CAUSES
    vocab = rexsim.catalog()["vocab"]
    # the rare kinds are the vocabulary's own flags, not a copy
    assert T.RARE_KINDS == {e["name"] for e in vocab["events"] if e["rare"]}
    assert {"drop", "retransmit", "probe", "timer_fired"} <= T.RARE_KINDS
    stage = next(f for f in rexsim.catalog()["families"] if f["name"] == "stage")
    assert list(T.STAGES) == [m["name"] for m in stage["members"]]
    assert T.EVENT_COLUMNS == set(rxr.EVENT_COLUMNS) and "cause" in T.EVENT_COLUMNS
    assert not T.EVENT_COLUMNS & {"sack_words", "var_t_ns", "var_flow", "var_id", "var_value"}


# ---------------------------------------------------------------- codec
@pytest.mark.parametrize("case", ["tail", "web", "bulk", "tail2"])
def test_round_trip_is_bit_exact(case: str, request: pytest.FixtureRequest) -> None:
    cols, _ = request.getfixturevalue(case)
    blob = T.encode_trace(cols)
    assert_same_columns(T.decode_trace(blob), cols)


def test_round_trip_keeps_sack_words(web, tail2) -> None:
    for cols, _ in (web, tail2):
        assert len(cols["sack_words"]) > 0  # both runs have SACKed ACKs
        out = T.decode_trace(T.encode_trace(cols))
        assert np.array_equal(out["sack_words"], cols["sack_words"])


def test_round_trip_of_an_empty_trace() -> None:
    cols = empty_columns()
    blob = T.encode_trace(cols)
    out = T.decode_trace(blob)
    assert_same_columns(out, cols)
    assert all(len(a) == 0 for a in out.values())


def test_round_trip_of_extreme_values() -> None:
    # wrapping deltas: max/min of every width, in a mixed flow/kind order
    cols = empty_columns()
    n = 6
    rng = np.random.default_rng(7)
    for name, dt in rxr._DTYPES.items():
        info = np.iinfo(dt)
        cols[name] = np.array([info.max, info.min, info.max, 0, 1, info.max], dtype=dt)
    cols["kind"] = rng.integers(0, 14, n).astype(np.uint8)
    cols["flow"] = rng.integers(0, 3, n).astype(np.uint16)
    assert_same_columns(T.decode_trace(T.encode_trace(cols)), cols)


def test_side_tables_are_never_grouped_even_at_event_length() -> None:
    # sack_words and the var_* table have their own rows: grouping them by the
    # events' (flow, kind) would be meaningless, even when their lengths agree
    n = 64
    rng = np.random.default_rng(3)
    cols = {name: rng.integers(0, 50, n).astype(dt) for name, dt in rxr._DTYPES.items()}
    cols["t_ns"] = np.sort(cols["t_ns"])
    cols["var_t_ns"] = np.sort(cols["var_t_ns"])
    cols["kind"] = rng.integers(0, 3, n).astype(np.uint8)
    cols["flow"] = rng.integers(0, 2, n).astype(np.uint16)
    blob = T.encode_trace(cols)
    sizes = T.column_sizes(blob)
    for name in ("sack_words", "var_t_ns", "var_flow", "var_id", "var_value"):
        assert sizes[name]["items"] == n and sizes[name]["transform"] & 3 == 0, name
    assert_same_columns(T.decode_trace(blob), cols)


def test_round_trip_keeps_causes_and_mechanism_variables() -> None:
    scenario = {
        **BULK_40S,
        "duration_s": 5,
        "flows": [{"app": {"kind": "bulk", "duration_s": 4}, "tcp": {"cc": "westwood"}}],
    }
    cols, _ = columns_of(scenario)
    assert len(cols["var_t_ns"]) > 0 and len(cols["var_t_ns"]) != len(cols["t_ns"])
    assert_same_columns(T.decode_trace(T.encode_trace(cols)), cols)


#: trace-v1-before-causes.rxtr: ten_segments(tail_loss=2) stored by the encoder of
#: commit 6be0b2a, from the columns traces had before trace v2 (no cause, no var_*);
#: sha-256 (first 16 hex digits) of each column's little-endian bytes at that time
LEGACY_BLOB = Path(__file__).parent / "data" / "trace-v1-before-causes.rxtr"
LEGACY_SHA256 = {
    "arg": "d60918eb459e8fbf",
    "cwnd_bytes": "fa556b170ce7d84a",
    "detail": "d787746d27ebfb96",
    "flow": "802bbf1167e97e33",
    "kind": "3f04a497bf8ddbe4",
    "pipe_bytes": "1a1aee2a9ff32e22",
    "rto_us": "d4293f56c448d0e7",
    "sack_words": "b6fe2da599885460",
    "seq": "7a4df1a4af5ee37c",
    "srtt_us": "64b4d8d11f4d533d",
    "ssthresh_bytes": "98a073adef8988b4",
    "state": "a98d68b5d4454197",
    "t_ns": "91e1c671833db42e",
}


def test_traces_stored_before_trace_v2_still_decode_and_read() -> None:
    blob = LEGACY_BLOB.read_bytes()
    assert T.column_sizes(blob)["seq"]["transform"] & 3 == GROUPED_BY_FLOW_KIND  # exercises the grouping
    cols = T.decode_trace(blob)
    assert sorted(cols) == sorted(LEGACY_SHA256)  # no cause, no var_*
    for name, digest in LEGACY_SHA256.items():
        le = cols[name].astype(cols[name].dtype.newbyteorder("<")).tobytes()
        assert hashlib.sha256(le).hexdigest()[:16] == digest, name
    # the window reads as before: names resolved, no cause / stage to report
    w = T.window(cols)
    assert w["total_in_window"] == 57
    kinds = [e["kind"] for e in w["events"]]
    assert kinds.count("send") == 10 and kinds.count("drop") == 2 and kinds.count("probe") == 1
    assert not any("cause" in e or "stage" in e for e in w["events"])
    assert [e["sack"] for e in w["events"] if e["kind"] == "ack_recv"][9] == [[9 * 1448, 10 * 1448]]
    # series, CSV and JSON too; a mechanism variable is simply empty
    s = T.series(cols, names=("cwnd", "bwe_bytes_per_s"))["series"]
    assert s["cwnd"]["values"][0] == 14_480
    assert s["bwe_bytes_per_s"] == {
        "unit": "bytes/s",
        "t_ns": [],
        "values": [],
        "change_points": 0,
        "downsampled": False,
    }
    rows = list(csv.DictReader(io.StringIO(T.to_csv(cols))))
    assert len(rows) == 57 and all(r["cause"] == "" for r in rows)
    assert T.to_json(cols)["columns"]["kind"] == kinds


def test_big_endian_input_decodes_to_the_same_values(tail) -> None:
    cols, _ = tail
    swapped = {k: v.astype(v.dtype.newbyteorder(">")) for k, v in cols.items()}
    out = T.decode_trace(T.encode_trace(swapped))
    for k in cols:
        assert np.array_equal(out[k], cols[k])
    assert T.encode_trace(swapped) == T.encode_trace(cols)  # stored little-endian either way


def test_encoding_is_deterministic(web) -> None:
    cols, _ = web
    reordered = {k: cols[k].copy() for k in reversed(list(cols))}
    assert T.encode_trace(cols) == T.encode_trace(cols)
    assert T.encode_trace(reordered) == T.encode_trace(cols)  # column order does not matter


def test_header_names_columns_and_sizes(bulk) -> None:
    cols, _ = bulk
    blob = T.encode_trace(cols)
    assert blob[:4] == T.MAGIC
    sizes = T.column_sizes(blob)
    assert sorted(sizes) == sorted(cols)
    assert sizes["t_ns"]["items"] == len(cols["t_ns"])
    assert sizes["sack_words"]["items"] == len(cols["sack_words"])
    assert sizes["seq"]["raw_bytes"] == 8 * len(cols["seq"])
    # header + frames is the whole blob, and far smaller than the 45+ bytes/event raw
    assert sum(s["compressed_bytes"] for s in sizes.values()) < len(blob)
    assert len(blob) / len(cols["t_ns"]) < 5


@pytest.mark.parametrize(
    "mutate",
    [
        lambda b: b"XXXX" + b[4:],  # bad magic
        lambda b: b[:4] + b"\x09\x00" + b[6:],  # unknown version
        lambda b: b[:-1],  # truncated payload
        lambda b: b[:10],  # truncated header
        lambda b: b[:-8] + bytes(8),  # corrupted frame (checksum)
    ],
)
def test_corrupt_blobs_are_rejected(mutate, tail) -> None:
    cols, _ = tail
    with pytest.raises(ValueError):
        T.decode_trace(mutate(T.encode_trace(cols)))


# ---------------------------------------------------------------- window
def test_unfiltered_window_matches_trace_describe(web) -> None:
    cols, trace = web
    w = T.window(cols, max_points=len(trace))
    assert w["downsampled"] is False and w["returned"] == w["total_in_window"] == len(trace)
    for i, ev in enumerate(w["events"]):
        expected = trace.describe(i)
        expected["sack"] = [list(b) for b in expected["sack"]] if "sack" in expected else None
        got = {k: ev.get(k) for k in expected}
        assert got == expected, i


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
    expected = int(np.sum(np.isin(kind, [T.KIND["retransmit"], T.KIND["probe"]]) & (flow == 2)))
    assert w["total_in_window"] == expected
    assert all(e["flow"] == 2 and e["kind"] in ("retransmit", "probe") for e in w["events"])
    with pytest.raises(ValueError):
        T.window(cols, kinds=["nonsense"])


def test_window_sack_and_timer_fields(tail2) -> None:
    cols, _ = tail2
    acks = T.window(cols, kinds=["ack_recv"])["events"]
    # SYN-ACK + 8 ACKs (segments 1-8) + the probe's ACK + the repair's ACK = 11
    assert len(acks) == 11
    assert acks[0]["syn_ack"] is True and acks[0]["t_ns"] == 20_000_000  # 1 RTT after the SYN
    probe_ack = acks[9]
    # the probe re-sent segment 10 [13032, 14480); segment 9 (11584) is still missing
    assert probe_ack["t_ns"] == 100_000_000  # probe at 80 ms + RTT 20 ms
    assert probe_ack["seq"] == 8 * 1448  # cumulative ACK 11584
    assert probe_ack["sack"] == [[9 * 1448, 10 * 1448]] and probe_ack["dsack"] is False
    assert all(a["sack"] == [] for a in acks[1:9])  # in-order ACKs carry no SACK
    armed = T.window(cols, kinds=["timer_armed"])["events"]
    pto = next(e for e in armed if e["timer"] == "probe")
    # after the 10 sends at 20 ms, with SRTT 20 ms from the handshake:
    # PTO = max(2 * SRTT, 10 ms) = 40 ms -> expires at 60 ms
    assert pto["t_ns"] == 20_000_000 and pto["formula"] == "pto_multi"
    assert pto["timeout_us"] == 40_000 and pto["expires_ns"] == 60_000_000


def test_window_names_causes_and_stages(tail2, bulk) -> None:
    cols, _ = tail2
    ev = T.window(cols, kinds=["send", "retransmit", "probe", "drop"])["events"]
    sends = [e for e in ev if e["kind"] == "send"]
    assert len(sends) == 10 and {e["cause"] for e in sends} == {"new"}
    # segments 9 and 10 dropped by the tail stage; the probe resends 10 at 80 ms,
    # then the probe's SACK lets Early Retransmit repair 9 at 100 ms
    assert [(e["seq"], e["stage"]) for e in ev if e["kind"] == "drop"] == [(11584, "tail"), (13032, "tail")]
    assert [(e["t_ns"], e["cause"]) for e in ev if e["kind"] == "probe"] == [(80_000_000, "probe")]
    assert [(e["t_ns"], e["cause"]) for e in ev if e["kind"] == "retransmit"] == [(100_000_000, "early")]
    assert all("stage" not in e for e in ev if e["kind"] != "drop")
    assert all("cause" not in e for e in T.window(cols, kinds=["ack_recv", "deliver"])["events"])
    # Bernoulli loss and a 200-packet queue: each drop names its stage
    stages = {e["stage"] for e in T.window(bulk[0], kinds=["drop"], max_points=10_000)["events"]}
    assert "bernoulli" in stages and stages <= {"bernoulli", "queue"}


def test_downsampling_keeps_every_rare_event(bulk) -> None:
    cols, _ = bulk
    rare_ids = [T.KIND[k] for k in T.RARE_KINDS]
    n_rare = int(np.isin(cols["kind"], rare_ids).sum())
    assert n_rare < 2000 < len(cols["t_ns"])  # 225 losses -> ~600 rare events
    w = T.window(cols, max_points=2000)
    assert w["downsampled"] is True and w["rare_exceeds_budget"] is False
    assert w["returned"] == 2000 and w["total_in_window"] == len(cols["t_ns"])
    got_rare = sum(e["kind"] in T.RARE_KINDS for e in w["events"])
    assert got_rare == n_rare
    times = [e["t_ns"] for e in w["events"]]
    assert times == sorted(times)
    assert T.window(cols, max_points=2000) == w  # deterministic


def test_downsampling_strides_dense_events_evenly(bulk) -> None:
    cols, _ = bulk
    w = T.window(cols, kinds=["send"], max_points=100)  # 'send' is dense only
    # 16126 sends, 100 kept: positions k * 16126 // 100, so gaps of 161 or 162 sends
    sends = np.flatnonzero(cols["kind"] == T.KIND["send"])
    expected = sends[(np.arange(100) * len(sends)) // 100]
    assert [e["t_ns"] for e in w["events"]] == cols["t_ns"][expected].tolist()
    assert [e["seq"] for e in w["events"]] == cols["seq"][expected].tolist()


def test_rare_events_over_budget_are_all_kept(web) -> None:
    cols, _ = web
    n_rare = int(np.isin(cols["kind"], [T.KIND[k] for k in T.RARE_KINDS]).sum())
    w = T.window(cols, max_points=10)
    assert w["rare_exceeds_budget"] is True and w["returned"] == n_rare > 10
    assert all(e["kind"] in T.RARE_KINDS for e in w["events"])


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
    for name, dt in rxr._DTYPES.items():
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


# ---------------------------------------------------------------- export
def test_csv_matches_rexsim_writer(web) -> None:
    cols, trace = web
    text = T.to_csv(cols)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0].keys()) == T.CSV_FIELDS
    assert len(rows) == len(trace)
    theirs = io.StringIO()
    trace.write_csv(theirs)
    ref = list(csv.DictReader(io.StringIO(theirs.getvalue())))
    for mine, want in zip(rows, ref, strict=True):
        assert {k: mine[k] for k in want} == want


def test_csv_of_an_empty_trace() -> None:
    assert T.to_csv(empty_columns()).strip() == ",".join(T.CSV_FIELDS)


def test_json_resolves_kind_and_state(tail) -> None:
    cols, trace = tail
    out = T.to_json(cols)
    assert json.loads(json.dumps(out)) == out
    c = out["columns"]
    assert sorted(c) == sorted(cols)
    assert c["kind"][0] == "syn" and c["state"][0] == "open"  # the run opens with the SYN
    assert c["kind"] == trace.kind_names()
    assert c["t_ns"] == cols["t_ns"].tolist()
    assert c["sack_words"] == cols["sack_words"].tolist()
