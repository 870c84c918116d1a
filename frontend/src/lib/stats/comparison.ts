/** Typed reading of GET /comparisons/{id}: the API types cells as loose
 * dictionaries, so every chart goes through these accessors.
 *
 * The statistics contract of issue #9 (provisional n/N, ETA, Cancel, CSV
 * links, per-variant normalized_ci95 and paired) arrives with the backend's
 * "sweeps" branch; until the generated client is regenerated from it, the
 * new top-level fields are read through `field()` from the untyped response,
 * and every one has a fallback that holds for today's API. */
import type { ComparisonPublic } from "../../client/types.gen";
import { fmtNum } from "../format";

export interface Stats {
  n: number;
  mean: number | null;
  median: number | null;
  p5: number | null;
  p95: number | null;
  std: number | null;
  ci95: [number, number] | null;
}

/** The paired comparison with the baseline over common seeds (contract of
 * issue #9): per replication whose runs of both the variant and the baseline
 * succeeded, diff = variant's metric mean of that run minus the baseline's. */
export interface Paired {
  /** common seeds */
  n: number;
  meanDiff: number;
  /** Student-t 95% CI of meanDiff; null when n < 2 */
  ci95: [number, number] | null;
  /** meanDiff / the baseline's mean */
  normalizedDiff: number | null;
}

export interface VariantResult {
  stats: Stats;
  normalizedMean: number | null;
  /** 95% CI of normalizedMean (null for the baseline, n < 2, or before the backend sends it) */
  normalizedCi95: [number, number] | null;
  /** vs the baseline over common seeds (null for the baseline, no common seed, or before the backend sends it) */
  paired: Paired | null;
  ecdf: [number, number][];
  metrics: Record<string, Stats>;
  runs: string[];
}

export interface CellView {
  index: number;
  params: Record<string, unknown>;
  variants: Record<string, VariantResult>;
}

export interface ComparisonView {
  id: string;
  state: string;
  engineVersion: string;
  metric: string;
  baseline: string;
  /** variant names in the spec's order */
  variants: string[];
  gridKeys: string[];
  cells: CellView[];
  nRuns: number;
  counts: { queued: number; running: number; succeeded: number; failed: number; cancelled: number };
  progress: number;
  /** statistics cover only finished runs: some are still queued or running */
  provisional: boolean;
  /** runs finished (succeeded + failed): the n of "provisional n/N" */
  finished: number;
  /** runs that will finish: n_runs less those dropped by Cancel (the N of "n/N") */
  expected: number;
  /** estimated seconds until the last run finishes; null when unknown or done */
  etaS: number | null;
  links: { runsCsv: string; summaryCsv: string };
  /** no run will change any more (succeeded, failed or cancelled, none queued or running) */
  done: boolean;
  /** the server sends the issue #9 fields (provisional, finished, eta_s, links), so it also offers Cancel */
  live: boolean;
}

/** States after which a comparison's runs no longer change (once none is queued or running). */
export const TERMINAL_STATES: ReadonlySet<string> = new Set(["succeeded", "failed", "cancelled"]);

const EMPTY: Stats = { n: 0, mean: null, median: null, p5: null, p95: null, std: null, ci95: null };

function numOrNull(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** [lo, hi] of two finite numbers, else null. */
export function readInterval(v: unknown): [number, number] | null {
  return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number" && Number.isFinite(x)) ? [v[0] as number, v[1] as number] : null;
}

/** A variant's `paired` dict, or null when absent, malformed or over no common seed. */
export function readPaired(v: unknown): Paired | null {
  const o = obj(v);
  const n = numOrNull(o.n);
  const meanDiff = numOrNull(o.mean_diff);
  if (n === null || n < 1 || meanDiff === null) return null;
  return { n, meanDiff, ci95: readInterval(o.ci95), normalizedDiff: numOrNull(o.normalized_diff) };
}

export function readStats(v: unknown): Stats {
  const o = obj(v);
  if (!Object.keys(o).length) return { ...EMPTY };
  const ci = readInterval(o.ci95);
  return {
    n: numOrNull(o.n) ?? 0,
    mean: numOrNull(o.mean),
    median: numOrNull(o.median),
    p5: numOrNull(o.p5),
    p95: numOrNull(o.p95),
    std: numOrNull(o.std),
    ci95: ci,
  };
}

export function readVariant(v: unknown): VariantResult {
  const o = obj(v);
  const ecdf = (Array.isArray(o.ecdf) ? o.ecdf : [])
    .filter((p): p is [number, number] => Array.isArray(p) && p.length >= 2 && typeof p[0] === "number" && typeof p[1] === "number")
    .map((p) => [p[0], p[1]] as [number, number]);
  const metrics: Record<string, Stats> = {};
  for (const [k, s] of Object.entries(obj(o.metrics))) metrics[k] = readStats(s);
  return {
    stats: readStats(o.stats),
    normalizedMean: numOrNull(o.normalized_mean),
    normalizedCi95: readInterval(o.normalized_ci95),
    paired: readPaired(o.paired),
    ecdf,
    metrics,
    runs: Array.isArray(o.runs) ? o.runs.map(String) : [],
  };
}

export function readComparison(c: ComparisonPublic): ComparisonView {
  const spec = obj(c.spec);
  // the order the variants were given in (JSONB reorders object keys)
  const order = Array.isArray(spec.variant_order) ? (spec.variant_order as string[]) : null;
  const variants = order ?? Object.keys(obj(spec.variants));
  const cells: CellView[] = (c.cells ?? []).map((raw, i) => {
    const cell = obj(raw);
    const vs: Record<string, VariantResult> = {};
    for (const [name, v] of Object.entries(obj(cell.variants))) vs[name] = readVariant(v);
    // variants the spec does not list (should not happen) keep their place at the end
    for (const name of Object.keys(vs)) if (!variants.includes(name)) variants.push(name);
    return { index: typeof cell.cell === "number" ? cell.cell : i, params: obj(cell.params), variants: vs };
  });
  const counts = obj(c.counts);
  const n = {
    queued: numOrNull(counts.queued) ?? 0,
    running: numOrNull(counts.running) ?? 0,
    succeeded: numOrNull(counts.succeeded) ?? 0,
    failed: numOrNull(counts.failed) ?? 0,
    cancelled: numOrNull(counts.cancelled) ?? 0,
  };
  const served = field(c, "provisional");
  const provisional = typeof served === "boolean" ? served : c.state === "queued" || c.state === "running";
  const finished = numOrNull(field(c, "finished")) ?? n.succeeded + n.failed;
  const eta = numOrNull(field(c, "eta_s"));
  const links = obj(field(c, "links"));
  const base = `/api/v1/comparisons/${encodeURIComponent(c.id)}`;
  return {
    id: c.id,
    state: c.state,
    engineVersion: c.engine_version,
    metric: typeof spec.metric === "string" ? spec.metric : "fct_ms",
    baseline: typeof spec.baseline === "string" ? spec.baseline : variants[0] ?? "",
    variants,
    gridKeys: Object.keys(obj(spec.grid)),
    cells,
    nRuns: c.n_runs,
    counts: n,
    progress: c.progress,
    provisional,
    finished,
    expected: Math.max(finished, c.n_runs - n.cancelled),
    etaS: provisional && eta !== null && eta >= 0 ? eta : null,
    links: {
      runsCsv: typeof links.runs_csv === "string" ? links.runs_csv : `${base}/runs.csv`,
      summaryCsv: typeof links.summary_csv === "string" ? links.summary_csv : `${base}/export?format=csv`,
    },
    done: !provisional && TERMINAL_STATES.has(c.state),
    live: typeof served === "boolean",
  };
}

/** A top-level field of the response that the generated client does not type
 * yet (the issue #9 contract). After `make client` against the new backend,
 * ComparisonPublic has them and these reads can become plain property reads. */
function field(c: ComparisonPublic, name: "provisional" | "finished" | "eta_s" | "links"): unknown {
  return (c as unknown as Record<string, unknown>)[name];
}

/** Whether polling a comparison can stop: no run of it will change any more. */
export function comparisonDone(c: ComparisonPublic): boolean {
  const p = field(c, "provisional");
  return TERMINAL_STATES.has(c.state) && p !== true;
}

/** The short mark of provisional statistics: "provisional · 92/1,000 runs". */
export function provisionalText(v: Pick<ComparisonView, "finished" | "expected">): string {
  return `provisional · ${fmtNum(v.finished)}/${fmtNum(v.expected)} runs`;
}

/** What the mark means, for screen readers and tooltips. */
export function provisionalLabel(v: Pick<ComparisonView, "finished" | "expected">): string {
  return `Provisional: ${fmtNum(v.finished)} of ${fmtNum(v.expected)} runs finished; these statistics change until every run has finished`;
}

/** "about 1 min 20 s": an ETA in seconds, rounded to what a reader needs. */
export function formatEta(s: number | null): string {
  if (s === null || !Number.isFinite(s) || s < 0) return "";
  if (s < 1) return "less than a second";
  if (s < 60) return `about ${Math.round(s)} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const r = Math.round((s - m * 60) / 10) * 10; // to 10 s
    return r >= 60 ? `about ${m + 1} min` : r ? `about ${m} min ${r} s` : `about ${m} min`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.round((s - h * 3600) / 60);
  return m >= 60 ? `about ${h + 1} h` : m ? `about ${h} h ${m} min` : `about ${h} h`;
}

/** The 95% CI of a paired difference normalized as normalized_diff is: divided
 * by the baseline mean the server used (mean_diff / normalized_diff), else by
 * the baseline's mean in the cell. Null when there is no CI or no such mean. */
export function pairedNormalizedCi(p: Paired, baseMean: number | null): [number, number] | null {
  if (!p.ci95) return null;
  const scale = p.normalizedDiff !== null && p.normalizedDiff !== 0 && p.meanDiff !== 0 ? p.meanDiff / p.normalizedDiff : baseMean;
  if (scale === null || scale === 0 || !Number.isFinite(scale)) return null;
  const a = p.ci95[0] / scale;
  const b = p.ci95[1] / scale;
  return a <= b ? [a, b] : [b, a];
}

/** Stats of a metric for a variant: the compared metric's own stats, else metrics[name]. */
export function statsFor(v: VariantResult | undefined, metric: string, compared: string): Stats {
  if (!v) return { ...EMPTY };
  if (metric === compared) return v.stats;
  return v.metrics[metric] ?? { ...EMPTY };
}

/** Short text for a cell's parameters: "delay_ms = 40 · ack_policy = quick". */
export function cellLabel(params: Record<string, unknown>): string {
  const entries = Object.entries(params);
  if (!entries.length) return "all runs";
  return entries.map(([k, v]) => `${shortKey(k)} = ${String(v)}`).join(" · ");
}

/** "flows[*].receiver.ack_policy" -> "ack_policy"; "path.*.delay_ms" -> "delay_ms". */
export function shortKey(key: string): string {
  return key.split(".").pop() ?? key;
}

/** Parse the "v" search param (comma-separated variant names) against the known variants. */
export function parseSelection(v: string | null, variants: string[]): string[] {
  if (v === null || v === "") return variants.slice();
  const wanted = new Set(v.split(",").map((s) => s.trim()).filter(Boolean));
  const out = variants.filter((n) => wanted.has(n));
  return out.length ? out : variants.slice();
}

/** The "v" value for a selection: null (= all) when everything is selected. */
export function formatSelection(selected: string[], variants: string[]): string | null {
  const set = new Set(selected);
  const ordered = variants.filter((n) => set.has(n));
  if (ordered.length === variants.length || ordered.length === 0) return null;
  return ordered.join(",");
}

/** Parse the "cell" search param; falls back to 0. */
export function parseCell(v: string | null, nCells: number): number {
  const i = v === null ? 0 : Number(v);
  return Number.isInteger(i) && i >= 0 && i < nCells ? i : 0;
}
