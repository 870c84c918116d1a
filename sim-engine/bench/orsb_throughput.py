"""The mobile-recovery paper's throughput tables (Tables 6-15) as the engine gives them: runs a throughput
preset's grid (rexsim.presets, the orsb-throughput-* presets) and prints, per cell, each variant's mean
goodput in Mb/s and as % of C, the paper's way, with the mean application-stall time and RTO count.

The presets' descriptions quote the figures this prints; e.g. for Tables 6 and 8 with seeds 1-3:

  .venv/bin/python sim-engine/bench/orsb_throughput.py orsb-throughput-loss-3g --replications 3

--only KEY=VALUE (repeatable) keeps the grid cells with that value (JSON, e.g.
--only 'flows[*].tcp.sndbuf_growth=3'); --set KEY=VALUE (repeatable) adds an override to the variants
named by --set-variants (default all), e.g. issue #11's QARR/BARR switch:
--set 'flows[*].tcp.recovery_params.skip_cc_loss_response=true' --set-variants QARR,BARR;
--variants NAME,NAME runs only those variants (e.g. the QARR rows after a change to QARR alone);
--jobs N runs N processes; --json FILE also writes the means.
--speed runs each selected cell and variant once (seed 1, full trace) and prints its engine CPU time and
event count instead, e.g. issue #11's figure, one 200 s run at 100 Mb/s and 0.1 % loss:

  .venv/bin/python sim-engine/bench/orsb_throughput.py orsb-throughput-loss-4g --speed \
      --only 'flows[*].tcp.cc="cubic"' --only 'path.forward.loss.p=0.001' \
      --only 'flows[*].tcp.opportunistic_rtx=true' --only 'flows[*].tcp.sndbuf_growth=3'
Asserts nothing (a measurement; the claims are tested in tests/python/test_orsb_throughput_claims.py).
"""
# ruff: noqa: T201  (a measurement: it prints its figures)

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import rexsim
from rexsim.presets import PRESETS
from rexsim.scenario import apply_overrides, grid_cells


def _run(job: tuple[dict[str, Any], int]) -> dict[str, Any]:
    sc, seed = job
    sc = dict(sc, seed=seed)
    t = time.perf_counter()
    res = rexsim.run(sc)
    m = res.flows[0].metrics
    return {
        "goodput_bps": m["goodput_bps"],
        "app_stall_ms": m["app_stall_ms"],
        "rto_count": m["rto_count"],
        "completed": m["completed"],
        "violations": res.invariant_violations,
        "s": time.perf_counter() - t,
    }


def _speed(jobs: list[tuple[dict[str, Any], int]], names: list[str]) -> None:
    for (sc, _), name in zip(jobs, names, strict=True):
        sc = dict(sc, seed=1, trace="full")
        t = time.process_time()
        res = rexsim.run(sc)
        cpu = time.process_time() - t
        m = res.flows[0].metrics
        n = res.summary()["trace_events"]
        print(f"{name:24s} {cpu:6.3f} s CPU, {n:,} trace events, goodput {m['goodput_bps'] / 1e6:.2f} Mb/s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("preset")
    ap.add_argument("--replications", type=int, default=None, help="default: the preset's")
    ap.add_argument("--only", action="append", default=[], help="KEY=JSON: keep the cells with this value")
    ap.add_argument("--set", action="append", default=[], help="KEY=JSON: an override on top of each variant")
    ap.add_argument("--set-variants", default=None, help="NAME,NAME: the variants --set applies to (default all)")
    ap.add_argument("--variants", default=None, help="NAME,NAME: run only these variants (default all)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", default=None)
    ap.add_argument("--speed", action="store_true", help="one full-trace run per cell and variant: CPU time")
    a = ap.parse_args()
    p = PRESETS[a.preset]
    reps = a.replications or p["replications"]
    only = {k: json.loads(v) for k, v in (o.split("=", 1) for o in a.only)}
    extra = {k: json.loads(v) for k, v in (o.split("=", 1) for o in a.set)}
    set_on = set(a.set_variants.split(",")) if a.set_variants else set(p["variants"])
    variants = {n: ov for n, ov in p["variants"].items() if not a.variants or n in a.variants.split(",")}
    if a.variants and len(variants) != len(a.variants.split(",")):
        ap.error(f"--variants: {a.variants!r} names a variant the preset lacks; it has {', '.join(p['variants'])}")
    cells = [c for c in grid_cells(p["grid"]) if all(c.get(k) == v for k, v in only.items())]
    seed0 = int(p["scenario"].get("seed", 1))
    jobs = []
    names = []
    for cell in cells:
        base = apply_overrides(p["scenario"], cell)
        for name, ov in variants.items():
            sc = apply_overrides(base, {**ov, **extra} if name in set_on else ov)
            jobs += [(sc, seed0 + r) for r in range(reps)]
            names += [name] * reps
    if a.speed:
        _speed(jobs[::reps], names[::reps])
        return
    t0 = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as ex:
        out = list(ex.map(_run, jobs, chunksize=1))
    wall = time.perf_counter() - t0
    rows = []
    i = 0
    for cell in cells:
        rate = float(apply_overrides(p["scenario"], cell)["path"]["forward"]["rate_bps"])
        for name in variants:
            rs = out[i : i + reps]
            i += reps
            gp = [r["goodput_bps"] for r in rs]
            mean = math.fsum(gp) / len(gp)
            row = {
                "cell": cell,
                "variant": name,
                "mbps": mean / 1e6,
                "pct_of_c": 100 * mean / rate,
                "min_mbps": min(gp) / 1e6,
                "max_mbps": max(gp) / 1e6,
                "app_stall_ms": math.fsum(r["app_stall_ms"] for r in rs) / len(rs),
                "rto_count": math.fsum(r["rto_count"] for r in rs) / len(rs),
                "all_completed": all(r["completed"] for r in rs),
                "violations": sum(r["violations"] for r in rs),
                "engine_s": math.fsum(r["s"] for r in rs) / len(rs),
            }
            rows.append(row)
            shown = {k.split(".")[-1]: v for k, v in cell.items()}
            print(
                f"{json.dumps(shown):80s} {name:22s} {row['mbps']:7.2f} Mb/s ({row['pct_of_c']:5.1f} %)"
                f"  [{row['min_mbps']:.2f}-{row['max_mbps']:.2f}]  stall {row['app_stall_ms']:7.0f} ms"
                f"  rto {row['rto_count']:4.1f}  {row['engine_s']:.2f} s/run",
                flush=True,
            )
    print(f"{len(jobs)} runs, {reps} replications, {wall:.0f} s wall with {a.jobs} job(s)")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"preset": a.preset, "replications": reps, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
