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
