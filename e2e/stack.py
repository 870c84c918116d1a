"""Database and broker for the e2e stack (called by global-setup.ts).

`prepare` prints JSON {"env": {...}, "cleanup": {...}}:
  * PostgreSQL: E2E_DATABASE_URL as given; else a fresh database on
    127.0.0.1:5432 when it answers (dropped by `cleanup`); else nothing, and
    scripts/lab.py starts an embedded server in REXMIT_DATA_DIR.
  * Redis: E2E_REDIS_URL as given; else db 13 of 127.0.0.1:6379 when it
    answers (flushed before and after); else nothing (embedded).
E2E_EMBEDDED=1 skips the machine's servers.
`cleanup JSON` undoes what `prepare` made."""

from __future__ import annotations

import json
import os
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "backend"))

from app.embedded import pg_reachable, redis_reachable  # noqa: E402

PG_ADMIN = os.environ.get("E2E_DATABASE_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
LOCAL_REDIS = "redis://127.0.0.1:6379/13"


def _psycopg(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


def prepare() -> dict:
    env: dict[str, str] = {}
    cleanup: dict[str, str] = {}
    embedded_only = os.environ.get("E2E_EMBEDDED") == "1"
    if os.environ.get("E2E_DATABASE_URL"):
        env["DATABASE_URL"] = os.environ["E2E_DATABASE_URL"]
    elif not embedded_only and pg_reachable(PG_ADMIN):
        import psycopg

        name = f"rexmit_e2e_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(_psycopg(PG_ADMIN), autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        base, _, query = PG_ADMIN.partition("?")
        env["DATABASE_URL"] = base.rsplit("/", 1)[0] + f"/{name}" + (f"?{query}" if query else "")
        cleanup["drop_database"] = name
    if os.environ.get("E2E_REDIS_URL"):
        env["REDIS_URL"] = os.environ["E2E_REDIS_URL"]
    elif not embedded_only and redis_reachable(LOCAL_REDIS):
        import redis

        redis.Redis.from_url(LOCAL_REDIS).flushdb()
        env["REDIS_URL"] = LOCAL_REDIS
        cleanup["flush_redis"] = LOCAL_REDIS
    return {"env": env, "cleanup": cleanup}


def do_cleanup(spec: dict) -> None:
    if name := spec.get("drop_database"):
        import psycopg

        with psycopg.connect(_psycopg(PG_ADMIN), autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if url := spec.get("flush_redis"):
        import redis

        redis.Redis.from_url(url).flushdb()


if __name__ == "__main__":
    if sys.argv[1:2] == ["prepare"]:
        sys.stdout.write(json.dumps(prepare()) + "\n")
    elif sys.argv[1:2] == ["cleanup"]:
        do_cleanup(json.loads(sys.argv[2]))
    else:
        sys.exit("usage: stack.py prepare | cleanup JSON")
