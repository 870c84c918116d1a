"""The CPython binding (python/_rexsim.c) and what rides on it: zero-copy
read-only trace columns that outlive the Result wrapper, runs from several
threads at once (the GIL is released while simulating), the event and time
budgets, the trace modes, the parameter catalogue and the JSON Schema built
from it."""

from __future__ import annotations

import collections
import gc
import threading

import jsonschema
import numpy as np
import pytest
import rexsim
from rexsim import _rexsim
from rexsim import tracefile as TF
from rexsim.result import KIND
from simhelpers import columns_bytes

SAMPLED_KINDS = ("retransmit", "probe", "drop", "timer_fired", "state", "syn", "app")


def small_lossy() -> dict:
    return rexsim.preset_scenario("web-objects", "TLP")


# ------------------------------------------------------------------ zero copy
def test_columns_are_read_only_zero_copy_views():
    res = rexsim.run(small_lossy())
    assert len(res.trace) > 1000
    for name, arr in res.trace.columns.items():
        # the base chain ends in the engine's Column object, not a copy
        base = arr
        while isinstance(base, np.ndarray) and base.base is not None:
            base = base.base
        assert isinstance(base, _rexsim.Column), (name, type(base))
        assert len(base) == arr.shape[0], name
        assert not arr.flags.writeable, name
        assert not arr.flags.owndata, name
        with pytest.raises(ValueError):
            arr[...] = 0
        with pytest.raises(ValueError):
            arr.setflags(write=True)
        mv = memoryview(base)
        assert mv.readonly and mv.itemsize == arr.itemsize
    # two independent views of a column share one buffer: no copy was made
    raw = res._raw
    a = np.frombuffer(raw.columns()["seq"], dtype=np.uint64)
    b = np.frombuffer(raw.columns()["seq"], dtype=np.uint64)
    assert a.ctypes.data == b.ctypes.data == res.trace.seq.ctypes.data
    # and every event column has the trace's length (sack_words, var_* and spurious_words are side tables)
    n = raw.n_trace
    assert all(res.trace.columns[k].shape[0] == n for k in rexsim.result.EVENT_COLUMNS)
    # the side tables are the dtypes' columns that are not event columns (test_tracefile names them)
    assert set(res.trace.columns) - set(rexsim.result.EVENT_COLUMNS) == set(TF.DTYPES) - set(TF.EVENT_COLUMNS)


def test_column_memory_outlives_the_result_wrapper():
    res = rexsim.run(small_lossy())
    t_ns, seq, sack = res.trace.t_ns, res.trace.seq, res.trace.sack_words
    expect = (t_ns.copy(), seq.copy(), sack.copy())
    ptr = t_ns.ctypes.data
    del res
    gc.collect()
    # churn the allocator: if the engine's memory had been freed, these runs
    # would reuse and overwrite it
    for _ in range(5):
        junk = rexsim.run(small_lossy())
        junk.trace.t_ns.sum()
        del junk
    gc.collect()
    assert t_ns.ctypes.data == ptr
    assert np.array_equal(t_ns, expect[0])
    assert np.array_equal(seq, expect[1])
    assert np.array_equal(sack, expect[2])


def test_empty_trace_columns_are_valid_arrays():
    res = rexsim.run({**small_lossy(), "trace": "none"})
    assert len(res.trace) == 0
    for name, arr in res.trace.columns.items():
        assert arr.shape == (0,), name
        assert arr.dtype == rexsim.result._DTYPES[name]


# ------------------------------------------------------------------ threads
def test_runs_in_parallel_threads_give_identical_results():
    sc = rexsim.preset_scenario("realistic-tail-loss", "TLPR")  # ~250k events
    ref = rexsim.run(sc)
    ref_cols, ref_metrics = columns_bytes(ref), [f.metrics for f in ref.flows]
    results, errors = [None] * 4, []
    barrier = threading.Barrier(4)

    def work(k):
        try:
            barrier.wait()
            out = []
            for _ in range(2):
                r = rexsim.run(sc)
                out.append((columns_bytes(r), [f.metrics for f in r.flows], r.summary()))
            results[k] = out
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    for k, out in enumerate(results):
        assert out is not None, k
        for cols, metrics, summary in out:
            assert metrics == ref_metrics, k
            assert summary == ref.summary(), k
            assert cols == ref_cols, k


# ------------------------------------------------------------------ budgets
def test_max_events_budget_truncates():
    sc = {**small_lossy(), "max_events": 1000}
    res = rexsim.run(sc)
    assert res.truncated is True
    assert res.truncated_reason == "max_events"
    assert res.events == 1000  # stops exactly at the budget
    assert res.invariant_violations == 0
    assert not all(f.metrics["completed"] for f in res.flows)
    assert res.summary()["truncated_reason"] == "max_events"


def test_duration_budget_truncates_a_long_bulk_flow():
    sc = {
        "duration_s": 2,
        "path": {"forward": {"rate_bps": 10e6, "delay_ms": 10}, "reverse": {"rate_bps": 10e6, "delay_ms": 10}},
        "flows": [{"app": {"kind": "bulk", "duration_s": 600}}],
    }
    res = rexsim.run(sc)
    assert res.truncated is True
    assert res.truncated_reason == "duration_s"
    assert res.sim_end_ns <= 2_000_000_000
    assert int(res.trace.t_ns.max()) <= 2_000_000_000
    m = res.flows[0].metrics
    assert m["completed"] is False and m["fct_ms"] is None
    # 2 s at 10 Mbps: about 2.5 MB can have been delivered, and some was
    assert 0 < m["bytes_delivered"] <= 2 * 10e6 / 8


def test_idle_timers_past_the_budget_are_not_a_truncation():
    # the flow completes at ~60 ms; its leftover timer entries lie beyond 0.5 s
    res = rexsim.run({"duration_s": 0.5, "flows": [{"app": {"kind": "fixed", "segments": 3}}]})
    assert res.flows[0].metrics["completed"]
    assert res.truncated is False and res.truncated_reason is None


# ------------------------------------------------------------------ trace modes
def test_trace_modes_sampled_and_none():
    sc = {**small_lossy(), "sample_ms": 20}
    full = rexsim.run({**sc, "trace": "full"})
    sampled = rexsim.run({**sc, "trace": "sampled"})
    none = rexsim.run({**sc, "trace": "none"})
    cf = collections.Counter(full.trace.kind_names())
    cs = collections.Counter(sampled.trace.kind_names())
    # every recovery-explaining event of the full trace is kept, one for one
    for kind in SAMPLED_KINDS:
        assert cs[kind] == cf[kind], kind
    assert cf["retransmit"] > 0 and cf["drop"] > 0 and cf["timer_fired"] > 0 and cf["probe"] > 0
    # the full trace has no samples; the sampled one nothing but the kept
    # kinds and its samples
    assert cf["sample"] == 0 and cs["sample"] > 0
    assert set(cs) <= set(SAMPLED_KINDS) | {"sample"}
    # at most one sample per flow every sample_ms
    n_ticks = sampled.sim_end_ns // 20_000_000 + 1
    assert cs["sample"] <= len(sc["flows"]) * n_ticks
    # sends, deliveries, ACKs and timer arming dominate a full trace
    assert len(sampled.trace) * 4 < len(full.trace), (len(sampled.trace), len(full.trace))
    # 'none' records nothing, and no mode changes the simulation itself
    assert len(none.trace) == 0 and none.summary()["trace_events"] == 0
    for other in (sampled, none):
        assert [f.metrics for f in other.flows] == [f.metrics for f in full.flows]
        assert other.events == full.events
        assert other.invariant_violations == 0

    # the kept events are the same events (time, flow, kind, seq), in order
    def kept(r):
        m = np.isin(r.trace.kind, [KIND[k] for k in SAMPLED_KINDS])
        return [
            (int(a), int(b), int(c), int(d))
            for a, b, c, d in zip(r.trace.t_ns[m], r.trace.flow[m], r.trace.kind[m], r.trace.seq[m], strict=False)
        ]

    assert kept(sampled) == kept(full)


# ------------------------------------------------------------------ catalogue
def _nest(section: str, key: str, value, sc: dict) -> None:
    parts = key.split(".")

    def put(node: dict):
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = value

    if section == "scenario":
        put(sc)
    elif section in ("direction", "loss"):
        for d in ("forward", "reverse"):
            node = sc.setdefault("path", {}).setdefault(d, {})
            put(node.setdefault("loss", {}) if section == "loss" else node)
    elif section == "rule":
        for d in ("forward", "reverse"):
            rules = sc.setdefault("path", {}).setdefault(d, {}).setdefault("loss", {}).setdefault("rules", [{}])
            put(rules[0])
    elif section == "schedule_row":  # a one-row table, read by a listed schedule stage
        for d in ("forward", "reverse"):
            node = sc.setdefault("path", {}).setdefault(d, {})
            node["stages"] = [{"kind": "schedule"}]
            put(node.setdefault("schedule", [{}])[0])
    else:
        put(sc.setdefault("flows", [{}])[0])


def default_scenario() -> dict:
    """Every catalogue parameter set explicitly to its default."""
    sc: dict = {}
    for p in rexsim.catalog()["parameters"]:
        _nest(p["section"], p["key"], p["default"], sc)
    return sc


def test_catalog_describes_every_parameter():
    cat = rexsim.catalog()
    params = cat["parameters"]
    assert len(params) >= 50
    keys = [(p["section"], p["key"]) for p in params]
    assert len(keys) == len(set(keys))
    for p in params:
        for field in ("section", "key", "path", "type", "unit", "default", "min", "max", "choices", "doc"):
            assert field in p, (p["key"], field)
        assert p["type"] in ("int", "float", "bool", "enum", "set"), p
        assert isinstance(p["unit"], str)
        assert isinstance(p["doc"], str) and len(p["doc"]) > 10, p["key"]
        assert isinstance(p["min"], float) and isinstance(p["max"], float)
        if p["type"] in ("int", "float"):
            assert p["min"] <= p["default"] <= p["max"], p
            assert p["choices"] is None
        if p["type"] == "int":
            assert isinstance(p["default"], int) and not isinstance(p["default"], bool)
        if p["type"] == "bool":
            assert isinstance(p["default"], bool)
        if p["type"] == "enum":
            assert p["choices"] and p["default"] in p["choices"], p
        if p["type"] == "set":  # min/max: how many names; the default a subset of the choices
            assert isinstance(p["choices"], list) and set(p["default"]) <= set(p["choices"]), p
            assert 0 <= p["min"] <= len(p["default"]) <= p["max"], p
    # the mechanisms behind the registry enums are documented too
    names = {p["key"]: p["choices"] for p in params}
    for kind, key in (("cc", "tcp.cc"), ("timer", "tcp.timer"), ("recovery", "tcp.recovery")):
        mech = cat["mechanisms"][kind]
        assert [m["name"] for m in mech] == names[key]
        assert all(m["doc"] for m in mech)
    assert set(rexsim.result.EVENT_KINDS) >= set(KIND) and cat["limits"]["max_flows"] == 64


def test_every_default_validates():
    sc = default_scenario()
    res = rexsim.run(sc)
    assert res.invariant_violations == 0
    # the explicit defaults are exactly what an empty scenario gets
    assert res.summary() == rexsim.run({}).summary()
    assert columns_bytes(res) == columns_bytes(rexsim.run({}))


def _bound_cases():
    out = []
    for p in rexsim.catalog()["parameters"]:
        if p["type"] in ("int", "float"):
            for which in ("min", "max"):
                v = p[which]
                out.append((p["section"], p["key"], int(v) if p["type"] == "int" else v, which))
    return out


@pytest.mark.parametrize("section,key,value,which", _bound_cases(), ids=[f"{c[1]}={c[3]}" for c in _bound_cases()])
def test_every_catalog_bound_is_accepted(section, key, value, which):
    """Both ends of every published range are valid values.  A tiny time
    budget and no trace keep even extreme values cheap; cross-field rules
    are satisfied where a bound needs a partner (rwnd >= mss, a rule's flow
    index below the number of flows)."""
    sc: dict = {"duration_s": 0.001, "trace": "none"}
    _nest(section, key, value, sc)
    if key == "receiver.rwnd_bytes" and value < 1448:
        sc["flows"][0].setdefault("tcp", {})["mss"] = int(value)
    if section == "rule" and key == "flow":
        sc["flows"] = [{}] * (int(value) + 1)
    res = rexsim.run(sc)
    assert res.invariant_violations == 0


# ------------------------------------------------------------------ JSON Schema
def test_schema_is_valid_draft_2020_12_and_accepts_defaults_and_presets():
    schema = rexsim.scenario_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    v.validate({})
    v.validate(default_scenario())
    n = 0
    for name, preset in rexsim.presets().items():
        v.validate(preset["scenario"])
        for variant in preset["variants"]:
            v.validate(rexsim.preset_scenario(name, variant))
            n += 1
    assert n >= 16
    # and it is not vacuous
    assert not v.is_valid({"flows": [{"tcp": {"mss": 20}}]})
    assert not v.is_valid({"flows": [{"tcp": {"nope": 1}}]})


def test_samples_are_bounded_and_never_beyond_the_time_reached():
    """Regression (fuzz/crashes/sampled-trace-after-sim-end): a stalled flow
    (its SYN dropped, initial RTO 1 s) under a 0.95 s budget is sampled every
    100 ms; sim_end_ns is the time reached, so every sample lies within it.
    With a budget of 3, sampling stops after 3 samples and says so."""
    sc = {
        "duration_s": 0.95,
        "trace": "sampled",
        "sample_ms": 100,
        "path": {"forward": {"loss": {"model": "positioned", "rules": [{"segment": 0}]}}},
    }
    r = rexsim.run(sc)
    t = r.trace.t_ns
    assert r.samples == 10 and len(t) > 0 and int(t.max()) <= r.sim_end_ns == 900_000_000
    assert r.events == rexsim.run({**sc, "trace": "full"}).events  # samples are not simulation events
    capped = rexsim.run({**sc, "max_events": 3})
    assert capped.samples == 3 and capped.trace_truncated is True
