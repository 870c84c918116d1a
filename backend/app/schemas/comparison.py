from __future__ import annotations

import uuid
from typing import Any

from pydantic import BaseModel, Field

from .common import HistoryItem, PageInfo, ScenarioSource


class FlowFilter(BaseModel):
    """Which flows of a run count: those whose `metric` is at least `at_least`."""

    metric: str = Field(description="a numeric per-flow metric of GET /mechanisms, e.g. tail_drops")
    at_least: float = Field(description="the least value a counted flow has, e.g. 1")


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
    replications: int = Field(
        1,
        ge=1,
        le=100_000,
        description="seeds base.seed, base.seed+1, ...; grid cells x variants x replications is at most the "
        "service's MAX_COMPARISON_RUNS (10,000 by default)",
    )
    baseline: str | None = Field(None, description="the variant others are normalized to (default: the first)")
    metric: str = Field("fct_ms", description="the metric compared (any numeric per-flow metric)")
    flows: list[int] | None = Field(None, description="flows whose metrics count (default: all)")
    flow_filter: FlowFilter | None = Field(
        None,
        description="of those flows, count only the ones whose metric is at least a value in each run (e.g. "
        "tail_drops >= 1: the flows with a loss in their last four segments, which the tail-loss paper's Fig. 3 "
        "plots)",
    )


class ComparisonCreated(BaseModel):
    id: uuid.UUID
    n_runs: int
    deduplicated_runs: int


class ComparisonLinks(BaseModel):
    runs_csv: str = Field(description="one row per (run, flow) with the seed, cell, variant and every metric")
    summary_csv: str = Field(description="one row per cell and variant with the statistics")


class ComparisonPublic(BaseModel):
    id: uuid.UUID
    engine_version: str
    spec: dict[str, Any]
    n_runs: int
    progress: float
    state: str = Field(
        description="queued, running, succeeded, failed (every run finished, some failed), or cancelled (Cancel "
        "dropped its unfinished runs; runs another request still needed may still finish)"
    )
    counts: dict[str, int] = Field(description="runs per state: queued, running, succeeded, failed, cancelled")
    provisional: bool = Field(
        description="true while any run is queued or running: the statistics cover the finished runs only"
    )
    finished: int = Field(description="runs finished (succeeded + failed): the n of 'provisional n/N', N = n_runs")
    eta_s: float | None = Field(
        description="seconds until the last run finishes, at the rate this comparison's runs have been finishing "
        "since it was created; null when unknown (nothing finished yet) or nothing remains"
    )
    links: ComparisonLinks
    cells: list[dict[str, Any]] = Field(
        description=(
            "per grid cell: params, and per variant: stats of the compared metric (n, mean, median, p5, p95, "
            "ci95, std), its mean normalized to the baseline variant (normalized_mean) with its 95% CI "
            "(normalized_ci95, Fieller; null for the baseline or when either side has n < 2), the paired "
            "comparison with the baseline over common seeds (paired: n, mean_diff, ci95, normalized_diff; null "
            "for the baseline or without a common seed), ECDF points [[x, F(x)]], the same statistics for every "
            "numeric metric, and the run ids"
        )
    )


class ComparisonSummary(HistoryItem):
    id: uuid.UUID
    n_runs: int
    progress: float


class ComparisonList(PageInfo):
    items: list[ComparisonSummary] = Field(description="newest first (ties broken by id)")
