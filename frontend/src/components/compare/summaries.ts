/** Text summaries of the compare page's and the paper gallery's charts, for
 * screen readers (each chart's aria-label): what a sighted reader takes in at
 * a glance, the values with their 95% intervals, and whether they are still
 * provisional.  Pure functions of the data the charts draw. */
import { fmtNum, fmtPct, fmtRatio, trimNumber } from "../../lib/format";
import type { BarDatum, BarPanel, CdfPanel } from "../../lib/gallery";
import { boxFromStats, quantileFromEcdf } from "../../lib/stats/box";
import { type CellView, cellLabel, type ComparisonView, provisionalLabel } from "../../lib/stats/comparison";
import { pairedInputs, pairedLayout, pairedSeedsText } from "../../lib/stats/paired";

/** Past this many groups a summary names the rest by count (the table and the tooltips have them all). */
export const MAX_GROUPS = 12;

const plural = (n: number, one: string, many = `${one}s`) => `${fmtNum(n)} ${n === 1 ? one : many}`;
const withUnit = (v: number | null, unit: string) => (v === null ? "–" : `${fmtNum(v)}${unit ? ` ${unit}` : ""}`);

function capped(groups: string[], what: string): string {
  if (groups.length <= MAX_GROUPS) return groups.join("; ");
  return `${groups.slice(0, MAX_GROUPS).join("; ")}; ${plural(groups.length - MAX_GROUPS, `more ${what}`)} in the summary table`;
}

function tail(view: Pick<ComparisonView, "provisional" | "finished" | "expected">): string {
  return view.provisional ? ` ${provisionalLabel(view)}.` : "";
}

/** "FCT normalized to baseline, 3 variants, 3 cells, with 95% confidence
 * intervals: count = 1: baseline 1.00, TLP 0.67 [0.41, 1.30], TLPR pending;
 * count = 2: …. Provisional: 4 of 12 runs finished; …." */
export function summarizeBars(view: ComparisonView, variants: readonly string[], metricName: string): string {
  const many = view.cells.length > 1;
  const groups = view.cells.map((c) => {
    const values = variants.map((v) => {
      const r = c.variants[v];
      if (r?.normalizedMean === null || r?.normalizedMean === undefined) return `${v} pending`;
      const ci = r.normalizedCi95 ? ` [${fmtRatio(r.normalizedCi95[0])}, ${fmtRatio(r.normalizedCi95[1])}]` : "";
      return `${v} ${fmtRatio(r.normalizedMean)}${ci}`;
    });
    return `${many ? `${cellLabel(c.params)}: ` : ""}${values.join(", ")}`;
  });
  const head = `${metricName} normalized to ${view.baseline}, ${plural(variants.length, "variant")}${many ? `, ${plural(view.cells.length, "cell")}` : ""}, with 95% confidence intervals`;
  return `${head}: ${capped(groups, "cell")}.${tail(view)}`;
}

/** "Paired difference of FCT from baseline, paired over 3 common seeds, as a
 * share of baseline's mean with 95% confidence intervals: TLP −33.3% [−50%, −12%], …" */
export function summarizePaired(view: ComparisonView, variants: readonly string[], metricName: string): string {
  const inputs = pairedInputs(view, [...variants]);
  const seeds = pairedSeedsText(inputs);
  const { rows } = pairedLayout(inputs, 100);
  const many = view.cells.length > 1;
  const byCell = new Map<number, string[]>();
  for (const r of rows) {
    const what =
      r.paired === null
        ? "no common seed yet"
        : r.value === null
          ? "not normalized (the baseline's mean is 0)"
          : `${fmtPct(r.value)}${r.ci ? ` [${fmtPct(r.ci[0])}, ${fmtPct(r.ci[1])}]` : " (no interval: 1 seed)"}`;
    const list = byCell.get(r.cell) ?? [];
    list.push(`${r.variant} ${what}`);
    byCell.set(r.cell, list);
  }
  const groups = [...byCell].map(([cell, list]) => {
    const c = view.cells.find((x) => x.index === cell);
    return `${many && c ? `${cellLabel(c.params)}: ` : ""}${list.join(", ")}`;
  });
  const head = `Paired difference of ${metricName} from ${view.baseline}, ${seeds ?? "no common seed yet"}, as a share of ${view.baseline}'s mean with 95% confidence intervals`;
  return `${head}${groups.length ? `: ${capped(groups, "cell")}` : ""}.${tail(view)}`;
}

/** "ECDF of FCT (ms) per variant in cell count = 2: baseline median 1,000 ms
 * (p5 900 ms, p95 1,200 ms, n = 10), TLP …" */
export function summarizeEcdf(cell: CellView | undefined, variants: readonly string[], metricName: string, unit: string, provisional: string | null = null): string {
  const where = cell && Object.keys(cell.params).length ? ` in cell ${cellLabel(cell.params)}` : "";
  const parts = variants.map((v) => {
    const st = cell?.variants[v]?.stats;
    if (!st || st.n === 0) return `${v} no finished run yet`;
    return `${v} median ${withUnit(st.median, unit)} (p5 ${withUnit(st.p5, unit)}, p95 ${withUnit(st.p95, unit)}, n = ${fmtNum(st.n)})`;
  });
  return `ECDF of ${metricName}${unit ? ` (${unit})` : ""} per variant${where}: ${parts.join("; ")}.${provisional ? ` ${provisional}.` : ""}`;
}

/** "Box plots of FCT (ms) in cell …: baseline median 1,000, box 950–1,100, whiskers p5 900 – p95 1,200, mean 1,010; …" */
export function summarizeBox(cell: CellView | undefined, variants: readonly string[], metricName: string, unit: string, provisional: string | null = null): string {
  const where = cell && Object.keys(cell.params).length ? ` in cell ${cellLabel(cell.params)}` : "";
  const parts = variants.map((v) => {
    const r = cell?.variants[v];
    const b = r ? boxFromStats(r.stats, r.ecdf) : null;
    if (!b) return `${v} no data yet`;
    return `${v} median ${fmtNum(b.median)}, box ${fmtNum(b.q1)}–${fmtNum(b.q3)}, whiskers p5 ${fmtNum(b.p5)} – p95 ${fmtNum(b.p95)}, mean ${fmtNum(b.mean)}`;
  });
  return `Box plots of ${metricName}${unit ? ` (${unit})` : ""} per variant${where}: ${parts.join("; ")}.${provisional ? ` ${provisional}.` : ""}`;
}

/** Gallery: "ACK policy quick: FCT normalized to baseline per RTT (ms), 3
 * variants; at 10 ms: baseline 1.00, RTOR 0.72 (the paper's saving: 0.70), TLP 0.50; at 80 ms: …" */
export function summarizeGalleryBars(panel: BarPanel, variants: readonly string[], baseline: string, metricName: string, xLabel: string, xUnit: string): string {
  const groups = panel.groups.map((g) => {
    const values = variants.map((v) => {
      const d = g.bars.find((b) => b.variant === v);
      if (!d || d.value === null) return `${v} pending`;
      return `${v} ${fmtRatio(d.value)}${d.paper !== null ? ` (the paper's saving: ${fmtRatio(d.paper)})` : ""}`;
    });
    return `at ${trimNumber(g.x)}${xUnit ? ` ${xUnit}` : ""}: ${values.join(", ")}`;
  });
  const per = xLabel ? ` per ${xLabel}${xUnit ? ` (${xUnit})` : ""}` : "";
  return `${panel.label}: ${metricName} normalized to ${baseline}${per}, ${plural(variants.length, "variant")}; ${capped(groups, "group")}.`;
}

/** One gallery bar's tooltip, line by line (its aria-label joins them): what it is, its value
 * with the 95% CI, how many values it averages, and the paper's value where the paper states one.
 * "TLP at RTT 80 ms" / "0.48 × baseline, 95% CI 0.45–0.51" / "n = 500" / "the paper's stated saving puts it at 0.52". */
export function galleryBarTip(d: BarDatum, x: number, baseline: string, xLabel: string, xUnit: string): string[] {
  const where = `${d.variant} at ${xLabel ? `${xLabel} ` : ""}${trimNumber(x)}${xUnit ? ` ${xUnit}` : ""}`;
  const ci = d.ci ? `, 95% CI ${fmtRatio(d.ci[0])}–${fmtRatio(d.ci[1])}` : d.variant === baseline ? " (the baseline)" : d.n < 2 ? ", no CI (n < 2)" : ", no CI";
  const value = d.value === null ? "no finished run yet" : `${fmtRatio(d.value)} × ${baseline}${ci}`;
  const paper = d.paper === null ? "the paper states no value here" : `the paper's stated saving puts it at ${fmtRatio(d.paper)}`;
  return [where, value, `n = ${fmtNum(d.n)}`, paper];
}

/** Gallery: "One-way delay 40 ms: CDF of FCT (ms), 3 variants: baseline median 1,000 (n = 40), …;
 * share below 500 ms: TLP the paper ≈ 90%, Rexmit 88%." */
export function summarizeGalleryCdf(panel: CdfPanel, variants: readonly string[], xTitle: string): string {
  const parts = variants.map((v) => {
    const s = panel.series.find((x) => x.variant === v);
    if (!s?.points.length) return `${v} no finished run yet`;
    return `${v} median ${fmtNum(quantileFromEcdf(s.points, 0.5))} (n = ${fmtNum(s.n)})`;
  });
  const pct = (v: number) => `${trimNumber(v * 100, 1)}%`;
  const markers = panel.markers.map((m) => `${m.variant} below ${fmtNum(m.x)}: the paper ≈ ${pct(m.paper)}, Rexmit ${m.rexmit === null ? "–" : pct(m.rexmit)}`);
  return `${panel.label}: CDF of ${xTitle}, ${plural(variants.length, "variant")}: ${parts.join("; ")}.${markers.length ? ` ${markers.join("; ")}.` : ""}`;
}
