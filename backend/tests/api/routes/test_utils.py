"""GET /health, /mechanisms and /presets."""

from __future__ import annotations

import rexsim

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
