"""Fair sharing and Cancel with real workers, checked by the order in which
things finish (never by timing thresholds): while one user's 5,000-run sweep
is in progress, a single run and a small comparison submitted after it
finish while most of the sweep is still queued; Cancel then drops the
sweep's queued runs, which never run, and keeps every run that had finished."""

from __future__ import annotations

import time

from sqlalchemy import text

from app.core.db import session_scope
from tests.stack import Worker, wait_for_workers

API = "/api/v1"
TIMERS = {
    "baseline": {"flows[*].tcp.timer": "rto"},
    "RTOR": {"flows[*].tcp.timer": "rtor"},
    "TLP": {"flows[*].tcp.timer": "tlp"},
    "TLPR": {"flows[*].tcp.timer": "tlpr"},
}
BIG = {  # 4 variants x 5 RTTs x 250 replications of the web-objects page: 5,000 runs
    "base": {"preset": "web-objects", "overrides": {"seed": 9_000_000}},
    "variants": TIMERS,
    "grid": {"path.*.delay_ms": [5, 20, 40, 80, 160]},
    "replications": 250,
}
SMALL = {  # a classroom's comparison: 4 variants x 2 loss counts
    "base": {"preset": "tail-loss-n-degree", "overrides": {"seed": 9_500_000}},
    "variants": TIMERS,
    "grid": {"path.forward.loss.count": [1, 2]},
}


def finished(body: dict) -> int:
    return body["counts"]["succeeded"] + body["counts"]["failed"]


def wait_until(fn, what: str, timeout_s: float = 180):
    deadline = time.time() + timeout_s
    while True:
        out = fn()
        if out:
            return out
        assert time.time() < deadline, what
        time.sleep(0.05)


def test_a_big_sweep_does_not_starve_single_runs_and_small_comparisons(isolated):
    env, make_client = isolated
    client = make_client()
    w = Worker(env, concurrency=1, name="fair")
    try:
        wait_for_workers(env["REDIS_URL"])
        big = client.post(f"{API}/comparisons", json=BIG).json()
        assert big["n_runs"] == 5_000
        url = f"{API}/comparisons/{big['id']}"
        wait_until(lambda: finished(client.get(url).json()) > 0, "the sweep never started")

        # a single run submitted now succeeds while most of the sweep is still queued
        rid = client.post(f"{API}/runs", json={"preset": "tail-loss-n-degree", "variant": "TLP", "seeds": [77]}).json()[
            "runs"
        ][0]["id"]
        wait_until(lambda: client.get(f"{API}/runs/{rid}").json()["state"] == "succeeded", "the single run starved")
        at_single = client.get(url).json()
        assert finished(at_single) < big["n_runs"] / 2 and at_single["counts"]["queued"] > big["n_runs"] / 2

        # so does a small comparison: it takes turns with the sweep, chunk by chunk
        small = client.post(f"{API}/comparisons", json=SMALL).json()["id"]
        wait_until(lambda: client.get(f"{API}/comparisons/{small}").json()["state"] == "succeeded", "starved")
        at_small = client.get(url).json()
        assert finished(at_small) < big["n_runs"] / 2 and at_small["provisional"] is True
        assert at_small["eta_s"] is not None and at_small["eta_s"] > 0

        # Cancel: the queued runs are dropped, the finished ones stay stored
        with session_scope() as s:
            before = dict(
                s.execute(
                    text(
                        "SELECT r.id, r.result FROM runs r JOIN comparison_runs cr ON cr.run_id = r.id "
                        "WHERE cr.comparison_id = :c AND r.state = 'succeeded'"
                    ),
                    {"c": big["id"]},
                ).all()
            )
        out = client.post(f"{url}/cancel")
        assert out.status_code == 200 and out.json()["state"] == "cancelled"
        # the runs still queued at that moment are dropped at once (how many depends on how far the workers
        # got meanwhile: the sweep was under half done at the small comparison's end, asserted above)
        dropped = out.json()["counts"]["cancelled"]
        assert dropped > 0
        settled = wait_until(
            lambda: (b := client.get(url).json())["provisional"] is False and b, "running runs never finished"
        )
        counts = settled["counts"]
        assert counts["queued"] == counts["running"] == 0 and counts["failed"] == 0
        # no dropped run ran later, and every run that had finished before Cancel is still counted
        assert counts["cancelled"] >= dropped and counts["succeeded"] >= len(before)
        assert sum(counts.values()) == big["n_runs"] and settled["finished"] == counts["succeeded"]
        time.sleep(3 * 3)  # three sweeper passes: nothing brings a dropped run back
        with session_scope() as s:
            after = dict(
                s.execute(
                    text(
                        "SELECT r.id, r.result FROM runs r JOIN comparison_runs cr ON cr.run_id = r.id "
                        "WHERE cr.comparison_id = :c AND r.state = 'succeeded'"
                    ),
                    {"c": big["id"]},
                ).all()
            )
            never_ran = s.execute(
                text(
                    "SELECT count(*), count(*) FILTER (WHERE r.started_at IS NULL AND r.attempts = 0) FROM runs r "
                    "JOIN comparison_runs cr ON cr.run_id = r.id WHERE cr.comparison_id = :c AND r.state = 'cancelled'"
                ),
                {"c": big["id"]},
            ).one()
        assert all(after.get(k) == v for k, v in before.items())  # every finished run kept, unchanged
        assert never_ran[0] == never_ran[1]  # no dropped run was ever started
        assert client.get(url).json()["counts"] == counts
    finally:
        w.stop()
