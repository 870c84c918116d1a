from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import Share


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
