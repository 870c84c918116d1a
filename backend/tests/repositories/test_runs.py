"""The run-state functions of app.repositories.runs, each transition on its
own, against a fresh database with no worker."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import text

from app.core.db import session_scope
from app.repositories import runs as repo


def insert_run(
    state: str = "queued",
    *,
    attempts: int = 0,
    worker: str | None = None,
    heartbeat_age_s: float | None = None,
    queued_age_s: float = 0,
) -> uuid.UUID:
    rid = uuid.uuid4()
    with session_scope() as s:
        s.execute(
            text(
                "INSERT INTO runs (id, run_key, scenario, seed, engine_version, state, progress, attempts, worker, "
                "heartbeat_at, queued_at) VALUES (:id, :k, '{\"seed\": 1}', 1, 'x', :st, 0, :a, :w, "
                "now() - make_interval(secs => :hb), now() - make_interval(secs => :qa))"
            ),
            {
                "id": rid,
                "k": rid.hex,
                "st": state,
                "a": attempts,
                "w": worker,
                "hb": heartbeat_age_s or 0,
                "qa": queued_age_s,
            },
        )
        if heartbeat_age_s is None:
            s.execute(text("UPDATE runs SET heartbeat_at = NULL WHERE id = :id"), {"id": rid})
    return rid


def row(rid: uuid.UUID) -> Any:
    with session_scope() as s:
        return (
            s.execute(
                text(
                    "SELECT state, worker, attempts, progress, error, result, wall_ms, "
                    "started_at IS NOT NULL AS started_at, finished_at IS NOT NULL AS finished_at "
                    "FROM runs WHERE id = :id"
                ),
                {"id": rid},
            )
            .mappings()
            .one()
        )


def test_claim_takes_a_queued_run_once(isolated):
    rid = insert_run()
    with session_scope() as s:
        assert repo.claim(s, rid, "h:1") == {"seed": 1}
    with session_scope() as s:
        assert repo.claim(s, rid, "h:2") is None  # already running
        assert repo.claim(s, uuid.uuid4(), "h:2") is None  # no such run
    r = row(rid)
    assert (r["state"], r["worker"], r["attempts"], r["progress"]) == ("running", "h:1", 1, 0.0)
    assert r["started_at"] and not r["finished_at"]


def test_heartbeat_only_while_running(isolated):
    rid = insert_run("running", worker="h:1", heartbeat_age_s=60)
    with session_scope() as s:
        assert repo.heartbeat(s, rid, 0.25) is True
    assert row(rid)["progress"] == 0.25
    with session_scope() as s:  # fresh now: not stuck any more
        assert repo.sweep_stuck(s, stuck_after_s=30, max_attempts=3) == ([], [])
    done = insert_run("succeeded")
    with session_scope() as s:
        assert repo.heartbeat(s, done, 0.5) is False
    assert row(done)["progress"] == 0.0


def test_finish_stores_result_and_trace_for_the_owner_only(isolated):
    rid = insert_run("running", worker="h:1", heartbeat_age_s=0)
    trace = repo.TraceRow(format="rxt1", n_events=3, raw_bytes=135, blob=b"blob")
    with session_scope() as s:
        assert repo.finish(s, rid, "h:2", result={"flows": []}, wall_ms=1.0, trace=trace) is False
    assert row(rid)["state"] == "running"
    with session_scope() as s:
        assert repo.get_trace(s, rid) is None
        assert (
            repo.finish(s, rid, "h:1", result={"flows": [{"fct_ms": 1.5}], "summary": {}}, wall_ms=2.5, trace=trace)
            is True
        )
    r = row(rid)
    assert (r["state"], r["progress"], r["wall_ms"], r["error"]) == ("succeeded", 1.0, 2.5, None)
    assert r["result"] == {"flows": [{"fct_ms": 1.5}], "summary": {}} and r["finished_at"]
    with session_scope() as s:
        stored = repo.get_trace(s, rid)
        assert stored is not None
        assert (stored.format, stored.n_events, stored.raw_bytes, stored.blob) == ("rxt1", 3, 135, b"blob")
        assert repo.finish(s, rid, "h:1", result={}, wall_ms=0, trace=None) is False  # not running any more


def test_finish_without_trace(isolated):
    rid = insert_run("running", worker="h:1", heartbeat_age_s=0)
    with session_scope() as s:
        assert repo.finish(s, rid, "h:1", result={"flows": []}, wall_ms=0.5, trace=None) is True
    with session_scope() as s:
        assert repo.get_trace(s, rid) is None


def test_fail_records_the_reason_for_the_owner_only(isolated):
    rid = insert_run("running", worker="h:1", heartbeat_age_s=0)
    with session_scope() as s:
        assert repo.fail(s, rid, "h:2", "not mine") is False
        assert repo.fail(s, rid, "h:1", "x" * 5000) is True
    r = row(rid)
    assert r["state"] == "failed" and r["error"] == "x" * repo.ERROR_MAX_CHARS and r["finished_at"]
    with session_scope() as s:  # a failed run goes back to the queue when submitted again
        run, created, revived = repo.insert_or_get(s, key=rid.hex, scenario={"seed": 1}, seed=1, engine_version="x")
        assert (run.id, created, revived) == (rid, False, True)
    r = row(rid)
    assert (r["state"], r["error"], r["finished_at"]) == ("queued", None, False)


def test_sweep_stuck_requeues_then_fails_after_max_attempts(isolated):
    fresh = insert_run("running", attempts=1, worker="h:1", heartbeat_age_s=1)
    stuck = insert_run("running", attempts=1, worker="h:1", heartbeat_age_s=60)
    worn = insert_run("running", attempts=3, worker="h:1", heartbeat_age_s=60)
    with session_scope() as s:
        failed, requeued = repo.sweep_stuck(s, stuck_after_s=30, max_attempts=3)
    assert (failed, requeued) == ([worn], [stuck])
    assert row(fresh)["state"] == "running"
    r = row(stuck)
    assert (r["state"], r["worker"], r["attempts"]) == ("queued", None, 1)
    r = row(worn)
    assert r["state"] == "failed" and r["error"] == "the worker running it stopped responding 3 times (crash or kill)"
    with session_scope() as s:
        assert repo.sweep_stuck(s, stuck_after_s=30, max_attempts=3) == ([], [])


def test_resend_queued_restamps_old_queued_runs(isolated):
    old = insert_run(queued_age_s=120)
    new = insert_run(queued_age_s=1)
    insert_run("running", worker="h:1", heartbeat_age_s=0, queued_age_s=120)
    with session_scope() as s:
        assert repo.resend_queued(s, older_than_s=60) == [old]
    with session_scope() as s:  # restamped: not sent again before another period
        assert repo.resend_queued(s, older_than_s=60) == []
    assert row(new)["state"] == row(old)["state"] == "queued"


def test_chunk_transitions_move_many_runs_at_once(isolated):
    a, b, c = insert_run(), insert_run(), insert_run("cancelled")
    with session_scope() as s:
        got = repo.claim_many(s, [c, b, a, uuid.uuid4()], "h:1")
    assert [rid for rid, _ in got] == [b, a]  # in the order asked; the cancelled one is never claimed
    assert row(c)["state"] == "cancelled" and row(a)["worker"] == "h:1" and row(a)["attempts"] == 1
    with session_scope() as s:
        assert repo.heartbeat_many(s, [a, b], "h:2", a, 0.5) == 0  # not h:2's
        assert repo.heartbeat_many(s, [a, b], "h:1", a, 0.5) == 2
    assert row(a)["progress"] == 0.5 and row(b)["progress"] == 0.0
    trace = repo.TraceRow(format="rxt1", n_events=3, raw_bytes=135, blob=b"blob")
    outcomes = [
        repo.Finished(a, result_json='{"flows": [{"fct_ms": 2.0}], "summary": {}}', wall_ms=1.5, trace=trace),
        repo.Finished(b, error="y" * 5000),
    ]
    with session_scope() as s:
        assert repo.store_many(s, "h:2", outcomes) == set()  # another worker's: nothing written
        assert repo.store_many(s, "h:1", outcomes) == {a, b}
        assert repo.store_many(s, "h:1", outcomes) == set()  # not running any more
    r = row(a)
    assert (r["state"], r["result"], r["wall_ms"], r["progress"]) == (
        "succeeded",
        {"flows": [{"fct_ms": 2.0}], "summary": {}},
        1.5,
        1.0,
    )
    assert row(b)["state"] == "failed" and row(b)["error"] == "y" * repo.ERROR_MAX_CHARS
    with session_scope() as s:
        stored = repo.get_trace(s, a)
        assert stored is not None and stored.blob == b"blob"


def test_release_gives_the_attempt_back(isolated):
    rid = insert_run("running", attempts=2, worker="h:1", heartbeat_age_s=0)
    with session_scope() as s:
        assert repo.release(s, [rid], "h:2") == []
        assert repo.release(s, [rid], "h:1") == [rid]
    r = row(rid)
    assert (r["state"], r["worker"], r["attempts"]) == ("queued", None, 1)


def test_revive_only_failed_or_cancelled_runs_and_mark_them_direct(isolated):
    done, dropped = insert_run("succeeded"), insert_run("cancelled")
    with session_scope() as s:
        run, created, revived = repo.insert_or_get(s, key=done.hex, scenario={"seed": 1}, seed=1, engine_version="x")
        assert (run.state, created, revived, run.direct) == ("succeeded", False, False, True)
        run, created, revived = repo.insert_or_get(s, key=dropped.hex, scenario={"seed": 1}, seed=1, engine_version="x")
        assert (run.state, created, revived, run.direct) == ("queued", False, True, True)
        assert repo.direct_ids(s, [done, dropped, insert_run()]) == {done, dropped}
