from __future__ import annotations

from fastapi import APIRouter

from ...schemas.common import Message
from ...schemas.share import ShareCreate, SharePublic
from ...services import shares
from ..deps import RateLimited, SessionDep

router = APIRouter(prefix="/shares", tags=["shares"])


@router.post(
    "",
    status_code=201,
    response_model=SharePublic,
    dependencies=[RateLimited],
    responses={404: {"model": Message}, 409: {"model": Message}, 429: {"model": Message}},
)
def create_share(body: ShareCreate, s: SessionDep) -> SharePublic:
    """Freeze a finished run or comparison and its view state behind an unguessable slug."""
    return shares.create(s, body)


@router.get("/{slug}", response_model=SharePublic, responses={404: {"model": Message}})
def read_share(slug: str, s: SessionDep) -> SharePublic:
    """The frozen scenario, engine version, results and view state."""
    return shares.get(s, slug)
