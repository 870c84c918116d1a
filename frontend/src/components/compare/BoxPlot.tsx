/** Box plots of the compared metric for one grid cell. Whiskers: p5 and p95;
 * box: Q1 and Q3 read off the ECDF points (lib/stats/box.ts); bar: median;
 * dot: mean. Each row is named and carries its variant's marker (the
 * legend's) beside its colour. One image for assistive technology, named by
 * a text summary (summarizeBox). */
import { scaleBand, scaleLinear } from "d3-scale";
import { boxFromStats, type BoxStats } from "../../lib/stats/box";
import type { CellView } from "../../lib/stats/comparison";
import { fmtNum } from "../../lib/format";
import { metricLabel, type MetricInfo } from "../../lib/metrics";
import { AxisBottom } from "../charts/Axes";
import { markerPath } from "../charts/markers";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { summarizeBox } from "./summaries";
import { ProvisionalMark } from "./ProvisionalBadge";

const M = { top: 10, right: 16, bottom: 46, left: 106 };

export function BoxPlot(props: {
  cell: CellView | undefined;
  metric: string;
  variants: string[];
  /** each variant's colour, dash and marker (palette.ts variantCues) */
  cues: Record<string, VariantCue>;
  width: number;
  /** the catalogue's metric descriptions, for the axis title */
  catalogue?: readonly MetricInfo[];
  /** "provisional · 92/1,000 runs" while runs are unfinished: drawn in the chart (and its exports) */
  provisional?: string | null;
}) {
  const { cell, variants, cues } = props;
  const colors = Object.fromEntries(variants.map((v) => [v, cues[v]?.color]));
  const boxes = variants
    .map((v) => ({ variant: v, box: cell?.variants[v] ? boxFromStats(cell.variants[v].stats, cell.variants[v].ecdf) : null }))
    .filter((b): b is { variant: string; box: BoxStats } => b.box !== null);
  const rowH = 34;
  const innerH = Math.max(rowH, variants.length * rowH);
  const padTop = M.top + (props.provisional ? 14 : 0);
  const height = innerH + padTop + M.bottom;
  const p = palette();
  const innerW = Math.max(100, props.width - M.left - M.right);
  const lo = Math.min(...boxes.map((b) => b.box.p5), Infinity);
  const hi = Math.max(...boxes.map((b) => b.box.p95), -Infinity);
  const span = Number.isFinite(lo) ? hi - lo || Math.abs(hi) * 0.1 || 1 : 1;
  const x = scaleLinear()
    .domain(Number.isFinite(lo) ? [Math.max(0, lo - span * 0.06), hi + span * 0.06] : [0, 1])
    .range([0, innerW])
    .nice();
  const y = scaleBand<string>().domain(variants).range([0, innerH]).padding(0.3);
  const { name, unit } = metricLabel(props.metric, props.catalogue);
  return (
    <svg
      data-testid="chart-box"
      data-provisional={props.provisional ? "true" : undefined}
      width={props.width}
      height={height}
      role="img"
      aria-label={summarizeBox(cell, variants, name, unit, props.provisional)}
      fontFamily={FONT}
    >
      <ProvisionalMark text={props.provisional} width={props.width} fill={p.text} />
      <g transform={`translate(${M.left},${padTop})`}>
        {x.ticks(6).map((t) => (
          <line key={t} x1={x(t)} x2={x(t)} y1={0} y2={innerH} stroke="#eef0f3" />
        ))}
        <AxisBottom ticks={x.ticks(6).map((v) => ({ value: v, x: x(v) }))} y={innerH} x0={0} x1={innerW} format={(v) => fmtNum(v)} title={`${name}${unit ? ` (${unit})` : ""}`} />
        {variants.map((v) => {
          const b = boxes.find((d) => d.variant === v)?.box;
          const top = y(v) ?? 0;
          const h = y.bandwidth();
          const mid = top + h / 2;
          return (
            <g key={v} data-testid="box" data-variant={v} data-median={b?.median} data-q1={b?.q1} data-q3={b?.q3} data-p5={b?.p5} data-p95={b?.p95}>
              <text x={-18} y={mid} dy="0.32em" textAnchor="end" fontSize={12} fill="#1d2430">
                {v}
              </text>
              {cues[v] && <path data-testid="box-marker" data-marker={cues[v].marker} d={markerPath(cues[v].marker, -9, mid, 4.5)} fill={cues[v].color} stroke="#fff" strokeWidth={0.8} />}
              {b ? (
                <>
                  <line x1={x(b.p5)} x2={x(b.p95)} y1={mid} y2={mid} stroke={colors[v]} strokeWidth={1.5} />
                  <line x1={x(b.p5)} x2={x(b.p5)} y1={mid - h / 4} y2={mid + h / 4} stroke={colors[v]} strokeWidth={1.5} />
                  <line x1={x(b.p95)} x2={x(b.p95)} y1={mid - h / 4} y2={mid + h / 4} stroke={colors[v]} strokeWidth={1.5} />
                  <rect x={x(b.q1)} y={top} width={Math.max(2, x(b.q3) - x(b.q1))} height={h} fill={colors[v]} fillOpacity={props.provisional ? 0.08 : 0.22} stroke={colors[v]} strokeWidth={1.5} rx={2} />
                  <line x1={x(b.median)} x2={x(b.median)} y1={top} y2={top + h} stroke={colors[v]} strokeWidth={3} />
                  {b.mean !== null && <circle cx={x(b.mean)} cy={mid} r={3} fill="#fff" stroke="#1d2430" strokeWidth={1.2} />}
                  <title>{`${v}: p5 ${fmtNum(b.p5)}, Q1 ${fmtNum(b.q1)}, median ${fmtNum(b.median)}, Q3 ${fmtNum(b.q3)}, p95 ${fmtNum(b.p95)}, mean ${fmtNum(b.mean)} (n = ${b.n})`}</title>
                </>
              ) : (
                <text x={4} y={mid} dy="0.32em" fontSize={11} fill="#6b7280">
                  no data yet
                </text>
              )}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
