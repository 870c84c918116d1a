from __future__ import annotations

from fastapi import APIRouter, Response

from ...schemas.misc import Catalog, Health, PresetPublic
from ...services import catalog, health
from ..deps import SessionDep, SettingsDep

router = APIRouter(tags=["utils"])


@router.get("/health", response_model=Health)
def read_health(s: SessionDep, response: Response) -> Health:
    """Database, broker and the workers seen in the last 15 s."""
    out = health.check(s)
    if out.status != "ok":
        response.status_code = 503
    return out


@router.get("/mechanisms", response_model=Catalog)
def read_mechanisms(settings: SettingsDep) -> Catalog:
    """Every engine parameter (type, unit, default, range, explanation with citation) and mechanism,
    and the limits a request must keep (the engine's, and the service's max_comparison_runs)."""
    return catalog.catalog(settings)


@router.get("/presets", response_model=list[PresetPublic])
def read_presets() -> list[PresetPublic]:
    """The papers' experiments as named templates."""
    return catalog.presets()
