from __future__ import annotations

import pytest

from ..conftest import FAST_SWEEP, create_database, drop_database, migrate, published


@pytest.fixture
def isolated(pg_admin, redis_url, request):
    """A fresh database and broker database, so only this test's workers see
    its tasks. Yields (env, make_client)."""
    from fastapi.testclient import TestClient

    from app.main import create_app

    marker = request.node.get_closest_marker("redis_url")
    broker = marker.args[0] if marker else redis_url.rsplit("/", 1)[0] + "/14"
    import redis
    redis.Redis.from_url(broker).flushdb()
    db = create_database(pg_admin)
    migrate(db)
    env = {"DATABASE_URL": db, "REDIS_URL": broker, **FAST_SWEEP, "MAX_PACKETS": "200000000"}
    clients = []

    def make_client():
        c = TestClient(create_app())
        c.__enter__()
        clients.append(c)
        return c

    with published(env):
        yield env, make_client
        for c in clients:
            c.__exit__(None, None, None)
    drop_database(pg_admin, db)
