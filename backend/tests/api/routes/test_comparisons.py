"""POST/GET /comparisons: fan-out, statistics, normalization, CSV, token."""

from __future__ import annotations

import os

import rexsim

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


def test_comparison_limits_and_bad_baseline(client):
    r = client.post(
        f"{API}/comparisons", json=comparison_body(replications=1000, grid={"path.forward.loss.count": [1, 2, 3, 4]})
    )
    assert r.status_code == 422 and "the limit is" in r.json()["detail"][0]["msg"]
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
