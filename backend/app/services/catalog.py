"""What the engine offers: its parameter catalogue and the papers' presets."""

from __future__ import annotations

import rexsim

from ..schemas.misc import Catalog, PresetPublic


def catalog() -> Catalog:
    return Catalog(**rexsim.catalog())


def presets() -> list[PresetPublic]:
    fields = [f for f in PresetPublic.model_fields if f != "name"]
    return [PresetPublic(name=name, **{f: p[f] for f in fields}) for name, p in rexsim.presets().items()]
