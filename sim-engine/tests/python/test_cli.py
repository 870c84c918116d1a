"""The command line: python -m rexsim {run FILE [--trace OUT] | catalog |
presets [NAME] | schema | reference}.  Exit code 0 with JSON on stdout, 2 with a message
on stderr for bad input."""

from __future__ import annotations

import csv
import json
import subprocess
import sys

import pytest
import rexsim

SCENARIO = {
    "seed": 1,
    "duration_s": 60,
    "path": {
        "forward": {"rate_bps": 0, "delay_ms": 40, "loss": {"model": "tail", "count": 1}},
        "reverse": {"rate_bps": 0, "delay_ms": 40},
    },
    "flows": [
        {
            "app": {"kind": "fixed", "segments": 10},
            "tcp": {"timer": "rtor"},
            "receiver": {"ack_policy": "delayed", "delack_ms": 200},
        }
    ],
}


def cli(*args, stdin: str | None = None):
    return subprocess.run(
        [sys.executable, "-m", "rexsim", *map(str, args)], input=stdin, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def scenario_file(tmp_path):
    p = tmp_path / "scenario.json"
    p.write_text(json.dumps(SCENARIO))
    return p


def test_run_prints_json_metrics(scenario_file):
    cp = cli("run", scenario_file)
    assert cp.returncode == 0, cp.stderr
    out = json.loads(cp.stdout)
    res = rexsim.run(SCENARIO)
    assert out == json.loads(json.dumps(res.summary()))
    assert out["flows"][0]["completed"] is True
    assert out["flows"][0]["fct_ms"] == res.flows[0].metrics["fct_ms"]
    assert out["engine_version"] == rexsim.ENGINE_VERSION


def test_run_from_stdin():
    cp = cli("run", "-", stdin=json.dumps(SCENARIO))
    assert cp.returncode == 0, cp.stderr
    assert json.loads(cp.stdout)["flows"][0]["fct_ms"] == rexsim.run(SCENARIO).flows[0].metrics["fct_ms"]


def test_run_writes_trace_csv(scenario_file, tmp_path):
    out = tmp_path / "out.csv"
    cp = cli("run", scenario_file, "--trace", out)
    assert cp.returncode == 0, cp.stderr
    with open(out, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == rexsim.Trace.CSV_FIELDS
    n = json.loads(cp.stdout)["trace_events"]
    assert len(rows) - 1 == n == len(rexsim.run(SCENARIO).trace)
    # the rows are the trace: first event is the SYN at t = 0, kinds resolve
    header = rows[0]
    first = dict(zip(header, rows[1], strict=False))
    assert first["t_ns"] == "0" and first["kind"] == "syn"
    kinds = {dict(zip(header, r, strict=False))["kind"] for r in rows[1:]}
    assert {"send", "drop", "deliver", "ack_sent", "ack_recv", "retransmit"} <= kinds


def test_run_with_preset(tmp_path):
    p = tmp_path / "over.json"
    p.write_text("{}")
    cp = cli("run", p, "--preset", "tail-loss-rtt-sweep", "--variant", "TLPR")
    assert cp.returncode == 0, cp.stderr
    expect = rexsim.run(rexsim.preset_scenario("tail-loss-rtt-sweep", "TLPR"))
    assert json.loads(cp.stdout)["flows"][0]["fct_ms"] == expect.flows[0].metrics["fct_ms"]


def test_catalog_prints_json():
    cp = cli("catalog")
    assert cp.returncode == 0, cp.stderr
    assert json.loads(cp.stdout) == json.loads(json.dumps(rexsim.catalog()))


def test_reference_prints_every_case_with_its_verdict():
    cp = cli("reference")
    assert cp.returncode == 0, cp.stderr
    lines = cp.stdout.splitlines()
    for c in rexsim.catalog()["linux_reference"]["cases"]:
        row = next(line for line in lines if line.startswith(c["id"] + " "))
        assert ("agrees" if c["agrees"] else "differs") in row
        assert ("not modelled yet" in row) == (not c["modelled"])


def test_schema_prints_json():
    cp = cli("schema")
    assert cp.returncode == 0, cp.stderr
    assert json.loads(cp.stdout) == json.loads(json.dumps(rexsim.scenario_schema()))


def test_presets_lists_and_shows():
    cp = cli("presets")
    assert cp.returncode == 0, cp.stderr
    listing = json.loads(cp.stdout)
    assert [p["name"] for p in listing] == list(rexsim.presets())
    for p in listing:
        assert {"title", "section", "figure", "citation", "description"} <= set(p)
    name = listing[0]["name"]
    cp = cli("presets", name)
    assert cp.returncode == 0, cp.stderr
    shown = json.loads(cp.stdout)
    assert shown["name"] == name
    assert shown["scenario"] == json.loads(json.dumps(rexsim.presets()[name]["scenario"]))


def test_unknown_preset_exits_2():
    cp = cli("presets", "no-such-preset")
    assert cp.returncode == 2
    assert "no-such-preset" in cp.stderr


def test_invalid_scenario_exits_2_and_names_the_field(tmp_path):
    bad = json.loads(json.dumps(SCENARIO))
    bad["flows"][0]["tcp"]["mss"] = 20
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad))
    cp = cli("run", p)
    assert cp.returncode == 2
    assert "flows[0].tcp.mss" in cp.stderr and "65495" in cp.stderr
    assert cp.stdout == ""


def test_missing_file_exits_2(tmp_path):
    cp = cli("run", tmp_path / "nope.json")
    assert cp.returncode == 2
    assert "nope.json" in cp.stderr
    assert cp.stdout == ""


def test_malformed_json_exits_2(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{not json")
    cp = cli("run", p)
    assert cp.returncode == 2
    assert "broken.json" in cp.stderr
