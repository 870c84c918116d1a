"""Shares: an unguessable slug over a frozen copy of what was shown. The
payload is copied at creation, so nothing that happens later (new runs, a
new engine) changes it."""

from __future__ import annotations

import json
import secrets
import string

from sqlalchemy.orm import Session

from ..core.errors import ApiError, not_found
from ..repositories import runs as runs_repo
from ..repositories import shares as repo
from ..schemas.share import ShareCreate, ShareList, SharePublic, ShareSummary
from . import comparisons, history, runs

ALPHABET = string.ascii_letters + string.digits  # base62
SLUG_LEN = 12  # 62^12 ~ 3.2e21


def new_slug() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(SLUG_LEN))


def create(s: Session, body: ShareCreate) -> SharePublic:
    if len(json.dumps(body.view_state)) > 16_384:
        raise ApiError(
            422, [{"loc": ["body", "view_state"], "msg": "at most 16 KiB of view state", "type": "value_error"}]
        )
    if body.run_id is not None:
        run = runs_repo.get(s, body.run_id)
        if run is None:
            raise not_found("run")
        if run.state not in ("succeeded", "failed"):
            raise ApiError(409, f"the run is {run.state}; share it once it has finished")
        frozen = runs.public(run, runs_repo.children_count(s, run.id))
        kind, target, payload = "run", run.id, {"run": frozen.model_dump(mode="json")}
    elif body.comparison_id is not None:
        pub = comparisons.get(s, body.comparison_id)
        if pub.state in ("queued", "running"):
            raise ApiError(409, f"the comparison is {pub.state}; share it once every run has finished")
        kind, target, payload = "comparison", pub.id, {"comparison": pub.model_dump(mode="json")}
    else:  # ShareCreate already refuses this
        raise ApiError(422, "give exactly one of run_id or comparison_id")
    for _ in range(8):
        share = repo.create(
            s, slug=new_slug(), kind=kind, target_id=target, payload=payload, view_state=body.view_state
        )
        if share is not None:
            s.commit()
            return SharePublic.model_validate(share, from_attributes=True)
    raise ApiError(503, "could not draw a free slug; try again")


def get(s: Session, slug: str) -> SharePublic:
    if not (0 < len(slug) <= 32 and slug.isalnum()):
        raise not_found("share")
    share = repo.get(s, slug)
    if share is None:
        raise not_found("share")
    return SharePublic.model_validate(share, from_attributes=True)


def list_page(s: Session, *, limit: int, cursor: str | None) -> ShareList:
    """A page of shares, newest first (ties broken by slug)."""
    rows = repo.page(s, after=history.decode_cursor(cursor, uuid_key=False), limit=limit)
    items = [
        ShareSummary(
            slug=r.slug,
            kind=r.kind,
            target_id=r.target_id,
            created_at=r.created_at,
            status=str(r.state or "unknown"),
            summary=(
                f"{r.kind} · "
                + (history.scenario_summary(r.source) if r.kind == "run" else history.comparison_summary(r.source))
            ),
            link=f"/s/{r.slug}",
            url=f"/shares/{r.slug}",
        )
        for r in rows[:limit]
    ]
    return ShareList(items=items, next_cursor=history.next_cursor(rows, limit, "slug"), limit=limit)
