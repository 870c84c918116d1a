from __future__ import annotations

from fastapi import APIRouter, Query

from ...schemas.common import PAGE_DEFAULT, PAGE_MAX, Message
from ...schemas.share import ShareCreate, ShareList, SharePublic
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


@router.get("", response_model=ShareList)
def list_shares(
    s: SessionDep,
    limit: int = Query(PAGE_DEFAULT, ge=1, le=PAGE_MAX, description=f"shares per page (at most {PAGE_MAX})"),
    cursor: str | None = Query(None, max_length=200, description="next_cursor of the previous page"),
) -> ShareList:
    """Recent shares, newest first, a page at a time (keyset: pass
    next_cursor back as cursor); each with what it froze and its link."""
    return shares.list_page(s, limit=limit, cursor=cursor)


@router.get("/{slug}", response_model=SharePublic, responses={404: {"model": Message}})
def read_share(slug: str, s: SessionDep) -> SharePublic:
    """The frozen scenario, engine version, results and view state."""
    return shares.get(s, slug)
