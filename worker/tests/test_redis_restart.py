"""Redis restarts: submissions made while it is down are kept in PostgreSQL
and complete once it is back; new submissions complete too."""

from __future__ import annotations

import pytest

from app.embedded import EmbeddedRedis, free_port
from tests.stack import Worker, wait_for_workers, wait_run

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
