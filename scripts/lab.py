"""`make run`: the whole lab on this machine.

With DATABASE_URL and REDIS_URL set it uses those servers. Without them it
starts an embedded PostgreSQL and Redis (from pip packages) with their data
under REXMIT_DATA_DIR (default ./.rexmit-data), applies the migrations, starts
a worker and the API on http://127.0.0.1:8000 (serving frontend/dist when it
has been built), and stops everything cleanly on Ctrl-C."""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "backend"))

from app.embedded import EmbeddedPostgres, EmbeddedRedis  # noqa: E402
from app.services.queue import WORKER_QUEUES  # noqa: E402  (single runs first, then sweeps' chunks)


def wait_healthy(url: str, procs: list[subprocess.Popen], timeout_s: float = 60) -> None:
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        for p in procs:
            if p.poll() is not None:
                raise SystemExit(f"rexmit: {p.args[2] if len(p.args) > 2 else p.args} exited with {p.returncode}")
        try:
            with urllib.request.urlopen(url + "/api/v1/health", timeout=1) as r:
                if r.status == 200 and b'"workers":[]' not in r.read():
                    return
        except Exception:
            pass
        time.sleep(0.3)
    raise SystemExit("rexmit: the lab did not become healthy within 60 s (see the logs above)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=os.environ.get("REXMIT_HOST", "127.0.0.1"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("REXMIT_PORT", "8000")))
    ap.add_argument("--workers", type=int, default=int(os.environ.get("REXMIT_WORKERS", "2")))
    args = ap.parse_args()
    data = Path(os.environ.get("REXMIT_DATA_DIR", ROOT / ".rexmit-data")).resolve()
    env = dict(os.environ)
    pg = rd = None
    children: list[subprocess.Popen] = []
    try:
        if not env.get("DATABASE_URL"):
            print(f"rexmit: starting embedded PostgreSQL in {data / 'pg'}", flush=True)
            pg = EmbeddedPostgres(data / "pg")
            env["DATABASE_URL"] = pg.start()
        if not env.get("REDIS_URL"):
            print(f"rexmit: starting embedded Redis in {data / 'redis'}", flush=True)
            rd = EmbeddedRedis(data / "redis")
            env["REDIS_URL"] = rd.start()
        dist = ROOT / "frontend" / "dist"
        if dist.joinpath("index.html").exists():
            env.setdefault("FRONTEND_DIST", str(dist))
        data.mkdir(parents=True, exist_ok=True)
        (data / "lab.json").write_text(__import__("json").dumps(
            {"DATABASE_URL": env["DATABASE_URL"], "REDIS_URL": env["REDIS_URL"]}))
        print("rexmit: applying migrations", flush=True)
        subprocess.run([sys.executable, "-m", "alembic", "-c", str(ROOT / "migrations" / "alembic.ini"),
                        "upgrade", "head"], env=env, check=True, cwd=ROOT)
        children.append(subprocess.Popen([sys.executable, "-m", "celery", "-A", "rexmit_worker.celery_app", "worker",
                                          "-Q", WORKER_QUEUES, "-c", str(args.workers), "--loglevel=WARNING"],
                                         env=env, cwd=ROOT))
        children.append(subprocess.Popen([sys.executable, "-m", "uvicorn", "app.main:app", "--host", args.host,
                                          "--port", str(args.port), "--log-level", "warning"], env=env, cwd=ROOT))
        url = f"http://{args.host}:{args.port}"
        wait_healthy(url, children)
        print(f"\nRexmit is running at {url}  (API docs: {url}/api/v1/docs)\nPress Ctrl-C to stop.\n", flush=True)
        while all(p.poll() is None for p in children):
            time.sleep(0.5)
        dead = [p for p in children if p.poll() is not None]
        print(f"rexmit: {' '.join(map(str, dead[0].args[:4]))} exited with {dead[0].returncode}", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        print("rexmit: stopping", flush=True)
        for p in reversed(children):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in reversed(children):
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
        if rd:
            rd.stop()
        if pg:
            pg.stop()
    return 0


def _terminate(signum, frame):
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _terminate)
    sys.exit(main())
