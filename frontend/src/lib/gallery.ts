/** The paper gallery (pure): a card (GET /gallery, the engine's rexsim.gallery)
 * -> the comparison that reproduces its figure, and a comparison's results ->
 * the figure drawn the paper's way (normalized bars per grid value with one
 * panel per other grid value, or one CDF per panel), with the paper's
 * published values beside Rexmit's and their difference. */
import type { ComparisonCreate, ComparisonPublic, GalleryCardPublic } from "../client/types.gen";
import { type CellView, type ComparisonView, readComparison } from "./stats/comparison";
import { type PaperTable, paperTable } from "./stats/table";

export type GalleryCard = GalleryCardPublic;
export type Published = GalleryCard["published"][number];
export type PublishedSaving = Extract<Published, { kind: "saving" }>;
export type PublishedRatio = Extract<Published, { kind: "ratio" }>;
export type PublishedEcdfAt = Extract<Published, { kind: "ecdf_at" }>;
export type PublishedCells = Extract<Published, { kind: "cells" }>;

/** POST /comparisons for "Reproduce": the card's preset as base, the preset's
 * variants and baseline, and the figure's full grid, replications, metric, flows and flow filter. */
export function cardComparisonBody(card: GalleryCard): ComparisonCreate {
  return {
    base: { preset: card.preset },
    variants: card.variants,
    baseline: card.baseline_variant,
    grid: card.grid,
    replications: card.replications,
    metric: card.metric,
    flows: card.flows,
    flow_filter: card.flow_filter,
  };
}

/** The runs "Reproduce" starts: cells (the grid's product) x variants x replications. */
export function runCount(card: Pick<GalleryCard, "grid" | "variants" | "replications">): number {
  const cells = Object.values(card.grid).reduce((n, values) => n * values.length, 1);
  return cells * Object.keys(card.variants).length * card.replications;
}

/** "56 runs: 14 cells × 4 variants × 1 replication". */
export function runCountText(card: Pick<GalleryCard, "grid" | "variants" | "replications">): string {
  const cells = Object.values(card.grid).reduce((n, values) => n * values.length, 1);
  const v = Object.keys(card.variants).length;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  return `${plural(runCount(card), "run")}: ${plural(cells, "cell")} × ${plural(v, "variant")} × ${plural(card.replications, "replication")}`;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The comparison's cells a panel shows (its `where` matches), in grid order. */
export function panelCells(view: ComparisonView, where: Record<string, unknown>): CellView[] {
  return view.cells.filter((c) => Object.entries(where).every(([k, v]) => same(c.params[k], v)));
}

/** Whether a comparison is this card's figure: same preset, grid, replications, metric, flow filter and variants. */
export function matchesCard(card: GalleryCard, comparison: ComparisonPublic): boolean {
  const spec = (comparison.spec ?? {}) as Record<string, unknown>;
  const base = (spec.base ?? {}) as Record<string, unknown>;
  return (
    base.preset === card.preset &&
    same(spec.grid, card.grid) &&
    spec.replications === card.replications &&
    spec.metric === card.metric &&
    same(spec.flow_filter ?? null, card.flow_filter) &&
    same(Object.keys((spec.variants ?? {}) as object).sort(), Object.keys(card.variants).sort())
  );
}

// ---- the figure

export interface BarDatum {
  variant: string;
  /** the mean normalized to the baseline (null while no run of it has finished) */
  value: number | null;
  /** the 95% CI of value (null for the baseline, n < 2, or while the API gives none) */
  ci: [number, number] | null;
  n: number;
  /** what the paper's stated saving puts this bar at (normalized), if it states one */
  paper: number | null;
}

export interface BarGroup {
  cell: number;
  /** the grid value times the chart's scale (RTT = 2 × one-way delay) */
  x: number;
  bars: BarDatum[];
}

export interface BarPanel {
  id: string;
  label: string;
  groups: BarGroup[];
}

export interface CdfSeries {
  variant: string;
  points: [number, number][];
  n: number;
}

export interface CdfMarker {
  variant: string;
  x: number;
  /** the paper's fraction below x */
  paper: number;
  /** Rexmit's, read from the ECDF (null while no run of it has finished) */
  rexmit: number | null;
}

export interface CdfPanel {
  id: string;
  label: string;
  cell: number | null;
  series: CdfSeries[];
  markers: CdfMarker[];
}

/** A box-plot panel (the F-RTO paper's Figs. 6-8): one cell, a box per variant, drawn by the compare page's BoxPlot. */
export interface BoxPanel {
  id: string;
  label: string;
  cell: CellView | undefined;
}

/** A table panel (the mobile-recovery paper's Tables 1-15): the panel's cells in the paper's shape, with its published values. */
export interface TablePanel {
  id: string;
  label: string;
  table: PaperTable;
}

export interface SavingRow {
  panel: string;
  x: number;
  variant: string;
  /** the paper's saving over the baseline, ms (a lower bound when atLeast) */
  paperMs: number;
  rexmitMs: number | null;
  /** Rexmit's minus the paper's, ms */
  diffMs: number | null;
  atLeast: boolean;
}

export interface RatioRow {
  variant: string;
  paper: number | null;
  rexmit: number | null;
  /** Rexmit's over the paper's */
  factor: number | null;
}

export interface RatioTable {
  published: PublishedRatio;
  rows: RatioRow[];
}

/** A time-plot panel (Kato et al. Figs. 4-10): one run's sequence/ACK numbers or a sender series against time. */
export interface TimePanel {
  id: string;
  label: string;
  variant: string;
  /** which of the variant's runs (0: the first, seed = base seed + replication) */
  replication: number;
  /** "sequence" or a series name (cwnd, ...): a key of the card's chart.plots */
  plot: string;
  /** the paper's name for the plot and its unit (chart.plots) */
  plotLabel: string;
  plotUnit: string;
  /** the run the panel draws; null while the comparison has not created it (or the cell is missing) */
  runId: string | null;
}

export interface GalleryFigure {
  kind: GalleryCard["chart"]["kind"];
  variants: string[];
  baseline: string;
  bars: BarPanel[];
  cdfs: CdfPanel[];
  boxes: BoxPanel[];
  /** a time plot's panels (empty for the other kinds) */
  times: TimePanel[];
  tables: TablePanel[];
  savings: SavingRow[];
  ratios: RatioTable[];
  /** finished runs / all runs; the figure is provisional until they are equal */
  done: number;
  total: number;
  provisional: boolean;
}

/** The fraction of values below x from ECDF points [x_i, F(x_i)] (F: fraction ≤ x_i):
 * F at the largest x_i below x; exact when every value is a point, else within one thinning step. */
export function fractionBelow(points: readonly [number, number][], x: number): number | null {
  if (!points.length) return null;
  let f = 0;
  for (const [xi, fi] of points) if (xi < x && fi > f) f = fi;
  return f;
}

/** Σ of some metrics over a cell's counted flows for a variant (mean × n each); null while none has finished. */
function pooled(cell: CellView, variant: string, metrics: readonly string[]): number | null {
  let total = 0;
  for (const m of metrics) {
    const st = cell.variants[variant]?.metrics[m];
    if (!st || st.n === 0 || st.mean === null) return null;
    total += st.mean * st.n;
  }
  return total;
}

/** A published ratio per variant, Rexmit's pooled over every cell of the comparison:
 * Σ numerator metrics / Σ denominator metrics (each Σ = mean × n of the cell's flows). */
export function ratioTable(view: ComparisonView, pub: PublishedRatio): RatioTable {
  const rows = view.variants.map((v): RatioRow => {
    let num = 0;
    let den = 0;
    for (const c of view.cells) {
      const a = pooled(c, v, pub.numerator);
      const b = pooled(c, v, pub.denominator);
      if (a === null || b === null) continue;
      num += a;
      den += b;
    }
    const rexmit = den > 0 ? num / den : null;
    const paper = pub.values[v] ?? null;
    return { variant: v, paper, rexmit, factor: rexmit !== null && paper ? rexmit / paper : null };
  });
  return { published: pub, rows };
}

function xOf(card: GalleryCard, cell: CellView): number {
  const key = card.chart.x ?? "";
  return Number(cell.params[key]) * (card.chart.x_scale ?? 1);
}

/** The card's figure from a comparison of its grid. */
export function cardFigure(card: GalleryCard, comparison: ComparisonPublic): GalleryFigure {
  const view = readComparison(comparison);
  const variants = view.variants;
  const baseline = view.baseline;
  const savings: SavingRow[] = [];
  const savingPubs = card.published.filter((p): p is PublishedSaving => p.kind === "saving");
  const bars: BarPanel[] = [];
  const cdfs: CdfPanel[] = [];
  const boxes: BoxPanel[] = [];
  const times: TimePanel[] = [];
  const tables: TablePanel[] = [];
  if (card.chart.kind === "timeseries") {
    for (const panel of card.panels) times.push(timePanel(card, view, panel));
  } else if (card.chart.kind === "table") {
    const cellPubs = card.published.filter((p): p is PublishedCells => p.kind === "cells");
    for (const panel of card.panels)
      tables.push({
        id: panel.id,
        label: panel.label,
        table: paperTable(view, {
          x: card.chart.x ?? "",
          rows: card.chart.rows ?? null,
          where: panel.where,
          metric: card.metric,
          xScale: card.chart.x_scale ?? 1,
          valueScale: card.chart.value_scale ?? 1,
          variants,
          published: cellPubs.filter((p) => p.panel === panel.id),
        }),
      });
  } else if (card.chart.kind === "box") {
    for (const panel of card.panels) boxes.push({ id: panel.id, label: panel.label, cell: panelCells(view, panel.where)[0] });
  } else if (card.chart.kind === "bars") {
    for (const panel of card.panels) {
      const groups = panelCells(view, panel.where).map((cell): BarGroup => {
        const x = xOf(card, cell);
        const baseMean = cell.variants[baseline]?.stats.mean ?? null;
        return {
          cell: cell.index,
          x,
          bars: variants.map((v): BarDatum => {
            const r = cell.variants[v];
            let paper: number | null = null;
            for (const pub of savingPubs) {
              const rule = pub.per_panel[panel.id];
              if (pub.variant !== v || !rule) continue;
              const paperMs = rule.rtts * x + rule.plus_ms;
              const mean = r?.stats.mean ?? null;
              const rexmitMs = baseMean !== null && mean !== null ? baseMean - mean : null;
              if (baseMean) paper = (baseMean - paperMs) / baseMean;
              savings.push({ panel: panel.id, x, variant: v, paperMs, rexmitMs, diffMs: rexmitMs === null ? null : rexmitMs - paperMs, atLeast: pub.at_least });
            }
            return { variant: v, value: r?.normalizedMean ?? null, ci: r?.normalizedCi95 ?? null, n: r?.stats.n ?? 0, paper };
          }),
        };
      });
      groups.sort((a, b) => a.x - b.x);
      bars.push({ id: panel.id, label: panel.label, groups });
    }
  } else {
    const ecdfPubs = card.published.filter((p): p is PublishedEcdfAt => p.kind === "ecdf_at");
    for (const panel of card.panels) {
      const cell = panelCells(view, panel.where)[0];
      const series = variants.map((v): CdfSeries => ({ variant: v, points: cell?.variants[v]?.ecdf ?? [], n: cell?.variants[v]?.stats.n ?? 0 }));
      const markers: CdfMarker[] = [];
      for (const pub of ecdfPubs.filter((p) => p.panel === panel.id))
        for (const [v, paper] of Object.entries(pub.values)) {
          const s = series.find((x) => x.variant === v);
          markers.push({ variant: v, x: pub.x, paper, rexmit: s ? fractionBelow(s.points, pub.x) : null });
        }
      cdfs.push({ id: panel.id, label: panel.label, cell: cell?.index ?? null, series, markers });
    }
  }
  const ratios = card.published.filter((p): p is PublishedRatio => p.kind === "ratio").map((p) => ratioTable(view, p));
  const done = view.counts.succeeded + view.counts.failed;
  return {
    kind: card.chart.kind,
    variants,
    baseline,
    bars,
    cdfs,
    boxes,
    times,
    tables,
    savings,
    ratios,
    done,
    total: view.nRuns,
    provisional: done < view.nRuns,
  };
}

/** "holds" / "differs" counts of a card's findings. */
export function findingCounts(card: Pick<GalleryCard, "findings">): { holds: number; differs: number } {
  const holds = card.findings.filter((f) => f.status === "holds").length;
  return { holds, differs: card.findings.length - holds };
}

// ---- time plots (chart.kind "timeseries")

/** A time-plot panel of the card: its variant's run of its replication in the panel's cell. */
export function timePanel(card: GalleryCard, view: ComparisonView, panel: GalleryCard["panels"][number]): TimePanel {
  const plot = panel.plot ?? "sequence";
  const spec = card.chart.plots?.[plot];
  const cell = panelCells(view, panel.where)[0];
  const variant = panel.variant ?? view.baseline;
  const replication = panel.replication ?? 0;
  return {
    id: panel.id,
    label: panel.label,
    variant,
    replication,
    plot,
    plotLabel: spec?.label ?? plot,
    plotUnit: spec?.unit ?? "",
    runId: cell?.variants[variant]?.runs[replication] ?? null,
  };
}

/** The window of a time plot in ms of simulated time ([0, 1 s] when the card gives none). */
export function timeWindowMs(card: Pick<GalleryCard, "chart">): [number, number] {
  const t0 = card.chart.t_from_s ?? 0;
  const t1 = card.chart.t_to_s ?? t0 + 1;
  return [t0 * 1000, t1 * 1000];
}

/** What a series' raw values are divided by to be drawn in the plot's unit:
 * bytes -> packets by the flow's MSS (Kato et al. count cwnd in packets), µs -> ms; else as they are. */
export function seriesDivisor(sourceUnit: string, plotUnit: string, mss: number): number {
  if (sourceUnit === "bytes" && plotUnit === "packets") return mss;
  if (sourceUnit === "us" && plotUnit === "ms") return 1000;
  return 1;
}

/** "(window 10–18 s; the paper's 10–13 s)": the card's window, and the paper's where it differs. */
export function timeWindowText(card: Pick<GalleryCard, "chart">): string {
  const [a, b] = timeWindowMs(card).map((v) => v / 1000);
  const pw = card.chart.paper_window_s;
  const paper = pw && (pw[0] !== a || pw[1] !== b) ? `; the paper's ${pw[0]}–${pw[1]} s` : "";
  return `window ${a}–${b} s${paper}`;
}
