"""Invalid scenarios: rexsim.run raises rexsim.ScenarioError (a ValueError)
whose .path names the offending field and whose message states the limit,
before anything is simulated, and leaves nothing behind.

Two sets of cases: hand-written ones (types, ranges, NaN, unknown keys at
every depth, enums, list-length limits, cross-field rules), and cases made
from the catalogue itself (every parameter just outside its range, of a wrong
type, or an unknown choice), so that the published limits and the enforced
ones cannot drift apart.
"""

from __future__ import annotations

import copy
import math

import jsonschema
import pytest
import rexsim
from simhelpers import columns_bytes


def F(**flow):
    """A one-flow scenario whose flow has the given sections."""
    return {"flows": [{"app": {"kind": "fixed", "segments": 2}, **flow}]}


# (id, scenario, expected .path, fragments the message must contain,
#  whether JSON Schema can express the rule)
CASES = [
    # wrong types
    ("seed-string", {"seed": "x"}, "seed", ["integer", "0", "9007199254740991"], True),
    ("seed-bool", {"seed": True}, "seed", ["integer", "9007199254740991"], True),
    ("iw-fractional", F(tcp={"iw": 2.5}), "flows[0].tcp.iw", ["integer", "1", "1000", "2.5"], True),
    ("sack-int", F(tcp={"sack": 1}), "flows[0].tcp.sack", ["true or false"], True),
    ("flows-not-list", {"flows": {}}, "flows", ["list"], True),
    ("loss-not-object", {"path": {"forward": {"loss": 3}}}, "path.forward.loss", ["object"], True),
    ("flow-not-object", {"flows": [3]}, "flows[0]", ["object"], True),
    (
        "rule-not-object",
        {"path": {"forward": {"loss": {"model": "positioned", "rules": [3]}}}},
        "path.forward.loss.rules[0]",
        ["object"],
        True,
    ),
    # a known section given a non-object: the engine names other sections
    # ("path.forward.loss: must be an object"), so it must name this one too,
    # not call a documented field unknown
    ("tcp-not-object", F(tcp=5), "flows[0].tcp", ["object"], True),
    # out of range
    ("mss-below", F(tcp={"mss": 20}), "flows[0].tcp.mss", ["64", "65495", "got 20"], True),
    ("seed-overflow", {"seed": 2**70}, "seed", ["0", "9007199254740991"], True),
    ("duration-zero", {"duration_s": 0}, "duration_s", ["0.001", "3600", "got 0"], True),
    (
        "loss-p-above-one",
        {"path": {"forward": {"loss": {"model": "bernoulli", "p": 1.5}}}},
        "path.forward.loss.p",
        ["0", "1", "got 1.5"],
        True,
    ),
    ("delack-above", F(receiver={"delack_ms": 501}), "flows[0].receiver.delack_ms", ["0.001", "500", "501"], True),
    # NaN and infinities are not numbers in range (JSON has none: engine only)
    ("duration-nan", {"duration_s": float("nan")}, "duration_s", ["0.001", "3600", "nan"], False),
    ("delay-nan", {"path": {"forward": {"delay_ms": float("nan")}}}, "path.forward.delay_ms", ["10000", "nan"], False),
    (
        "rate-inf",
        {"path": {"reverse": {"rate_bps": float("inf")}}},
        "path.reverse.rate_bps",
        ["100000000000", "inf"],
        False,
    ),
    ("iw-nan", F(tcp={"iw": float("nan")}), "flows[0].tcp.iw", ["integer", "1000"], False),
    # unknown keys at every depth
    ("unknown-top", {"foo": 1}, "foo", ["not a known field"], True),
    (
        "unknown-path-direction",
        {"path": {"sideways": {}}},
        "path.sideways",
        ["not a known field", "forward", "reverse"],
        True,
    ),
    ("unknown-direction-key", {"path": {"forward": {"foo": 1}}}, "path.forward.foo", ["not a known field"], True),
    (
        "unknown-loss-key",
        {"path": {"reverse": {"loss": {"foo": 1}}}},
        "path.reverse.loss.foo",
        ["not a known field"],
        True,
    ),
    (
        "unknown-rule-key",
        {"path": {"forward": {"loss": {"model": "positioned", "rules": [{}, {"foo": 1}]}}}},
        "path.forward.loss.rules[1].foo",
        ["not a known field"],
        True,
    ),
    ("unknown-flow-key", {"flows": [{}, {"foo": 1}]}, "flows[1].foo", ["not a known field"], True),
    ("unknown-app-key", {"flows": [{"app": {"foo": 1}}]}, "flows[0].app.foo", ["not a known field"], True),
    ("unknown-tcp-key", F(tcp={"rto": 1}), "flows[0].tcp.rto", ["not a known field"], True),
    # enums name their choices
    (
        "bad-timer",
        F(tcp={"timer": "fast"}),
        "flows[0].tcp.timer",
        ["'rto'", "'rtor'", "'tlp'", "'tlpr'", "'tlp_rfc8985'"],
        True,
    ),
    (
        "bad-loss-model",
        {"path": {"forward": {"loss": {"model": "burst"}}}},
        "path.forward.loss.model",
        ["'none'", "'positioned'", "'tail'", "'bernoulli'", "'gilbert_elliott'"],
        True,
    ),
    ("enum-as-index", F(receiver={"ack_policy": 1}), "flows[0].receiver.ack_policy", ["'quick'", "'delayed'"], True),
    ("bad-cc", F(tcp={"cc": "bbr"}), "flows[0].tcp.cc", ["'reno'", "'cubic'"], True),
    # list-length limits (catalogue limits: 64 flows, 256 rules, 512 sizes)
    ("too-many-flows", {"flows": [{}] * 65}, "flows", ["1", "64", "65"], True),
    ("no-flows", {"flows": []}, "flows", ["1", "64", "got 0"], True),
    (
        "too-many-rules",
        {"path": {"forward": {"loss": {"model": "positioned", "rules": [{}] * 257}}}},
        "path.forward.loss.rules",
        ["256", "257"],
        True,
    ),
    (
        "too-many-sizes",
        {"flows": [{"app": {"kind": "requests", "sizes": [1] * 513}}]},
        "flows[0].app.sizes",
        ["512", "513"],
        True,
    ),
    (
        "size-zero",
        {"flows": [{"app": {"kind": "requests", "sizes": [5, 0]}}]},
        "flows[0].app.sizes",
        ["item 1", "1", "1000000000"],
        True,
    ),
    # cross-field rules
    (
        "tail-on-reverse",
        {"path": {"reverse": {"loss": {"model": "tail"}}}},
        "path.reverse.loss.model",
        ["tail", "path.forward"],
        False,
    ),
    (
        "tail-with-bulk",
        {
            "path": {"forward": {"loss": {"model": "tail"}}},
            "flows": [{"app": {"kind": "fixed"}}, {"app": {"kind": "bulk"}}],
        },
        "path.forward.loss.model",
        ["tail", "flows[1].app.kind", "bulk"],
        False,
    ),
    (
        "rule-flow-out-of-range",
        {"path": {"forward": {"loss": {"model": "positioned", "rules": [{"flow": 1}]}}}},
        "path.forward.loss.rules[0].flow",
        ["number of flows", "1", "got 1"],
        False,
    ),
    (
        "rwnd-below-mss",
        F(receiver={"rwnd_bytes": 1000}),
        "flows[0].receiver.rwnd_bytes",
        ["tcp.mss", "1448", "1000"],
        False,
    ),
    (
        "min-rto-above-max",
        F(tcp={"min_rto_ms": 500, "max_rto_ms": 400}),
        "flows[0].tcp.min_rto_ms",
        ["tcp.max_rto_ms", "400", "500"],
        False,
    ),
    ("min-rto-zero", F(tcp={"min_rto_ms": 0}), "flows[0].tcp.min_rto_ms", ["-1", "0.001"], False),
    (
        "link-buffer-without-rate",
        {"path": {"reverse": {"rate_bps": 0, "link_buffer_bytes": 1776}}},
        "path.reverse.link_buffer_bytes",
        ["path.reverse.rate_bps", "at least 1 bps", "got 0"],
        False,
    ),
    # not a scenario at all
    ("scenario-list", [], "scenario", ["object"], True),
    ("scenario-string", "flows", "scenario", ["object"], True),
    ("scenario-none", None, "scenario", ["object"], True),
]


@pytest.mark.parametrize("scenario,path,fragments,schema_ok", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_scenario(scenario, path, fragments, schema_ok):
    before = copy.deepcopy(scenario)
    with pytest.raises(rexsim.ScenarioError) as ei:
        rexsim.run(scenario)
    err = ei.value
    assert isinstance(err, ValueError)
    assert err.path == path, str(err)
    msg = str(err)
    assert msg.startswith(f"{path}: "), msg  # the message leads with the field
    for frag in fragments:
        assert frag in msg, (frag, msg)
    # validation does not touch the caller's dict
    if not (isinstance(scenario, dict) and _has_nan(scenario)):
        assert scenario == before
    if schema_ok:
        # JSON Schema (generated from the same catalogue) rejects it too
        assert not jsonschema.Draft202012Validator(rexsim.scenario_schema()).is_valid(scenario)


def _has_nan(x) -> bool:
    if isinstance(x, float):
        return math.isnan(x)
    if isinstance(x, dict):
        return any(_has_nan(v) for v in x.values())
    if isinstance(x, list):
        return any(_has_nan(v) for v in x)
    return False


def test_at_least_fifteen_cases():
    assert len(CASES) >= 15


# ------------------------------------------------------------------ from the catalogue
def _place(section: str, key: str, value) -> tuple[dict, str]:
    """A scenario setting one parameter, and the path the engine reports."""
    parts = key.split(".")
    leaf: dict = {}
    node = leaf
    for p in parts[:-1]:
        node[p] = {}
        node = node[p]
    node[parts[-1]] = value
    if section == "scenario":
        return leaf, key
    if section == "direction":
        return {"path": {"reverse": leaf}}, f"path.reverse.{key}"
    if section == "loss":
        return {"path": {"forward": {"loss": leaf}}}, f"path.forward.loss.{key}"
    if section == "rule":
        return (
            {"path": {"forward": {"loss": {"model": "positioned", "rules": [leaf]}}}},
            f"path.forward.loss.rules[0].{key}",
        )
    if section == "schedule_row":
        return (
            {"path": {"forward": {"stages": [{"kind": "schedule"}], "schedule": [leaf]}}},
            f"path.forward.schedule[0].{key}",
        )
    return {"flows": [leaf]}, f"flows[0].{key}"


def _catalog_cases():
    out = []
    for p in rexsim.catalog()["parameters"]:
        sec, key, typ = p["section"], p["key"], p["type"]
        lim = [format(p["min"], ".17g"), format(p["max"], ".17g")]
        if typ == "int":
            out.append((f"{key}-below-min", sec, key, int(p["min"]) - 1, lim))
            out.append((f"{key}-above-max", sec, key, int(p["max"]) + 1, lim))
            out.append((f"{key}-string", sec, key, "1", lim))
        elif typ == "float":
            out.append((f"{key}-below-min", sec, key, math.nextafter(p["min"], -math.inf), lim))
            out.append((f"{key}-above-max", sec, key, math.nextafter(p["max"], math.inf), lim))
            out.append((f"{key}-bool", sec, key, False, lim))
        elif typ == "bool":
            out.append((f"{key}-int", sec, key, 1, ["true or false"]))
        elif typ == "set":
            out.append((f"{key}-unknown-name", sec, key, ["no-such-choice"], ["list of names"]))
            out.append((f"{key}-not-a-list", sec, key, "x", ["list of names"]))
        else:
            out.append((f"{key}-unknown-choice", sec, key, "no-such-choice", [f"'{c}'" for c in p["choices"]]))
    return out


CATALOG_CASES = _catalog_cases()


@pytest.mark.parametrize(
    "section,key,value,fragments", [c[1:] for c in CATALOG_CASES], ids=[f"{c[1]}.{c[0]}" for c in CATALOG_CASES]
)
def test_catalog_limit_is_enforced(section, key, value, fragments):
    sc, path = _place(section, key, value)
    with pytest.raises(rexsim.ScenarioError) as ei:
        rexsim.run(sc)
    assert ei.value.path == path, str(ei.value)
    for frag in fragments:
        assert frag in str(ei.value), (frag, str(ei.value))


# ------------------------------------------------------------------ no side effects
def _reference():
    return {
        "seed": 3,
        "duration_s": 10,
        "path": {
            "forward": {"rate_bps": 10e6, "delay_ms": 10, "buffer_pkts": 20, "loss": {"model": "bernoulli", "p": 0.02}},
            "reverse": {"rate_bps": 10e6, "delay_ms": 10},
        },
        "flows": [
            {"app": {"kind": "fixed", "segments": 80}, "tcp": {"timer": "tlpr"}},
            {"app": {"kind": "requests", "sizes": [4000, 9000]}, "start_ms": 5},
        ],
    }


def test_failing_runs_leave_no_side_effects():
    sc = _reference()
    frozen = copy.deepcopy(sc)
    first = rexsim.run(sc)
    cat = copy.deepcopy(rexsim.catalog())
    # failures at every stage: parsing (after valid fields were already read),
    # range checks, cross-field validation
    bad = [
        {**sc, "zzz": 1},
        {**sc, "flows": sc["flows"] + [{"tcp": {"mss": 1}}]},
        {**sc, "path": {"forward": {"loss": {"model": "tail"}}}, "flows": [{"app": {"kind": "bulk"}}]},
        {**sc, "flows": [{"receiver": {"rwnd_bytes": 100}}] * 3},
        {**sc, "duration_s": float("nan")},
    ]
    for b in bad:
        with pytest.raises(rexsim.ScenarioError):
            rexsim.run(b)
    second = rexsim.run(sc)
    assert sc == frozen  # run() never mutates its argument
    assert [f.metrics for f in second.flows] == [f.metrics for f in first.flows]
    assert second.summary() == first.summary()
    assert columns_bytes(second) == columns_bytes(first)
    assert rexsim.catalog() == cat


def test_every_error_is_reported_at_once():
    """One call names every field that is wrong: what cannot be read (wrong
    type, unknown key, unknown choice) in the scenario's order, then what is
    out of range or contradicts another field."""
    sc = {
        "seed": -1,
        "zzz": 1,
        "path": {"forward": {"loss": {"model": "bernoulli", "p": 2}}},
        "flows": [{"tcp": {"mss": 10, "cc": "bbr", "sack": 1}, "receiver": {"rwnd_bytes": 50}}],
    }
    with pytest.raises(rexsim.ScenarioError) as ei:
        rexsim.normalize(sc)
    err = ei.value
    assert [e["path"] for e in err.errors] == [
        "zzz",
        "flows[0].tcp.cc",
        "flows[0].tcp.sack",
        "seed",
        "path.forward.loss.p",
        "flows[0].tcp.mss",
        "flows[0].receiver.rwnd_bytes",
    ]
    assert (err.path, err.detail) == (err.errors[0]["path"], err.errors[0]["detail"])
    assert str(err).startswith("zzz: ") and str(err).endswith("(and 6 more)")


def test_errors_past_the_cap_are_counted():
    """At most 16 errors are listed; the message counts every one."""
    sc = {"flows": [{"tcp": {f"k{i}": 1 for i in range(40)}}]}
    with pytest.raises(rexsim.ScenarioError) as ei:
        rexsim.normalize(sc)
    assert len(ei.value.errors) == 16
    assert str(ei.value).endswith("(and 39 more)")
