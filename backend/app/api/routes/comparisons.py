from __future__ import annotations

import uuid
from typing import Literal

from fastapi import APIRouter, Query, Response
from fastapi.responses import StreamingResponse

from ...schemas.common import PAGE_DEFAULT, PAGE_MAX, Message
from ...schemas.comparison import ComparisonCreate, ComparisonCreated, ComparisonList, ComparisonPublic
from ...services import comparisons, dispatch
from ..deps import RateLimited, SessionDep, SettingsDep, TokenForComparisons

router = APIRouter(prefix="/comparisons", tags=["comparisons"])


@router.post(
    "",
    status_code=202,
    response_model=ComparisonCreated,
    dependencies=[RateLimited, TokenForComparisons],
    responses={401: {"model": Message}, 429: {"model": Message}},
)
def create_comparison(body: ComparisonCreate, s: SessionDep, settings: SettingsDep) -> ComparisonCreated:
    """Fan a base scenario out over variants x grid cells x replications
    (at most MAX_COMPARISON_RUNS runs). The comparison is stored with its plan;
    its runs are made and sent to the workers a chunk at a time, sharing them
    fairly with other comparisons and with single runs."""
    created = comparisons.create(s, body, settings)  # committed
    dispatch.pump(created.id, wait=True)  # the first chunks, enqueued after their commit
    return created


@router.get("", response_model=ComparisonList)
def list_comparisons(
    s: SessionDep,
    limit: int = Query(PAGE_DEFAULT, ge=1, le=PAGE_MAX, description=f"comparisons per page (at most {PAGE_MAX})"),
    cursor: str | None = Query(None, max_length=200, description="next_cursor of the previous page"),
) -> ComparisonList:
    """Recent comparisons, newest first, a page at a time (keyset: pass
    next_cursor back as cursor); each with its state, progress and a summary."""
    return comparisons.list_page(s, limit=limit, cursor=cursor)


@router.get("/{comparison_id}", response_model=ComparisonPublic, responses={404: {"model": Message}})
def read_comparison(comparison_id: uuid.UUID, s: SessionDep) -> ComparisonPublic:
    """Progress and, per cell and variant: n, mean, median, p5, p95, 95% CI,
    the mean normalized to the baseline variant, and ECDF points."""
    return comparisons.get(s, comparison_id)


@router.post(
    "/{comparison_id}/cancel",
    response_model=ComparisonPublic,
    dependencies=[RateLimited, TokenForComparisons],
    responses={401: {"model": Message}, 404: {"model": Message}, 429: {"model": Message}},
)
def cancel_comparison(comparison_id: uuid.UUID, s: SessionDep) -> ComparisonPublic:
    """Cancel (idempotent): queued runs are dropped and never run, unless a
    single-run request or another comparison that is not cancelled needs the
    same run (runs are deduplicated): those stay queued. Running runs finish;
    finished runs stay stored. A comparison that has finished is left as it is."""
    return comparisons.cancel(s, comparison_id)


@router.get(
    "/{comparison_id}/runs.csv",
    response_class=StreamingResponse,
    responses={404: {"model": Message}, 200: {"content": {"text/csv": {}}}},
)
def export_comparison_runs(comparison_id: uuid.UUID, s: SessionDep) -> StreamingResponse:
    """The raw results: one row per (run, flow) with run_index, cell, the grid's
    keys, variant, replication, seed, run_id, state, error, flow and every
    numeric metric of the engine's catalogue (sorted by name)."""
    rows = comparisons.runs_csv(s, comparison_id)
    return StreamingResponse(
        rows,
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="rexmit-comparison-{comparison_id}-runs.csv"'},
    )


@router.get("/{comparison_id}/export", responses={404: {"model": Message}, 200: {"content": {"text/csv": {}}}})
def export_comparison(
    comparison_id: uuid.UUID,
    s: SessionDep,
    format: Literal["csv"] = "csv",  # noqa: ARG001  (the only format; declared so that the API lists it)
) -> Response:
    pub = comparisons.get(s, comparison_id)
    return Response(
        comparisons.to_csv(pub),
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="rexmit-comparison-{comparison_id}.csv"'},
    )
