/** Typed reading of GET /comparisons/{id}: the API types cells as loose
 * dictionaries, so every chart goes through these accessors. */
import type { ComparisonPublic } from "../../client/types.gen";

export interface Stats {
  n: number;
  mean: number | null;
  median: number | null;
  p5: number | null;
  p95: number | null;
  std: number | null;
  ci95: [number, number] | null;
}

export interface VariantResult {
  stats: Stats;
  normalizedMean: number | null;
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
  counts: { queued: number; running: number; succeeded: number; failed: number };
  progress: number;
}

const EMPTY: Stats = { n: 0, mean: null, median: null, p5: null, p95: null, std: null, ci95: null };

function numOrNull(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function readStats(v: unknown): Stats {
  const o = obj(v);
  if (!Object.keys(o).length) return { ...EMPTY };
  const ci = Array.isArray(o.ci95) && o.ci95.length === 2 && o.ci95.every((x) => typeof x === "number") ? (o.ci95 as [number, number]) : null;
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
    counts: {
      queued: numOrNull(counts.queued) ?? 0,
      running: numOrNull(counts.running) ?? 0,
      succeeded: numOrNull(counts.succeeded) ?? 0,
      failed: numOrNull(counts.failed) ?? 0,
    },
    progress: c.progress,
  };
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
