"""The job on its own (no broker): idempotent claims and recorded failures."""

from __future__ import annotations

import json
import uuid
from typing import Any

from sqlalchemy import text


def insert_run(scenario: dict[str, Any], state: str = "queued") -> uuid.UUID:
    from app.core.db import session_scope

    rid = uuid.uuid4()
    with session_scope() as s:
        s.execute(
            text(
                "INSERT INTO runs (id, run_key, scenario, seed, engine_version, state, progress, attempts) "
                "VALUES (:id, :k, CAST(:sc AS jsonb), 1, 'x', :st, 0, 0)"
            ),
            {"id": rid, "k": rid.hex, "sc": json.dumps(scenario), "st": state},
        )
    return rid


def row(rid: uuid.UUID) -> Any:
    from app.core.db import session_scope

    with session_scope() as s:
        return s.execute(
            text("SELECT state, error, attempts, result IS NOT NULL FROM runs WHERE id = :id"), {"id": rid}
        ).one()


def test_invalid_scenario_is_recorded_as_failed(isolated):
    from rexmit_worker import job

    rid = insert_run({"flows": [{"tcp": {"mss": 1}}]})
    assert job.execute(str(rid)) == "failed"
    state, error, attempts, has_result = row(rid)
    assert state == "failed" and "flows[0].tcp.mss" in error and attempts == 1 and not has_result


def test_a_run_executes_once(isolated):
    from rexmit_worker import job

    rid = insert_run({"flows": [{"app": {"kind": "fixed", "segments": 10}}]})
    assert job.execute(str(rid)) == "succeeded"
    assert job.execute(str(rid)) == "skipped"  # a second delivery finds nothing to claim
    state, error, attempts, has_result = row(rid)
    assert (state, error, attempts, has_result) == ("succeeded", None, 1, True)


def test_a_run_given_away_meanwhile_keeps_the_other_outcome(isolated, monkeypatch):
    """The sweeper re-queued the run while the engine worked (a missed
    heartbeat): this attempt's result is dropped, and the run stays queued for
    the next one."""
    from rexmit_worker import job, runner

    rid = insert_run({"flows": [{"app": {"kind": "fixed", "segments": 10}}]})
    simulate = runner.simulate

    def simulate_then_lose_the_run(scenario: dict[str, Any], clock: Any = None) -> runner.Outcome:
        out = simulate(scenario, clock)
        from app.core.db import session_scope

        with session_scope() as s:
            s.execute(text("UPDATE runs SET state = 'queued', worker = NULL WHERE id = :id"), {"id": rid})
        return out

    monkeypatch.setattr(runner, "simulate", simulate_then_lose_the_run)
    assert job.execute(str(rid)) == "superseded"
    from app.core.db import session_scope

    with session_scope() as s:
        assert s.execute(text("SELECT count(*) FROM run_traces WHERE run_id = :id"), {"id": rid}).scalar_one() == 0
    assert row(rid) == ("queued", None, 1, False)


# ------------------------------------------------------------------ a sweep's chunk
TEN = {"flows": [{"app": {"kind": "fixed", "segments": 10}}]}


def states(ids: list[uuid.UUID]) -> list[tuple[str, str | None, int, bool]]:
    return [tuple(row(r)) for r in ids]


def test_a_chunk_runs_its_queued_runs_and_skips_the_others(isolated):
    from rexmit_worker import job

    ok = [insert_run({**TEN, "seed": s}) for s in (1, 2, 3)]
    bad = insert_run({"flows": [{"tcp": {"mss": 1}}]})
    done = insert_run(TEN, state="succeeded")
    dropped = insert_run(TEN, state="cancelled")
    ids = [ok[0], bad, done, ok[1], dropped, ok[2]]
    counts = job.execute_chunk([str(r) for r in ids])
    assert counts == {"succeeded": 3, "failed": 1, "skipped": 2, "superseded": 0, "released": 0}
    assert states(ok) == [("succeeded", None, 1, True)] * 3
    state, error, attempts, has_result = row(bad)
    assert state == "failed" and "flows[0].tcp.mss" in error and attempts == 1 and not has_result
    assert row(done)[0] == "succeeded" and row(dropped) == ("cancelled", None, 0, False)  # never run
    from app.core.db import session_scope

    with session_scope() as s:
        summary = s.execute(text("SELECT result->'summary' FROM runs WHERE id = :id"), {"id": ok[0]}).scalar_one()
        n_traces = s.execute(text("SELECT count(*) FROM run_traces")).scalar_one()
    # a cheap run's trace is left to be rebuilt on demand (TRACE_REBUILD_MAX_MS)
    assert summary["trace_on_demand"] is True and n_traces == 0
    assert job.execute_chunk([str(r) for r in ids])["skipped"] == len(ids)  # a second delivery: nothing to do


def test_a_chunk_claims_once_and_stores_in_batches(isolated, monkeypatch):
    """No per-run round trip: one claim for the chunk, one transaction per
    STORE_EVERY_RUNS outcomes."""
    from rexmit_worker import job, persistence

    ids = [insert_run({**TEN, "seed": s}) for s in range(20)]
    calls: dict[str, list[int]] = {"claim": [], "store": []}
    claim_many, store_many = persistence.claim_many, persistence.store_many

    def claim_spy(run_ids):
        calls["claim"].append(len(run_ids))
        return claim_many(run_ids)

    def store_spy(outcomes):
        calls["store"].append(len(outcomes))
        return store_many(outcomes)

    monkeypatch.setattr(persistence, "claim_many", claim_spy)
    monkeypatch.setattr(persistence, "store_many", store_spy)
    monkeypatch.setattr(job, "STORE_EVERY_RUNS", 8)
    monkeypatch.setattr(job, "STORE_EVERY_S", 3600.0)
    assert job.execute_chunk([str(r) for r in ids])["succeeded"] == 20
    assert calls == {"claim": [20], "store": [8, 8, 4]}


def test_a_run_given_away_during_a_chunk_keeps_the_other_attempt(isolated, monkeypatch):
    from rexmit_worker import job, runner

    a, b = insert_run({**TEN, "seed": 1}), insert_run({**TEN, "seed": 2})
    simulate = runner.simulate

    def give_b_away(scenario: dict[str, Any], clock: Any = None, **kw: Any) -> runner.Outcome:
        from app.core.db import session_scope

        if scenario["seed"] == 2:
            with session_scope() as s:
                s.execute(text("UPDATE runs SET state = 'queued', worker = NULL WHERE id = :id"), {"id": b})
        return simulate(scenario, clock, **kw)

    monkeypatch.setattr(runner, "simulate", give_b_away)
    counts = job.execute_chunk([str(a), str(b)])
    assert (counts["succeeded"], counts["superseded"]) == (1, 1)
    assert row(a)[0] == "succeeded" and row(b) == ("queued", None, 1, False)


def test_a_chunk_out_of_time_fails_the_run_it_was_on_and_gives_back_the_rest(isolated, monkeypatch):
    from billiard.exceptions import SoftTimeLimitExceeded

    from rexmit_worker import job, runner

    ids = [insert_run({**TEN, "seed": s}) for s in (1, 2, 3, 4)]
    simulate = runner.simulate

    def limit_on_second(scenario: dict[str, Any], clock: Any = None, **kw: Any) -> runner.Outcome:
        if scenario["seed"] == 2:
            raise SoftTimeLimitExceeded()
        return simulate(scenario, clock, **kw)

    monkeypatch.setattr(runner, "simulate", limit_on_second)
    counts = job.execute_chunk([str(r) for r in ids])
    assert counts == {"succeeded": 1, "failed": 1, "skipped": 0, "superseded": 0, "released": 2}
    assert row(ids[0])[0] == "succeeded"
    state, error, _, _ = row(ids[1])
    assert state == "failed" and error.startswith("time limit")
    # not started: back to queued with the attempt given back (and sent again)
    assert states(ids[2:]) == [("queued", None, 0, False)] * 2


def test_a_run_over_its_own_time_limit_fails_in_a_chunk(isolated):
    from rexmit_worker import job
    from tests.stack import published

    rid = insert_run(TEN)
    with published({"WORKER_SOFT_TIME_LIMIT_S": "0"}):
        assert job.execute_chunk([str(rid)])["failed"] == 1
    state, error, _, has_result = row(rid)
    assert state == "failed" and error == "time limit: the run took longer than 0 s" and not has_result
