/** ECDFs of the compared metric for one grid cell: one step line per variant
 * over every replication and flow (the API's ECDF points), in the variant's
 * colour and dash, with its marker shape where it crosses the median (so
 * colour is never the only cue, even between the solid baseline and a solid
 * first slot); while runs are unfinished
 * the lines are paler and the chart says "provisional · n/N runs". One image
 * for assistive technology, named by a text summary (summarizeEcdf). */
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import type { CellView } from "../../lib/stats/comparison";
import { quantileFromEcdf } from "../../lib/stats/box";
import { ecdfDomain, ecdfSteps } from "../../lib/stats/ecdf";
import { markerPath } from "../charts/markers";
import { fmtNum } from "../../lib/format";
import { metricLabel, type MetricInfo } from "../../lib/metrics";
import { AxisBottom, AxisLeft } from "../charts/Axes";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { summarizeEcdf } from "./summaries";
import { ProvisionalMark } from "./ProvisionalBadge";

const M = { top: 12, right: 16, bottom: 46, left: 58 };
const NOTE = 14;

export function EcdfChart(props: {
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
  const p = palette();
  const top = M.top + (props.provisional ? NOTE : 0);
  const height = 280 + (props.provisional ? NOTE : 0);
  const innerW = Math.max(100, props.width - M.left - M.right);
  const innerH = height - top - M.bottom;
  const series = variants.map((v) => ({ variant: v, points: cell?.variants[v]?.ecdf ?? [] })).filter((s) => s.points.length > 0);
  const [lo, hi] = ecdfDomain(series.map((s) => s.points));
  const x = scaleLinear().domain([lo, hi]).range([0, innerW]).nice();
  const y = scaleLinear().domain([0, 1]).range([innerH, 0]);
  const xMax = x.domain()[1];
  const path = line<[number, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));
  const { name, unit } = metricLabel(props.metric, props.catalogue);
  // a small vertical offset keeps identical lines (deterministic runs) distinguishable
  const offset = (i: number) => (series.length > 1 ? (i - (series.length - 1) / 2) * 1.5 : 0);
  return (
    <svg
      data-testid="chart-ecdf"
      data-provisional={props.provisional ? "true" : undefined}
      width={props.width}
      height={height}
      role="img"
      aria-label={summarizeEcdf(cell, variants, name, unit, props.provisional)}
      fontFamily={FONT}
    >
      <ProvisionalMark text={props.provisional} width={props.width} fill={p.text} />
      <g transform={`translate(${M.left},${top})`}>
        <AxisLeft ticks={y.ticks(5).map((v) => ({ value: v, y: y(v) }))} x={0} y0={0} y1={innerH} format={(v) => v.toFixed(1)} title="fraction ≤ x" grid={innerW} />
        <AxisBottom ticks={x.ticks(6).map((v) => ({ value: v, x: x(v) }))} y={innerH} x0={0} x1={innerW} format={(v) => fmtNum(v)} title={`${name}${unit ? ` (${unit})` : ""}`} />
        {series.map((s, i) => (
          <path
            key={s.variant}
            data-testid="ecdf-line"
            data-variant={s.variant}
            d={path(ecdfSteps(s.points, xMax)) ?? ""}
            transform={`translate(0,${offset(i)})`}
            fill="none"
            stroke={cues[s.variant]?.color}
            strokeWidth={2}
            strokeOpacity={props.provisional ? 0.6 : undefined}
            strokeDasharray={cues[s.variant]?.dash || undefined}
            strokeLinejoin="round"
          >
            <title>{`${s.variant}: ${s.points.length} points`}</title>
          </path>
        ))}
        {series.map((s, i) => {
          const cue = cues[s.variant];
          const median = quantileFromEcdf(s.points, 0.5);
          if (!cue || median === null) return null;
          return (
            <path
              key={s.variant}
              data-testid="ecdf-marker"
              data-variant={s.variant}
              data-marker={cue.marker}
              d={markerPath(cue.marker, x(median), y(0.5) + offset(i), 5)}
              fill={cue.color}
              fillOpacity={props.provisional ? 0.6 : undefined}
              stroke="#fff"
              strokeWidth={1}
            >
              <title>{`${s.variant}: median ${fmtNum(median)}`}</title>
            </path>
          );
        })}
        {series.length === 0 && (
          <text x={innerW / 2} y={innerH / 2} textAnchor="middle" fontSize={12} fill="#6b7280">
            no finished runs in this cell yet
          </text>
        )}
      </g>
    </svg>
  );
}
