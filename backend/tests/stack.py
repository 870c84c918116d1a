"""The real PostgreSQL, Redis and Celery workers the service tests run
against: a pytest plugin (the conftests of backend/tests and worker/tests load
it with `pytest_plugins`, so both share one database, broker and worker per
session) and the helpers the tests import.

PostgreSQL: TEST_DATABASE_ADMIN_URL, else 127.0.0.1:5432 if it answers, else
an embedded server from pip; every session gets a fresh database, migrated
with Alembic and dropped at the end.  Redis: TEST_REDIS_URL, else db 15 of
127.0.0.1:6379, else an embedded redis-server; the `isolated` fixture's
tests use a redis-server of their own (embedded, on a free port), so that no
other test session on the machine shares their broker.  Workers are real
`celery worker` processes started by the fixtures, serving the queues a
deployment's workers serve (app.services.queue.WORKER_QUEUES)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "backend"))

from app.embedded import EmbeddedPostgres, EmbeddedRedis, pg_reachable, redis_reachable  # noqa: E402

FAST_SWEEP = {
    "HEARTBEAT_INTERVAL_S": "0.5",
    "STUCK_AFTER_S": "3",
    "REQUEUE_QUEUED_AFTER_S": "4",
    "RATE_LIMIT_WRITES_PER_MINUTE": "100000",
}


def _psycopg(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


@pytest.fixture(scope="session")
def pg_admin(tmp_path_factory):
    url = os.environ.get("TEST_DATABASE_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    if pg_reachable(url):
        yield url
        return
    emb = EmbeddedPostgres(tmp_path_factory.mktemp("pg") / "data")
    yield emb.start("postgres")
    emb.stop()


def create_database(admin: str) -> str:
    import psycopg

    name = f"rexmit_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(_psycopg(admin), autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    base, _, query = admin.partition("?")
    head = base.rsplit("/", 1)[0]
    return f"{head}/{name}" + (f"?{query}" if query else "")


def drop_database(admin: str, url: str) -> None:
    import psycopg

    name = url.split("?")[0].rsplit("/", 1)[1]
    with psycopg.connect(_psycopg(admin), autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def migrate(url: str, target: str = "head", direction: str = "upgrade") -> None:
    env = {**os.environ, "DATABASE_URL": url}
    subprocess.run(
        [sys.executable, "-m", "alembic", "-c", str(ROOT / "migrations" / "alembic.ini"), direction, target],
        env=env,
        check=True,
        cwd=ROOT,
        capture_output=True,
    )


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    url = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    if redis_reachable(url):
        import redis

        redis.Redis.from_url(url).flushdb()
        yield url
        return
    emb = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    yield emb.start()
    emb.stop()


@pytest.fixture(scope="session")
def services(pg_admin, redis_url):
    """A migrated database and a broker, published through the environment
    the app and the workers read their Settings from."""
    db = create_database(pg_admin)
    migrate(db)
    env = {"DATABASE_URL": db, "REDIS_URL": redis_url, **FAST_SWEEP}
    with published(env):
        yield env
    drop_database(pg_admin, db)


@contextmanager
def published(env: dict[str, str]):
    """Publish settings through the environment (as a deployment would) and
    drop every cached client built from the previous ones; restore after."""
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    _reset_caches()
    try:
        yield env
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        _reset_caches()


def _reset_caches() -> None:
    from app.core import config, db, ratelimit
    from app.services import queue

    config.get_settings.cache_clear()
    for fn in (db.get_engine, ratelimit._redis, queue.client, queue._redis):
        fn.cache_clear()


class Worker:
    """A real `celery worker` process."""

    def __init__(self, env: dict[str, str], concurrency: int = 2, name: str | None = None):
        self.name = name or f"w{uuid.uuid4().hex[:6]}"
        from app.services.queue import WORKER_QUEUES

        cmd = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "rexmit_worker.celery_app",
            "worker",
            "-Q",
            WORKER_QUEUES,
            "-c",
            str(concurrency),
            "-n",
            f"{self.name}@%h",
            "--loglevel=WARNING",
            "--without-mingle",
            "--without-gossip",
        ]
        self.proc = subprocess.Popen(
            cmd,
            env={**os.environ, **env},
            cwd=ROOT,
            stdout=self._log(),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def _log(self):
        """The worker's log: a file in REXMIT_TEST_WORKER_LOGS when set (to debug a test), else nowhere."""
        folder = os.environ.get("REXMIT_TEST_WORKER_LOGS")
        if not folder:
            return subprocess.DEVNULL
        Path(folder).mkdir(parents=True, exist_ok=True)
        return open(Path(folder) / f"{self.name}-{os.getpid()}.log", "ab")  # noqa: SIM115  (the child keeps it)

    def children(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True)
        return [int(p) for p in out.stdout.split()]

    def kill(self) -> None:
        """SIGKILL the whole worker: the main process and its pool."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_for_workers(redis_url: str, n: int = 1, timeout_s: float = 30) -> None:
    import redis

    r = redis.Redis.from_url(redis_url)
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        if len(list(r.scan_iter("rexmit:worker:*"))) >= n:
            return
        time.sleep(0.2)
    raise TimeoutError("no worker announced itself")


@pytest.fixture(scope="session")
def worker(services):
    w = Worker(services)
    wait_for_workers(services["REDIS_URL"])
    yield w
    w.stop()


@pytest.fixture(scope="session")
def client(services):
    from fastapi.testclient import TestClient

    from app.main import create_app

    with TestClient(create_app()) as c:
        yield c


def wait_done(client, url: str, timeout_s: float, poll_s: float) -> dict:
    """GET url until its state is succeeded or failed."""
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        body = client.get(url).json()
        if body["state"] in ("succeeded", "failed"):
            return body
        time.sleep(poll_s)
    raise TimeoutError(f"{url} did not finish: {body}")


def wait_run(client, run_id: str, timeout_s: float = 60) -> dict:
    return wait_done(client, f"/api/v1/runs/{run_id}", timeout_s, 0.05)


def wait_comparison(client, cid: str, timeout_s: float = 120) -> dict:
    return wait_done(client, f"/api/v1/comparisons/{cid}", timeout_s, 0.1)


@pytest.fixture(scope="session")
def isolated_redis(tmp_path_factory):
    """The isolated tests' own redis-server (embedded, on a free port)."""
    emb = EmbeddedRedis(tmp_path_factory.mktemp("redis-isolated"))
    yield emb.start()
    emb.stop()


@pytest.fixture
def isolated(pg_admin, isolated_redis, request):
    """A fresh database and broker database, so only this test's workers see
    its tasks. Yields (env, make_client)."""
    from fastapi.testclient import TestClient

    from app.main import create_app

    marker = request.node.get_closest_marker("redis_url")
    broker = marker.args[0] if marker else isolated_redis
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
