"""Comparisons: one base scenario, named variants, an optional grid and
replications, fanned out as runs; results aggregated per cell and variant."""

from __future__ import annotations

import csv
import io
import itertools
import uuid
from typing import Any

import rexsim
from sqlalchemy.orm import Session

from ..core.config import Settings
from ..core.errors import field_error, not_found
from ..repositories import comparisons as repo
from ..schemas.comparison import (
    ComparisonCreate,
    ComparisonCreated,
    ComparisonList,
    ComparisonPublic,
    ComparisonSummary,
)
from . import history, runs, scenarios, stats

#: the numeric metrics of a flow, from the engine's metrics table: a new one needs no change here
NUMERIC: frozenset[str] = frozenset(m["name"] for m in rexsim.catalog()["metrics"] if m["type"] in ("int", "float"))


def cells_of(grid: dict[str, list[Any]]) -> list[dict[str, Any]]:
    keys = list(grid)
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(grid[k] for k in keys))] or [{}]


def create(s: Session, body: ComparisonCreate, settings: Settings) -> tuple[ComparisonCreated, list[uuid.UUID]]:
    if body.metric not in NUMERIC and body.metric != "request_ms":
        raise field_error([], "metric", f"must be one of {', '.join(sorted(NUMERIC | {'request_ms'}))}")
    for k, vals in body.grid.items():
        if not vals or len(vals) > 64:
            raise field_error([], f"grid.{k}", "must list between 1 and 64 values")
    variants = list(body.variants)
    baseline = body.baseline or variants[0]
    if baseline not in body.variants:
        raise field_error([], "baseline", f"must name a variant ({', '.join(variants)})")
    cells = cells_of(body.grid)
    total = len(cells) * len(variants) * body.replications
    if total > settings.MAX_COMPARISON_RUNS:
        raise field_error(
            [],
            "replications",
            f"grid cells x variants x replications = {total:,}; the limit is {settings.MAX_COMPARISON_RUNS:,}",
        )
    base = scenarios.resolve(body.base, ["base"])
    base_seed = base.get("seed", 1) if isinstance(base, dict) else 1
    planned = []
    for ci, cell in enumerate(cells):
        with_cell = scenarios.apply(base, cell, [], "grid")
        for v in variants:
            sc_v = scenarios.apply(with_cell, body.variants[v], [], f"variants.{v}")
            for r in range(body.replications):
                sc = dict(sc_v)
                sc["seed"] = int(base_seed) + r
                norm = scenarios.normalize(sc, ["variants", v] if r == 0 else [], settings)
                planned.append((ci, v, r, norm))
    spec = body.model_dump(mode="json")
    spec["baseline"] = baseline
    spec["cells"] = cells
    spec["variant_order"] = variants  # JSONB does not keep object key order
    comp = repo.create(s, spec=spec, n_runs=total, engine_version=rexsim.ENGINE_VERSION)
    rows, to_enqueue, dedup = [], [], 0
    for idx, (ci, v, r, norm) in enumerate(planned):
        p = runs.plan_run(s, norm)
        if p.enqueue:
            to_enqueue.append(p.run.id)
        if not p.created:
            dedup += 1
        rows.append({"idx": idx, "cell": ci, "variant": v, "replication": r, "run_id": p.run.id})
    repo.add_runs(s, comp.id, rows)
    s.commit()
    return ComparisonCreated(id=comp.id, n_runs=total, deduplicated_runs=dedup), to_enqueue


def state_of(counts: dict[str, int], n_runs: int) -> tuple[str, int]:
    """(state, finished runs) of a comparison from its runs' state counts."""
    done = counts.get("succeeded", 0) + counts.get("failed", 0)
    state = (
        "succeeded"
        if done == n_runs and counts.get("failed", 0) == 0
        else "failed"
        if done == n_runs
        else "running"
        if done or counts.get("running", 0)
        else "queued"
    )
    return state, done


def list_page(s: Session, *, limit: int, cursor: str | None) -> ComparisonList:
    """A page of comparisons, newest first (ties broken by id), each with its
    state from one aggregate over the page's runs."""
    rows = repo.page(s, after=history.decode_cursor(cursor), limit=limit)[: limit + 1]
    counts = repo.state_counts(s, [r.id for r in rows[:limit]])
    items = []
    for r in rows[:limit]:
        state, done = state_of(counts.get(r.id, {}), r.n_runs)
        items.append(
            ComparisonSummary(
                id=r.id,
                created_at=r.created_at,
                status=state,
                n_runs=r.n_runs,
                progress=done / r.n_runs if r.n_runs else 1.0,
                summary=history.comparison_summary(r.spec, r.n_runs),
                link=f"/compare/{r.id}",
                url=f"/comparisons/{r.id}",
            )
        )
    return ComparisonList(items=items, next_cursor=history.next_cursor(rows, limit, "id"), limit=limit)


def _values(result: dict[str, Any] | None, metric: str, flows: list[int] | None) -> list[float]:
    if not result:
        return []
    out: list[float] = []
    for i, m in enumerate(result.get("flows", [])):
        if flows is not None and i not in flows:
            continue
        if metric == "request_ms":
            out += [x for x in m.get("request_ms", []) if x is not None]
        elif m.get(metric) is not None:
            out.append(float(m[metric]))
    return out


def get(s: Session, comparison_id: uuid.UUID) -> ComparisonPublic:
    comp = repo.get(s, comparison_id)
    if comp is None:
        raise not_found("comparison")
    spec = comp.spec
    metric, flows, baseline = spec["metric"], spec.get("flows"), spec["baseline"]
    pairs = repo.runs_of(s, comparison_id)
    counts = {"queued": 0, "running": 0, "succeeded": 0, "failed": 0}
    results: dict[tuple[int, str], list[dict[str, Any] | None]] = {}
    run_ids: dict[tuple[int, str], list[str]] = {}
    for cr, run in pairs:
        counts[run.state] += 1
        key = (cr.cell, cr.variant)
        run_ids.setdefault(key, []).append(str(run.id))
        if run.state == "succeeded":
            results.setdefault(key, []).append(run.result)
    state, done = state_of(counts, comp.n_runs)

    def values(key: tuple[int, str], m: str) -> list[float]:
        return [x for r in results.get(key, []) for x in _values(r, m, flows)]

    cells = []
    for ci, cell in enumerate(spec["cells"]):
        base_mean = stats.summarize(values((ci, baseline), metric))["mean"]
        out_variants = {}
        for v in spec.get("variant_order", list(spec["variants"])):
            primary = values((ci, v), metric)
            st = stats.summarize(primary)
            norm = (st["mean"] / base_mean) if st["mean"] is not None and base_mean else None
            out_variants[v] = {
                "stats": st,
                "normalized_mean": norm,
                "ecdf": stats.ecdf(primary),
                "metrics": {m: stats.summarize(values((ci, v), m)) for m in sorted(NUMERIC)},
                "runs": run_ids.get((ci, v), []),
            }
        cells.append({"cell": ci, "params": cell, "variants": out_variants})
    return ComparisonPublic(
        id=comp.id,
        engine_version=comp.engine_version,
        spec=spec,
        n_runs=comp.n_runs,
        progress=done / comp.n_runs if comp.n_runs else 1.0,
        state=state,
        counts=counts,
        cells=cells,
    )


def to_csv(pub: ComparisonPublic) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    keys = list(pub.spec["grid"])
    w.writerow(
        [
            *keys,
            "variant",
            "n",
            "mean",
            "median",
            "p5",
            "p95",
            "ci95_low",
            "ci95_high",
            f"normalized_to_{pub.spec['baseline']}",
        ]
    )
    for c in pub.cells:
        for v, d in c["variants"].items():
            st = d["stats"]
            ci = st["ci95"] or [None, None]
            w.writerow(
                [
                    *(c["params"].get(k) for k in keys),
                    v,
                    st["n"],
                    st["mean"],
                    st["median"],
                    st["p5"],
                    st["p95"],
                    ci[0],
                    ci[1],
                    d["normalized_mean"],
                ]
            )
    return out.getvalue()
