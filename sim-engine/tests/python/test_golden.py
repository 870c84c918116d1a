"""Golden traces (tests/golden/): every scenario there still produces the
recorded summary, metrics and event list, byte for byte.  A deliberate change
of behaviour regenerates them with `make golden` in a commit that says why."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))

import golden  # noqa: E402
from scenarios import golden_scenarios  # noqa: E402

SCENARIOS = golden_scenarios()


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden(name: str) -> None:
    why = golden.check(name, SCENARIOS[name])
    assert why is None, f"{name}: {why}"


def test_no_stale_golden_files() -> None:
    files = {p.name for p in GOLDEN.iterdir() if p.name.endswith((".json", ".events.gz"))}
    expected = {f"{n}.json" for n in SCENARIOS} | {f"{n}.events.gz" for n in SCENARIOS}
    assert files == expected


def test_check_reports_the_first_changed_event() -> None:
    """The checker can fail, and says where: a scenario checked against
    another scenario's golden reports a difference."""
    names = sorted(SCENARIOS)
    a = next(n for n in names if n.startswith("tail-rto-rfc-n1-quick"))
    b = next(n for n in names if n.startswith("tail-rtor-rfc-n1-quick"))
    meta, old = golden.load(a)
    _, new = golden.record(SCENARIOS[b])
    diff = golden.first_difference(old, new, semantic=False)
    assert diff is not None and diff.startswith("event ")
