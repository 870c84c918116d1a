"""Mechanism-owned parameters: each member declares its own rows
(tcp.<family>_params.<member>.<key>), the catalogue publishes them, the
scenario tree takes them with errors naming the field and the limit, and the
engine runs with the values given."""

from __future__ import annotations

import pytest
import rexsim

CAT = rexsim.catalog()


def member(family: str, name: str) -> dict:
    return next(m for m in CAT["mechanisms"][family] if m["name"] == name)


def bulk(tcp: dict) -> dict:
    return {
        "seed": 1,
        "duration_s": 5,
        "path": {
            "forward": {"rate_bps": 20e6, "delay_ms": 20, "buffer_pkts": 200},
            "reverse": {"rate_bps": 20e6, "delay_ms": 20},
        },
        "flows": [{"app": {"kind": "bulk", "duration_s": 4}, "tcp": tcp}],
    }


def test_catalogue_lists_each_members_parameters():
    vegas = member("cc", "vegas")
    rows = {p["key"]: p for p in vegas["params"]}
    assert set(rows) == {"alpha", "beta", "gamma"}
    assert rows["alpha"]["path"] == "flows[].tcp.cc_params.vegas.alpha"
    assert rows["alpha"]["default"] == 2 and rows["alpha"]["min"] <= 2 <= rows["alpha"]["max"]
    assert all(p["doc"] for p in rows.values())
    assert member("cc", "reno")["params"] == []


def test_normalize_fills_the_chosen_members_defaults_only():
    n = rexsim.normalize(
        {"flows": [{"tcp": {"cc": "vegas", "cc_params": {"vegas": {"alpha": 3}, "veno": {"beta": 5}}}}]}
    )
    assert n["flows"][0]["tcp"]["cc_params"] == {"vegas": {"alpha": 3, "beta": 4, "gamma": 1}}
    # a normalized scenario normalizes to itself
    assert rexsim.normalize(n) == n
    # the default member without parameters adds nothing
    assert "cc_params" not in rexsim.normalize({})["flows"][0]["tcp"]


@pytest.mark.parametrize(
    "params, path, words",
    [
        ({"vegas": {"alpha": -3}}, "flows[0].tcp.cc_params.vegas.alpha", "between"),
        ({"vegas": {"zeta": 1}}, "flows[0].tcp.cc_params.vegas.zeta", "not a parameter"),
        ({"nosuch": {}}, "flows[0].tcp.cc_params", "unknown cc member"),
        ({"veno": {"beta": "x"}}, "flows[0].tcp.cc_params.veno.beta", "integer"),
        ([1], "flows[0].tcp.cc_params", "must be an object"),
    ],
)
def test_bad_member_parameters_name_the_field(params, path, words):
    with pytest.raises(rexsim.ScenarioError) as e:
        rexsim.normalize({"flows": [{"tcp": {"cc": "vegas", "cc_params": params}}]})
    assert e.value.path == path
    assert words in str(e.value)


def test_the_engine_runs_with_the_given_values():
    """Values given reach the member: other alpha/beta give another run; the defaults spelled out give the same run."""
    base = rexsim.run(bulk({"cc": "vegas"}))
    more = rexsim.run(bulk({"cc": "vegas", "cc_params": {"vegas": {"alpha": 30, "beta": 32}}}))
    same = rexsim.run(bulk({"cc": "vegas", "cc_params": {"vegas": {"alpha": 2, "beta": 4, "gamma": 1}}}))
    assert base.flows[0].metrics == same.flows[0].metrics
    assert base.flows[0].metrics != more.flows[0].metrics


def test_flat_keys_say_which_members_read_them():
    """tcp.rrthresh, tcp.fack, ... name the family members that read them,
    and each names a registered member."""
    applies = {p["path"]: p["applies_to"] for p in CAT["parameters"] if p["applies_to"]}
    assert applies["flows[].tcp.rrthresh"] == {"key": "tcp.timer", "values": ["rtor"], "family": "timer"}
    assert applies["flows[].tcp.fack"]["family"] == "lossdet"
    keys = {f["name"]: f["key"] for f in CAT["families"]}
    for spec in applies.values():
        if spec["family"]:
            names = {m["name"] for m in CAT["mechanisms"][spec["family"]]}
            assert spec["key"] == keys[spec["family"]]
            assert set(spec["values"]) <= names
    assert next(p for p in CAT["parameters"] if p["path"] == "flows[].tcp.mss")["applies_to"] is None


def test_choice_dependent_keys_name_their_discriminator():
    """Loss-model and app-kind fields say which choice reads them (no prose
    to parse), and every value is one of the discriminator's choices."""
    rows = CAT["parameters"] + CAT["containers"]
    by_path = {p["path"]: p for p in rows}
    assert by_path["path.{forward,reverse}.loss.count"]["applies_to"] == {
        "key": "model",
        "values": ["tail"],
        "family": None,
    }
    assert by_path["path.{forward,reverse}.loss.rules"]["applies_to"]["values"] == ["positioned"]
    assert by_path["flows[].app.sizes"]["applies_to"]["values"] == ["requests"]
    for p in rows:
        spec = p["applies_to"]
        if not spec:
            continue
        disc = next(q for q in CAT["parameters"] if q["section"] == p["section"] and q["key"] == spec["key"])
        assert set(spec["values"]) <= set(disc["choices"]), p["path"]


def test_json_schema_takes_member_parameters_from_the_catalogue():
    import jsonschema

    v = jsonschema.Draft202012Validator(rexsim.scenario_schema())
    ok = {
        "flows": [
            {
                "tcp": {
                    "cc": "vegas",
                    "cc_params": {"vegas": {"alpha": 3}},
                    "recovery": "prr",
                    "recovery_params": {"prr": {"variant": "crb"}},
                }
            }
        ]
    }
    assert not list(v.iter_errors(ok))
    assert not list(v.iter_errors(rexsim.normalize(ok)))
    bad = {"flows": [{"tcp": {"cc_params": {"vegas": {"alpha": -1, "zeta": 2}}}}]}
    assert len(list(v.iter_errors(bad))) == 2
