from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import Row, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import Share
from .paging import After, newest_first


def create(
    s: Session, *, slug: str, kind: str, target_id: uuid.UUID, payload: dict[str, Any], view_state: dict[str, Any]
) -> Share | None:
    """None if the slug is taken (the caller draws another)."""
    share = Share(slug=slug, kind=kind, target_id=target_id, payload=payload, view_state=view_state)
    try:
        with s.begin_nested():
            s.add(share)
            s.flush()
    except IntegrityError:
        return None
    return share


def get(s: Session, slug: str) -> Share | None:
    return s.get(Share, slug)


def page(s: Session, *, after: After | None, limit: int) -> list[Row[tuple[str, Any, str, uuid.UUID, Any, Any]]]:
    """Up to limit + 1 shares, newest first: slug, created_at, kind, target_id,
    and of the frozen payload only the state and the scenario or spec (not the
    results, which can be large)."""
    stmt = select(
        Share.slug,
        Share.created_at,
        Share.kind,
        Share.target_id,
        func.coalesce(Share.payload["run"]["state"], Share.payload["comparison"]["state"]).label("state"),
        func.coalesce(Share.payload["run"]["scenario"], Share.payload["comparison"]["spec"]).label("source"),
    )
    return list(s.execute(newest_first(stmt, Share.created_at, Share.slug, after, limit)).all())
