/** The paired view of a comparison: per grid cell and variant, the mean
 * difference from the baseline over common seeds, normalized to the
 * baseline's mean, with its 95% confidence interval (Student t over the
 * per-seed differences, computed by the API). Drawn as a forest plot: one row
 * per (cell, variant), a dot at the difference, a whisker for the CI, and the
 * zero line where the variant equals the baseline. Pure layout (D3 scales). */
import { scaleLinear } from "d3-scale";
import { cellLabel, pairedNormalizedCi, type ComparisonView, type Paired } from "./comparison";

export interface PairedInput {
  cell: number;
  cellLabel: string;
  variant: string;
  paired: Paired | null;
  /** the baseline's mean in the cell (to normalize the CI when the API's normalized_diff is 0) */
  baseMean: number | null;
}

export interface PairedRow extends PairedInput {
  /** normalized difference and its CI (null: no common seed yet, or no CI: n < 2) */
  value: number | null;
  ci: [number, number] | null;
  y: number;
  x: number | null;
  ciX: [number, number] | null;
  /** the first row of its cell (draws the cell's label and a separator) */
  firstOfCell: boolean;
}

export interface PairedLayout {
  rows: PairedRow[];
  xTicks: { value: number; x: number }[];
  zeroX: number;
  innerWidth: number;
  innerHeight: number;
}

/** One input per cell and shown variant other than the baseline, in the view's order. */
export function pairedInputs(view: ComparisonView, variants: string[]): PairedInput[] {
  const out: PairedInput[] = [];
  for (const c of view.cells) {
    const baseMean = c.variants[view.baseline]?.stats.mean ?? null;
    for (const v of variants) {
      if (v === view.baseline) continue;
      out.push({ cell: c.index, cellLabel: cellLabel(c.params), variant: v, paired: c.variants[v]?.paired ?? null, baseMean });
    }
  }
  return out;
}

/** "paired over 3 common seeds" (or "over 2–3 common seeds" when cells differ); null when nothing is paired yet. */
export function pairedSeedsText(inputs: PairedInput[]): string | null {
  const ns = inputs.flatMap((d) => (d.paired ? [d.paired.n] : []));
  if (!ns.length) return null;
  const lo = Math.min(...ns);
  const hi = Math.max(...ns);
  return `paired over ${lo === hi ? lo : `${lo}–${hi}`} common seed${hi === 1 ? "" : "s"}`;
}

export function pairedLayout(inputs: PairedInput[], width: number, opts: { rowHeight?: number; cellGap?: number } = {}): PairedLayout {
  const rowH = opts.rowHeight ?? 22;
  const gap = opts.cellGap ?? 10;
  const innerWidth = Math.max(10, width);
  const values = inputs.map((d) => {
    const value = d.paired?.normalizedDiff ?? null;
    const ci = d.paired && value !== null ? pairedNormalizedCi(d.paired, d.baseMean) : null;
    return { value, ci };
  });
  // the domain holds zero, every value and every interval, padded by 8% of its span
  const ends = values.flatMap((v) => [...(v.value !== null ? [v.value] : []), ...(v.ci ?? [])]);
  let lo = Math.min(0, ...ends);
  let hi = Math.max(0, ...ends);
  if (hi - lo < 1e-9) {
    lo = -0.05;
    hi = 0.05;
  }
  const pad = (hi - lo) * 0.08;
  const x = scaleLinear()
    .domain([lo - pad, hi + pad])
    .range([0, innerWidth])
    .nice();
  let y = 0;
  const rows: PairedRow[] = inputs.map((d, i) => {
    const firstOfCell = i === 0 || inputs[i - 1].cell !== d.cell;
    if (firstOfCell && i > 0) y += gap;
    const { value, ci } = values[i];
    const row: PairedRow = {
      ...d,
      value,
      ci,
      y: y + rowH / 2,
      x: value === null ? null : x(value),
      ciX: ci ? [x(ci[0]), x(ci[1])] : null,
      firstOfCell,
    };
    y += rowH;
    return row;
  });
  return { rows, xTicks: x.ticks(6).map((v) => ({ value: v, x: x(v) })), zeroX: x(0), innerWidth, innerHeight: Math.max(rowH, y) };
}
