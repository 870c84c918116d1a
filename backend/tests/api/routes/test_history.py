"""The history's list endpoints (GET /runs, /comparisons, /shares): keyset
pages newest first, ties broken by the key, limits and cursors, on a fresh
database whose rows are written with chosen timestamps (no worker needed)."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from app.core.db import session_scope
from app.schemas.common import PAGE_DEFAULT, PAGE_MAX

API = "/api/v1"
T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
SCENARIO = {"seed": 3, "path": {"forward": {"delay_ms": 40, "loss": {"model": "tail"}}, "reverse": {"delay_ms": 40}}}


def insert_runs(stamps: list[datetime], parent: uuid.UUID | None = None) -> list[uuid.UUID]:
    ids = [uuid.uuid4() for _ in stamps]
    with session_scope() as s:
        for rid, ts in zip(ids, stamps, strict=True):
            s.execute(
                text(
                    "INSERT INTO runs (id, run_key, scenario, seed, engine_version, state, progress, attempts, "
                    "created_at, parent_run_id) VALUES (:id, :k, CAST(:sc AS jsonb), 3, 'x', 'queued', 0, 0, :ts, :p)"
                ),
                {"id": rid, "k": rid.hex, "sc": json.dumps(SCENARIO), "ts": ts, "p": parent},
            )
    return ids


def newest_first(ids: list[uuid.UUID], stamps: list[datetime]) -> list[str]:
    """The order the API promises: created_at descending, then id descending."""
    return [str(i) for _, i in sorted(zip(stamps, ids, strict=True), reverse=True)]


def walk(c, url: str, limit: int, key: str = "id") -> list[str]:
    """Every item of a list, following next_cursor page by page."""
    out: list[str] = []
    cursor = None
    for _ in range(100):
        params: dict[str, str | int] = {"limit": limit}
        if cursor:
            params["cursor"] = cursor
        r = c.get(url, params=params)
        assert r.status_code == 200, r.text
        body = r.json()
        assert len(body["items"]) <= limit and body["limit"] == limit
        out += [str(it[key]) for it in body["items"]]
        cursor = body["next_cursor"]
        if cursor is None:
            return out
        assert len(body["items"]) == limit  # only a full page has a next one
    raise AssertionError("the cursor never ended")


def test_runs_page_newest_first_with_ties_broken_by_id(isolated):
    _, make_client = isolated
    c = make_client()
    # five runs at the same instant between older and newer ones: the pages
    # must neither repeat nor skip any of them, whatever the page size
    stamps = [T0 - timedelta(seconds=1), *[T0] * 5, T0 + timedelta(microseconds=1), T0 + timedelta(seconds=1)]
    ids = insert_runs(stamps)
    expected = newest_first(ids, stamps)
    for limit in (1, 2, 3, 5, 8, PAGE_MAX):
        assert walk(c, f"{API}/runs", limit) == expected, limit
    first = c.get(f"{API}/runs").json()
    assert first["limit"] == PAGE_DEFAULT and first["next_cursor"] is None
    item = first["items"][0]
    assert item["id"] == expected[0]
    assert item["status"] == "queued" and item["seed"] == 3 and item["parent_run_id"] is None
    assert item["link"] == f"/runs/{item['id']}" and item["url"] == f"/runs/{item['id']}"
    assert "RTT 80 ms" in item["summary"] and "fwd tail" in item["summary"] and "seed 3" in item["summary"]
    # a run inserted after the first page was read does not disturb the pages that follow
    page1 = c.get(f"{API}/runs", params={"limit": 3}).json()
    insert_runs([T0 + timedelta(minutes=5)])
    page2 = c.get(f"{API}/runs", params={"limit": 3, "cursor": page1["next_cursor"]}).json()
    assert [i["id"] for i in page1["items"] + page2["items"]] == expected[:6]


def test_runs_filter_by_parent_and_leave_out_comparison_runs(isolated):
    _, make_client = isolated
    c = make_client()
    (parent,) = insert_runs([T0])
    children = insert_runs([T0 + timedelta(seconds=1)] * 3, parent=parent)
    insert_runs([T0 + timedelta(seconds=2)])  # unrelated
    expected = newest_first(children, [T0 + timedelta(seconds=1)] * 3)
    r = c.get(f"{API}/runs", params={"parent_run_id": str(parent), "limit": 2})
    assert [i["id"] for i in r.json()["items"]] == expected[:2]
    r2 = c.get(f"{API}/runs", params={"parent_run_id": str(parent), "cursor": r.json()["next_cursor"]})
    assert [i["id"] for i in r2.json()["items"]] == expected[2:] and r2.json()["next_cursor"] is None
    assert all(i["parent_run_id"] == str(parent) for i in r.json()["items"])
    # a comparison's runs are its own history: left out unless asked for
    cid = uuid.uuid4()
    with session_scope() as s:
        s.execute(
            text("INSERT INTO comparisons (id, spec, n_runs, engine_version) VALUES (:id, '{}', 1, 'x')"), {"id": cid}
        )
        s.execute(
            text(
                "INSERT INTO comparison_runs (comparison_id, idx, cell, variant, replication, run_id) "
                "VALUES (:c, 0, 0, 'a', 0, :r)"
            ),
            {"c": cid, "r": children[0]},
        )
    listed = [i["id"] for i in c.get(f"{API}/runs", params={"limit": 100}).json()["items"]]
    assert str(children[0]) not in listed and len(listed) == 4
    listed = [i["id"] for i in c.get(f"{API}/runs", params={"comparison_runs": True}).json()["items"]]
    assert str(children[0]) in listed and len(listed) == 5
    r = c.get(f"{API}/runs", params={"parent_run_id": str(uuid.uuid4())})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["query", "parent_run_id"]


@pytest.mark.parametrize("path", ["runs", "comparisons", "shares"])
def test_page_size_and_cursor_errors_name_the_field(client, path):
    r = client.get(f"{API}/{path}", params={"limit": PAGE_MAX + 1})
    assert r.status_code == 422
    (err,) = r.json()["detail"]
    assert err["loc"] == ["query", "limit"] and str(PAGE_MAX) in err["msg"], err
    r = client.get(f"{API}/{path}", params={"limit": 0})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["query", "limit"]
    for bad in ("nope", "e30", "WyJ4IiwieSJd", "x" * 201):  # not base64 JSON, {}, ["x","y"], too long
        r = client.get(f"{API}/{path}", params={"cursor": bad})
        assert r.status_code == 422, (bad, r.text)
        assert r.json()["detail"][0]["loc"] == ["query", "cursor"]
    assert client.get(f"{API}/{path}", params={"limit": PAGE_MAX}).status_code == 200


def test_comparisons_page_with_their_state(isolated):
    _, make_client = isolated
    c = make_client()
    spec = {
        "base": {"preset": "tail-loss-n-degree"},
        "variants": {"baseline": {}, "TLP": {}},
        "variant_order": ["baseline", "TLP"],
        "grid": {"path.forward.loss.count": [1, 2]},
        "cells": [{"path.forward.loss.count": 1}, {"path.forward.loss.count": 2}],
        "replications": 1,
    }
    ids = [uuid.uuid4() for _ in range(4)]
    stamps = [T0, T0, T0, T0 - timedelta(seconds=1)]
    (run_done,) = insert_runs([T0])
    (run_queued,) = insert_runs([T0])
    with session_scope() as s:
        s.execute(text("UPDATE runs SET state = 'succeeded' WHERE id = :id"), {"id": run_done})
        for cid, ts in zip(ids, stamps, strict=True):
            s.execute(
                text(
                    "INSERT INTO comparisons (id, spec, n_runs, engine_version, created_at) "
                    "VALUES (:id, CAST(:spec AS jsonb), 2, 'x', :ts)"
                ),
                {"id": cid, "spec": json.dumps(spec), "ts": ts},
            )
            for idx, rid in enumerate((run_done, run_queued if cid != ids[0] else run_done)):
                s.execute(
                    text(
                        "INSERT INTO comparison_runs (comparison_id, idx, cell, variant, replication, run_id) "
                        "VALUES (:c, :i, 0, 'a', 0, :r)"
                    ),
                    {"c": cid, "i": idx, "r": rid},
                )
    expected = newest_first(ids, stamps)
    for limit in (1, 2, 3, 4):
        assert walk(c, f"{API}/comparisons", limit) == expected
    items = {i["id"]: i for i in c.get(f"{API}/comparisons").json()["items"]}
    done = items[str(ids[0])]
    assert (done["status"], done["progress"], done["n_runs"]) == ("succeeded", 1.0, 2)
    assert done["link"] == f"/compare/{ids[0]}" and done["url"] == f"/comparisons/{ids[0]}"
    assert done["summary"].startswith("tail-loss-n-degree · 2 variants (baseline, TLP) × 2 cells")
    half = items[str(ids[1])]
    assert (half["status"], half["progress"]) == ("running", 0.5)


def test_shares_page_with_ties_broken_by_slug(isolated):
    _, make_client = isolated
    c = make_client()
    slugs = ["aaaaaa", "aaaaab", "aaaaba", "abaaaa", "baaaaa"]
    stamps = [T0, T0, T0, T0 + timedelta(seconds=1), T0 - timedelta(seconds=1)]
    payload = {"run": {"state": "succeeded", "scenario": SCENARIO, "metrics": [{"fct_ms": 1}]}}
    with session_scope() as s:
        for slug, ts in zip(slugs, stamps, strict=True):
            s.execute(
                text(
                    "INSERT INTO shares (slug, kind, target_id, payload, view_state, created_at) "
                    "VALUES (:s, 'run', :t, CAST(:p AS jsonb), '{}', :ts)"
                ),
                {"s": slug, "t": uuid.uuid4(), "p": json.dumps(payload), "ts": ts},
            )
    expected = [sl for _, sl in sorted(zip(stamps, slugs, strict=True), reverse=True)]
    for limit in (1, 2, 4, 5):
        assert walk(c, f"{API}/shares", limit, key="slug") == expected
    first = c.get(f"{API}/shares").json()["items"][0]
    assert first["slug"] == "abaaaa" and first["kind"] == "run" and first["status"] == "succeeded"
    assert first["link"] == "/s/abaaaa" and first["url"] == "/shares/abaaaa"
    assert first["summary"].startswith("run · ") and "seed 3" in first["summary"]
