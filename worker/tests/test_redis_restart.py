"""Redis restarts: submissions made while it is down are kept in PostgreSQL
and complete once it is back; new submissions complete too; a sweep in
progress when Redis goes down loses no run."""

from __future__ import annotations

import shutil
import time

import pytest

from app.embedded import EmbeddedRedis, free_port
from tests.stack import Worker, wait_comparison, wait_for_workers, wait_run

API = "/api/v1"
PORT = free_port()
RUN = {"preset": "tail-loss-n-degree", "variant": "TLPR"}


@pytest.fixture(scope="module")
def own_redis(tmp_path_factory):
    r = EmbeddedRedis(tmp_path_factory.mktemp("redis-restart"))
    r.start(PORT)
    yield r
    r.stop()


@pytest.mark.redis_url(f"redis://127.0.0.1:{PORT}/0")
def test_submissions_survive_a_redis_restart(own_redis, isolated):
    env, make_client = isolated
    client = make_client()
    w = Worker(env, concurrency=1)
    try:
        wait_for_workers(env["REDIS_URL"])
        first = client.post(f"{API}/runs", json={**RUN, "seeds": [1]}).json()["runs"][0]["id"]
        assert wait_run(client, first)["state"] == "succeeded"
        own_redis.stop()
        during = client.post(f"{API}/runs", json={**RUN, "seeds": [2]})
        assert during.status_code == 202  # stored; the enqueue waits for the broker
        own_redis.start(PORT)
        after = client.post(f"{API}/runs", json={**RUN, "seeds": [3]}).json()["runs"][0]["id"]
        assert wait_run(client, during.json()["runs"][0]["id"], timeout_s=90)["state"] == "succeeded"
        assert wait_run(client, after, timeout_s=90)["state"] == "succeeded"
    finally:
        w.stop()


SWEEP = {  # 4 variants x 5 loss counts x 100 replications of a 10-segment flow
    "base": {"preset": "tail-loss-n-degree", "overrides": {"seed": 3_000_000}},
    "variants": {
        "baseline": {"flows[*].tcp.timer": "rto"},
        "RTOR": {"flows[*].tcp.timer": "rtor"},
        "TLP": {"flows[*].tcp.timer": "tlp"},
        "TLPR": {"flows[*].tcp.timer": "tlpr"},
    },
    "grid": {"path.forward.loss.count": [1, 2, 3, 4, 5]},
    "replications": 100,
}


@pytest.mark.redis_url(f"redis://127.0.0.1:{PORT}/0")
def test_a_sweep_survives_a_redis_restart(own_redis, isolated, tmp_path):
    """Redis stops in the middle of a sweep and comes back empty (its data
    gone, as a broker without persistence would): the chunks it held are
    lost, yet every run ends succeeded; a comparison submitted while it was
    down completes too."""
    env, make_client = isolated
    client = make_client()
    w = Worker(env, concurrency=1)
    try:
        wait_for_workers(env["REDIS_URL"])
        first = client.post(f"{API}/comparisons", json=SWEEP).json()
        deadline = time.time() + 120
        while client.get(f"{API}/comparisons/{first['id']}").json()["finished"] < 100:
            assert time.time() < deadline, "the sweep never started"
            time.sleep(0.05)
        own_redis.stop()
        for f in own_redis.data_dir.glob("*"):  # lose what it held
            if f.is_file():
                f.unlink()
            else:
                shutil.rmtree(f)
        during = client.post(f"{API}/comparisons", json={**SWEEP, "replications": 10, "grid": {}})
        assert during.status_code == 202  # stored; its chunks wait for the broker
        assert client.get(f"{API}/comparisons/{first['id']}").json()["provisional"] is True
        own_redis.start(PORT)
        for cid, n in ((first["id"], 2_000), (during.json()["id"], 40)):
            body = wait_comparison(client, cid, timeout_s=180)
            assert body["state"] == "succeeded" and body["counts"]["succeeded"] == n, body["counts"]
    finally:
        w.stop()
