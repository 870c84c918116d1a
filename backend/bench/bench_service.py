"""Service benchmarks: prints figures, asserts nothing.

Starts the lab in its embedded default (pip PostgreSQL + Redis, 2 workers,
uvicorn) in a temporary folder, then measures:
  (1) POST /runs -> succeeded for the 10-segment tail-loss case: p50, p95
  (2) a 1,000-run comparison with two workers: wall time
  (3) GET /runs/{id}/trace?max_points=2000 on a ~300,000-packet run: latency
Usage: python backend/bench/bench_service.py [--keep]
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "backend"))
from app.embedded import free_port  # noqa: E402


def wait(c: httpx.Client, url: str, done, timeout_s: float = 600, poll_s: float = 0.005):
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        body = c.get(url).json()
        if done(body):
            return body
        time.sleep(poll_s)
    raise TimeoutError(url)


def main() -> None:
    port = free_port()
    data = tempfile.mkdtemp(prefix="rexmit-bench-")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        REXMIT_DATA_DIR=data,
        REXMIT_PORT=str(port),
        REXMIT_WORKERS="1",
        MAX_PACKETS="100000000",
        RATE_LIMIT_WRITES_PER_MINUTE="0",
    )
    # two worker processes: the lab starts one with -c 1, we add a second
    lab = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "lab.py")],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}/api/v1"
    extra = None
    try:
        for line in lab.stdout:
            if "Rexmit is running" in line:
                break
        c = httpx.Client(timeout=30)
        health = c.get(f"{base}/health").json()
        env2 = dict(env)
        # the embedded servers' URLs: read them back from the lab's environment file
        import json

        info = json.loads(Path(data, "lab.json").read_text())
        env2.update(DATABASE_URL=info["DATABASE_URL"], REDIS_URL=info["REDIS_URL"])
        extra = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "rexmit_worker.celery_app",
                "worker",
                "-Q",
                "sim",
                "-c",
                "1",
                "-n",
                "bench2@%h",
                "--loglevel=ERROR",
            ],
            env=env2,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait(c, f"{base}/health", lambda b: len(b["workers"]) >= 2, 60, 0.2)
        print(f"lab up: {health['engine_version']}, workers: 2 processes x 1")

        # (1) latency of single runs, sequentially
        lat = []
        for _ in range(60):
            seed = random.randrange(1 << 40)
            t0 = time.perf_counter()
            rid = c.post(
                f"{base}/runs", json={"preset": "tail-loss-n-degree", "variant": "TLP", "seeds": [seed]}
            ).json()["runs"][0]["id"]
            wait(c, f"{base}/runs/{rid}", lambda b: b["state"] in ("succeeded", "failed"))
            lat.append((time.perf_counter() - t0) * 1e3)
        lat = lat[10:]  # warm-up
        q = statistics.quantiles(lat, n=20)
        print(
            f"(1) POST /runs -> succeeded, 10-segment tail loss: p50 {statistics.median(lat):.1f} ms, "
            f"p95 {q[18]:.1f} ms (n={len(lat)})"
        )

        # (2) a 1,000-run comparison
        seed = random.randrange(1 << 40)
        body = {
            "base": {"preset": "tail-loss-rtt-sweep", "overrides": {"seed": seed}},
            "variants": {
                "baseline": {"flows[*].tcp.timer": "rto"},
                "RTOR": {"flows[*].tcp.timer": "rtor"},
                "TLP": {"flows[*].tcp.timer": "tlp"},
                "TLPR": {"flows[*].tcp.timer": "tlpr"},
            },
            "grid": {"path.*.delay_ms": [5, 10, 20, 40, 80], "path.forward.loss.count": [1, 2, 3, 4, 5]},
            "replications": 10,
        }
        n = 5 * 5 * 4 * 10
        t0 = time.perf_counter()
        created = c.post(f"{base}/comparisons", json=body).json()
        t_post = time.perf_counter() - t0
        wait(c, f"{base}/comparisons/{created['id']}", lambda b: b["state"] in ("succeeded", "failed"), 900, 0.1)
        t_all = time.perf_counter() - t0
        print(
            f"(2) comparison of {created['n_runs']} runs (requested {n}): POST {t_post * 1e3:.0f} ms, "
            f"all succeeded after {t_all:.1f} s with 2 workers"
        )

        # (3) a ~300,000-packet run and its trace window
        big = {
            "scenario": {
                "seed": random.randrange(1 << 40),
                "duration_s": 30,
                "path": {
                    "forward": {
                        "rate_bps": 1e9,
                        "delay_ms": 10,
                        "buffer_pkts": 2000,
                        "loss": {"model": "bernoulli", "p": 1e-5},
                    },
                    "reverse": {"rate_bps": 1e9, "delay_ms": 10},
                },
                "flows": [{"app": {"kind": "bulk", "duration_s": 5.0}, "tcp": {"cc": "cubic"}}],
            }
        }
        rid = c.post(f"{base}/runs", json=big).json()["runs"][0]["id"]
        run = wait(c, f"{base}/runs/{rid}", lambda b: b["state"] in ("succeeded", "failed"), 600, 0.1)
        pk = run["metrics"][0]["segments_sent"]
        # the run was just read (state succeeded), which starts decoding its trace
        times = []
        for i in range(11):
            t0 = time.perf_counter()
            w = c.get(
                f"{base}/runs/{rid}/trace",
                params={"max_points": 2000, "from_ms": 500 + i * 100, "to_ms": 2500 + i * 100},
            ).json()
            times.append((time.perf_counter() - t0) * 1e3)
        print(
            f"(3) {pk:,} data packets, {run['summary']['trace_events']:,} events, stored "
            f"{run['summary'].get('trace_bytes', 0) / 1e6:.2f} MB: first window {times[0]:.0f} ms "
            f"(decode prefetched when the run was read), then median {statistics.median(times[1:]):.0f} ms "
            f"for {w['returned']} points"
        )
        print("    (the cold decode cost alone is printed by backend/bench/bench_traces.py)")
    finally:
        if extra:
            extra.terminate()
            extra.wait(20)
        lab.terminate()
        try:
            lab.wait(60)
        except subprocess.TimeoutExpired:
            lab.kill()


if __name__ == "__main__":
    main()
