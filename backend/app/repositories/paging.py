"""Keyset pages, newest first: ORDER BY (created_at, key) DESC, and the next
page starts strictly below the last row's pair, so equal timestamps never
repeat or skip a row (no OFFSET: a page costs the same however deep it is)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple, TypeVarTuple

from sqlalchemy import Select, tuple_
from sqlalchemy.orm import InstrumentedAttribute

Ts = TypeVarTuple("Ts")


class After(NamedTuple):
    """The last row of the previous page: its created_at and its key (id or slug)."""

    created_at: datetime
    key: Any


def newest_first(
    stmt: Select[*Ts],
    created_at: InstrumentedAttribute[Any],
    key: InstrumentedAttribute[Any],
    after: After | None,
    limit: int,
) -> Select[*Ts]:
    """One row more than `limit`, so the caller knows whether another page follows."""
    if after is not None:
        stmt = stmt.where(tuple_(created_at, key) < tuple_(after.created_at, after.key))
    return stmt.order_by(created_at.desc(), key.desc()).limit(limit + 1)
