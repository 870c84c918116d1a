/** What an exported compare or gallery chart says about itself (the
 * ExportInfoContext of CompareDashboard and GalleryFigure): the caption lines
 * (what was compared, its grid and variants, replications and their seeds,
 * engine version, provisional n/N) and the legend entries of the shown
 * variants with the cues their charts draw, so that a PNG or SVG pasted into a
 * paper or a slide stands alone.  The permalink is added at export time (the
 * page's address: it holds the comparison and the view). */
import type { LegendEntry } from "../charts/exportChart";
import type { VariantCue } from "../charts/palette";
import { fmtNum } from "../../lib/format";
import { cellLabel, type ComparisonView, provisionalLabel, shortKey } from "../../lib/stats/comparison";

/** The seed a comparison's replications start from (seed, seed + 1, …: the
 * backend's comparisons.create): the base's override, its scenario's, or its
 * preset's; null when none is known. */
export function baseSeed(spec: Record<string, unknown>, presets?: readonly { name: string; scenario: Record<string, unknown> }[] | null): number | null {
  const base = (spec.base ?? {}) as Record<string, unknown>;
  const overrides = (base.overrides ?? {}) as Record<string, unknown>;
  const scenario = (base.scenario ?? null) as Record<string, unknown> | null;
  const preset = typeof base.preset === "string" ? presets?.find((p) => p.name === base.preset) : undefined;
  for (const s of [overrides.seed, scenario?.seed, preset?.scenario.seed]) if (typeof s === "number" && Number.isFinite(s)) return s;
  return null;
}

/** "seeds 1–5" / "seed 7" / "seeds s … s+4 (the base scenario's seed s)". */
export function seedsText(seed: number | null, replications: number): string {
  const r = Math.max(1, replications);
  if (seed === null) return r === 1 ? "the base scenario's seed" : `seeds s … s+${r - 1} (s: the base scenario's seed)`;
  return r === 1 ? `seed ${seed}` : `seeds ${seed}–${seed + r - 1}`;
}

/** "TLP: timer = tlp" for each variant's overrides (short keys, as the table shows them). */
export function variantsText(spec: Record<string, unknown>, variants: readonly string[]): string {
  const overrides = (spec.variants ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return variants
    .map((v) => {
      const o = Object.entries(overrides[v] ?? {});
      return o.length ? `${v}: ${o.map(([k, x]) => `${shortKey(k)} = ${typeof x === "object" ? JSON.stringify(x) : String(x)}`).join(", ")}` : v;
    })
    .join("; ");
}

/** "Grid: delay_ms = 20, 80 · ack_policy = delayed, quick" (or one cell). */
export function gridText(view: Pick<ComparisonView, "cells" | "gridKeys">): string {
  if (!view.gridKeys.length) return "One cell: every run of the comparison";
  const values = view.gridKeys.map((k) => `${shortKey(k)} = ${[...new Set(view.cells.map((c) => String(c.params[k])))].join(", ")}`);
  return `Grid: ${values.join(" · ")} (${fmtNum(view.cells.length)} cell${view.cells.length === 1 ? "" : "s"})`;
}

/** The caption lines of an exported compare-page chart. */
export function comparisonCaption(view: ComparisonView, spec: Record<string, unknown>, opts: { base: string; metric: string; seed: number | null }): string[] {
  const replications = typeof spec.replications === "number" ? spec.replications : 1;
  const lines = [
    `Comparison ${view.id}: ${opts.base}; metric ${opts.metric}; baseline ${view.baseline}.`,
    `${gridText(view)}. Variants: ${variantsText(spec, view.variants)}.`,
    `${fmtNum(view.cells.length)} cell${view.cells.length === 1 ? "" : "s"} × ${view.variants.length} variants × ${replications} replication${replications === 1 ? "" : "s"} (${seedsText(opts.seed, replications)}) = ${fmtNum(view.nRuns)} runs · engine ${view.engineVersion}.`,
  ];
  if (view.provisional) lines.push(`${provisionalLabel(view)}.`);
  return lines;
}

/** The legend of a chart's shown variants, with the cues that chart draws:
 * "marker" for bars, box and paired plots, "line" for CDF lines, "both" for
 * the compare page's ECDF (dashed lines with a marker at the median). */
export function variantLegend(variants: readonly string[], cues: Record<string, VariantCue>, baseline: string, kind: "marker" | "line" | "both"): LegendEntry[] {
  return variants
    .filter((v) => cues[v])
    .map((v) => {
      const c = cues[v];
      const label = v === baseline ? `${v} (baseline)` : v;
      if (kind === "line") return { label, color: c.color, dash: c.dash };
      if (kind === "marker") return { label, color: c.color, marker: c.marker };
      return { label, color: c.color, dash: c.dash, marker: c.marker };
    });
}

/** "ECDF of FCT, cell delay_ms = 40" for a chart of one cell of several. */
export function cellTitle(title: string, view: Pick<ComparisonView, "cells">, cellIdx: number): string {
  const c = view.cells[cellIdx];
  return view.cells.length > 1 && c ? `${title}, cell ${cellLabel(c.params)}` : title;
}
