"""Comparisons: one base scenario, named variants, an optional grid and
replications, fanned out as runs; results aggregated per cell and variant.

A comparison is stored as a plan and its runs are made as they are
dispatched (services/dispatch.py), so a 10,000-run POST validates one
scenario per cell and variant and stores it, nothing per run.

Cancel: the comparison stops dispatching, and its queued runs are dropped
(state 'cancelled': no worker claims them) unless something else still needs
them: a request of POST /runs for the same run (runs are deduplicated) or
another comparison that is not cancelled. Those stay queued and run; the
cancelled comparison counts them as queued until they finish and then
includes their results, like any stored run. Running runs finish and are
stored; finished runs are never touched. A later request of a dropped run
(POST /runs, or a comparison that makes it) queues it again.
"""

from __future__ import annotations

import csv
import io
import time
import uuid
from collections import OrderedDict
from collections.abc import Iterator
from threading import Lock
from typing import Any

import rexsim
from rexsim.scenario import flow_counts, grid_cells
from sqlalchemy.orm import Session

from ..core.config import Settings
from ..core.errors import field_error, field_errors, not_found
from ..models import RUN_STATES
from ..repositories import comparisons as repo
from ..repositories import runs as runs_repo
from ..schemas.comparison import (
    ComparisonCreate,
    ComparisonCreated,
    ComparisonLinks,
    ComparisonList,
    ComparisonPublic,
    ComparisonSummary,
)
from . import history, scenarios, stats

#: the numeric metrics of a flow, from the engine's metrics table: a new one needs no change here
NUMERIC: frozenset[str] = frozenset(m["name"] for m in rexsim.catalog()["metrics"] if m["type"] in ("int", "float"))
METRICS: list[str] = sorted(NUMERIC)
#: the largest seed the engine takes (its catalogue's range of `seed`)
MAX_SEED = int(next(p["max"] for p in rexsim.catalog()["parameters"] if p["path"] == "seed"))


def create(s: Session, body: ComparisonCreate, settings: Settings) -> ComparisonCreated:
    """Validate, store the comparison and its plan, and commit; its runs are
    made and sent by dispatch.pump (the caller pumps after this returns)."""
    errors: list[tuple[str, str]] = []
    if body.metric not in NUMERIC and body.metric != "request_ms":
        errors.append(("metric", f"must be one of {', '.join(sorted(NUMERIC | {'request_ms'}))}"))
    if body.flow_filter is not None and body.flow_filter.metric not in NUMERIC:
        errors.append(("flow_filter.metric", f"must be one of {', '.join(sorted(NUMERIC))}"))
    for k, vals in body.grid.items():
        if not vals or len(vals) > 64:
            errors.append((f"grid.{k}", "must list between 1 and 64 values"))
    variants = list(body.variants)
    baseline = body.baseline or variants[0]
    if baseline not in body.variants:
        errors.append(("baseline", f"must name a variant ({', '.join(variants)})"))
    cells = grid_cells(body.grid)
    total = len(cells) * len(variants) * body.replications
    if total > settings.MAX_COMPARISON_RUNS:
        errors.append(
            (
                "replications",
                f"grid cells x variants x replications = {len(cells)} x {len(variants)} x {body.replications} "
                f"= {total:,}; the limit is {settings.MAX_COMPARISON_RUNS:,} runs per comparison",
            )
        )
    if errors:
        raise field_errors([], errors)
    base = scenarios.resolve(body.base, ["base"])
    base_seed = int(base.get("seed", 1)) if isinstance(base, dict) else 1
    if base_seed < 0 or base_seed + body.replications - 1 > MAX_SEED:
        raise field_error(
            [], "replications", f"the seeds {base_seed}..{base_seed + body.replications - 1} leave 0..{MAX_SEED}"
        )
    templates: list[scenarios.SeededScenario] = []
    for cell in cells:
        with_cell = scenarios.apply(base, cell, [], "grid")
        for v in variants:
            sc = scenarios.apply(with_cell, body.variants[v], [], f"variants.{v}")
            sc["seed"] = base_seed
            templates.append(scenarios.seeded(scenarios.normalize(sc, ["variants", v], settings)))
    spec = body.model_dump(mode="json")
    spec["baseline"] = baseline
    spec["cells"] = cells
    spec["variant_order"] = variants  # JSONB does not keep object key order
    spec["base_seed"] = base_seed
    ev = rexsim.ENGINE_VERSION
    keys = [t.key(base_seed + r, ev) for r in range(body.replications) for t in templates]
    dedup = runs_repo.count_keys(s, keys)
    comp = repo.create(s, spec=spec, n_runs=total, engine_version=ev, templates=[(t.head, t.tail) for t in templates])
    s.commit()
    return ComparisonCreated(id=comp.id, n_runs=total, deduplicated_runs=dedup)


def state_of(counts: dict[str, int], n_runs: int, cancelled: bool = False) -> tuple[str, int]:
    """(state, finished runs) of a comparison from its runs' state counts."""
    done = counts.get("succeeded", 0) + counts.get("failed", 0)
    if cancelled:
        return "cancelled", done
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


def full_counts(made: dict[str, int], n_runs: int, cancelled: bool) -> dict[str, int]:
    """Counts of every state over all n_runs: the runs not made yet are
    queued, or cancelled once the comparison is."""
    counts: dict[str, int] = {k: made.get(k, 0) for k in RUN_STATES}
    rest = n_runs - sum(counts.values())
    counts["cancelled" if cancelled else "queued"] += max(0, rest)
    return counts


def list_page(s: Session, *, limit: int, cursor: str | None) -> ComparisonList:
    """A page of comparisons, newest first (ties broken by id), each with its
    state from one aggregate over the page's runs."""
    rows = repo.page(s, after=history.decode_cursor(cursor), limit=limit)[: limit + 1]
    ids = [r.id for r in rows[:limit]]
    made, cancelled = repo.state_counts(s, ids), repo.cancelled_of(s, ids)
    items = []
    for r in rows[:limit]:
        counts = full_counts(made.get(r.id, {}), r.n_runs, r.id in cancelled)
        state, done = state_of(counts, r.n_runs, r.id in cancelled)
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


Values = tuple[tuple[float, ...], ...]  # a run's values of each metric of ALL_METRICS


#: what the statistics summarize: every numeric metric, and request_ms (a list per flow)
ALL_METRICS: list[str] = [*METRICS, "request_ms"]


#: a comparison's choice of flows: (the flows' indices or None, (filter metric, least value) or None)
FlowChoice = tuple[tuple[int, ...] | None, tuple[str, float] | None]


def flow_choice(spec: dict[str, Any]) -> FlowChoice:
    """The flows a comparison's spec counts: `flows`, then `flow_filter`."""
    flows, ff = spec.get("flows"), spec.get("flow_filter")
    return (tuple(flows) if flows is not None else None, (ff["metric"], float(ff["at_least"])) if ff else None)


def extract(result: dict[str, Any], choice: FlowChoice) -> Values:
    """A run's values of each metric of ALL_METRICS: one per flow (request_ms:
    one per object), of the flows the comparison counts (flow_choice)."""
    out: list[list[float]] = [[] for _ in ALL_METRICS]
    flows, ff = choice
    flow_filter = None if ff is None else {"metric": ff[0], "at_least": ff[1]}
    for i, f in enumerate(result.get("flows", [])):
        if not flow_counts(i, f, flows, flow_filter):
            continue
        for k, m in enumerate(METRICS):
            x = f.get(m)
            if x is not None:
                out[k].append(float(x))
        out[-1] += [float(x) for x in f.get("request_ms", []) if x is not None]
    return tuple(tuple(v) for v in out)


class _Cache:
    """What GET /comparisons/{id} computes from, kept between the dashboard's
    polls (every 300 ms while a sweep runs): each succeeded run's values
    (a stored result never changes, so each is read and parsed once), and
    each comparison's last answer with the signature of the run states it
    came from (the same states give the same statistics)."""

    def __init__(self, max_values: int = 2_000_000, max_comparisons: int = 32):
        self.lock = Lock()
        self.values: OrderedDict[tuple[str, FlowChoice], Values] = OrderedDict()
        self.n_values = 0  # numbers held (about 32 bytes each): the budget is max_values
        self.answers: OrderedDict[uuid.UUID, tuple[Any, dict[str, Any]]] = OrderedDict()
        self.max_values, self.max_comparisons = max_values, max_comparisons

    def run_values(self, s: Session, rows: list[repo.RunRow], fk: FlowChoice) -> dict[str, Values]:
        out: dict[str, Values] = {}
        with self.lock:
            for r in rows:
                if r.state == "succeeded" and (v := self.values.get((r.run_id, fk))) is not None:
                    out[r.run_id] = v
                    self.values.move_to_end((r.run_id, fk))
        missing = [r.run_id for r in rows if r.state == "succeeded" and r.run_id not in out]
        if missing:
            for rid, result in repo.results(s, missing).items():
                out[rid] = extract(result, fk)
            with self.lock:
                for rid in missing:
                    if rid in out and (rid, fk) not in self.values:
                        self.values[(rid, fk)] = out[rid]
                        self.n_values += sum(map(len, out[rid]))
                while self.n_values > self.max_values and self.values:
                    self.n_values -= sum(map(len, self.values.popitem(last=False)[1]))
        return out

    def answer(self, cid: uuid.UUID, signature: Any) -> dict[str, Any] | None:
        with self.lock:
            hit = self.answers.get(cid)
            if hit is None or hit[0] != signature:
                return None
            self.answers.move_to_end(cid)
            return hit[1]

    def keep(self, cid: uuid.UUID, signature: Any, answer: dict[str, Any]) -> None:
        with self.lock:
            self.answers[cid] = (signature, answer)
            self.answers.move_to_end(cid)
            while len(self.answers) > self.max_comparisons:
                self.answers.popitem(last=False)


CACHE = _Cache()


def eta_s(created_at: float, finished_at: list[float | None], remaining: int, now: float) -> float | None:
    """Seconds until the last of `remaining` runs finishes at the rate this
    comparison's runs have been finishing since it was created: remaining x
    elapsed / finished since then. None when nothing has finished since (no
    rate yet) or nothing remains."""
    if remaining <= 0:
        return None
    done_since = sum(1 for f in finished_at if f is not None and f >= created_at)
    if not done_since:
        return None
    return remaining * max(0.0, now - created_at) / done_since


def get(s: Session, comparison_id: uuid.UUID) -> ComparisonPublic:
    comp = repo.get(s, comparison_id)
    if comp is None:
        raise not_found("comparison")
    spec = comp.spec
    rows = repo.run_rows(s, comparison_id)
    cancelled = comp.cancelled_at is not None
    made: dict[str, int] = {}
    for r in rows:
        made[r.state] = made.get(r.state, 0) + 1
    counts = full_counts(made, comp.n_runs, cancelled)
    state, done = state_of(counts, comp.n_runs, cancelled)
    remaining = counts["queued"] + counts["running"]
    finished = [r.finished_at for r in rows]
    signature = (tuple(counts.items()), len(rows), max((f for f in finished if f), default=None), cancelled)
    cells = CACHE.answer(comp.id, signature)
    if cells is None:
        cells = {"cells": _cells(spec, rows, CACHE.run_values(s, rows, flow_choice(spec)))}
        CACHE.keep(comp.id, signature, cells)
    return ComparisonPublic(
        id=comp.id,
        engine_version=comp.engine_version,
        spec=spec,
        n_runs=comp.n_runs,
        progress=done / comp.n_runs if comp.n_runs else 1.0,
        state=state,
        counts=counts,
        provisional=remaining > 0,
        finished=done,
        eta_s=eta_s(comp.created_at.timestamp(), finished, remaining, time.time()),
        links=ComparisonLinks(
            runs_csv=f"/api/v1/comparisons/{comp.id}/runs.csv",
            summary_csv=f"/api/v1/comparisons/{comp.id}/export?format=csv",
        ),
        cells=cells["cells"],
    )


def _cells(spec: dict[str, Any], rows: list[repo.RunRow], values: dict[str, Values]) -> list[dict[str, Any]]:
    """Per cell and variant, the statistics of the finished runs."""
    metric, baseline = spec["metric"], spec["baseline"]
    variants: list[str] = spec.get("variant_order", list(spec["variants"]))
    vindex = {v: i for i, v in enumerate(variants)}
    n_groups = len(spec["cells"]) * len(variants)
    mpos = ALL_METRICS.index(metric) if metric in ALL_METRICS else None
    # every value of every metric, with its group (cell, variant): one pass
    per_metric: list[tuple[list[float], list[int]]] = [([], []) for _ in ALL_METRICS]
    # the compared metric's mean per run, by (cell, variant) and replication: the pairs
    run_mean: dict[tuple[int, str], dict[int, float]] = {}
    run_ids: dict[tuple[int, str], list[str]] = {}
    for r in rows:
        run_ids.setdefault((r.cell, r.variant), []).append(r.run_id)
        vals = values.get(r.run_id)
        if vals is None or r.variant not in vindex:
            continue
        g = r.cell * len(variants) + vindex[r.variant]
        for (vs, gs), xs in zip(per_metric, vals, strict=True):
            if xs:
                vs.extend(xs)
                gs.extend([g] * len(xs))
        if mpos is not None and vals[mpos]:
            run_mean.setdefault((r.cell, r.variant), {})[r.replication] = sum(vals[mpos]) / len(vals[mpos])
    summaries = {
        m: stats.summarize_groups(vs, gs, n_groups) for m, (vs, gs) in zip(ALL_METRICS, per_metric, strict=True)
    }
    primary_values: list[list[float]] = [[] for _ in range(n_groups)]
    if mpos is not None:
        for x, g in zip(*per_metric[mpos], strict=True):
            primary_values[g].append(x)
    cells = []
    for ci, cell in enumerate(spec["cells"]):
        base_st = summaries[metric][ci * len(variants) + vindex[baseline]]
        base_mean = base_st["mean"]
        base_runs = run_mean.get((ci, baseline), {})
        out_variants = {}
        for v in variants:
            g = ci * len(variants) + vindex[v]
            st = summaries[metric][g]
            is_base = v == baseline
            norm = (st["mean"] / base_mean) if st["mean"] is not None and base_mean else None
            diffs = [x - base_runs[rep] for rep, x in sorted(run_mean.get((ci, v), {}).items()) if rep in base_runs]
            out_variants[v] = {
                "stats": st,
                "normalized_mean": norm,
                "normalized_ci95": None if is_base else stats.ratio_ci95(st, base_st),
                "paired": None if is_base else stats.paired(diffs, base_mean),
                "ecdf": stats.ecdf(primary_values[g]),
                "metrics": {m: summaries[m][g] for m in METRICS},
                "runs": run_ids.get((ci, v), []),
            }
        cells.append({"cell": ci, "params": cell, "variants": out_variants})
    return cells


def cancel(s: Session, comparison_id: uuid.UUID) -> ComparisonPublic:
    """Cancel (idempotent): stop dispatching and drop the queued runs nothing
    else needs (see the module's doc). A comparison whose runs have all
    finished is left as it is."""
    comp = repo.lock(s, comparison_id, wait=True)
    if comp is None:
        raise not_found("comparison")
    if comp.cancelled_at is None:
        made = repo.state_counts(s, [comp.id]).get(comp.id, {})
        unfinished = comp.dispatched < comp.n_runs or made.get("queued", 0) or made.get("running", 0)
        if unfinished:
            repo.set_cancelled(s, comp.id)
            s.flush()
            repo.cancel_queued(s, comp.id)
    s.commit()
    s.expire_all()
    return get(s, comparison_id)


def to_csv(pub: ComparisonPublic) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    keys = list(pub.spec["grid"])
    base = pub.spec["baseline"]
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
            f"normalized_to_{base}",
            "normalized_ci95_low",
            "normalized_ci95_high",
            "paired_n",
            f"paired_mean_diff_to_{base}",
            "paired_ci95_low",
            "paired_ci95_high",
        ]
    )
    for c in pub.cells:
        for v, d in c["variants"].items():
            st = d["stats"]
            ci = st["ci95"] or [None, None]
            nci = d["normalized_ci95"] or [None, None]
            p = d["paired"] or {}
            pci = p.get("ci95") or [None, None]
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
                    nci[0],
                    nci[1],
                    p.get("n"),
                    p.get("mean_diff"),
                    pci[0],
                    pci[1],
                ]
            )
    return out.getvalue()


def runs_csv(s: Session, comparison_id: uuid.UUID) -> Iterator[str]:
    """The per-run CSV, streamed: one row per (run, flow) of every run made
    so far (a run without a result, queued, failed or cancelled, has one row
    with an empty flow), columns run_index, cell, the grid's keys, variant,
    replication, seed, run_id, state, error, flow, counted (1 when the flow's
    metrics count in the comparison's statistics: flows and flow_filter),
    then every numeric metric of the engine's catalogue sorted by name
    (request_ms, a list, is not one)."""
    comp = repo.get(s, comparison_id)
    if comp is None:
        raise not_found("comparison")
    keys = list(comp.spec["grid"])
    cells = comp.spec["cells"]
    rows = repo.run_rows(s, comparison_id)
    counted_flows, flow_filter = comp.spec.get("flows"), comp.spec.get("flow_filter")
    results = repo.results(s, [r.run_id for r in rows if r.state == "succeeded"])
    buf = io.StringIO()
    w = csv.writer(buf)

    def flush() -> str:
        text = buf.getvalue()
        buf.seek(0)
        buf.truncate()
        return text

    def gen() -> Iterator[str]:
        w.writerow(
            [
                "run_index",
                "cell",
                *keys,
                "variant",
                "replication",
                "seed",
                "run_id",
                "state",
                "error",
                "flow",
                "counted",
                *METRICS,
            ]
        )
        for n, r in enumerate(rows):
            head = [r.idx, r.cell, *(cells[r.cell].get(k) for k in keys), r.variant, r.replication, r.seed]
            head += [r.run_id, r.state, r.error or ""]
            flows = (results.get(r.run_id) or {}).get("flows") or []
            if not flows:
                w.writerow([*head, "", "", *([""] * len(METRICS))])
            for fi, f in enumerate(flows):
                counted = int(flow_counts(fi, f, counted_flows, flow_filter))
                w.writerow([*head, fi, counted, *("" if f.get(m) is None else f[m] for m in METRICS)])
            if n % 500 == 499:
                yield flush()
        yield flush()

    return gen()
