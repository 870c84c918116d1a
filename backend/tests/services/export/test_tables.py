"""Tests of app.services.export.tables: the whole trace as CSV and as JSON."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np
import pytest
import rexsim
from rexsim import tracefile as TF

from app.services.export import tables

#: a trace stored before trace v2 (no cause column, no var_* table), kept with the engine's codec tests
LEGACY_BLOB = Path(__file__).parents[4] / "sim-engine" / "tests" / "python" / "data" / "trace-v1-before-causes.rxtr"


@pytest.fixture(scope="module")
def tail() -> tuple[dict[str, np.ndarray], rexsim.Trace]:
    r = rexsim.run(rexsim.preset_scenario("tail-loss-n-degree", "TLP"))
    return {k: v.copy() for k, v in r.trace.columns.items()}, r.trace


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_is_one_described_row_per_event(tail) -> None:
    cols, trace = tail
    rows = rows_of(tables.to_csv(cols))
    assert tuple(rows[0]) == TF.CSV_FIELDS and len(rows) == len(trace)
    for row, ev in zip(rows, trace, strict=True):
        # every field of the event in its cell, the others empty
        assert {k for k, v in row.items() if v != ""} == {k for k, v in ev.items() if v not in (None, [])}
        assert row["kind"] == ev["kind"] and int(row["t_ns"]) == ev["t_ns"]
    assert {r["cause"] for r in rows if r["kind"] == "probe"} == {"probe"}  # TLP probes the tail loss


def test_csv_of_an_empty_trace() -> None:
    empty = {name: np.zeros(0, dtype=dt) for name, dt in TF.DTYPES.items()}
    assert tables.to_csv(empty) == ",".join(TF.CSV_FIELDS) + "\n"


def test_json_resolves_kind_and_state(tail) -> None:
    cols, trace = tail
    out = tables.to_json(cols)
    assert json.loads(json.dumps(out)) == out
    c = out["columns"]
    assert sorted(c) == sorted(cols)
    assert c["kind"][0] == "syn" and c["state"][0] == "open"  # the run opens with the SYN
    assert c["kind"] == trace.kind_names()
    assert c["t_ns"] == cols["t_ns"].tolist()
    assert c["sack_words"] == cols["sack_words"].tolist()


def test_traces_stored_before_trace_v2_export_without_causes() -> None:
    cols = TF.decode_trace(LEGACY_BLOB.read_bytes())
    rows = rows_of(tables.to_csv(cols))
    assert len(rows) == 57 and all(r["cause"] == r["stage"] == "" for r in rows)
    assert [r["stage"] for r in rows if r["kind"] == "drop"] == ["", ""]
    out = tables.to_json(cols)["columns"]
    assert "cause" not in out and out["kind"] == [r["kind"] for r in rows]
