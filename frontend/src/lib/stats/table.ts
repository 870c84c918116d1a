/** A comparison's results in a paper's table shape (pure): one column per
 * value of a grid key (burst size, propagation delay, loss rate), one row per
 * variant (the loss recovery algorithm), split by a second grid key's values
 * when there is one (congestion control: rows are value x variant, in grid
 * and variant order), each cell a metric's mean over the replications and
 * counted flows with its 95% confidence interval, in display units (mean x
 * scale). The statistics are the API's own (GET /comparisons/{id}: a cell's
 * n, mean and Student-t ci95, the numbers the compare page's summary table
 * prints and its CSV exports); this module only picks and scales them, never
 * recomputes them. Tables are never normalized.
 *
 * The paper's values (a gallery card's `cells` published entries) sit beside
 * Rexmit's: per entry naming the cell, its value and the difference Rexmit −
 * paper, absolute and relative to the paper's. A value the OCR lost is null:
 * shown as "—", no difference. The gallery's table cards and the compare
 * page's "Paper table" view both draw from here (GalleryTable.tsx). */
import { type CellView, type ComparisonView, statsFor } from "./comparison";

/** One of the paper's tables of values for a panel (the gallery's published kind "cells"). */
export interface PublishedCellsEntry {
  id: string;
  label: string;
  section: string;
  quote: string;
  values: { variant: string; where: Record<string, unknown>; value: number | null }[];
  /** what the reader should know about the values (which the OCR lost) */
  note?: string | null;
}

export interface TableSpec {
  /** the grid key of the columns */
  x: string;
  /** the grid key splitting the rows, or null (one row per variant) */
  rows: string | null;
  /** grid key -> value: the cells the table shows (a panel's where: every key but x and rows) */
  where: Record<string, unknown>;
  /** the metric of the cells (the compared one: its stats; another: the cell's metrics[m]) */
  metric: string;
  /** a column's shown value = grid value x this (numbers only) */
  xScale: number;
  /** a cell's shown mean and CI = the metric's x this */
  valueScale: number;
  variants: readonly string[];
  published: readonly PublishedCellsEntry[];
}

export interface PaperValue {
  /** the published entry's id and label ("Experimental") */
  id: string;
  label: string;
  /** the paper's value in display units; null where the OCR lost it */
  value: number | null;
  /** Rexmit − paper (null while Rexmit has no value or the paper's is lost) */
  diff: number | null;
  /** diff / paper (null as diff, or when the paper's value is 0) */
  rel: number | null;
}

export interface TableCell {
  /** the column's grid value */
  x: unknown;
  /** the comparison's cell index, null when the grid has no such cell */
  cell: number | null;
  n: number;
  /** display units (x valueScale) */
  mean: number | null;
  ci: [number, number] | null;
  /** one per published entry that names this cell, in the entries' order */
  paper: PaperValue[];
}

export interface TableRow {
  /** "cubic/RH": unique within the table */
  key: string;
  variant: string;
  /** the rows key's value (undefined without rows) */
  group: unknown;
  /** the first row of its group (the group's header cell spans the group) */
  groupStart: boolean;
  groupSize: number;
  cells: TableCell[];
}

export interface PaperTable {
  columns: { value: unknown; shown: string }[];
  rows: TableRow[];
  /** the published entries the table shows, in order (each a line of the cells it names) */
  published: { id: string; label: string; section: string; quote: string; lost: number; note: string | null }[];
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A grid value as a header shows it: a number times the scale, on/off for a switch, else the value. */
export function shownValue(v: unknown, scale = 1): string {
  if (typeof v === "number") return String(+(v * scale).toPrecision(12));
  if (typeof v === "boolean") return v ? "on" : "off";
  return v === null || v === undefined ? "–" : String(v);
}

/** A key's values in the order the comparison's cells (the grid's product, in grid order) first show them. */
export function valuesOf(view: Pick<ComparisonView, "cells">, key: string): unknown[] {
  const out: unknown[] = [];
  for (const c of view.cells) {
    const v = c.params[key];
    if (v !== undefined && !out.some((o) => same(o, v))) out.push(v);
  }
  return out;
}

/** The combinations of the grid keys other than x and rows: one table each (a gallery card's panels do this by hand). */
export function otherCombinations(view: Pick<ComparisonView, "cells" | "gridKeys">, x: string, rows: string | null): Record<string, unknown>[] {
  const others = view.gridKeys.filter((k) => k !== x && k !== rows);
  const out: Record<string, unknown>[] = [];
  for (const c of view.cells) {
    const where = Object.fromEntries(others.map((k) => [k, c.params[k]]));
    if (!out.some((o) => same(o, where))) out.push(where);
  }
  return out;
}

function scaled(v: number | null, s: number): number | null {
  return v === null ? null : v * s;
}

function findCell(view: ComparisonView, where: Record<string, unknown>): CellView | undefined {
  return view.cells.find((c) => Object.entries(where).every(([k, v]) => same(c.params[k], v)));
}

/** The table of a comparison, as `spec` shapes it. */
export function paperTable(view: ComparisonView, spec: TableSpec): PaperTable {
  const xs = valuesOf(view, spec.x);
  const groups: unknown[] = spec.rows ? valuesOf(view, spec.rows) : [undefined];
  const rows: TableRow[] = [];
  for (const g of groups) {
    spec.variants.forEach((variant, i) => {
      const cells = xs.map((x): TableCell => {
        const where = { ...spec.where, [spec.x]: x, ...(spec.rows ? { [spec.rows]: g } : {}) };
        const cell = findCell(view, where);
        const st = statsFor(cell?.variants[variant], spec.metric, view.metric);
        const mean = scaled(st.mean, spec.valueScale);
        const ci = st.ci95 ? ([st.ci95[0] * spec.valueScale, st.ci95[1] * spec.valueScale].sort((a, b) => a - b) as [number, number]) : null;
        const paper: PaperValue[] = [];
        for (const pub of spec.published) {
          const named = pub.values.find((pv) => pv.variant === variant && same(pv.where[spec.x], x) && (!spec.rows || same(pv.where[spec.rows], g)));
          if (!named) continue;
          const diff = mean !== null && named.value !== null ? mean - named.value : null;
          paper.push({ id: pub.id, label: pub.label, value: named.value, diff, rel: diff !== null && named.value ? diff / named.value : null });
        }
        return { x, cell: cell?.index ?? null, n: st.n, mean, ci, paper };
      });
      rows.push({
        key: `${spec.rows ? `${shownValue(g)}/` : ""}${variant}`,
        variant,
        group: g,
        groupStart: i === 0,
        groupSize: spec.variants.length,
        cells,
      });
    });
  }
  return {
    columns: xs.map((value) => ({ value, shown: shownValue(value, spec.xScale) })),
    rows,
    published: spec.published.map((p) => ({
      id: p.id,
      label: p.label,
      section: p.section,
      quote: p.quote,
      lost: p.values.filter((v) => v.value === null).length,
      note: p.note ?? null,
    })),
  };
}

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The tables as CSV, one line per (table, row, column): the table's name, the rows value, the variant, the column's
 * grid value and shown value, n, mean and its 95% CI in display units, then per published entry the paper's value
 * and the difference (absolute and relative). */
export function paperTableCsv(tables: readonly { name: string; table: PaperTable }[], opts: { x: string; xShown: string; rows: string | null; unit: string }): string {
  const labels = [...new Set(tables.flatMap((t) => t.table.published.map((p) => p.label)))];
  const u = opts.unit ? ` (${opts.unit})` : "";
  const header = [
    "table",
    ...(opts.rows ? [opts.rows] : []),
    "variant",
    opts.x,
    opts.xShown,
    "n",
    `mean${u}`,
    `ci95_low${u}`,
    `ci95_high${u}`,
    ...labels.flatMap((l) => [`paper_${l}${u}`, `diff_${l}${u}`, `diff_${l}_relative`]),
  ];
  const lines = [header.map(csvCell).join(",")];
  for (const { name, table } of tables)
    for (const r of table.rows)
      r.cells.forEach((c, j) => {
        const paper = labels.flatMap((l) => {
          const p = c.paper.find((x) => x.label === l);
          return [p?.value, p?.diff, p?.rel];
        });
        const cells = [name, ...(opts.rows ? [shownValue(r.group)] : []), r.variant, c.x, table.columns[j].shown, c.n, c.mean, c.ci?.[0], c.ci?.[1], ...paper];
        lines.push(cells.map(csvCell).join(","));
      });
  return `${lines.join("\r\n")}\r\n`;
}
