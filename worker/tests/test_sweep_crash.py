"""A worker SIGKILLed in the middle of a sweep's chunk loses no run: all
10,000 runs of the sweep end succeeded (or failed with their error), none is
left queued or running, and the killed chunk's unstored runs ran again."""

from __future__ import annotations

import time

from sqlalchemy import text

from app.core.db import session_scope
from tests.stack import Worker, published, wait_for_workers

API = "/api/v1"
TIMERS = {
    "baseline": {"flows[*].tcp.timer": "rto"},
    "RTOR": {"flows[*].tcp.timer": "rtor"},
    "TLP": {"flows[*].tcp.timer": "tlp"},
    "TLPR": {"flows[*].tcp.timer": "tlpr"},
}
SWEEP = {  # 4 variants x 25 cells x 100 replications of a 10-segment flow
    "base": {"preset": "tail-loss-rtt-sweep", "overrides": {"seed": 7_000_000}},
    "variants": TIMERS,
    "grid": {"path.*.delay_ms": [5, 10, 20, 40, 80], "path.forward.loss.count": [1, 2, 3, 4, 5]},
    "replications": 100,
}


def chunk_in_progress(cid: str) -> str | None:
    """The worker (host:pid) of a chunk of this comparison that has stored
    some of its runs and still has at least 1,000 to run: the runs one claim
    took share their started_at (one statement, one transaction time)."""
    with session_scope() as s:
        return s.execute(
            text(
                "SELECT r.worker FROM runs r JOIN comparison_runs cr ON cr.run_id = r.id "
                "WHERE cr.comparison_id = :c GROUP BY r.worker, r.started_at "
                "HAVING count(*) FILTER (WHERE r.state = 'succeeded') > 0 "
                "AND count(*) FILTER (WHERE r.state = 'running') >= 1000 LIMIT 1"
            ),
            {"c": cid},
        ).scalar()


def diagnose(env) -> str:
    """What a stalled sweep looks like: runs by state, worker and attempts; the broker's queues."""
    import redis

    rd = redis.Redis.from_url(env["REDIS_URL"])
    with session_scope() as s:
        runs = s.execute(text("SELECT state, worker, attempts, count(*) FROM runs GROUP BY 1, 2, 3")).all()
        comp = s.execute(text("SELECT dispatched, s_per_run FROM comparisons")).all()
    return f"runs {runs}; comparison {comp}; waiting sim {rd.llen('sim')}, sweep {rd.llen('sweep')}"


# chunks of 2,000 runs (a few seconds each), so that the kill surely lands inside one
BIG_CHUNKS = {"SWEEP_CHUNK_SECONDS": "5", "SWEEP_MAX_CHUNK_RUNS": "2000"}


def test_sigkill_in_the_middle_of_a_chunk_loses_no_run(isolated):
    env, make_client = isolated
    with published(BIG_CHUNKS):
        client = make_client()
        a = Worker({**env, **BIG_CHUNKS}, concurrency=1, name="a")
        b = Worker({**env, **BIG_CHUNKS}, concurrency=1, name="b")
        try:
            wait_for_workers(env["REDIS_URL"], 2)
            pools = {pid: w for w in (a, b) for pid in w.children()}  # each worker's pool process
            r = client.post(f"{API}/comparisons", json=SWEEP)
            assert r.status_code == 202, r.text
            cid = r.json()["id"]
            assert r.json()["n_runs"] == 10_000
            victim_worker = None
            deadline = time.time() + 120
            while victim_worker is None:
                assert time.time() < deadline, "no chunk was ever seen half done"
                victim_worker = chunk_in_progress(cid)
                time.sleep(0.01)
            pid = int(victim_worker.rsplit(":", 1)[1])
            victim = pools[pid]  # (looked up before: the kill follows the sighting at once)
            victim.kill()
            with session_scope() as s:
                cut = s.execute(
                    text("SELECT count(*) FROM runs WHERE worker = :w AND state = 'running'"), {"w": victim_worker}
                ).scalar_one()
            assert cut > 0  # runs the killed chunk had claimed and not stored
            deadline = time.time() + 120
            while True:
                body = client.get(f"{API}/comparisons/{cid}").json()
                if not body["provisional"]:
                    break
                assert time.time() < deadline, f"the sweep did not finish: {body['counts']}; {diagnose(env)}"
                time.sleep(0.5)
            with session_scope() as s:
                states = dict(
                    s.execute(
                        text(
                            "SELECT r.state, count(DISTINCT r.id) FROM runs r "
                            "JOIN comparison_runs cr ON cr.run_id = r.id WHERE cr.comparison_id = :c GROUP BY r.state"
                        ),
                        {"c": cid},
                    ).all()
                )
                no_result = s.execute(
                    text(
                        "SELECT count(*) FROM runs r JOIN comparison_runs cr ON cr.run_id = r.id "
                        "WHERE cr.comparison_id = :c AND (r.state = 'succeeded') = (r.result IS NULL)"
                    ),
                    {"c": cid},
                ).scalar_one()
                failed_without_error = s.execute(
                    text(
                        "SELECT count(*) FROM runs r JOIN comparison_runs cr ON cr.run_id = r.id "
                        "WHERE cr.comparison_id = :c AND r.state = 'failed' AND r.error IS NULL"
                    ),
                    {"c": cid},
                ).scalar_one()
                again = s.execute(
                    text(
                        "SELECT count(*) FROM runs r JOIN comparison_runs cr ON cr.run_id = r.id "
                        "WHERE cr.comparison_id = :c AND r.attempts = 2 AND r.state = 'succeeded'"
                    ),
                    {"c": cid},
                ).scalar_one()
            # every run of the sweep exists once and ended: succeeded with its result (these 10-segment
            # flows cannot fail), none queued, running or lost
            assert states == {"succeeded": 10_000}, states
            assert body["counts"]["succeeded"] == 10_000 and body["finished"] == 10_000
            assert no_result == 0 and failed_without_error == 0
            # the runs the kill cut off ran again, on the other worker
            assert again >= cut
        finally:
            a.stop()
            b.stop()
