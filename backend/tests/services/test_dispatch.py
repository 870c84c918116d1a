"""Dispatch of a comparison's runs, chunk by chunk, and Cancel's rule, against
a real database and broker with no worker: what gets made and sent is read
from the tables and from the broker's `sweep` list."""

from __future__ import annotations

import base64
import json
import uuid

import redis
from sqlalchemy import text

from app.core.config import get_settings
from app.core.db import session_scope
from app.services import dispatch
from tests.stack import published

API = "/api/v1"
TIMERS = {"rto": {"flows[*].tcp.timer": "rto"}, "tlp": {"flows[*].tcp.timer": "tlp"}}
BODY = {
    "base": {"preset": "tail-loss-rtt-sweep", "overrides": {"seed": 100}},
    "variants": TIMERS,
    "grid": {"path.*.delay_ms": [10, 20]},
    "replications": 10,
}
SMALL_CHUNKS = {"SWEEP_FIRST_CHUNK_RUNS": "3", "SWEEP_CHUNKS_IN_FLIGHT": "2"}


def sent_chunks(env) -> list[list[str]]:
    """The run ids of each sim.chunk message waiting in the broker, oldest first."""
    r = redis.Redis.from_url(env["REDIS_URL"])
    out = []
    for raw in reversed(r.lrange("sweep", 0, -1)):  # kombu LPUSHes, workers BRPOP
        msg = json.loads(raw)
        assert msg["headers"]["task"] == "sim.chunk"
        args, _kwargs, _embed = json.loads(base64.b64decode(msg["body"]))
        out.append(args[0])
    return out


def made(cid: str) -> list[tuple[int, int, str, int, int, str]]:
    """(idx, cell, variant, replication, seed, state) of the comparison's runs made so far."""
    with session_scope() as s:
        return [
            tuple(r)
            for r in s.execute(
                text(
                    "SELECT cr.idx, cr.cell, cr.variant, cr.replication, r.seed, r.state FROM comparison_runs cr "
                    "JOIN runs r ON r.id = cr.run_id WHERE cr.comparison_id = :c ORDER BY cr.idx"
                ),
                {"c": cid},
            ).all()
        ]


def finish(run_ids: list[str]) -> None:
    with session_scope() as s:
        s.execute(
            text(
                "UPDATE runs SET state = 'succeeded', finished_at = now(), result = '{\"flows\": [], \"summary\": {}}' "
                "WHERE id = ANY(CAST(:ids AS uuid[]))"
            ),
            {"ids": run_ids},
        )


def test_runs_are_made_a_chunk_at_a_time_replication_first(isolated):
    env, make_client = isolated
    with published(SMALL_CHUNKS):
        client = make_client()
        created = client.post(f"{API}/comparisons", json=BODY).json()
        cid = created["id"]
        assert created["n_runs"] == 2 * 2 * 10 and created["deduplicated_runs"] == 0
        # two chunks of three in flight: the first six runs, replication 0 of
        # the four (cell, variant) slots first, then replication 1
        rows = made(cid)
        assert [r[:4] for r in rows] == [
            (0, 0, "rto", 0),
            (1, 0, "tlp", 0),
            (2, 1, "rto", 0),
            (3, 1, "tlp", 0),
            (4, 0, "rto", 1),
            (5, 0, "tlp", 1),
        ]
        assert [r[4] for r in rows] == [100, 100, 100, 100, 101, 101]  # seed = base seed + replication
        chunks = sent_chunks(env)
        assert [len(c) for c in chunks] == [3, 3]
        body = client.get(f"{API}/comparisons/{cid}").json()
        assert body["counts"] == {"queued": 40, "running": 0, "succeeded": 0, "failed": 0, "cancelled": 0}
        assert body["provisional"] is True and body["finished"] == 0 and body["eta_s"] is None
        assert dispatch.pump(uuid.UUID(cid)) == 0  # two chunks already in flight
        finish(chunks[0])
        assert dispatch.pump(uuid.UUID(cid)) == 1  # one finished: the next one
        assert len(made(cid)) == 9 and [len(c) for c in sent_chunks(env)] == [3, 3, 3]
        body = client.get(f"{API}/comparisons/{cid}").json()
        assert body["finished"] == 3 and body["eta_s"] is not None and body["eta_s"] > 0


def test_chunks_aim_at_a_seconds_work():
    st = get_settings()
    assert dispatch.chunk_size(None, st) == st.SWEEP_FIRST_CHUNK_RUNS
    assert dispatch.chunk_size(st.SWEEP_CHUNK_SECONDS / 40, st) == 40
    assert dispatch.chunk_size(1e-9, st) == st.SWEEP_MAX_CHUNK_RUNS
    assert dispatch.chunk_size(1e6, st) == 1
    assert dispatch.slot_of(7, 2, 2) == (1, 1, 1)  # replication 1, cell 1, variant 1


def test_a_chunk_reports_its_time_per_run(isolated):
    env, make_client = isolated
    with published(SMALL_CHUNKS):
        client = make_client()
        cid = client.post(f"{API}/comparisons", json=BODY).json()["id"]
        first = sent_chunks(env)[0]
        finish(first)
        dispatch.after_chunk([uuid.UUID(x) for x in first], 0.1)  # 0.1 s per run -> 1 s / 0.1 = 10 per chunk
        assert [len(c) for c in sent_chunks(env)] == [3, 3, 10]
        with session_scope() as s:
            assert s.execute(text("SELECT s_per_run FROM comparisons WHERE id = :c"), {"c": cid}).scalar() == 0.1


def test_runs_deduplicate_against_existing_ones(isolated):
    env, make_client = isolated
    client = make_client()
    # the first seed of slot (cell 0, rto), requested as a single run first
    single = client.post(
        f"{API}/runs",
        json={"preset": "tail-loss-rtt-sweep", "overrides": {"seed": 100, "path.*.delay_ms": 10}},
    ).json()["runs"][0]
    created = client.post(f"{API}/comparisons", json=BODY).json()
    assert created["deduplicated_runs"] == 1
    with session_scope() as s:
        first = s.execute(
            text("SELECT run_id FROM comparison_runs WHERE comparison_id = :c AND idx = 0"), {"c": created["id"]}
        ).scalar()
    assert str(first) == single["id"]
    # an identical comparison is made of the same runs
    again = client.post(f"{API}/comparisons", json=BODY).json()
    assert again["deduplicated_runs"] == len(made(created["id"]))
    assert [r[4:] for r in made(again["id"])] == [r[4:] for r in made(created["id"])]


def test_cancel_drops_only_runs_nothing_else_needs(isolated):
    env, make_client = isolated
    with published({"SWEEP_FIRST_CHUNK_RUNS": "4", "SWEEP_CHUNKS_IN_FLIGHT": "1"}):
        client = make_client()
        c1 = client.post(f"{API}/comparisons", json=BODY).json()["id"]
        c2 = client.post(f"{API}/comparisons", json=BODY).json()["id"]  # the same four first runs
        # one of those runs is also requested on its own
        direct = client.post(
            f"{API}/runs",
            json={"preset": "tail-loss-rtt-sweep", "overrides": {"seed": 100, "path.*.delay_ms": 20}},
        ).json()["runs"][0]
        assert direct["deduplicated"] is True
        finish([sent_chunks(env)[0][0]])  # idx 0 has finished: Cancel never touches it
        out = client.post(f"{API}/comparisons/{c1}/cancel")
        assert out.status_code == 200, out.text
        body = out.json()
        # c2 still needs the three queued runs: nothing was dropped; the 36 never made are cancelled
        assert body["state"] == "cancelled"
        assert body["counts"] == {"queued": 3, "running": 0, "succeeded": 1, "failed": 0, "cancelled": 36}
        assert body["provisional"] is True and body["finished"] == 1
        assert {r[5] for r in made(c1)} == {"queued", "succeeded"}
        # idempotent; and it stops dispatching
        assert client.post(f"{API}/comparisons/{c1}/cancel").json()["counts"] == body["counts"]
        with session_scope() as s:
            assert s.execute(text("SELECT dispatched FROM comparisons WHERE id = :c"), {"c": c1}).scalar() == 4
        assert dispatch.pump(uuid.UUID(c1), wait=True) == 0
        # cancelling c2 too: the runs only comparisons needed are dropped; the
        # directly requested one (idx 2: cell 1, rto) stays queued
        body2 = client.post(f"{API}/comparisons/{c2}/cancel").json()
        assert body2["counts"]["cancelled"] == 36 + 2 and body2["counts"]["queued"] == 1
        states = {r[0]: r[5] for r in made(c2)}
        assert states == {0: "succeeded", 1: "cancelled", 2: "queued", 3: "cancelled"}
        # a worker never claims a cancelled run
        from app.repositories import runs as runs_repo

        with session_scope() as s:
            ids = [uuid.UUID(x) for x in sent_chunks(env)[0]]
            claimed = runs_repo.claim_many(s, ids, "h:1")
        assert [str(rid) for rid, _ in claimed] == [direct["id"]]
        # a new request of a dropped run queues it again
        c3 = client.post(f"{API}/comparisons", json=BODY).json()["id"]
        assert {r[0]: r[5] for r in made(c3)}[1] == "queued"


def test_cancel_of_a_finished_or_unknown_comparison(isolated):
    env, make_client = isolated
    client = make_client()
    body = {**BODY, "grid": {}, "replications": 1}
    cid = client.post(f"{API}/comparisons", json=body).json()["id"]
    finish([x for c in sent_chunks(env) for x in c])
    out = client.post(f"{API}/comparisons/{cid}/cancel").json()
    assert out["state"] == "succeeded" and out["counts"]["cancelled"] == 0 and out["provisional"] is False
    assert client.post(f"{API}/comparisons/{uuid.uuid4()}/cancel").status_code == 404


def test_identical_variants_share_their_runs(isolated):
    """Two variants that change nothing make the same runs: each idx records
    the run, and a chunk carries it once."""
    env, make_client = isolated
    client = make_client()
    body = {**BODY, "variants": {"a": {}, "b": {"flows[*].tcp.timer": "rto"}}, "grid": {}, "replications": 2}
    created = client.post(f"{API}/comparisons", json=body).json()
    rows = made(created["id"])
    assert len(rows) == 4 and [r[2] for r in rows] == ["a", "b", "a", "b"]
    with session_scope() as s:
        ids = (
            s.execute(
                text("SELECT run_id FROM comparison_runs WHERE comparison_id = :c ORDER BY idx"), {"c": created["id"]}
            )
            .scalars()
            .all()
        )
    assert ids[0] == ids[1] and ids[2] == ids[3] and ids[0] != ids[2]
    assert sorted(sent_chunks(env)[0]) == sorted({str(ids[0]), str(ids[2])})
    finish([str(ids[0]), str(ids[2])])
    out = client.get(f"{API}/comparisons/{created['id']}").json()
    assert out["counts"]["succeeded"] == 4 and out["finished"] == 4 and out["provisional"] is False
