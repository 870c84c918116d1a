"""Shares are frozen: the same bytes before and after anything else happens."""

from __future__ import annotations

import re

from ...stack import wait_run

API = "/api/v1"


def test_share_is_unguessable_and_frozen(client, worker):
    rid = client.post(f"{API}/runs", json={"preset": "tail-loss-rtt-sweep", "variant": "TLPR"}).json()["runs"][0]["id"]
    wait_run(client, rid)
    view = {"from_ms": 0, "to_ms": 400, "mechanisms": ["TLPR"]}
    r = client.post(f"{API}/shares", json={"run_id": rid, "view_state": view})
    assert r.status_code == 201, r.text
    slug = r.json()["slug"]
    assert re.fullmatch(r"[A-Za-z0-9]{12}", slug)
    before = client.get(f"{API}/shares/{slug}")
    assert before.status_code == 200
    body = before.json()
    assert body["view_state"] == view
    assert body["payload"]["run"]["metrics"][0]["fct_ms"] == 280.0
    assert body["payload"]["run"]["engine_version"]
    # more runs, a second share of the same run: the first share does not change
    for seed in (21, 22):
        wait_run(
            client,
            client.post(
                f"{API}/runs", json={"preset": "tail-loss-rtt-sweep", "variant": "TLPR", "seeds": [seed]}
            ).json()["runs"][0]["id"],
        )
    other = client.post(f"{API}/shares", json={"run_id": rid, "view_state": {}}).json()["slug"]
    assert other != slug
    assert client.get(f"{API}/shares/{slug}").content == before.content


def test_share_survives_an_engine_rebuild(client, worker, monkeypatch):
    """A new engine version keys new runs apart from old ones; the share keeps
    the results of the engine that produced them."""
    import rexsim

    body = {"preset": "tail-loss-rtt-sweep", "variant": "RTOR", "seeds": [31]}
    rid = client.post(f"{API}/runs", json=body).json()["runs"][0]["id"]
    wait_run(client, rid)
    slug = client.post(f"{API}/shares", json={"run_id": rid, "view_state": {"v": 1}}).json()["slug"]
    before = client.get(f"{API}/shares/{slug}").content
    monkeypatch.setattr(rexsim, "ENGINE_VERSION", "9.9.9-rebuilt")
    rebuilt = client.post(f"{API}/runs", json=body).json()["runs"][0]
    assert rebuilt["id"] != rid and rebuilt["deduplicated"] is False
    wait_run(client, rebuilt["id"])
    assert client.get(f"{API}/shares/{slug}").content == before


def test_share_errors(client):
    assert client.get(f"{API}/shares/doesnotexist").status_code == 404
    assert client.get(f"{API}/shares/../../etc").status_code == 404
    r = client.post(f"{API}/shares", json={"view_state": {}})
    assert r.status_code == 422
    r = client.post(f"{API}/shares", json={"run_id": "00000000-0000-0000-0000-000000000000"})
    assert r.status_code == 404
