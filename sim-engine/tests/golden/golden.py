"""Golden traces: record or check the engine's behaviour on tests/golden/scenarios.py.

For every scenario the golden file <name>.json holds the run's summary and
per-flow metrics, the number of events, and a SHA-256 of the full event list;
<name>.events.gz holds that event list itself (one JSON object per line, the
trace's own describe() of each event), so that a difference is reported as
the first event that changed, with its old and new values.

    python tests/golden/golden.py            check; exit 1 on any difference
    python tests/golden/golden.py --update   regenerate every golden (make golden)
    python tests/golden/golden.py --semantic check only what both versions record:
                                             every event's time, kind and the values
                                             the old format had (for a trace-format
                                             change, before regenerating)

A change of behaviour is a deliberate commit that runs --update and says why.
"""
# ruff: noqa: T201  (a command-line tool: it prints what it recorded or found)

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import rexsim  # noqa: E402
from scenarios import golden_scenarios  # noqa: E402

FORMAT = 1


def event_lines(res: rexsim.Result) -> list[str]:
    return [json.dumps(ev, sort_keys=True, separators=(",", ":")) for ev in res.trace]


def record(scenario: dict) -> tuple[dict, list[str]]:
    res = rexsim.run(scenario)
    lines = event_lines(res)
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    summary = res.summary()
    return {
        "format": FORMAT,
        "engine_version": res.engine_version,
        "summary": summary,
        "events": len(lines),
        "trace_sha256": digest,
    }, lines


def _write(name: str, meta: dict, lines: list[str]) -> None:
    (HERE / f"{name}.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, compresslevel=9) as z:
        z.write(("\n".join(lines) + "\n").encode() if lines else b"")
    (HERE / f"{name}.events.gz").write_bytes(buf.getvalue())


def load(name: str) -> tuple[dict, list[str]] | None:
    jf, ef = HERE / f"{name}.json", HERE / f"{name}.events.gz"
    if not jf.exists() or not ef.exists():
        return None
    meta = json.loads(jf.read_text())
    text = gzip.decompress(ef.read_bytes()).decode()
    return meta, [ln for ln in text.split("\n") if ln]


def first_difference(old: list[str], new: list[str], semantic: bool) -> str | None:
    """The first event that differs, described; None if the lists agree.
    semantic: compare only the keys the old event had."""
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a == b:
            continue
        ea, eb = json.loads(a), json.loads(b)
        if semantic:
            eb = {k: eb.get(k) for k in ea}
            if ea == eb:
                continue
        keys = sorted(set(ea) | set(eb))
        diff = {k: (ea.get(k), eb.get(k)) for k in keys if ea.get(k) != eb.get(k)}
        return f"event {i} (t_ns={ea.get('t_ns')}, kind={ea.get('kind')}) differs: " + ", ".join(
            f"{k}: {o!r} -> {n!r}" for k, (o, n) in diff.items()
        )
    if len(old) != len(new):
        return f"event count {len(old)} -> {len(new)} (the first {min(len(old), len(new))} agree)"
    return None


def check(name: str, scenario: dict, semantic: bool = False) -> str | None:
    """None if the scenario still behaves as its golden says, else why not."""
    stored = load(name)
    if stored is None:
        return "no golden recorded (run `make golden` and commit the files)"
    meta, old = stored
    now, lines = record(scenario)
    problems = []
    if now["summary"] != meta["summary"]:
        a, b = meta["summary"], now["summary"]
        problems.append(
            "summary differs: "
            + json.dumps(
                {k: (a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)}, sort_keys=True
            )
        )
    if semantic:
        d = first_difference(old, lines, True)
        if d:
            problems.append(d)
    elif now["trace_sha256"] != meta["trace_sha256"] or now["events"] != meta["events"]:
        problems.append(first_difference(old, lines, False) or "trace hash differs")
    return "; ".join(problems) or None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--update", action="store_true", help="regenerate every golden")
    ap.add_argument("--semantic", action="store_true", help="compare only the old format's values")
    ap.add_argument("names", nargs="*", help="only these scenarios")
    a = ap.parse_args(argv)
    scen = golden_scenarios()
    names = a.names or sorted(scen)
    if a.update:
        keep = {f"{n}.json" for n in scen} | {f"{n}.events.gz" for n in scen}
        for f in HERE.iterdir():
            if (f.name.endswith(".json") or f.name.endswith(".events.gz")) and f.name not in keep:
                f.unlink()
        total = 0
        for n in names:
            meta, lines = record(scen[n])
            _write(n, meta, lines)
            total += len(lines)
        print(f"golden: recorded {len(names)} scenarios, {total} events, in {HERE}")
        return 0
    bad = 0
    for n in names:
        why = check(n, scen[n], a.semantic)
        if why:
            bad += 1
            print(f"DIFFERS {n}: {why}")
    print(f"golden: {len(names) - bad} of {len(names)} scenarios unchanged")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
