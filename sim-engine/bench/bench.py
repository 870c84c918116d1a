"""Engine benchmarks: prints figures, asserts nothing (speed is measured, not tested).

  (a) the 10-segment tail-loss case 10,000 times: runs per second
  (b) one CUBIC bulk flow, 20 Mbps, 100 ms RTT, 0.1% random loss, 200 s, full trace
  (c) the same at 1 Gbps: wall time and peak memory (full and sampled trace)

Each heavy case runs in a fresh subprocess so peak RSS is its own.
Usage: python bench/bench.py [--quick]
"""
# ruff: noqa: T201  (a benchmark: it prints its figures)

from __future__ import annotations

import json
import platform
import subprocess
import sys
import time

TAIL = {
    "seed": 1,
    "duration_s": 60,
    "path": {
        "forward": {"rate_bps": 1e9, "delay_ms": 40, "loss": {"model": "tail", "count": 1}},
        "reverse": {"rate_bps": 1e9, "delay_ms": 40},
    },
    "flows": [
        {
            "app": {"kind": "fixed", "segments": 10},
            "tcp": {"timer": "tlp", "cc": "reno"},
            "receiver": {"ack_policy": "delayed"},
        }
    ],
}


def bulk(rate_bps: float, seconds: float, trace: str) -> dict:
    return {
        "seed": 1,
        "duration_s": seconds + 30,
        "trace": trace,
        "sample_ms": 10,
        "max_events": 2_000_000_000,
        "path": {
            "forward": {
                "rate_bps": rate_bps,
                "delay_ms": 50,
                "buffer_pkts": 10_000,
                "loss": {"model": "bernoulli", "p": 0.001},
            },
            "reverse": {"rate_bps": rate_bps, "delay_ms": 50},
        },
        "flows": [
            {
                "app": {"kind": "bulk", "duration_s": seconds},
                "tcp": {"cc": "cubic", "timer": "rto", "rtt_profile": "linux"},
                "receiver": {"ack_policy": "delayed", "rwnd_bytes": 1 << 30},
            }
        ],
    }


CHILD = r"""
import json, resource, sys, time
import rexsim
sc = json.loads(sys.argv[1])
t0 = time.perf_counter()
r = rexsim.run(sc)
wall = time.perf_counter() - t0
n = r._raw.n_trace
cols = r._raw.columns() if n else {}
trace_bytes = sum(len(memoryview(c).cast('B')) for c in cols.values()) if n else 0
m = r.flows[0].metrics
print(json.dumps({"wall_s": wall, "events": r.events, "trace_events": n, "trace_bytes": trace_bytes,
                  "packets": m["segments_sent"] + m["retransmissions"],
                  "goodput_mbps": m["goodput_bps"] / 1e6, "retransmissions": m["retransmissions"],
                  "truncated": r.truncated, "violations": r.invariant_violations,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child(sc: dict) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, json.dumps(sc)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def report(name: str, d: dict) -> None:
    per_event = d["trace_bytes"] / d["trace_events"] if d["trace_events"] else 0
    print(
        f"{name}: wall {d['wall_s'] * 1e3:.1f} ms, {d['events'] / d['wall_s'] / 1e6:.1f} M events/s "
        f"({d['events']:,} events), {d['packets'] / d['wall_s'] / 1e6:.2f} M data packets/s, "
        f"trace {d['trace_events']:,} events at {per_event:.1f} B/event, peak RSS {d['peak_rss_mb']:.0f} MB, "
        f"goodput {d['goodput_mbps']:.1f} Mbps, truncated={d['truncated']}, invariant violations={d['violations']}"
    )


def main() -> None:
    import rexsim
    from rexsim import _rexsim

    quick = "--quick" in sys.argv
    print(
        f"rexsim {rexsim.__version__} on {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}"
    )
    n = 2_000 if quick else 10_000
    _rexsim.run_repeat(TAIL, 100)  # warm up
    ns, _ = _rexsim.run_repeat(TAIL, n)
    print(f"(a) 10-segment tail loss x{n}: {n / (ns / 1e9):,.0f} runs/s in C ({ns / n / 1e3:.2f} us/run, full trace)")
    t0 = time.perf_counter()
    for _ in range(n // 10):
        rexsim.run(TAIL)
    dt = time.perf_counter() - t0
    print(f"    through rexsim.run() from Python: {(n // 10) / dt:,.0f} runs/s")
    secs = 20 if quick else 200
    report(f"(b) CUBIC bulk 20 Mbps, 100 ms RTT, 0.1% loss, {secs} s, full trace", child(bulk(20e6, secs, "full")))
    report("(c) same at 1 Gbps, sampled trace", child(bulk(1e9, secs, "sampled")))
    report("(c) same at 1 Gbps, full trace", child(bulk(1e9, secs, "full")))


if __name__ == "__main__":
    main()
