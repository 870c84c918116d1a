"""rexsim.tracefile: the stored format (codec round trip, old blobs, corrupt
blobs) and the one describer (each kind's fields, from the catalogue).

Traces come from rexsim runs; expectations derived by hand sit beside each assertion."""

from __future__ import annotations

import csv
import hashlib
import io
from pathlib import Path

import numpy as np
import pytest
import rexsim
from rexsim import tracefile as TF
from spurious_cases import scenario as spike_scenario

CAT = rexsim.catalog()


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


#: 5 s of 20 Mbit/s, 50 ms each way, a 200-packet queue, Bernoulli loss p = 0.001
BULK = {
    "seed": 1,
    "duration_s": 5,
    "path": {
        "forward": {"rate_bps": 20e6, "delay_ms": 50, "buffer_pkts": 200, "loss": {"model": "bernoulli", "p": 0.001}},
        "reverse": {"rate_bps": 20e6, "delay_ms": 50},
    },
    "flows": [{"app": {"kind": "bulk", "duration_s": 4}, "tcp": {"cc": "westwood"}}],
}


#: one delay spike longer than the RTO, F-RTO (basic) declares it spurious (spurious_cases.py)
SPIKE = spike_scenario("frto", "basic", genuine=False)


#: a reader blocked past the RTO: the window closes and the persist timer probes it (window_probe events)
BLOCKED = {
    "seed": 1,
    "duration_s": 5,
    "path": {"forward": {"rate_bps": 0, "delay_ms": 50}, "reverse": {"rate_bps": 0, "delay_ms": 50}},
    "flows": [
        {
            "app": {"kind": "fixed", "segments": 20},
            "tcp": {"handshake": False, "mss": 1000},
            "receiver": {"rwnd_bytes": 10000, "read_blocked_ms": [0, 2500]},
        }
    ],
}


def columns_of(scenario: dict) -> dict[str, np.ndarray]:
    return {k: v.copy() for k, v in rexsim.run(scenario).trace.columns.items()}


@pytest.fixture(scope="module")
def web() -> dict[str, np.ndarray]:
    # six persistent connections with correlated loss: every kind but 'sample'
    return columns_of(rexsim.preset_scenario("web-objects", "TLPR"))


@pytest.fixture(scope="module")
def tail2() -> dict[str, np.ndarray]:
    return columns_of(ten_segments(tail_loss=2))


@pytest.fixture(scope="module")
def bulk() -> dict[str, np.ndarray]:
    return columns_of(BULK)


def empty_columns() -> dict[str, np.ndarray]:
    return {name: np.zeros(0, dtype=dt) for name, dt in TF.DTYPES.items()}


def assert_same_columns(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert sorted(a) == sorted(b)
    for name in a:
        assert a[name].dtype == b[name].dtype, name
        assert a[name].tobytes() == b[name].tobytes(), name


# ---------------------------------------------------------------- vocabulary
def test_names_are_the_catalogues() -> None:
    vocab = CAT["vocab"]
    assert list(TF.EVENT_KINDS) == CAT["events"] == [e["name"] for e in vocab["events"]]
    assert list(TF.TIMER_KINDS) == CAT["timer_kinds"] and list(TF.TIMER_FORMULAS) == CAT["timer_formulas"]
    assert list(TF.STATES) == CAT["states"] and list(TF.DROP_REASONS) == CAT["drop_reasons"]
    assert list(TF.CAUSES) == [e["name"] for e in vocab["causes"]]
    assert TF.RARE_KINDS == {e["name"] for e in vocab["events"] if e["rare"]}
    stage = next(f for f in CAT["families"] if f["name"] == "stage")
    # a drop's cause: 0 the queue (the drop reason's name), 1 + i the stage family's i-th member
    assert TF.DROP_STAGES == ("queue", *[m["name"] for m in stage["members"]])
    assert "queue" in TF.DROP_REASONS
    assert set(TF.EVENT_COLUMNS) < set(TF.DTYPES) and "cause" in TF.EVENT_COLUMNS
    assert set(TF.DTYPES) - set(TF.EVENT_COLUMNS) == {
        "sack_words",
        "var_t_ns",
        "var_flow",
        "var_id",
        "var_value",
        "spurious_words",
    }
    # a spurious event's detector (cause), rule (detail & 15) and response (detail >> 4)
    spurious = next(f for f in CAT["families"] if f["name"] == "spurious")
    assert TF.DETECTORS == tuple(m["name"] for m in spurious["members"]) and TF.DETECTORS
    assert TF.DETECTOR_RULES == tuple(tuple(r["name"] for r in m["rules"]) for m in spurious["members"])
    assert all(TF.DETECTOR_RULES) and len(set(TF.RULES)) == len(TF.RULES)
    response = next(p for p in CAT["parameters"] if p["key"] == "tcp.spurious_response")
    assert list(TF.RESPONSES) == response["choices"] == ["revert", "rfc4015", "none", "halve"]


# ---------------------------------------------------------------- the describer's fields
def test_every_kind_of_the_catalogue_has_its_fields() -> None:
    assert list(TF.EVENT_FIELDS) == CAT["events"]
    common = [f.name for f in TF.COMMON_FIELDS]
    assert common[:3] == ["t_ns", "flow", "kind"]
    for kind, fields in TF.EVENT_FIELDS.items():
        names = [f.name for f in fields]
        assert names[: len(common)] == common and len(set(names)) == len(names), kind
    extra = {k: [f.name for f in fs[len(common) :]] for k, fs in TF.EVENT_FIELDS.items()}
    assert extra["timer_fired"] == ["timer", "formula", "expires_ns", "timeout_us"]
    assert extra["drop"] == ["reason", "direction", "stage"]
    assert extra["retransmit"] == ["transmission", "cause"] and extra["deliver"] == ["transmission"]
    assert extra["ack_recv"] == ["dsack", "sack", "syn_ack"] and extra["syn"] == ["syn_ack"]
    assert extra["sample"] == extra["app"] == []
    assert extra["spurious"] == ["detector", "rule", "response", "ack", "old_cwnd_bytes", "old_ssthresh_bytes"]
    assert extra["path_period"] == ["direction", "start_ns", "end_ns", "stage"]


def test_vocabulary_fields_name_their_vocabulary() -> None:
    by_name = {f.name: f for fs in TF.EVENT_FIELDS.values() for f in fs}
    assert by_name["kind"].names == TF.EVENT_KINDS and by_name["state"].names == TF.STATES
    assert by_name["timer"].names == TF.TIMER_KINDS and by_name["formula"].names == TF.TIMER_FORMULAS
    assert by_name["reason"].names == TF.DROP_REASONS and by_name["cause"].names == TF.CAUSES
    assert by_name["stage"].names == TF.DROP_STAGES and by_name["previous_state"].names == TF.STATES
    assert by_name["detector"].names == TF.DETECTORS and by_name["rule"].names == TF.RULES
    assert by_name["response"].names == TF.RESPONSES
    assert all((f.value_type is str) == bool(f.names) for f in by_name.values())
    # only what traces stored before trace v2 lack is optional
    assert {f.name for f in by_name.values() if f.optional} == {"cause", "stage"}
    # a path period that lasts to the end of the run has no end; a spurious verdict's window before may be unknown
    assert {f.name for f in by_name.values() if f.nullable} == {
        "ssthresh_bytes",
        "old_cwnd_bytes",
        "old_ssthresh_bytes",
        "end_ns",
    }
    # the CSV has one column per field of any kind, the common ones first
    assert sorted(TF.CSV_FIELDS) == sorted(by_name) and TF.CSV_FIELDS[:11] == tuple(f.name for f in TF.COMMON_FIELDS)


def _conforms(ev: dict, fields: tuple[TF.EventField, ...]) -> list[str]:
    """What is wrong with `ev` against its kind's fields (empty: nothing)."""
    problems = []
    for f in fields:
        v = ev.get(f.name)
        if f.name not in ev:
            problems.append(f"{f.name} missing")
        elif v is None:
            problems += [] if f.nullable else [f"{f.name} is None"]
        elif f.names and v not in f.names:
            problems.append(f"{f.name}={v!r} not in its vocabulary")
        elif type(v) is not f.value_type:
            problems.append(f"{f.name}={v!r} is not {f.value_type.__name__}")
    extra = set(ev) - {f.name for f in fields}
    return problems + [f"unexpected {sorted(extra)}"] if extra else problems


#: BULK through a handover table (path periods: one to the run's end, from 1 s) and an outage both ways
PERIODS = {
    **BULK,
    "path": {
        "forward": {
            **BULK["path"]["forward"],
            "stages": [{"kind": "schedule"}, {"kind": "outage", "good_min_ms": 2000, "good_max_ms": 2000}],
            "schedule": [{"time_ms": 1000, "delay_ms": 0}, {"time_ms": 1000, "delay_ms": 20}],
        },
        "reverse": {
            **BULK["path"]["reverse"],
            "stages": [{"kind": "outage", "good_min_ms": 2000, "good_max_ms": 2000}],
        },
    },
}


# a recovery that empties a 64-segment send buffer (tests/c/test_sndbuf.c, stall_in_recovery):
# an application stall from 100 to 200 ms
STALL = {
    "seed": 1,
    "path": {
        "forward": {
            "rate_bps": 0,
            "delay_ms": 50,
            "loss": {"model": "positioned", "rules": [{"flow": 0, "segment": 1}]},
        },
        "reverse": {"rate_bps": 0, "delay_ms": 50},
    },
    "flows": [
        {
            "app": {"kind": "bulk", "duration_s": 0.25},
            "tcp": {
                "handshake": False,
                "timestamps": False,
                "mss": 1024,
                "iw": 48,
                "limited_transmit": False,
                "timer": "rto",
                "sndbuf_bytes": 65536,
            },
            "receiver": {"ack_policy": "quick"},
        }
    ],
}


def test_described_events_carry_exactly_their_kinds_fields(web, bulk) -> None:
    seen = set()
    # a delay spike an F-RTO sender undoes: the spurious event (the presets have none)
    spike = columns_of(SPIKE)
    periods = columns_of(PERIODS)
    described = TF.describe_events(periods, np.flatnonzero(periods["kind"] == TF.KIND["path_period"]))
    # the table from 1 s to the end (end_ns None), the outage from 2 s in each direction
    table = [e for e in described if e["stage"] == "schedule"]
    assert [(e["start_ns"], e["end_ns"], e["direction"]) for e in table] == [(1_000_000_000, None, "forward")]
    outages = [e for e in described if e["stage"] == "outage"]
    assert {e["direction"] for e in outages} == {"forward", "reverse"}
    assert all(e["start_ns"] == 2_000_000_000 for e in outages[:2]) and all(e["t_ns"] >= e["start_ns"] for e in outages)
    stall = columns_of(STALL)
    stalls = TF.describe_events(stall, np.flatnonzero(stall["kind"] == TF.KIND["app_stall"]))
    assert [(e["t_ns"], e["stall_begins"], e["sndbuf_bytes"]) for e in stalls] == [
        (100_000_000, True, 65536),
        (200_000_000, False, 65536),
    ]
    for cols in (web, bulk, spike, periods, columns_of(BLOCKED), stall):
        for ev in TF.describe_events(cols, np.arange(len(cols["t_ns"]))):
            seen.add(ev["kind"])
            assert not _conforms(ev, TF.EVENT_FIELDS[ev["kind"]]), (ev, _conforms(ev, TF.EVENT_FIELDS[ev["kind"]]))
    assert seen == set(TF.EVENT_KINDS) - {"sample"}  # a full trace records no samples
    sampled = columns_of({**BULK, "trace": "sampled"})
    samples = TF.describe_events(sampled, np.flatnonzero(sampled["kind"] == TF.KIND["sample"]))
    assert samples and all(not _conforms(e, TF.EVENT_FIELDS["sample"]) for e in samples)


def test_describer_reads_the_columns(tail2) -> None:
    cols = tail2
    evs = TF.describe_events(cols, np.arange(len(cols["t_ns"])))
    acks = [e for e in evs if e["kind"] == "ack_recv"]
    # SYN-ACK + 8 ACKs (segments 1-8) + the probe's ACK + the repair's ACK = 11
    assert len(acks) == 11 and [a["syn_ack"] for a in acks] == [True] + [False] * 10
    assert acks[0]["t_ns"] == 20_000_000  # 1 RTT after the SYN
    # the probe re-sent segment 10 [13032, 14480); segment 9 (11584) is still missing
    probe_ack = acks[9]
    assert probe_ack["t_ns"] == 100_000_000 and probe_ack["seq"] == 8 * 1448
    assert probe_ack["sack"] == [[9 * 1448, 10 * 1448]] and probe_ack["dsack"] is False
    assert all(a["sack"] == [] for a in acks[1:9])  # in-order ACKs carry no SACK
    # after the 10 sends at 20 ms, with SRTT 20 ms from the handshake:
    # PTO = max(2 * SRTT, 10 ms) = 40 ms -> expires at 60 ms
    pto = next(e for e in evs if e["kind"] == "timer_armed" and e["timer"] == "probe")
    assert pto["t_ns"] == 20_000_000 and pto["formula"] == "pto_multi"
    assert pto["timeout_us"] == 40_000 and pto["expires_ns"] == 60_000_000
    # the SYN at 0 with no RTT sample: infinite ssthresh, SRTT 0
    assert evs[0]["kind"] == "syn" and evs[0]["syn_ack"] is False and evs[0]["ssthresh_bytes"] is None


def test_sent_segments_name_their_cause_and_drops_their_stage(tail2, bulk) -> None:
    evs = TF.describe_events(tail2, np.arange(len(tail2["t_ns"])))
    sends = [e for e in evs if e["kind"] == "send"]
    assert len(sends) == 10 and {e["cause"] for e in sends} == {"new"}
    # segments 9 and 10 dropped by the tail stage; the probe resends 10 at 80 ms,
    # then the probe's SACK lets Early Retransmit repair 9 at 100 ms
    assert [(e["seq"], e["reason"], e["stage"]) for e in evs if e["kind"] == "drop"] == [
        (11584, "loss_model", "tail"),
        (13032, "loss_model", "tail"),
    ]
    assert [(e["t_ns"], e["cause"]) for e in evs if e["kind"] == "probe"] == [(80_000_000, "probe")]
    assert [(e["t_ns"], e["cause"]) for e in evs if e["kind"] == "retransmit"] == [(100_000_000, "early")]
    # Bernoulli loss and a 200-packet queue: each drop names its stage, the queue's by its reason
    drops = TF.describe_events(bulk, np.flatnonzero(bulk["kind"] == TF.KIND["drop"]))
    stages = {(e["reason"], e["stage"]) for e in drops}
    assert ("loss_model", "bernoulli") in stages and stages <= {("loss_model", "bernoulli"), ("queue", "queue")}


def test_codes_the_vocabulary_does_not_know_read_as_numbers(tail2) -> None:
    cols = {k: v.copy() for k, v in tail2.items()}
    cols["kind"][0] = len(TF.EVENT_KINDS)  # an event kind a later engine might add
    cols["state"][1] = 200
    first, second = TF.describe_events(cols, [0, 1])
    assert first["kind"] == f"#{len(TF.EVENT_KINDS)}" and set(first) == {f.name for f in TF.COMMON_FIELDS}
    assert second["state"] == "#200"


def test_csv_has_one_row_per_event_and_every_field(tail2) -> None:
    buf = io.StringIO()
    TF.write_csv(tail2, buf)
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert tuple(rows[0]) == TF.CSV_FIELDS and len(rows) == len(tail2["t_ns"])
    evs = TF.describe_events(tail2, np.arange(len(rows)))
    for row, ev in zip(rows, evs, strict=True):
        assert row["kind"] == ev["kind"] and int(row["t_ns"]) == ev["t_ns"]
        assert {k for k, v in row.items() if v != ""} <= set(ev)  # empty where a field does not apply
    probe_ack = [r for r in rows if r["kind"] == "ack_recv"][9]
    assert probe_ack["sack"] == f"{9 * 1448}-{10 * 1448}"
    empty = io.StringIO()
    TF.write_csv(empty_columns(), empty)
    assert empty.getvalue() == ",".join(TF.CSV_FIELDS) + "\n"


# ---------------------------------------------------------------- codec
@pytest.mark.parametrize("case", ["web", "bulk", "tail2"])
def test_round_trip_is_bit_exact(case: str, request: pytest.FixtureRequest) -> None:
    cols = request.getfixturevalue(case)
    assert_same_columns(TF.decode_trace(TF.encode_trace(cols)), cols)


def test_round_trip_keeps_sack_words_causes_and_mechanism_variables(web, bulk) -> None:
    assert len(web["sack_words"]) > 0  # SACKed ACKs
    assert len(bulk["var_t_ns"]) > 0 and len(bulk["var_t_ns"]) != len(bulk["t_ns"])  # Westwood+'s BWE
    for cols in (web, bulk):
        out = TF.decode_trace(TF.encode_trace(cols))
        for name in ("sack_words", "cause", "var_t_ns", "var_id", "var_value"):
            assert np.array_equal(out[name], cols[name]), name


def test_round_trip_of_an_empty_trace() -> None:
    cols = empty_columns()
    out = TF.decode_trace(TF.encode_trace(cols))
    assert_same_columns(out, cols)
    assert all(len(a) == 0 for a in out.values())


def test_round_trip_of_extreme_values() -> None:
    # wrapping deltas: max/min of every width, in a mixed flow/kind order
    cols = empty_columns()
    rng = np.random.default_rng(7)
    for name, dt in TF.DTYPES.items():
        info = np.iinfo(dt)
        cols[name] = np.array([info.max, info.min, info.max, 0, 1, info.max], dtype=dt)
    cols["kind"] = rng.integers(0, 14, 6).astype(np.uint8)
    cols["flow"] = rng.integers(0, 3, 6).astype(np.uint16)
    assert_same_columns(TF.decode_trace(TF.encode_trace(cols)), cols)


def test_side_tables_are_never_grouped_even_at_event_length() -> None:
    # sack_words and the var_* table have their own rows: grouping them by the
    # events' (flow, kind) would be meaningless, even when their lengths agree
    n = 64
    rng = np.random.default_rng(3)
    cols = {name: rng.integers(0, 50, n).astype(dt) for name, dt in TF.DTYPES.items()}
    cols["t_ns"] = np.sort(cols["t_ns"])
    cols["var_t_ns"] = np.sort(cols["var_t_ns"])
    cols["kind"] = rng.integers(0, 3, n).astype(np.uint8)
    cols["flow"] = rng.integers(0, 2, n).astype(np.uint16)
    blob = TF.encode_trace(cols)
    sizes = TF.column_sizes(blob)
    for name in ("sack_words", "var_t_ns", "var_flow", "var_id", "var_value"):
        assert sizes[name]["items"] == n and sizes[name]["transform"] & 3 == 0, name
    assert_same_columns(TF.decode_trace(blob), cols)


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
GROUPED_BY_FLOW_KIND = 2


def test_traces_stored_before_trace_v2_still_decode_and_describe() -> None:
    blob = LEGACY_BLOB.read_bytes()
    assert TF.column_sizes(blob)["seq"]["transform"] & 3 == GROUPED_BY_FLOW_KIND  # exercises the grouping
    cols = TF.decode_trace(blob)
    assert sorted(cols) == sorted(LEGACY_SHA256)  # no cause, no var_*
    for name, digest in LEGACY_SHA256.items():
        le = cols[name].astype(cols[name].dtype.newbyteorder("<")).tobytes()
        assert hashlib.sha256(le).hexdigest()[:16] == digest, name
    evs = TF.describe_events(cols, np.arange(len(cols["t_ns"])))
    kinds = [e["kind"] for e in evs]
    assert len(evs) == 57 and kinds.count("send") == 10 and kinds.count("drop") == 2 and kinds.count("probe") == 1
    # every field of its kind but the ones trace v2 added: no cause, no stage
    for ev in evs:
        fields = tuple(f for f in TF.EVENT_FIELDS[ev["kind"]] if not f.optional)
        assert not _conforms(ev, fields), ev
    assert [e["sack"] for e in evs if e["kind"] == "ack_recv"][9] == [[9 * 1448, 10 * 1448]]
    # the same run today describes alike, plus the causes and stages, and one
    # event more: the RTO restarted when early retransmit resends the head,
    # segment 9, at 100 ms (100 + 1000 ms), as Linux 3.17's TLP sender does
    # (src/timers/tmr_tlp.c, tcp_xmit_retransmit_queue())
    now = columns_of(ten_segments(tail_loss=2))
    today = TF.describe_events(now, np.arange(len(now["t_ns"])))
    (restart,) = [i for i, e in enumerate(today) if e["kind"] == "timer_armed" and today[i - 1]["kind"] == "retransmit"]
    assert today[restart - 1]["seq"] == 8 * 1448 and today[restart]["expires_ns"] == 1_100_000_000
    del today[restart]
    # the RTO cancelled when everything is ACKed is that restarted one (it was due at 1,080 ms)
    (cancel,) = [i for i, e in enumerate(evs) if e["kind"] == "timer_cancelled"][-1:]
    assert evs[cancel]["expires_ns"] == 1_080_000_000 and today[cancel]["expires_ns"] == 1_100_000_000
    for e in (evs[cancel], today[cancel]):
        e["seq"] = e["expires_ns"] = 0
    assert [{k: e[k] for k in old} for old, e in zip(evs, today, strict=True)] == evs


def test_big_endian_input_decodes_to_the_same_values(tail2) -> None:
    swapped = {k: v.astype(v.dtype.newbyteorder(">")) for k, v in tail2.items()}
    out = TF.decode_trace(TF.encode_trace(swapped))
    for k in tail2:
        assert np.array_equal(out[k], tail2[k])
    assert TF.encode_trace(swapped) == TF.encode_trace(tail2)  # stored little-endian either way


def test_each_candidates_bytes_are_what_its_transform_gives(web, bulk, tail2) -> None:
    # the encoder builds every candidate transform's bytes from shared
    # intermediates (_transformed); each must equal the transform applied on
    # its own (_apply), or a column could be stored under the wrong code
    swapped = {k: v.astype(v.dtype.newbyteorder(">")) for k, v in tail2.items()}
    for cols in (web, bulk, tail2, swapped):
        groups = TF._all_groupings(cols)
        for name, arr in cols.items():
            candidates = TF._transformed(name, arr, groups)
            assert sorted(candidates) == TF._candidates(name, arr, groups), name
            for t, data in candidates.items():
                assert data == TF._apply(arr, t, groups), (name, t)


def test_long_columns_are_probed_on_their_head_and_stored_at_the_large_level(web, monkeypatch) -> None:
    # a column longer than PROBE_ITEMS chooses its transform on its first
    # PROBE_ITEMS items (grouped by the first PROBE_ITEMS events), and one whose
    # bytes exceed LARGE_COLUMN_BYTES is stored at LARGE_LEVEL; the web trace
    # (11,976 events) with both bounds lowered stands in for a long run
    probed: list[int] = []
    choose = TF._choose

    def spy(name, arr, groups, probe):  # type: ignore[no-untyped-def]
        probed.append(len(arr))
        return choose(name, arr, groups, probe)

    levels: list[int] = []
    compressor = TF.zstandard.ZstdCompressor

    def recording(*, level: int, **kw):  # type: ignore[no-untyped-def]
        levels.append(level)
        return compressor(level=level, **kw)

    monkeypatch.setattr(TF, "_choose", spy)
    monkeypatch.setattr(TF.zstandard, "ZstdCompressor", recording)
    monkeypatch.setattr(TF, "PROBE_ITEMS", 1000)
    monkeypatch.setattr(TF, "LARGE_COLUMN_BYTES", 20_000)
    blob = TF.encode_trace(web)
    assert max(probed) == 1000 and len(web["t_ns"]) > 1000
    # the probe's level, the small columns' 19 and the large ones' 9 (t_ns: 8 x 11,976 bytes)
    assert sorted(set(levels)) == sorted({TF._PROBE_LEVEL, TF.ZSTD_LEVEL, TF.LARGE_LEVEL})
    # a transform chosen on the head (and its grouping) still decodes the whole column exactly
    assert_same_columns(TF.decode_trace(blob), web)
    assert TF.encode_trace(web) == blob


def test_encoding_is_deterministic(web) -> None:
    reordered = {k: web[k].copy() for k in reversed(list(web))}
    assert TF.encode_trace(web) == TF.encode_trace(web)
    assert TF.encode_trace(reordered) == TF.encode_trace(web)  # column order does not matter


def test_header_names_columns_and_sizes(bulk) -> None:
    blob = TF.encode_trace(bulk)
    assert blob[:4] == TF.MAGIC
    sizes = TF.column_sizes(blob)
    assert sorted(sizes) == sorted(bulk)
    assert sizes["t_ns"]["items"] == len(bulk["t_ns"]) and sizes["seq"]["raw_bytes"] == 8 * len(bulk["seq"])
    assert sizes["var_value"]["items"] == len(bulk["var_value"])
    # header + frames is the whole blob, and far smaller than the 47 bytes/event raw
    assert sum(s["compressed_bytes"] for s in sizes.values()) < len(blob)
    assert len(blob) / len(bulk["t_ns"]) < 5


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
def test_corrupt_blobs_are_rejected(mutate, tail2) -> None:
    with pytest.raises(ValueError):
        TF.decode_trace(mutate(TF.encode_trace(tail2)))
