/** Axes rendered by React from tick values (no d3-selection): a bottom time
 * axis that understands compressed gaps, and a left value axis. */
import type { ScaleLinear } from "d3-scale";
import type { TimeScale } from "../../lib/chart-math/idleScale";
import { formatMs, formatTimeTick } from "../../lib/format";
import { FONT, palette } from "./palette";

/** Tick and axis-label text size (px) unless a chart says otherwise. */
const AXIS_FONT = 11;

export function TimeAxis(props: { x: TimeScale; y: number; height?: number; ticks?: number; label?: string; gridTop?: number; fontSize?: number }) {
  const p = palette();
  const fs = props.fontSize ?? AXIS_FONT;
  // tick labels keep apart in proportion to their size
  const k = fs / AXIS_FONT;
  const step = props.x.tickStep(props.ticks ?? 8);
  const [r0, r1] = props.x.range();
  const ticks = props.x.ticks(props.ticks ?? 8, 56 * k);
  // a last tick at the right edge is drawn right-aligned; drop it if it would touch its neighbour
  if (ticks.length > 1 && props.x(ticks[ticks.length - 1]) > r1 - 26 * k && props.x(ticks[ticks.length - 1]) - props.x(ticks[ticks.length - 2]) < 90 * k) ticks.pop();
  return (
    <g transform={`translate(0,${props.y})`} fontFamily={FONT} fontSize={fs} fill={p.muted}>
      <line x1={r0} x2={r1} y1={0} y2={0} stroke={p.axis} />
      {ticks.map((t) => {
        const tx = props.x(t);
        return (
          <g key={t} transform={`translate(${tx},0)`}>
            {props.gridTop !== undefined && <line y1={-props.gridTop} y2={0} stroke={p.grid} />}
            <line y1={0} y2={5} stroke={p.axis} />
            <text y={fs + 5} textAnchor={tx > r1 - 26 * k ? "end" : "middle"}>{formatTimeTick(t, step)}</text>
          </g>
        );
      })}
      {props.label && (
        <text x={r1} y={2 * fs + 8} textAnchor="end" fill={p.muted}>{props.label}</text>
      )}
    </g>
  );
}

/** Break markers for compressed idle stretches: a zig-zag across the plot and the real duration. */
export function BreakMarkers(props: { x: TimeScale; top: number; bottom: number; labels?: boolean; fontSize?: number }) {
  const p = palette();
  if (!props.x.breaks.length) return null;
  const fs = props.fontSize ?? 10;
  let lastLabel = -Infinity;
  return (
    <g fontFamily={FONT} fontSize={fs}>
      {props.x.breaks.map((b) => {
        const cx = (b.x0 + b.x1) / 2;
        const w = b.x1 - b.x0;
        const zig = `M${cx - 3},${props.top} l6,6 l-6,6 l6,6`;
        // label a break only if it does not crowd the previous label
        const label = props.labels && cx - lastLabel >= fs * 1.6;
        if (label) lastLabel = cx;
        return (
          <g key={`${b.t0}-${b.t1}`}>
            <rect x={b.x0} width={w} y={props.top} height={props.bottom - props.top} fill="#f1f3f5" />
            <line x1={b.x0} x2={b.x0} y1={props.top} y2={props.bottom} stroke="#ced4da" strokeDasharray="2 3" />
            <line x1={b.x1} x2={b.x1} y1={props.top} y2={props.bottom} stroke="#ced4da" strokeDasharray="2 3" />
            {w >= 8 && <path d={zig} fill="none" stroke={p.muted} strokeWidth={1.2} />}
            {label && (
              <text x={cx} y={props.top + 26} textAnchor="start" fill={p.muted} writingMode="vertical-rl">
                {`${formatMs(b.t1 - b.t0, 0)} idle`}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/** The ticks' labels by `format`, unless two of them read the same (a zoomed
 * axis: "11.1k" seven times); then D3's own tick format, whose precision
 * follows the tick step ("11.10k", "11.11k", ...). */
export function distinctTickLabels(y: ScaleLinear<number, number>, ticks: number[], count: number, format: (v: number) => string): string[] {
  const labels = ticks.map(format);
  if (new Set(labels).size === labels.length) return labels;
  const byStep = y.tickFormat(count, "~s");
  return ticks.map(byStep);
}

export function ValueAxis(props: {
  y: ScaleLinear<number, number>;
  x?: number;
  width: number;
  ticks?: number;
  format: (v: number) => string;
  label?: string;
  fontSize?: number;
  /** how far left of the axis the rotated label sits (px) */
  labelOffset?: number;
}) {
  const p = palette();
  const ticks = props.y.ticks(props.ticks ?? 5);
  const labels = distinctTickLabels(props.y, ticks, props.ticks ?? 5, props.format);
  const x0 = props.x ?? 0;
  return (
    <g fontFamily={FONT} fontSize={props.fontSize ?? AXIS_FONT} fill={p.muted}>
      {ticks.map((v, i) => (
        <g key={v} transform={`translate(${x0},${props.y(v)})`}>
          <line x1={0} x2={props.width} stroke={p.grid} />
          <line x1={-5} x2={0} stroke={p.axis} />
          <text x={-8} dy="0.32em" textAnchor="end">{labels[i]}</text>
        </g>
      ))}
      <line x1={x0} x2={x0} y1={props.y.range()[0]} y2={props.y.range()[1]} stroke={p.axis} />
      {props.label && (
        <text transform={`translate(${x0 - (props.labelOffset ?? 52)},${(props.y.range()[0] + props.y.range()[1]) / 2}) rotate(-90)`} textAnchor="middle" fill={p.muted}>
          {props.label}
        </text>
      )}
    </g>
  );
}

/** A bottom axis from precomputed ticks (the compare charts): only <line> and <text>. */
export function AxisBottom(props: { ticks: { value: number; x: number }[]; y: number; x0: number; x1: number; format: (v: number) => string; title?: string }) {
  const p = palette();
  return (
    <g fontFamily={FONT} fontSize={11} fill={p.muted}>
      <line x1={props.x0} x2={props.x1} y1={props.y} y2={props.y} stroke={p.axis} />
      {props.ticks.map((t) => (
        <g key={t.value} transform={`translate(${t.x},${props.y})`}>
          <line y2={5} stroke={p.axis} />
          <text y={17} textAnchor="middle">
            {props.format(t.value)}
          </text>
        </g>
      ))}
      {props.title && (
        <text x={(props.x0 + props.x1) / 2} y={props.y + 34} textAnchor="middle" fontSize={12}>
          {props.title}
        </text>
      )}
    </g>
  );
}

/** A left axis from precomputed ticks, with optional grid lines `grid` px long. */
export function AxisLeft(props: { ticks: { value: number; y: number }[]; x: number; y0: number; y1: number; format: (v: number) => string; title?: string; grid?: number }) {
  const p = palette();
  return (
    <g fontFamily={FONT} fontSize={11} fill={p.muted}>
      <line x1={props.x} x2={props.x} y1={props.y0} y2={props.y1} stroke={p.axis} />
      {props.ticks.map((t) => (
        <g key={t.value} transform={`translate(${props.x},${t.y})`}>
          {props.grid ? <line x2={props.grid} stroke={p.grid} /> : null}
          <line x2={-5} stroke={p.axis} />
          <text x={-8} dy="0.32em" textAnchor="end">
            {props.format(t.value)}
          </text>
        </g>
      ))}
      {props.title && (
        <text transform={`translate(${props.x - 40},${(props.y0 + props.y1) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12}>
          {props.title}
        </text>
      )}
    </g>
  );
}
