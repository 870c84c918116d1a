"""Engine cost in instructions (valgrind callgrind): figures that do not move with the machine's load.

Wall-clock figures on a shared 2-core machine swing by up to 2x between runs;
an instruction count is the same for the same binary, inputs and environment,
whatever else the machine is doing. This script counts the instructions the
engine executes for bench.py's cases, so two builds can be compared exactly:

    python bench/instructions.py                      # the installed rexsim
    python bench/instructions.py --site /tmp/rexsim-old --site /tmp/rexsim-new

A --site is a directory holding a `rexsim` package (e.g. made by
`pip install --target DIR sim-engine` at another commit). Each case runs under
callgrind twice, with n + 1 runs and with one (the same imports, scenario
parsing and first-run allocations), and the difference divided by n is
printed: the engine's own instructions per run, interpreter start-up
excluded. The children run with PYTHONHASHSEED=0 and one BLAS thread, so
that the interpreter's own work is the same in both counts (with a random
hash seed it moved by millions of instructions, more than 200 tail runs). Counts of C library
routines are included (memset of the per-run state, malloc): an instruction
count weighs a `rep stos` byte loop like any other instruction, so a larger
per-run struct shows up more than it costs in time.

Prints figures; asserts nothing. Needs valgrind (Debian's package).
"""
# ruff: noqa: T201  (a benchmark: it prints its figures)

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

#: case name -> (runs, description)
CASES = {
    "tail": (2000, "10-segment tail loss (bench.py (a)), full trace"),
    "bulk": (1, "CUBIC bulk 20 Mbps, 100 ms RTT, 0.1% loss, 20 s, full trace (bench.py (b), shortened)"),
}


def child(case: str, n: int) -> None:
    """Run one case n times in C (parse once); the parent counts the instructions."""
    sys.path.insert(1, os.path.dirname(os.path.abspath(__file__)))
    from rexsim import _rexsim

    import bench

    scenario = bench.TAIL if case == "tail" else bench.bulk(20e6, 20, "full")
    _rexsim.run_repeat(scenario, n)


def count(site: str | None, case: str, n: int) -> int:
    # the interpreter's own work must not move between the two counts: a fixed
    # hash seed (dict and set order) and one BLAS thread (numpy's import)
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    if site:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (site, env.get("PYTHONPATH")) if p)
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}"]
        cmd += [sys.executable, os.path.abspath(__file__), "--child", case, str(n)]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode or not found:
        raise SystemExit(f"callgrind failed for {case} (site {site or 'installed'}):\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", action="append", help="a directory holding a rexsim package (repeatable)")
    ap.add_argument("--case", action="append", choices=sorted(CASES), help="cases to count (default: all)")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind); nothing counted")
    sites = args.site or [None]
    first: dict[str, float] = {}
    for case in args.case or sorted(CASES):
        n, what = CASES[case]
        print(f"{case}: {what}")
        for site in sites:
            per_run = (count(site, case, n + 1) - count(site, case, 1)) / n
            base = first.setdefault(case, per_run)
            change = f"  ({(per_run - base) / base:+.1%} vs the first)" if site is not sites[0] else ""
            print(f"  {site or 'installed rexsim'}: {per_run:,.0f} instructions per run{change}")


if __name__ == "__main__":
    main()
