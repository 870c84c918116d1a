"""The runner on its own: idempotent claims and recorded failures."""
from __future__ import annotations

import uuid

from sqlalchemy import text


def insert_run(scenario: dict, state: str = "queued") -> uuid.UUID:
    import json

    from app.core.db import session_scope
    rid = uuid.uuid4()
    with session_scope() as s:
        s.execute(text("INSERT INTO runs (id, run_key, scenario, seed, engine_version, state, progress, attempts) "
                       "VALUES (:id, :k, CAST(:sc AS jsonb), 1, 'x', :st, 0, 0)"),
                  {"id": rid, "k": rid.hex, "sc": json.dumps(scenario), "st": state})
    return rid


def row(rid):
    from app.core.db import session_scope
    with session_scope() as s:
        return s.execute(text("SELECT state, error, attempts, result IS NOT NULL FROM runs WHERE id = :id"),
                         {"id": rid}).one()


def test_invalid_scenario_is_recorded_as_failed(isolated):
    from rexmit_worker import runner
    rid = insert_run({"flows": [{"tcp": {"mss": 1}}]})
    assert runner.execute(str(rid)) == "failed"
    state, error, attempts, has_result = row(rid)
    assert state == "failed" and "flows[0].tcp.mss" in error and attempts == 1 and not has_result


def test_a_run_executes_once(isolated):
    from rexmit_worker import runner
    rid = insert_run({"flows": [{"app": {"kind": "fixed", "segments": 10}}]})
    assert runner.execute(str(rid)) == "succeeded"
    assert runner.execute(str(rid)) == "skipped"      # a second delivery finds nothing to claim
    state, error, attempts, has_result = row(rid)
    assert (state, error, attempts, has_result) == ("succeeded", None, 1, True)
