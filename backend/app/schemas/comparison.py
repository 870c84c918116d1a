from __future__ import annotations

import uuid
from typing import Any

from pydantic import BaseModel, Field

from .common import HistoryItem, PageInfo, ScenarioSource


class ComparisonCreate(BaseModel):
    base: ScenarioSource
    variants: dict[str, dict[str, Any]] = Field(
        description='name -> overrides of tcp/receiver/path, e.g. {"TLP": {"flows[*].tcp.timer": "tlp"}}',
        min_length=1,
        max_length=32,
    )
    grid: dict[str, list[Any]] = Field(
        default_factory=dict, max_length=4, description="dotted path -> values; cells are their product"
    )
    replications: int = Field(1, ge=1, le=1000, description="seeds base.seed, base.seed+1, ...")
    baseline: str | None = Field(None, description="the variant others are normalized to (default: the first)")
    metric: str = Field("fct_ms", description="the metric compared (any numeric per-flow metric)")
    flows: list[int] | None = Field(None, description="flows whose metrics count (default: all)")


class ComparisonCreated(BaseModel):
    id: uuid.UUID
    n_runs: int
    deduplicated_runs: int


class ComparisonPublic(BaseModel):
    id: uuid.UUID
    engine_version: str
    spec: dict[str, Any]
    n_runs: int
    progress: float
    state: str
    counts: dict[str, int]
    cells: list[dict[str, Any]] = Field(
        description=(
            "per grid cell: params, and per variant: stats of the compared metric (n, mean, median, p5, p95, "
            "ci95, std), its mean normalized to the baseline variant, ECDF points [[x, F(x)]], the same "
            "statistics for every numeric metric, and the run ids"
        )
    )


class ComparisonSummary(HistoryItem):
    id: uuid.UUID
    n_runs: int
    progress: float


class ComparisonList(PageInfo):
    items: list[ComparisonSummary] = Field(description="newest first (ties broken by id)")
