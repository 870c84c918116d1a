from __future__ import annotations

import rexsim
from fastapi import APIRouter, Response
from sqlalchemy import text

from ...core.config import get_settings
from ...schemas.misc import Catalog, Health, PresetPublic
from ..deps import SessionDep

router = APIRouter(tags=["utils"])


@router.get("/health", response_model=Health)
def read_health(s: SessionDep, response: Response) -> Health:
    """Database, broker and the workers seen in the last 15 s."""
    import redis

    db = broker = "ok"
    workers: list[str] = []
    try:
        s.execute(text("SELECT 1"))
    except Exception as e:
        db = f"error: {type(e).__name__}"
    try:
        r = redis.Redis.from_url(get_settings().REDIS_URL, socket_timeout=1, socket_connect_timeout=1)
        r.ping()
        workers = sorted(k.decode().split(":", 2)[2] for k in r.scan_iter("rexmit:worker:*"))
    except Exception as e:
        broker = f"error: {type(e).__name__}"
    ok = db == "ok" and broker == "ok"
    if not ok:
        response.status_code = 503
    return Health(
        status="ok" if ok else "degraded",
        database=db,
        broker=broker,
        workers=workers,
        engine_version=rexsim.ENGINE_VERSION,
    )


@router.get("/mechanisms", response_model=Catalog)
def read_mechanisms() -> Catalog:
    """Every engine parameter (type, unit, default, range, explanation with citation) and mechanism."""
    return Catalog(**rexsim.catalog())


@router.get("/presets", response_model=list[PresetPublic])
def read_presets() -> list[PresetPublic]:
    """The papers' experiments as named templates."""
    return [
        PresetPublic(name=k, **{f: v[f] for f in PresetPublic.model_fields if f != "name"})
        for k, v in rexsim.presets().items()
    ]
