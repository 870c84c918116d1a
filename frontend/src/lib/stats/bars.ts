/** Layout of the normalized-FCT bar chart (the tail-loss paper's Fig. 1/2):
 * groups are grid cells, bars inside a group are variants in the spec's
 * order, heights are the mean normalized to the baseline variant (1.0),
 * whiskers its 95% confidence interval when the API gives one. */
import { scaleBand, scaleLinear } from "d3-scale";

export interface BarInput {
  cell: number;
  label: string;
  values: { variant: string; value: number | null; ci?: [number, number] | null }[];
}

export interface Bar {
  cell: number;
  variant: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** the 95% CI of the value, and its whisker's ends in y (top, bottom; clamped to the axis) */
  ci: [number, number] | null;
  ciY: [number, number] | null;
}

export interface BarGroup {
  cell: number;
  label: string;
  x: number;
  width: number;
  bars: Bar[];
  /** variants with no value yet (runs pending or failed) */
  missing: string[];
}

export interface BarLayout {
  groups: BarGroup[];
  yTicks: { value: number; y: number }[];
  yMax: number;
  /** y of the baseline reference (1.0) */
  baselineY: number;
  innerWidth: number;
  innerHeight: number;
}

export function barLayout(
  inputs: BarInput[],
  variants: string[],
  size: { width: number; height: number },
  opts: { padding?: number; innerPadding?: number; maxBarWidth?: number } = {},
): BarLayout {
  const innerWidth = Math.max(10, size.width);
  const innerHeight = Math.max(10, size.height);
  // the whiskers' tops count too, so that every interval fits
  const all = inputs
    .flatMap((g) => g.values.flatMap((v) => (v.value !== null && Number.isFinite(v.value) ? [v.value, ...(v.ci ? [v.ci[1]] : [])] : [])))
    .filter((v) => Number.isFinite(v));
  const yMax = Math.max(1.1, (all.length ? Math.max(...all) : 1) * 1.12);
  const y = scaleLinear().domain([0, yMax]).range([innerHeight, 0]).nice();
  const x0 = scaleBand<number>()
    .domain(inputs.map((g) => g.cell))
    .range([0, innerWidth])
    .paddingInner(opts.padding ?? (inputs.length > 1 ? 0.18 : 0))
    .paddingOuter(inputs.length > 1 ? 0.06 : 0.25);
  // bars never grow wider than maxBarWidth: a lone cell keeps its bars centred
  const maxBar = opts.maxBarWidth ?? 84;
  const used = Math.min(x0.bandwidth(), Math.max(1, variants.length) * maxBar * 1.15);
  const offset = (x0.bandwidth() - used) / 2;
  const x1 = scaleBand<string>()
    .domain(variants)
    .range([offset, offset + used])
    .padding(opts.innerPadding ?? 0.12);
  const groups = inputs.map((g): BarGroup => {
    const gx = x0(g.cell) ?? 0;
    const bars: Bar[] = [];
    const missing: string[] = [];
    for (const name of variants) {
      const d = g.values.find((e) => e.variant === name);
      const v = d?.value ?? null;
      if (v === null || !Number.isFinite(v)) {
        missing.push(name);
        continue;
      }
      const top = y(Math.max(0, v));
      const ci = d?.ci ? ([Math.min(...d.ci), Math.max(...d.ci)] as [number, number]) : null;
      const ciY: [number, number] | null = ci ? [y(Math.max(0, ci[1])), y(Math.max(0, ci[0]))] : null;
      bars.push({ cell: g.cell, variant: name, value: v, x: gx + (x1(name) ?? 0), y: top, width: x1.bandwidth(), height: innerHeight - top, ci, ciY });
    }
    return { cell: g.cell, label: g.label, x: gx, width: x0.bandwidth(), bars, missing };
  });
  return {
    groups,
    yTicks: y.ticks(6).map((v) => ({ value: v, y: y(v) })),
    yMax: y.domain()[1],
    baselineY: y(1),
    innerWidth,
    innerHeight,
  };
}
