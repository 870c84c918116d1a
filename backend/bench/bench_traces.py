"""Benchmark of trace storage, windowing and export (prints figures; asserts nothing).

    cd backend && PYTHONPATH=. python3 bench/bench_traces.py [--quick]

Figures: bytes/event of the stored format for the three example scenarios and
a ~300,000-packet bulk run; window() and series() latency (best and median of
repeated calls) on that run's trace; encode, decode, to_pcap and to_csv times.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
import rexsim
from rexsim import tracefile

from app.services import traces
from app.services.export import pcap, tables

BULK_40S = {
    "seed": 1,
    "duration_s": 40,
    "path": {
        "forward": {"rate_bps": 20e6, "delay_ms": 50, "buffer_pkts": 200, "loss": {"model": "bernoulli", "p": 0.001}},
        "reverse": {"rate_bps": 20e6, "delay_ms": 50},
    },
    "flows": [{"app": {"kind": "bulk", "duration_s": 30}, "tcp": {"cc": "cubic"}}],
}


def big_run(rate_bps: float = 130e6, duration_s: float = 30) -> dict:
    """A CUBIC bulk flow of about 300,000 data packets (130 Mbit/s for 30 s, 20 ms one way)."""
    return {
        "seed": 1,
        "duration_s": duration_s + 10,
        "path": {
            "forward": {
                "rate_bps": rate_bps,
                "delay_ms": 20,
                "buffer_pkts": 1000,
                "loss": {"model": "bernoulli", "p": 1e-5},
            },
            "reverse": {"rate_bps": rate_bps, "delay_ms": 20},
        },
        "flows": [{"app": {"kind": "bulk", "duration_s": duration_s}, "tcp": {"cc": "cubic"}}],
    }


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, float, object]:
    """(best ms, median ms, last result) of `repeat` calls."""
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return min(times), statistics.median(times), result


def copy_columns(r: rexsim.Result) -> dict[str, np.ndarray]:
    return {k: v.copy() for k, v in r.trace.columns.items()}


def bench_sizes() -> None:
    large = f"{tracefile.LARGE_LEVEL} for columns above {tracefile.LARGE_COLUMN_BYTES:,} bytes"
    print(f"== stored size (zstd level {tracefile.ZSTD_LEVEL}, {large})")
    cases = [
        ("tail-loss-n-degree/TLP", rexsim.preset_scenario("tail-loss-n-degree", "TLP")),
        ("web-objects/TLPR", rexsim.preset_scenario("web-objects", "TLPR")),
        ("bulk 40 s cubic p=0.001", BULK_40S),
    ]
    for name, sc in cases:
        cols = copy_columns(rexsim.run(sc))
        n = len(cols["t_ns"])
        blob = tracefile.encode_trace(cols)
        raw = sum(a.nbytes for a in cols.values())
        print(f"{name:28s} {n:8d} events  {len(blob):9d} B  {len(blob) / n:6.2f} B/event  (raw {raw / n:5.1f} B/event)")


def bench_big(repeat: int, csv_too: bool) -> None:
    t0 = time.perf_counter()
    r = rexsim.run(big_run())
    run_ms = (time.perf_counter() - t0) * 1e3
    cols = copy_columns(r)
    n, m = len(cols["t_ns"]), r.flows[0].metrics
    print(
        f"\n== big run: {m['segments_sent']} data packets, {n} events, "
        f"{len(cols['sack_words'])} SACK words, simulated in {run_ms:.0f} ms"
    )
    best, _, blob = timed(lambda: tracefile.encode_trace(cols), 1)
    print(f"encode {best:8.0f} ms  -> {len(blob)} B, {len(blob) / n:.2f} B/event")
    best, med, _ = timed(lambda: tracefile.decode_trace(blob), repeat)
    print(f"decode {best:8.1f} ms (median {med:.1f})")
    t = cols["t_ns"]
    mid = int(t[n // 2])
    windows = [
        ("whole run", {}),
        ("middle 10 s", {"from_ns": mid - 5_000_000_000, "to_ns": mid + 5_000_000_000}),
        ("middle 1 s", {"from_ns": mid - 500_000_000, "to_ns": mid + 500_000_000}),
        ("middle 50 ms", {"from_ns": mid - 25_000_000, "to_ns": mid + 25_000_000}),
        ("whole, send+ack_recv", {"kinds": ["send", "ack_recv"]}),
        ("whole, flow 0", {"flows": [0]}),
    ]
    print("window(max_points=2000):")
    for name, kw in windows:
        best, med, w = timed(lambda kw=kw: traces.window(cols, **kw), repeat)
        print(
            f"  {name:22s} {w['total_in_window']:8d} in window -> {w['returned']:5d} returned"
            f"  best {best:6.1f} ms  median {med:6.1f} ms"
        )
    best, med, s = timed(lambda: traces.series(cols), repeat)
    pts = {k: len(v["t_ns"]) for k, v in s["series"].items()}
    print(f"series (5 variables, whole run)  best {best:6.1f} ms  median {med:6.1f} ms  points {pts}")
    best, _, cap = timed(lambda: pcap.to_pcap(cols, mss=1448), 1)
    print(f"to_pcap {best:7.0f} ms  -> {len(cap)} B")
    if csv_too:
        best, _, text = timed(lambda: tables.to_csv(cols), 1)
        print(f"to_csv  {best:7.0f} ms  -> {len(text)} chars")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats, skip to_csv")
    args = ap.parse_args()
    bench_sizes()
    bench_big(repeat=3 if args.quick else 10, csv_too=not args.quick)


if __name__ == "__main__":
    main()
