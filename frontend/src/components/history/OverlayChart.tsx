/** Two time-sequence diagrams of one flow on one shared time and sequence
 * axis: the parent run (before) muted and outlined, the re-run (after) solid
 * (drawOverlay.ts); the instant the runs part is a dashed line.  Axes in SVG
 * (charts/Axes), marks on canvas.  A time window (`domain`) zooms both runs
 * alike, the sequence axis fitting what the window shows; dragging across
 * the plot asks for a window (`onBrush`).  Takes data and never fetches. */
import { useCallback, useMemo } from "react";
import type { TraceEvent } from "../../lib/chart-math/events";
import { timeScale } from "../../lib/chart-math/idleScale";
import { type SeqUnit, seqExtent, seqValue, valueScale } from "../../lib/chart-math/scales";
import { formatCompact, formatMs } from "../../lib/format";
import { TimeAxis, ValueAxis } from "../charts/Axes";
import { Brush } from "../charts/Brush";
import { CanvasLayer } from "../charts/CanvasLayer";
import { FONT, palette } from "../charts/palette";
import { drawnCount, drawOverlay, runLooks } from "./drawOverlay";
import type { MarkPair, OverlayDiff } from "./overlay";

const MARGIN = { top: 22, right: 20, bottom: 44, left: 70 };

/** The time span both runs cover, padded 2 % on each side. */
export function sharedDomain(a: readonly TraceEvent[], b: readonly TraceEvent[]): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const list of [a, b])
    for (const e of list) {
      if (e.t < lo) lo = e.t;
      if (e.t > hi) hi = e.t;
    }
  if (!Number.isFinite(lo)) return [0, 1];
  const pad = (hi - lo) * 0.02 || 1;
  return [Math.max(0, lo - pad), hi + pad];
}

export interface OverlayChartProps {
  before: readonly TraceEvent[];
  after: readonly TraceEvent[];
  diff: OverlayDiff;
  width: number;
  plotHeight?: number;
  unit: SeqUnit;
  mss: number;
  /** a difference picked in the table: ringed in the chart */
  highlight?: MarkPair | null;
  /** what the figure shows, for screen readers */
  label: string;
  /** the time window shown (ms); the span both runs cover when absent */
  domain?: [number, number] | null;
  /** a window dragged across the plot (ms) */
  onBrush?: (fromMs: number, toMs: number) => void;
}

/** The sequence span of both runs' events inside [t0, t1] (the whole runs' when the window holds none). */
export function windowSeqExtent(
  runs: readonly (readonly TraceEvent[])[],
  [t0, t1]: [number, number],
): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const events of runs) {
    const e = seqExtent(events.filter((ev) => ev.t >= t0 && ev.t <= t1));
    if (e) {
      lo = Math.min(lo, e[0]);
      hi = Math.max(hi, e[1]);
    }
  }
  if (Number.isFinite(lo)) return [lo, hi];
  for (const events of runs) {
    const e = seqExtent(events);
    if (e) {
      lo = Math.min(lo, e[0]);
      hi = Math.max(hi, e[1]);
    }
  }
  return Number.isFinite(lo) ? [lo, hi] : null;
}

export function OverlayChart(props: OverlayChartProps) {
  const { before, after, unit, mss, width } = props;
  const p = palette();
  const plotH = props.plotHeight ?? 340;
  const plotW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const height = MARGIN.top + plotH + MARGIN.bottom;
  const d0 = props.domain?.[0];
  const d1 = props.domain?.[1];
  const domain = useMemo<[number, number]>(
    () => (d0 !== undefined && d1 !== undefined && d1 > d0 ? [d0, d1] : sharedDomain(before, after)),
    [d0, d1, before, after],
  );
  const x = useMemo(() => timeScale({ domain, range: [0, plotW] }), [domain, plotW]);
  const y = useMemo(() => {
    const ext = windowSeqExtent([before, after], domain);
    const lo = ext?.[0] ?? 0;
    const hi = ext && ext[1] > ext[0] ? ext[1] : lo + mss * 10;
    return valueScale(seqValue(lo, unit, mss), seqValue(hi, unit, mss), [plotH, 0]);
  }, [before, after, domain, unit, mss, plotH]);
  const inside = (t: number) => t >= domain[0] && t <= domain[1];
  const draw = useCallback(
    (ctx: CanvasRenderingContext2D) =>
      drawOverlay(ctx, {
        runs: [
          { role: "before", events: before },
          { role: "after", events: after },
        ],
        looks: runLooks(p),
        x,
        y,
        unit,
        mss,
        left: MARGIN.left,
        top: MARGIN.top,
        plotWidth: plotW,
        plotHeight: plotH,
      }),
    [before, after, p, x, y, unit, mss, plotW, plotH],
  );
  const div = props.diff.divergence;
  const divX = div === null || !inside(div) ? null : x(div);
  const hl = props.highlight;
  const ringAt = (e: TraceEvent | null, color: string, key: string) => {
    if (!e || !inside(e.t)) return null;
    const cy = e.kind === "timer_fired" ? plotH - 5 : y(seqValue(e.seq + e.arg / 2, unit, mss));
    return <circle key={key} cx={x(e.t)} cy={cy} r={10} fill="none" stroke={color} strokeWidth={2.5} data-testid="overlay-highlight" />;
  };
  return (
    <figure
      className="lin-chart"
      style={{ width, height, margin: 0 }}
      aria-label={props.label}
      data-testid="lineage-overlay"
      data-before-marks={drawnCount(before)}
      data-after-marks={drawnCount(after)}
      data-window={`${domain[0]}-${domain[1]}`}
    >
      <svg width={width} height={height} style={{ position: "absolute", left: 0, top: 0 }} aria-hidden="true" fontFamily={FONT}>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <ValueAxis y={y} width={plotW} format={formatCompact} label={unit === "segments" ? "sequence (segments)" : "sequence (bytes)"} ticks={6} />
          <TimeAxis x={x} y={plotH} label="time" gridTop={plotH} />
        </g>
      </svg>
      <CanvasLayer width={width} height={height} draw={draw} label={props.label} />
      {props.onBrush && (
        <svg width={width} height={height} style={{ position: "absolute", left: 0, top: 0 }} aria-hidden="true">
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            <Brush width={plotW} height={plotH} onBrush={(a, b) => props.onBrush?.(x.invert(a), x.invert(b))} />
          </g>
        </svg>
      )}
      <svg width={width} height={height} style={{ position: "absolute", left: 0, top: 0, pointerEvents: "none" }} aria-hidden="true" fontFamily={FONT}>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {divX !== null && div !== null && (
            <g data-testid="overlay-divergence" data-t={div}>
              <line x1={divX} x2={divX} y1={-8} y2={plotH} stroke={p.text} strokeDasharray="2 4" strokeWidth={1.25} />
              <text x={divX + 5} y={-8} fontSize={12} fill={p.text} textAnchor={divX > plotW - 160 ? "end" : "start"}>
                {`runs part at ${formatMs(div, 3)}`}
              </text>
            </g>
          )}
          {hl && [ringAt(hl.before, p.muted, "before"), ringAt(hl.after, p.highlight, "after")]}
        </g>
      </svg>
    </figure>
  );
}

/** The legend: which run is which, and what each shape means (kind names from the catalogue). */
export function OverlayLegend(props: { label: (kind: string) => string }) {
  const looks = runLooks(palette());
  const b = looks.before.color.send;
  const a = looks.after.color;
  const items: { key: string; text: string; glyph: React.ReactNode }[] = [
    { key: "before", text: "before (parent)", glyph: <rect x={6} y={2} width={6} height={14} fill="none" stroke={b} /> },
    { key: "after", text: "after (re-run)", glyph: <rect x={7} y={2} width={4} height={14} fill={a.send} /> },
    {
      key: "ack",
      text: `${props.label("ack_recv")} (cumulative)`,
      glyph: (
        <>
          <path d="M0,13 h7 v-8 h11" fill="none" stroke={a.ack} strokeWidth={1.5} />
          <path d="M0,17 h7 v-8 h11" fill="none" stroke={b} strokeDasharray="3 2" />
        </>
      ),
    },
    { key: "retransmit", text: props.label("retransmit"), glyph: <rect x={6} y={2} width={6} height={14} fill={a.retransmit} /> },
    {
      key: "probe",
      text: props.label("probe"),
      glyph: (
        <>
          <path d="M9,0 l4,4 l-4,4 l-4,-4 z" fill={a.probe} />
          <rect x={6} y={9} width={6} height={8} fill={a.probe} />
        </>
      ),
    },
    { key: "drop", text: props.label("drop"), glyph: <path d="M4,4 L14,14 M4,14 L14,4" stroke={a.drop} strokeWidth={2.5} /> },
    { key: "timer", text: props.label("timer_fired"), glyph: <path d="M4,5 h10 l-5,8 z" fill={a.timer} /> },
    { key: "part", text: "where the runs part", glyph: <path d="M9,0 V18" stroke="#1d2430" strokeDasharray="2 3" strokeWidth={1.25} /> },
  ];
  return (
    <ul className="lin-legend" aria-label="Legend" data-testid="lineage-legend">
      {items.map((it) => (
        <li key={it.key} data-legend={it.key}>
          <svg width={18} height={18} aria-hidden="true">
            {it.glyph}
          </svg>
          {it.text}
        </li>
      ))}
    </ul>
  );
}
