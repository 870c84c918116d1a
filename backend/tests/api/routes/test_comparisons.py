"""POST/GET /comparisons: fan-out, statistics, normalization, CSV, token."""

from __future__ import annotations

import csv
import io
import os

import numpy as np
import rexsim

from app.services import stats
from app.services.comparisons import NUMERIC

from ...stack import _reset_caches, wait_comparison

API = "/api/v1"
PRESET = "tail-loss-n-degree"


def comparison_body(**extra):
    p = rexsim.presets()[PRESET]
    return {
        "base": {"preset": PRESET},
        "variants": p["variants"],
        "baseline": "baseline",
        "grid": {"path.forward.loss.count": [1, 2]},
        "replications": 1,
        **extra,
    }


def test_comparison_fans_out_and_normalizes_to_the_baseline(client, worker):
    r = client.post(f"{API}/comparisons", json=comparison_body())
    assert r.status_code == 202, r.text
    created = r.json()
    assert created["n_runs"] == 2 * 4
    body = wait_comparison(client, created["id"])
    assert body["state"] == "succeeded" and body["progress"] == 1.0
    assert body["counts"]["succeeded"] == 8
    # the variants keep the order they were given in
    assert body["spec"]["variant_order"] == ["baseline", "RTOR", "TLP", "TLPR"]
    assert list(body["cells"][0]["variants"]) == ["baseline", "RTOR", "TLP", "TLPR"]
    cells = {c["params"]["path.forward.loss.count"]: c["variants"] for c in body["cells"]}
    # one tail loss at RTT 80 ms with the paper's Linux settings: baseline RTO
    # 742.97 ms, RTOR 462.97, TLP 360, TLPR 280 (engine tests); normalized to
    # the baseline each is FCT / 742.96875
    one = cells[1]
    assert one["baseline"]["normalized_mean"] == 1.0
    assert one["TLP"]["stats"]["mean"] == 360.0
    assert abs(one["TLP"]["normalized_mean"] - 360.0 / 742.96875) < 1e-12
    assert abs(one["TLPR"]["normalized_mean"] - 280.0 / 742.96875) < 1e-12
    for v in one.values():
        assert v["stats"]["n"] == 1 and len(v["ecdf"]) == 1 and v["ecdf"][0][1] == 1.0
    # every numeric metric is summarized: one probe for TLP, none for the baseline
    assert one["TLP"]["metrics"]["probe_count"]["mean"] == 1.0
    assert one["baseline"]["metrics"]["probe_count"]["mean"] == 0.0
    assert one["baseline"]["metrics"]["rto_count"]["mean"] == 1.0
    csv_text = client.get(f"{API}/comparisons/{created['id']}/export").text.strip().splitlines()
    assert len(csv_text) == 1 + 8 and csv_text[0].startswith("path.forward.loss.count,variant,n,mean")
    # finished: not provisional, n = N, no ETA; the links name both CSVs
    assert body["provisional"] is False and body["finished"] == 8 and body["eta_s"] is None
    assert body["links"] == {
        "runs_csv": f"/api/v1/comparisons/{created['id']}/runs.csv",
        "summary_csv": f"/api/v1/comparisons/{created['id']}/export?format=csv",
    }
    # one run each: no CI of the ratio (n < 2); the paired difference over the one common seed
    tlp = one["TLP"]
    assert tlp["normalized_ci95"] is None and one["baseline"]["paired"] is None
    assert tlp["paired"] == {
        "n": 1,
        "mean_diff": 360.0 - 742.96875,
        "ci95": None,
        "normalized_diff": (360.0 - 742.96875) / 742.96875,
    }


def test_replications_give_confidence_intervals(client, worker):
    body = {
        "base": {
            "scenario": {
                "seed": 1,
                "duration_s": 30,
                "path": {
                    "forward": {"rate_bps": 10e6, "delay_ms": 20, "loss": {"model": "bernoulli", "p": 0.02}},
                    "reverse": {"rate_bps": 10e6, "delay_ms": 20},
                },
                "flows": [{"app": {"kind": "fixed", "segments": 40}}],
            }
        },
        "variants": {"rto": {"flows[*].tcp.timer": "rto"}, "tlp": {"flows[*].tcp.timer": "tlp"}},
        "replications": 6,
    }
    created = client.post(f"{API}/comparisons", json=body).json()
    out = wait_comparison(client, created["id"])
    st = out["cells"][0]["variants"]["tlp"]["stats"]
    assert st["n"] == 6
    lo, hi = st["ci95"]
    assert lo <= st["mean"] <= hi
    assert st["p5"] <= st["median"] <= st["p95"]
    cell = out["cells"][0]["variants"]
    base = cell["rto"]["stats"]
    lo, hi = cell["tlp"]["normalized_ci95"]
    assert lo <= cell["tlp"]["normalized_mean"] <= hi
    assert cell["tlp"]["normalized_ci95"] == stats.ratio_ci95(st, base) and cell["rto"]["normalized_ci95"] is None
    # paired over the six common seeds: the mean of per-seed differences is the difference of the means
    paired = cell["tlp"]["paired"]
    assert paired["n"] == 6 and abs(paired["mean_diff"] - (st["mean"] - base["mean"])) < 1e-9
    assert paired["ci95"][0] <= paired["mean_diff"] <= paired["ci95"][1]
    assert abs(paired["normalized_diff"] - paired["mean_diff"] / base["mean"]) < 1e-12
    # the per-run CSV: one row per (run, flow), seeds and every catalogue metric
    rows = list(csv.DictReader(io.StringIO(client.get(f"{API}/comparisons/{created['id']}/runs.csv").text)))
    assert len(rows) == 12 and list(rows[0])[:10] == [
        "run_index",
        "cell",
        "variant",
        "replication",
        "seed",
        "run_id",
        "state",
        "error",
        "flow",
        "counted",
    ]
    assert list(rows[0])[10:] == sorted(NUMERIC)
    assert {r["counted"] for r in rows} == {"1"}  # no flows, no flow_filter: every flow counts
    # replication-major: run_index 0 and 1 are seed 1 of rto and tlp
    assert [(r["run_index"], r["variant"], r["seed"]) for r in rows[:3]] == [
        ("0", "rto", "1"),
        ("1", "tlp", "1"),
        ("2", "rto", "2"),
    ]
    tlp_fct = sorted(float(r["fct_ms"]) for r in rows if r["variant"] == "tlp")
    assert abs(sum(tlp_fct) / 6 - st["mean"]) < 1e-9 and all(r["state"] == "succeeded" for r in rows)


def test_comparison_limits_and_bad_baseline(client):
    r = client.post(
        f"{API}/comparisons", json=comparison_body(replications=2501, grid={"path.forward.loss.count": [1]})
    )
    msg = r.json()["detail"][0]["msg"]
    assert r.status_code == 422 and "1 x 4 x 2501 = 10,004; the limit is 10,000 runs" in msg
    # every error of the request at once, one per field
    r = client.post(f"{API}/comparisons", json=comparison_body(baseline="nope", metric="nope", replications=2501))
    assert r.status_code == 422
    assert sorted(e["loc"][-1] for e in r.json()["detail"]) == ["baseline", "metric", "replications"]
    r = client.post(f"{API}/comparisons", json=comparison_body(baseline="nope"))
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "baseline"]
    assert client.get(f"{API}/comparisons/00000000-0000-0000-0000-000000000000").status_code == 404


def test_api_token_guards_comparisons_when_configured(services):
    from fastapi.testclient import TestClient

    from app.main import create_app

    os.environ["API_TOKEN"] = "s3cret"
    _reset_caches()
    try:
        with TestClient(create_app()) as c:
            body = comparison_body()
            assert c.post(f"{API}/comparisons", json=body).status_code == 401
            assert c.post(f"{API}/comparisons", json=body, headers={"Authorization": "Bearer wrong"}).status_code == 401
            r = c.post(f"{API}/comparisons", json=body, headers={"Authorization": "Bearer s3cret"})
            assert r.status_code == 202
            # cancelling one needs the token too
            assert c.post(f"{API}/comparisons/{r.json()['id']}/cancel").status_code == 401
            ok = c.post(f"{API}/comparisons/{r.json()['id']}/cancel", headers={"Authorization": "Bearer s3cret"})
            assert ok.status_code == 200
    finally:
        os.environ.pop("API_TOKEN")
        _reset_caches()


def test_numeric_metrics_come_from_the_engines_metrics_table():
    from app.services.comparisons import NUMERIC

    table = rexsim.catalog()["metrics"]
    assert {m["name"] for m in table if m["type"] in ("int", "float")} == NUMERIC
    assert "fct_ms" in NUMERIC and "probe_count" in NUMERIC
    assert "completed" not in NUMERIC  # a bool: not averaged


def test_unknown_metric_lists_the_catalogue_ones(client):
    r = client.post(f"{API}/comparisons", json=comparison_body(metric="nope"))
    assert r.status_code == 422
    msg = r.json()["detail"][0]["msg"]
    assert "fct_ms" in msg and "request_ms" in msg and "goodput_bps" in msg


def test_the_limit_is_configurable(services):
    from fastapi.testclient import TestClient

    from app.main import create_app

    os.environ["MAX_COMPARISON_RUNS"] = "20000"
    _reset_caches()
    try:
        with TestClient(create_app()) as c:
            body = comparison_body(replications=2501, grid={"path.forward.loss.count": [1]})
            r = c.post(f"{API}/comparisons", json=body)
            assert r.status_code == 202 and r.json()["n_runs"] == 10_004
            assert c.post(f"{API}/comparisons/{r.json()['id']}/cancel").json()["state"] == "cancelled"
    finally:
        os.environ.pop("MAX_COMPARISON_RUNS")
        _reset_caches()


def test_a_sweeps_run_has_its_trace_rebuilt_identical_to_a_stored_one(client, worker):
    """A comparison's cheap run stores no trace (trace_on_demand); opening it
    runs the engine again, which gives exactly the trace of the same run
    stored by a single-run request."""
    body = comparison_body(grid={}, replications=1, variants={"TLP": {"flows[*].tcp.timer": "tlp"}}, baseline="TLP")
    body["base"] = {"preset": PRESET, "overrides": {"seed": 424242}}
    out = wait_comparison(client, client.post(f"{API}/comparisons", json=body).json()["id"])
    rid = out["cells"][0]["variants"]["TLP"]["runs"][0]
    run = client.get(f"{API}/runs/{rid}").json()
    assert run["summary"]["trace_on_demand"] is True and "trace_bytes" not in run["summary"]
    rebuilt = client.get(f"{API}/runs/{rid}/export", params={"format": "csv"})
    assert rebuilt.status_code == 200 and len(rebuilt.text.splitlines()) == 1 + run["summary"]["trace_events"]
    window = client.get(f"{API}/runs/{rid}/trace", params={"max_points": 100000}).json()
    assert window["returned"] == window["total_in_window"] == run["summary"]["trace_events"]
    # column for column, what a worker would have stored for this run (encoded, decoded)
    import uuid

    from rexsim.tracefile import decode_trace, encode_trace

    from app.core.db import session_scope
    from app.services import runs as runs_service

    stored = decode_trace(encode_trace(rexsim.run(run["scenario"]).trace.columns))
    with session_scope() as s:
        cols = runs_service.trace_columns(s, uuid.UUID(rid))
    assert sorted(cols) == sorted(stored)
    for name, col in stored.items():
        assert cols[name].dtype == col.dtype and np.array_equal(cols[name], col), name
    # a single-run request of the same scenario is this very run (deduplicated)
    single = client.post(f"{API}/runs", json={"scenario": run["scenario"]}).json()["runs"][0]
    assert single["id"] == rid and single["deduplicated"] is True


def test_a_rebuilt_trace_must_give_the_stored_metrics():
    from app.core.errors import ApiError
    from app.services import runs as runs_service

    sc = rexsim.normalize(rexsim.preset_scenario(PRESET, "TLP", {}))
    res = rexsim.run(sc)
    summary = res.summary()
    good = {"flows": summary["flows"], "summary": {"trace_events": len(res.trace)}}
    assert len(runs_service.rebuild_trace(sc, rexsim.ENGINE_VERSION, good)["t_ns"]) == len(res.trace)
    changed = {**good, "flows": [{**summary["flows"][0], "fct_ms": 1.0}]}
    for args in ((sc, rexsim.ENGINE_VERSION, changed), (sc, "0.0.0-other", good)):
        try:
            runs_service.rebuild_trace(*args)
        except ApiError as e:
            assert e.status == 409 and "re-submit the run" in e.detail
        else:
            raise AssertionError("a trace that cannot be this run's was rebuilt")


def test_flow_filter_counts_only_the_flows_it_names(client, worker):
    """flow_filter tail_drops >= 1 (the tail-loss paper's Fig. 3: flows with a
    loss in their last four segments): the statistics are those of exactly the
    per-run CSV's rows whose tail_drops is at least 1, and the CSV marks them."""
    scenario = {
        "seed": 1,
        "duration_s": 30,
        "path": {
            "forward": {"rate_bps": 10e6, "delay_ms": 20, "loss": {"model": "bernoulli", "p": 0.1}},
            "reverse": {"rate_bps": 10e6, "delay_ms": 20},
        },
        "flows": [{"app": {"kind": "fixed", "segments": 6}, "start_ms": 500 * i} for i in range(8)],
    }
    body = {
        "base": {"scenario": scenario},
        "variants": {"rto": {"flows[*].tcp.timer": "rto"}},
        "replications": 4,
        "flow_filter": {"metric": "tail_drops", "at_least": 1},
    }
    created = client.post(f"{API}/comparisons", json=body).json()
    out = wait_comparison(client, created["id"])
    st = out["cells"][0]["variants"]["rto"]["stats"]
    rows = list(csv.DictReader(io.StringIO(client.get(f"{API}/comparisons/{created['id']}/runs.csv").text)))
    assert len(rows) == 4 * 8
    tail = [r for r in rows if int(r["tail_drops"]) >= 1]
    assert 0 < len(tail) < len(rows)  # the seeds give both kinds of flow
    assert [r["counted"] for r in rows] == ["1" if r in tail else "0" for r in rows]
    fct = [float(r["fct_ms"]) for r in tail]
    assert st["n"] == len(fct) and abs(st["mean"] - sum(fct) / len(fct)) < 1e-9
    # a filter on a metric the engine does not have is a field error
    bad = client.post(f"{API}/comparisons", json={**body, "flow_filter": {"metric": "nope", "at_least": 1}})
    assert bad.status_code == 422, bad.text
    (err,) = bad.json()["detail"]
    assert err["loc"] == ["body", "flow_filter", "metric"] and "tail_drops" in err["msg"]


def test_a_grid_sweeps_a_mechanisms_own_parameter_and_a_stages(client, worker):
    """The sweep editor's grid keys for parameters a mechanism declares itself
    (a congestion control's, under flows[*].tcp.cc_params.<member>) and for a
    listed path stage's (path.<dir>.stages[k].<param>): each cell's runs hold
    the values, and a value outside the catalogue's range is refused naming
    the field and the limit."""
    base = {
        "seed": 3,
        "duration_s": 30,
        "path": {
            "forward": {"rate_bps": 10e6, "delay_ms": 20, "stages": [{"kind": "bernoulli", "p": 0.01}]},
            "reverse": {"rate_bps": 10e6, "delay_ms": 20},
        },
        "flows": [{"app": {"kind": "fixed", "segments": 20}}],
    }
    body = {
        "base": {"scenario": base},
        "variants": {"reno": {"flows[*].tcp.cc": "reno"}, "vegas": {"flows[*].tcp.cc": "vegas"}},
        "grid": {"flows[*].tcp.cc_params.vegas.alpha": [1, 3], "path.forward.stages[0].p": [0, 0.05]},
        "replications": 1,
    }
    r = client.post(f"{API}/comparisons", json=body)
    assert r.status_code == 202, r.text
    assert r.json()["n_runs"] == 2 * 2 * 2
    out = wait_comparison(client, r.json()["id"])
    assert out["state"] == "succeeded"
    seen = set()
    for cell in out["cells"]:
        alpha, p = cell["params"]["flows[*].tcp.cc_params.vegas.alpha"], cell["params"]["path.forward.stages[0].p"]
        seen.add((alpha, p))
        for v in ("reno", "vegas"):
            run = client.get(f"{API}/runs/{cell['variants'][v]['runs'][0]}").json()
            sc = run["scenario"]
            # the stored scenario is the engine's resolved one: the stage's own defaults filled in
            assert sc["path"]["forward"]["stages"] == [{"kind": "bernoulli", "p": p, "spare_retransmissions": False}]
            tcp = sc["flows"][0]["tcp"]
            assert tcp["cc"] == v
            # Vegas runs with the cell's alpha; Reno reads no Vegas parameter (the engine keeps none)
            if v == "vegas":
                assert tcp["cc_params"]["vegas"]["alpha"] == alpha
            else:
                assert "vegas" not in (tcp.get("cc_params") or {})
    assert seen == {(1, 0), (1, 0.05), (3, 0), (3, 0.05)}

    bad = {**body, "grid": {"flows[*].tcp.cc_params.vegas.alpha": [1, 5000]}}
    r = client.post(f"{API}/comparisons", json=bad)
    assert r.status_code == 422
    err = r.json()["detail"][0]
    assert err["loc"] == ["body", "variants", "vegas", "scenario", "flows", 0, "tcp", "cc_params", "vegas", "alpha"], (
        err
    )
    assert err["msg"] == "must be between 0 and 1000 (got 5000)"
