"""Service benchmarks: prints figures, asserts nothing.

Starts the lab in its embedded default (pip PostgreSQL + Redis, 2 worker
processes, uvicorn) in a temporary folder, then measures:
  (1) POST /runs -> succeeded for the 10-segment tail-loss case: p50, p95
  (2) a 10,000-run comparison of 10-segment flows (the tail-loss-rtt-sweep
      preset's scenario, 4 variants x 25 grid cells x 100 replications): the
      POST's time and the time until every run has finished
  (3) a 1,000-run web-objects comparison (4 variants x 5 RTTs x 50
      replications): the same two figures
  (4) fair sharing: a single run submitted while a 2,000-run sweep is in
      progress: its time to succeeded, and how much of the sweep had finished
  (5) GET /runs/{id}/trace?max_points=2000 on a ~300,000-packet run: latency
  (6) the mobile-recovery paper's testbed (issue #11): a 10-run x 3-delay x
      4-algorithm comparison (RH, PRR, QARR, BARR) of 200 s CUBIC flows at
      20 Mbit/s with 0.1 % random loss and full traces: the same two figures
Usage: python backend/bench/bench_service.py [--only 2,3]
(the figures of issue #9 are `--only 2,3,4`; the machine's load average is
printed with them, since other work on a 2-core machine shifts them)
"""

from __future__ import annotations

import argparse
import json
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

try:  # the queues a worker serves, in priority order (older trees have one queue, "sim")
    from app.services.queue import WORKER_QUEUES  # type: ignore[attr-defined]  # noqa: E402
except ImportError:
    WORKER_QUEUES = "sim"

TIMERS = {
    "baseline": {"flows[*].tcp.timer": "rto"},
    "RTOR": {"flows[*].tcp.timer": "rtor"},
    "TLP": {"flows[*].tcp.timer": "tlp"},
    "TLPR": {"flows[*].tcp.timer": "tlpr"},
}
#: the mobile-recovery paper's four recovery algorithms (issue #11)
RECOVERY = {"RH": "rate_halving", "PRR": "prr", "QARR": "qarr", "BARR": "barr"}
DONE = ("succeeded", "failed", "cancelled")


def wait(c: httpx.Client, url: str, done, timeout_s: float = 600, poll_s: float = 0.005):
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        body = c.get(url).json()
        if done(body):
            return body
        time.sleep(poll_s)
    raise TimeoutError(url)


def finished(body: dict) -> int:
    return sum(body["counts"].get(k, 0) for k in ("succeeded", "failed"))


def comparison(c: httpx.Client, base: str, body: dict, label: str) -> dict:
    """POST a comparison, poll it every 0.25 s (as often as the dashboard) until
    every run has finished; print the POST time and the end-to-end time."""
    t0 = time.perf_counter()
    r = c.post(f"{base}/comparisons", json=body)
    t_post = time.perf_counter() - t0
    r.raise_for_status()
    created = r.json()
    out = wait(c, f"{base}/comparisons/{created['id']}", lambda b: b["state"] in DONE, 1800, 0.25)
    t_all = time.perf_counter() - t0
    t1 = time.perf_counter()
    c.get(f"{base}/comparisons/{created['id']}")
    t_get = time.perf_counter() - t1
    print(
        f"{label}: {created['n_runs']:,} runs ({created['deduplicated_runs']} deduplicated): "
        f"POST {t_post * 1e3:.0f} ms, all finished after {t_all:.1f} s "
        f"({out['counts'].get('succeeded', 0):,} succeeded, {out['counts'].get('failed', 0)} failed); "
        f"GET of the finished comparison {t_get * 1e3:.0f} ms"
    )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="1,2,3,4,5,6", help="comma-separated sections to run")
    args = ap.parse_args()
    only = {int(x) for x in args.only.split(",")}
    port = free_port()
    data = tempfile.mkdtemp(prefix="rexmit-bench-")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        REXMIT_DATA_DIR=data,
        REXMIT_PORT=str(port),
        REXMIT_WORKERS="1",
        MAX_PACKETS="100000000",
        MAX_COMPARISON_RUNS="10000",
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
        assert lab.stdout is not None
        for line in lab.stdout:
            if "Rexmit is running" in line:
                break
        c = httpx.Client(timeout=120)
        health = c.get(f"{base}/health").json()
        env2 = dict(env)
        # the embedded servers' URLs: read them back from the lab's environment file
        info = json.loads(Path(data, "lab.json").read_text())
        env2.update(DATABASE_URL=info["DATABASE_URL"], REDIS_URL=info["REDIS_URL"])
        extra = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "rexmit_worker.celery_app", "worker", "-Q", WORKER_QUEUES]
            + ["-c", "1", "-n", "bench2@%h", "--loglevel=ERROR"],
            env=env2,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait(c, f"{base}/health", lambda b: len(b["workers"]) >= 2, 60, 0.2)
        print(f"lab up: {health['engine_version']}, workers: 2 processes x 1; load average {os.getloadavg()}")
        # the API process's first comparison opens its connections (database pool, broker): timed apart
        t0 = time.perf_counter()
        warm = c.post(
            f"{base}/comparisons",
            json={"base": {"preset": "tail-loss-n-degree"}, "variants": {"TLP": {"flows[*].tcp.timer": "tlp"}}},
        ).json()
        print(f"first POST /comparisons of the API process (1 run): {(time.perf_counter() - t0) * 1e3:.0f} ms")
        wait(c, f"{base}/comparisons/{warm['id']}", lambda b: b["state"] in DONE, 120, 0.1)

        if 1 in only:  # latency of single runs, sequentially
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

        if 2 in only:  # 10,000 runs of 10-segment flows
            body = {
                "base": {"preset": "tail-loss-rtt-sweep", "overrides": {"seed": random.randrange(1 << 40)}},
                "variants": TIMERS,
                "grid": {"path.*.delay_ms": [5, 10, 20, 40, 80], "path.forward.loss.count": [1, 2, 3, 4, 5]},
                "replications": 100,
            }
            comparison(c, base, body, "(2) 10-segment flows")

        if 3 in only:  # 1,000 runs of the web-objects page
            body = {
                "base": {"preset": "web-objects", "overrides": {"seed": random.randrange(1 << 40)}},
                "variants": TIMERS,
                "grid": {"path.*.delay_ms": [5, 20, 40, 80, 160]},
                "replications": 50,
                "metric": "request_ms",
            }
            comparison(c, base, body, "(3) web-objects")

        if 4 in only:  # a single run while a sweep is in progress
            body = {
                "base": {"preset": "web-objects", "overrides": {"seed": random.randrange(1 << 40)}},
                "variants": TIMERS,
                "grid": {"path.*.delay_ms": [5, 20, 40, 80, 160]},
                "replications": 100,
            }
            cid = c.post(f"{base}/comparisons", json=body).json()["id"]
            wait(c, f"{base}/comparisons/{cid}", lambda b: finished(b) >= 50, 600, 0.1)
            t0 = time.perf_counter()
            rid = c.post(
                f"{base}/runs",
                json={"preset": "tail-loss-n-degree", "variant": "TLP", "seeds": [random.randrange(1 << 40)]},
            ).json()["runs"][0]["id"]
            wait(c, f"{base}/runs/{rid}", lambda b: b["state"] in ("succeeded", "failed"), 600, 0.02)
            t_single = time.perf_counter() - t0
            sweep = c.get(f"{base}/comparisons/{cid}").json()
            print(
                f"(4) a single run submitted during a {sweep['n_runs']:,}-run web-objects sweep: succeeded after "
                f"{t_single * 1e3:.0f} ms, when {finished(sweep):,} of the sweep's runs had finished"
            )
            if c.post(f"{base}/comparisons/{cid}/cancel").status_code == 404:  # a tree without Cancel
                wait(c, f"{base}/comparisons/{cid}", lambda b: b["state"] in DONE, 1800, 1.0)

        if 6 in only:  # issue #11: 10 runs x 3 delays x 4 recovery algorithms on Table 3's testbed
            body = {
                "base": {
                    "preset": "adaptive-recovery-utilisation",
                    "overrides": {
                        "seed": random.randrange(1 << 40),
                        "duration_s": 210,
                        "flows[0].app.duration_s": 200,
                        "path.forward.loss": {"model": "bernoulli", "p": 0.001},
                    },
                },
                "variants": {name: {"flows[*].tcp.recovery": rec} for name, rec in RECOVERY.items()},
                "grid": {"path.*.delay_ms": [25, 50, 100]},
                "replications": 10,
            }
            comparison(c, base, body, "(6) mobile-recovery testbed, 200 s flows")

        if 5 in only:  # a ~300,000-packet run and its trace window
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
                f"(5) {pk:,} data packets, {run['summary']['trace_events']:,} events, stored "
                f"{run['summary'].get('trace_bytes', 0) / 1e6:.2f} MB: first window {times[0]:.0f} ms "
                f"(decode prefetched when the run was read), then median {statistics.median(times[1:]):.0f} ms "
                f"for {w['returned']} points"
            )
            print("    (the cold decode cost alone is printed by backend/bench/bench_traces.py)")
        print(f"load average at the end {os.getloadavg()}")
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
