"""The worker's transactions: this process owns what it claims."""

from __future__ import annotations

import uuid

from sqlalchemy import text

from app.core.db import session_scope
from app.repositories import runs as repo
from rexmit_worker import persistence, runner


def insert_queued() -> uuid.UUID:
    rid = uuid.uuid4()
    with session_scope() as s:
        s.execute(
            text(
                "INSERT INTO runs (id, run_key, scenario, seed, engine_version, state, progress, attempts) "
                'VALUES (:id, :k, \'{"seed": 1, "flows": [{"app": {"kind": "fixed", '
                "\"segments\": 3}}]}', 1, 'x', 'queued', 0, 0)"
            ),
            {"id": rid, "k": rid.hex},
        )
    return rid


def test_claim_heartbeat_finish(isolated):
    rid = insert_queued()
    scenario = persistence.claim(rid)
    assert scenario is not None and persistence.claim(rid) is None
    with session_scope() as s:
        run = repo.get(s, rid)
        assert run is not None and run.worker == persistence.worker_id()
    persistence.heartbeat(rid, 0.5)
    outcome = runner.simulate(scenario)
    assert persistence.finish(rid, outcome) is True
    with session_scope() as s:
        run, trace = repo.get(s, rid), repo.get_trace(s, rid)
        assert run is not None and run.state == "succeeded" and run.result == outcome.result()
        assert trace is not None and trace.blob == outcome.trace_blob and trace.n_events == outcome.n_events
        assert trace.format == runner.TRACE_FORMAT


def test_fail(isolated):
    rid = insert_queued()
    assert persistence.claim(rid) is not None
    persistence.fail(rid, "engine error")
    with session_scope() as s:
        run = repo.get(s, rid)
        assert run is not None and (run.state, run.error) == ("failed", "engine error")


def test_sweep_reports_each_kind(isolated):
    rid = insert_queued()
    with session_scope() as s:
        s.execute(text("UPDATE runs SET queued_at = now() - interval '1 hour' WHERE id = :id"), {"id": rid})
    swept = persistence.sweep(stuck_after_s=30, max_attempts=3, resend_after_s=60)
    assert swept == persistence.Swept(failed=[], requeued=[], resent=[rid], direct=frozenset())
    with session_scope() as s:  # asked for through POST /runs: the sweeper sends it as sim.run
        s.execute(
            text("UPDATE runs SET direct = true, queued_at = now() - interval '1 hour' WHERE id = :id"), {"id": rid}
        )
    swept = persistence.sweep(stuck_after_s=30, max_attempts=3, resend_after_s=60)
    assert swept == persistence.Swept(failed=[], requeued=[], resent=[rid], direct=frozenset({rid}))


def test_sweep_resends_only_the_kinds_asked_and_marks_last_chances(isolated):
    """The sweeper re-sends a kind of queued run only once its queue has
    drained; a stuck run whose next attempt is its last is marked, to go back
    alone."""
    sweep_run, single = insert_queued(), insert_queued()
    worn, fresh = insert_queued(), insert_queued()
    with session_scope() as s:
        s.execute(text("UPDATE runs SET queued_at = now() - interval '1 hour'"))
        s.execute(text("UPDATE runs SET direct = true WHERE id = :id"), {"id": single})
        for rid, attempts in ((worn, 2), (fresh, 1)):
            s.execute(
                text(
                    "UPDATE runs SET state = 'running', attempts = :a, worker = 'gone:1', "
                    "heartbeat_at = now() - interval '1 minute' WHERE id = :id"
                ),
                {"id": rid, "a": attempts},
            )
    swept = persistence.sweep(
        stuck_after_s=30, max_attempts=3, resend_after_s=60, resend_direct=True, resend_sweeps=False
    )
    assert swept.resent == [single] and swept.direct == frozenset({single})
    assert sorted(swept.requeued) == sorted([worn, fresh]) and swept.last_chance == frozenset({worn})
    swept = persistence.sweep(
        stuck_after_s=30, max_attempts=3, resend_after_s=60, resend_direct=False, resend_sweeps=True
    )
    assert swept.resent == [sweep_run]  # (the others were restamped or re-queued just now)
