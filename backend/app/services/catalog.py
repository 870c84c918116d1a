"""What the engine offers: its parameter catalogue and the papers' presets."""

from __future__ import annotations

import rexsim

from ..core.config import Settings
from ..schemas.misc import Catalog, PresetPublic


def catalog(settings: Settings) -> Catalog:
    """The engine's catalogue; its limits also name the service's own that the
    dashboard checks before it asks: max_comparison_runs (grid cells x
    variants x replications, before a form submits) and export_max_events
    (the largest trace a run's export serves, before offering the links)."""
    raw = rexsim.catalog()
    limits = {
        **raw["limits"],
        "max_comparison_runs": settings.MAX_COMPARISON_RUNS,
        "export_max_events": settings.EXPORT_MAX_EVENTS,
    }
    return Catalog(**{**raw, "limits": limits})


def presets() -> list[PresetPublic]:
    fields = [f for f in PresetPublic.model_fields if f != "name"]
    return [PresetPublic(name=name, **{f: p[f] for f in fields}) for name, p in rexsim.presets().items()]
