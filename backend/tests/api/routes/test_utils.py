"""GET /health, /mechanisms and /presets."""

from __future__ import annotations

import rexsim

from app.core.config import get_settings

API = "/api/v1"


def test_health_lists_the_workers_that_announced_themselves(client, worker):
    r = client.get(f"{API}/health")
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["status"], body["database"], body["broker"]) == ("ok", "ok", "ok")
    assert body["engine_version"] == rexsim.ENGINE_VERSION
    # host:pid of each worker's main process (its sweeper announces it)
    assert body["workers"] and all(":" in w and not w.startswith("rexmit:") for w in body["workers"])


def test_mechanisms_and_presets_come_from_the_engine(client):
    assert client.get(f"{API}/mechanisms").json()["engine_version"] == rexsim.ENGINE_VERSION
    presets = client.get(f"{API}/presets").json()
    assert [p["name"] for p in presets] == list(rexsim.presets())
    assert all(p["scenario"] and p["citation"] for p in presets)


def test_catalogue_is_the_engines_and_typed(client):
    body = client.get(f"{API}/mechanisms").json()
    # everything the engine publishes (but its ABI number) passes through unchanged: labels,
    # special values, profiles and suggestions too; the limits add the service's run budget and export limit
    engine = {k: v for k, v in rexsim.catalog().items() if k != "ops_abi"}
    assert {k: v for k, v in body.items() if k != "limits"} == {k: v for k, v in engine.items() if k != "limits"}
    assert body["limits"] == {
        **engine["limits"],
        "max_comparison_runs": get_settings().MAX_COMPARISON_RUNS,
        "export_max_events": get_settings().EXPORT_MAX_EVENTS,
    }
    assert body["parameters"][0]["label"] == "Seed"
    assert [p["name"] for p in body["profiles"]] == ["engine", "linux-3.17", "linux-6"]
    assert [e["name"] for e in body["vocab"]["causes"]][:2] == ["new", "fast"]
    assert {v["name"] for v in body["vars"]} >= {"bwe_bytes_per_s", "diff_bytes"}
    assert [m["name"] for m in body["metrics"]][:2] == ["completed", "fct_ms"]
    cubic = next(m for m in body["mechanisms"]["cc"] if m["name"] == "cubic")
    assert cubic["label"] == "CUBIC" and cubic["params"][0]["path"].startswith("flows[].tcp.cc_params.cubic.")
    # the OpenAPI document types them, so the generated client does too
    schemas = client.get(f"{API}/openapi.json").json()["components"]["schemas"]
    props = schemas["Catalog"]["properties"]
    assert props["vocab"]["additionalProperties"]["items"]["$ref"].endswith("/VocabEntry")
    assert props["metrics"]["items"]["$ref"].endswith("/MetricInfo")
    assert props["vars"]["items"]["$ref"].endswith("/VarInfo")
    assert props["families"]["items"]["$ref"].endswith("/Family")
    assert schemas["Member"]["properties"]["params"]["items"]["$ref"].endswith("/ParamInfo")
