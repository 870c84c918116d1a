"""The run view's Vitest fixture recorded from the engine: src/lib/fixtures/stall-window.json.

    python frontend/scripts/stall_window_fixture.py          rewrite it (make fixtures)
    python frontend/scripts/stall_window_fixture.py --check  exit 1 if it is stale (make test-client)

A bulk flow into a modelled send buffer (40 KiB, growing to 1 x cwnd), segment 1
lost, the reader blocked 300-1500 ms: one application stall (100-200 ms), the
receive window closing and reopening, the send buffer's size. The fixture holds
the scenario, its per-flow metrics, the trace window the API returns
(app.services.traces.window, max_points 5000) and the series of the window
chart's core variables (app.services.traces.series of rwnd_bytes, sndbuf_bytes),
as compact JSON; the check compares bytes. Needs the backend (make services).
"""
# ruff: noqa: T201  (a command-line tool: it prints what it wrote or found)

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import rexsim

from app.services import traces

FIXTURE = Path(__file__).resolve().parent.parent / "src/lib/fixtures/stall-window.json"

SCENARIO: dict[str, Any] = {
    "seed": 1,
    "duration_s": 3,
    "path": {
        "forward": {"rate_bps": 0, "delay_ms": 50, "loss": {"model": "positioned", "rules": [{"segment": 1}]}},
        "reverse": {"rate_bps": 0, "delay_ms": 50},
    },
    "flows": [
        {
            "app": {"kind": "bulk", "duration_s": 0.5},
            "tcp": {
                "mss": 1024,
                "iw": 48,
                "sack": True,
                "timestamps": False,
                "handshake": False,
                "cc": "reno",
                "timer": "rto",
                "early_retransmit": False,
                "limited_transmit": False,
                "sndbuf_bytes": 40960,
                "sndbuf_growth": 1,
            },
            "receiver": {"ack_policy": "quick", "rwnd_bytes": 60000, "read_blocked_ms": [300, 1500]},
        }
    ],
}


def record() -> str:
    res = rexsim.run(SCENARIO)
    columns = res.trace.columns
    fixture = {
        "how": (
            f"rexsim.run(scenario), engine {res.engine_version}; trace = app.services.traces.window(columns, "
            "max_points=5000), series = app.services.traces.series(columns, ['rwnd_bytes', 'sndbuf_bytes']) "
            "(frontend/scripts/stall_window_fixture.py, make fixtures)"
        ),
        "scenario": SCENARIO,
        "metrics": [f.metrics for f in res.flows],
        "trace": traces.window(columns, max_points=5000),
        "series": traces.series(columns, ["rwnd_bytes", "sndbuf_bytes"]),
    }
    return json.dumps(fixture, separators=(",", ":"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the fixture differs from a new recording")
    args = ap.parse_args(argv)
    text = record()
    if args.check:
        if FIXTURE.read_text() != text:
            print(f"fixtures: {FIXTURE.name} differs from the engine's run; run `make fixtures` and commit")
            return 1
        print(f"fixtures: {FIXTURE.name} matches the engine's run")
        return 0
    FIXTURE.write_text(text)
    print(f"fixtures: wrote {FIXTURE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
