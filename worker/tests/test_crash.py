"""A worker killed with SIGKILL in the middle of a run: the run completes on
another worker or is marked failed, and is never left 'running'."""

from __future__ import annotations

import time

from tests.stack import Worker, wait_for_workers, wait_run

API = "/api/v1"
# about 3 s of engine time: a 1 Gbps bulk flow for 240 simulated seconds
LONG = {
    "scenario": {
        "seed": 5,
        "duration_s": 300,
        "trace": "sampled",
        "sample_ms": 100,
        "max_events": 200000000,
        "path": {
            "forward": {
                "rate_bps": 1e9,
                "delay_ms": 10,
                "buffer_pkts": 5000,
                "loss": {"model": "bernoulli", "p": 1e-6},
            },
            "reverse": {"rate_bps": 1e9, "delay_ms": 10},
        },
        "flows": [{"app": {"kind": "bulk", "duration_s": 240}, "tcp": {"cc": "cubic", "rtt_profile": "linux"}}],
    }
}


def test_sigkill_mid_run_completes_elsewhere(isolated):
    env, make_client = isolated
    client = make_client()
    a, b = Worker(env, concurrency=1, name="a"), Worker(env, concurrency=1, name="b")
    try:
        wait_for_workers(env["REDIS_URL"], 2)
        rid = client.post(f"{API}/runs", json=LONG).json()["runs"][0]["id"]
        deadline = time.time() + 30
        while client.get(f"{API}/runs/{rid}").json()["state"] != "running":
            assert time.time() < deadline, "the run never started"
            time.sleep(0.05)
        # progress is reported while the engine works (heartbeat every 0.5 s)
        deadline = time.time() + 30
        while client.get(f"{API}/runs/{rid}").json()["progress"] <= 0:
            assert time.time() < deadline, "no progress was reported"
            time.sleep(0.05)
        assert 0 < client.get(f"{API}/runs/{rid}").json()["progress"] < 1
        from app.core.db import session_scope
        from app.models import Run

        with session_scope() as s:
            owner_pid = int(s.get(Run, __import__("uuid").UUID(rid)).worker.rsplit(":", 1)[1])
        victim = a if owner_pid in a.children() else b
        assert owner_pid in victim.children()
        victim.kill()
        run = wait_run(client, rid, timeout_s=90)
        # the other worker's sweeper saw no heartbeat for STUCK_AFTER_S (3 s),
        # re-queued the run, and ran it to the end
        assert run["state"] == "succeeded", run
        assert run["attempts"] == 2
        assert run["metrics"][0]["completed"] is True
    finally:
        a.stop()
        b.stop()


def test_repeatedly_crashing_run_is_marked_failed(isolated):
    """A run whose worker dies every time is failed after MAX_ATTEMPTS, with
    the reason recorded (simulated here by stale heartbeats)."""
    env, _ = isolated
    import uuid

    from sqlalchemy import text

    from app.core.db import session_scope
    from rexmit_worker.sweeper import sweep

    rid = uuid.uuid4()
    with session_scope() as s:
        s.execute(
            text(
                "INSERT INTO runs (id, run_key, scenario, seed, engine_version, state, progress, attempts, "
                "heartbeat_at, worker) VALUES (:id, :k, '{}', 1, 'x', 'running', 0, 3, "
                "now() - interval '1 minute', 'gone:1')"
            ),
            {"id": rid, "k": rid.hex},
        )
    assert sweep()["failed"] == 1
    with session_scope() as s:
        state, error = s.execute(text("SELECT state, error FROM runs WHERE id = :id"), {"id": rid}).one()
    assert state == "failed" and "stopped responding 3 times" in error
