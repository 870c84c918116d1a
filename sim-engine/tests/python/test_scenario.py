"""rexsim.scenario: dotted-path overrides and the canonical JSON form."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rexsim import apply_overrides, canonical_json

BASE = {
    "seed": 1,
    "path": {"forward": {"delay_ms": 10, "loss": {"model": "none"}}, "reverse": {"delay_ms": 10}},
    "flows": [{"tcp": {"timer": "rto"}}, {"tcp": {"timer": "rto"}}, {"tcp": {"timer": "rto"}}],
}


def test_plain_and_nested_keys_create_missing_objects():
    out = apply_overrides(BASE, {"seed": 9, "path.forward.loss.p": 0.1, "new.deep.key": 1})
    assert out["seed"] == 9
    assert out["path"]["forward"]["loss"] == {"model": "none", "p": 0.1}
    assert out["new"] == {"deep": {"key": 1}}


def test_star_over_list_items_and_object_keys():
    out = apply_overrides(BASE, {"flows[*].tcp.timer": "tlp", "path.*.delay_ms": 40})
    assert [f["tcp"]["timer"] for f in out["flows"]] == ["tlp"] * 3
    assert out["path"]["forward"]["delay_ms"] == out["path"]["reverse"]["delay_ms"] == 40


def test_index_and_slices():
    out = apply_overrides(BASE, {"flows[1].tcp.timer": "rtor"})
    assert [f["tcp"]["timer"] for f in out["flows"]] == ["rto", "rtor", "rto"]
    out = apply_overrides(BASE, {"flows[0:2].tcp.timer": "tlpr"})
    assert [f["tcp"]["timer"] for f in out["flows"]] == ["tlpr", "tlpr", "rto"]
    out = apply_overrides(BASE, {"flows[1:].tcp.timer": "tlpr", "flows[:1].tcp.cc": "cubic"})
    assert [f["tcp"]["timer"] for f in out["flows"]] == ["rto", "tlpr", "tlpr"]
    assert [f["tcp"].get("cc") for f in out["flows"]] == ["cubic", None, None]
    # a slice is clipped to the list; an explicit index extends it
    out = apply_overrides(BASE, {"flows[2:10].start_ms": 5})
    assert len(out["flows"]) == 3 and out["flows"][2]["start_ms"] == 5
    out = apply_overrides(BASE, {"flows[4].start_ms": 5})
    assert len(out["flows"]) == 5 and out["flows"][3] == {} and out["flows"][4] == {"start_ms": 5}


def test_overrides_copy_and_never_mutate():
    before = copy.deepcopy(BASE)
    value = {"model": "bernoulli", "p": 0.1}
    out = apply_overrides(BASE, {"path.forward.loss": value, "flows[*].app": {"kind": "bulk"}})
    assert BASE == before
    value["p"] = 0.9  # the value was copied in
    assert out["path"]["forward"]["loss"]["p"] == 0.1
    out["flows"][0]["app"]["kind"] = "fixed"  # each target got its own copy
    assert out["flows"][1]["app"]["kind"] == "bulk"


@pytest.mark.parametrize(
    "overrides",
    [
        {"seed.x": 1},  # descending into a non-object
        {"seed[0]": 1},  # indexing a non-list
        {"nothing.*.x": 1},  # '*' over an empty object
    ],
)
def test_bad_override_paths(overrides):
    with pytest.raises(ValueError):
        apply_overrides(BASE, overrides)


def test_canonical_json():
    a = canonical_json({"b": 1, "a": {"d": [1, 2], "c": 0.5}})
    assert a == '{"a":{"c":0.5,"d":[1,2]},"b":1}'
    with pytest.raises(ValueError):
        canonical_json({"p": float("nan")})


JSONISH = st.recursive(
    st.one_of(st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=5), st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=100, deadline=None)
@given(doc=st.dictionaries(st.text(max_size=5), JSONISH, max_size=5))
def test_canonical_json_is_order_independent_and_round_trips(doc):
    shuffled = dict(reversed(list(doc.items())))
    assert canonical_json(doc) == canonical_json(shuffled)
    assert json.loads(canonical_json(doc)) == doc
    assert " " not in canonical_json({k: 1 for k in doc if " " not in k})
