from __future__ import annotations

import hmac
from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from ..core import ratelimit
from ..core.config import Settings, get_settings
from ..core.db import session_factory
from ..core.errors import ApiError


def get_db() -> Iterator[Session]:
    s = session_factory()()
    try:
        yield s
    finally:
        s.close()


def client_id(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def rate_limited(request: Request) -> None:
    ratelimit.check(client_id(request))


def comparison_token(request: Request, settings: Annotated[Settings, Depends(get_settings)]) -> None:
    if not settings.API_TOKEN:
        return
    auth = request.headers.get("authorization", "")
    if not (auth.startswith("Bearer ") and hmac.compare_digest(auth[7:], settings.API_TOKEN)):
        raise ApiError(
            401,
            "this service needs 'Authorization: Bearer <token>' for comparisons",
            headers={"WWW-Authenticate": "Bearer"},
        )


SessionDep = Annotated[Session, Depends(get_db)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
RateLimited = Depends(rate_limited)
TokenForComparisons = Depends(comparison_token)
