"""rexsim: Rexmit's deterministic discrete-event TCP loss-recovery simulator.

    >>> import rexsim
    >>> r = rexsim.run({"flows": [{"app": {"kind": "fixed", "segments": 10}}]})
    >>> r.flows[0].metrics["fct_ms"]

`run` validates the scenario (raising `ScenarioError`, a `ValueError` naming
the field path and the limit), simulates it in C with the GIL released, and
returns a `Result` whose trace columns are numpy views of the engine's
memory (no copy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from . import _rexsim, gallery, linux_reference
from ._rexsim import ENGINE_VERSION, ScenarioError
from .presets import PRESETS, PROFILES, SUGGESTED, preset_scenario
from .result import FlowResult, Result, Trace
from .scenario import apply_overrides, canonical_json
from .schema import scenario_schema

__version__ = ENGINE_VERSION
__all__ = [
    "ENGINE_VERSION",
    "ScenarioError",
    "Result",
    "FlowResult",
    "Trace",
    "run",
    "normalize",
    "catalog",
    "presets",
    "preset_scenario",
    "scenario_schema",
    "apply_overrides",
    "gallery",
    "canonical_json",
]

if TYPE_CHECKING:
    from ._rexsim import _ProgressBuffer
    from ._types import Catalog

_catalog_cache: Catalog | None = None


def run(scenario: dict[str, Any], progress: _ProgressBuffer | None = None) -> Result:
    """Simulate `scenario` (see `catalog()` and `scenario_schema()`).

    `progress`, if given, is a writable 8-byte buffer (e.g. ``numpy.zeros(1,
    numpy.int64)``) into which the engine writes its simulated clock in ns
    while the run goes on; another thread may read it (the GIL is released)."""
    return Result(_rexsim.run(scenario, progress))


def normalize(scenario: dict[str, Any]) -> dict[str, Any]:
    """Validate `scenario` and return it with every field explicit (defaults
    filled, enums as names): two scenarios that simulate alike normalize to
    the same dict, so `canonical_json(normalize(s))` is a stable key."""
    return _rexsim.normalize(scenario)


def catalog() -> dict[str, Any]:
    """Every parameter (name, type, unit, default, range, explanation with its
    citation) and every mechanism, as the engine defines them."""
    # typed as plain JSON for callers; rexsim._types.Catalog describes its keys
    return cast("dict[str, Any]", _catalog())


def _catalog() -> Catalog:
    """catalog(), typed: the engine's catalogue, built once."""
    global _catalog_cache
    if _catalog_cache is None:
        # the engine's catalogue, the papers' profiles and suggested values
        # (rexsim.presets), and what Linux did in the reference scripts next
        # to what the engine does in the same situations (run now, so it is
        # this engine's own answer)
        _catalog_cache = {
            **_rexsim.catalog(),
            "profiles": PROFILES,
            "suggested": SUGGESTED,
            "linux_reference": linux_reference.table(),
        }
    return _catalog_cache


def presets() -> dict[str, dict[str, Any]]:
    """The papers' experiments as named templates."""
    return PRESETS
