"""Write endpoints are limited per client; reads are not."""

from __future__ import annotations

import os

from ..stack import _reset_caches


def test_writes_beyond_the_limit_get_429(services):
    import redis
    from fastapi.testclient import TestClient

    from app.main import create_app

    os.environ["RATE_LIMIT_WRITES_PER_MINUTE"] = "3"
    _reset_caches()
    redis.Redis.from_url(services["REDIS_URL"]).delete(
        *redis.Redis.from_url(services["REDIS_URL"]).keys("rexmit:rl:*") or ["x"]
    )
    try:
        with TestClient(create_app()) as c:
            body = {"scenario": {"seed": 99, "flows": [{"app": {"kind": "fixed", "segments": 2}}]}}
            codes = [c.post("/api/v1/runs", json=body).status_code for _ in range(5)]
            assert codes[:3] == [202, 202, 202] and codes[3:] == [429, 429]
            r = c.post("/api/v1/runs", json=body)
            detail = r.json()["detail"]
            assert "Retry-After" in r.headers and "3 write requests per minute" in detail
            # it names the service's limit, not a fault of the request
            assert "nothing is wrong with the scenario" in detail
            assert c.get("/api/v1/mechanisms").status_code == 200
    finally:
        os.environ["RATE_LIMIT_WRITES_PER_MINUTE"] = services["RATE_LIMIT_WRITES_PER_MINUTE"]
        _reset_caches()
