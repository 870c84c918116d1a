"""The dashboard's Vitest fixtures that copy the engine's catalogue and presets, written by the engine.

    python frontend/scripts/catalogue_fixtures.py          rewrite them (make fixtures)
    python frontend/scripts/catalogue_fixtures.py --check  exit 1, naming each stale one (make test-client)

The fixtures are what rexsim.catalog() returns (the catalogue the API serves
at GET /mechanisms), or a fixed projection of it, and two of the presets the
API serves at GET /presets (app.services.catalog.presets), as indented JSON;
the check compares bytes, so a hand edit or an engine change without
regenerating fails. Needs the backend (make services).
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rexsim

from app.services.catalog import presets

FRONTEND = Path(__file__).resolve().parent.parent

Catalog = dict[str, Any]

#: the presets the form tests read: a deterministic one (a positioned loss, a grid over the RTT) and a
#: random-loss one (Gilbert-Elliott, replications)
FIXTURE_PRESETS = ("tail-loss-rtt-sweep", "web-objects")


def served_presets(names: tuple[str, ...]) -> list[object]:
    """The presets named, in that order, as GET /presets serves them."""
    by_name = {p.name: p.model_dump(mode="json") for p in presets()}
    return [by_name[n] for n in names]


# fixture (relative to frontend/) -> what it holds of the catalogue (or the presets)
FIXTURES: dict[str, Callable[[Catalog], object]] = {
    "src/lib/forms/fixtures/catalogue.json": lambda cat: cat,
    "src/lib/fixtures/catalogue-metrics.json": lambda cat: {
        "metrics": cat["metrics"],
        "vocab": {"causes": cat["vocab"]["causes"]},
    },
    # the names trace events carry: causes, what drops a packet, congestion states, timer kinds and the
    # spurious-timeout detectors with their rules (lib/traceVocab.ts)
    "src/lib/fixtures/catalogue-trace-vocab.json": lambda cat: {
        "vocab": {k: cat["vocab"][k] for k in ("causes", "drop_reasons", "states", "timer_kinds")},
        "families": [f for f in cat["families"] if f["name"] in ("stage", "spurious")],
    },
    "src/lib/forms/fixtures/presets.json": lambda _cat: served_presets(FIXTURE_PRESETS),
}


def say(*lines: str) -> None:
    sys.stdout.write("".join(f"{line}\n" for line in lines))


def render(obj: object) -> str:
    return json.dumps(obj, indent=1, ensure_ascii=False) + "\n"


def expected() -> dict[Path, str]:
    cat: Catalog = rexsim.catalog()
    return {FRONTEND / rel: render(project(cat)) for rel, project in FIXTURES.items()}


def check(want: dict[Path, str]) -> int:
    stale = 0
    for path, text in want.items():
        have = path.read_text(encoding="utf-8") if path.exists() else ""
        if have == text:
            continue
        stale += 1
        rel = path.relative_to(FRONTEND.parent)
        diff = difflib.unified_diff(
            have.splitlines(), text.splitlines(), f"{rel} (committed)", f"{rel} (engine)", lineterm="", n=2
        )
        lines = list(diff)
        more = [f"... ({len(lines) - 60} more diff lines)"] if len(lines) > 60 else []
        say(*lines[:60], *more, f"fixtures: STALE: {rel} is not what the engine's catalogue and presets give")
    if stale:
        say("fixtures: FAILED: run 'make fixtures' and commit the result (and update the tests it breaks)")
        return 1
    say(f"fixtures: the {len(want)} fixtures match the engine's catalogue and presets")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 when one differs")
    args = ap.parse_args()
    want = expected()
    if args.check:
        return check(want)
    for path, text in want.items():
        path.write_text(text, encoding="utf-8")
        say(f"fixtures: wrote {path.relative_to(FRONTEND.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
