/** Step-line chart of sender variables over time (cwnd/ssthresh/pipe, SRTT/RTO)
 * on the shared time axis.  SVG paths from d3-shape; a hover readout gives
 * every series' value at the cursor.  Optional event marks (the cwnd chart's
 * spurious-RTO verdicts: a star at the top of the plot and a dashed guide at
 * the event's time) are keyboard-reachable (Tab) and show their "why"
 * tooltip on hover and on focus.  Takes data as props and never fetches. */
import { useId, useMemo, useRef, useState } from "react";
import { line, curveStepAfter } from "d3-shape";
import type { Point } from "../../lib/chart-math/downsample";
import { clipSeries, seriesExtent, valueAt } from "../../lib/chart-math/downsample";
import { formatMs } from "../../lib/format";
import type { TimeScale } from "../../lib/chart-math/idleScale";
import { valueScale, type Margin } from "../../lib/chart-math/scales";
import type { PeriodBand } from "../../lib/chart-math/periods";
import { BreakMarkers, TimeAxis, ValueAxis } from "./Axes";
import { SpuriousStar } from "./MarkGlyph";
import { PeriodBands } from "./PeriodBands";
import { FONT, palette } from "./palette";
import { summarizeSeries } from "./summaries";

export interface SeriesLine {
  key: string;
  label: string;
  color: string;
  points: Point[];
  dash?: string;
  width?: number;
}

/** An event drawn on a series chart: a spurious-RTO verdict (the only kind so far). */
export interface SeriesMark {
  key: string;
  /** time (ms) */
  t: number;
  /** the short label beside the star ("F-RTO undo") */
  label: string;
  /** the tooltip: the explanation's title and details */
  title: string;
  details: string[];
}

export function SeriesChart(props: {
  lines: SeriesLine[];
  x: TimeScale;
  width: number;
  margin: Margin;
  plotHeight?: number;
  format: (v: number) => string;
  yLabel: string;
  /** step-through: draw up to this time (ms) */
  cursorT?: number | null;
  /** a vertical guide (the highlighted event's time) */
  guideT?: number | null;
  testId: string;
  title: string;
  note?: string;
  /** events marked on the chart (the cwnd chart: spurious-RTO verdicts) */
  marks?: readonly SeriesMark[];
  /** the legend's words for the marks */
  marksLabel?: string;
  /** path periods shaded behind the plot */
  bands?: readonly PeriodBand[];
}) {
  const { x, width, margin } = props;
  const p = palette();
  const plotH = props.plotHeight ?? 130;
  const plotW = Math.max(10, width - margin.left - margin.right);
  const height = margin.top + plotH + 36;
  const [hoverT, setHoverT] = useState<number | null>(null);
  // the mark whose tooltip is shown (hovered or focused)
  const [tipMark, setTipMark] = useState<SeriesMark | null>(null);
  const ref = useRef<HTMLDivElement | null>(null);

  const [d0, d1] = x.domain();
  const lines = useMemo(
    () => props.lines.map((l) => ({ ...l, shown: props.cursorT != null ? clipSeries(l.points, props.cursorT) : l.points })),
    [props.lines, props.cursorT],
  );
  const y = useMemo(() => {
    // extent over the visible time window only
    const inWin = props.lines.map((l) => l.points.filter((pt, k, a) => (pt.t >= d0 && pt.t <= d1) || (a[k + 1] && a[k + 1].t > d0 && pt.t < d0)));
    const ext = seriesExtent(inWin) ?? [0, 1];
    return valueScale(0, ext[1], [plotH, 0], { zero: true, pad: 0.08 });
  }, [props.lines, d0, d1, plotH]);
  const gen = useMemo(
    () =>
      line<Point>()
        .defined((pt) => pt.v !== null)
        .x((pt) => x(Math.max(d0 - (d1 - d0), Math.min(d1 + (d1 - d0), pt.t))))
        .y((pt) => y(pt.v as number))
        .curve(curveStepAfter),
    [x, y, d0, d1],
  );

  const paths = useMemo(() => lines.map((l) => ({ ...l, d: gen(l.shown) ?? "" })), [lines, gen]);
  // what a screen reader says for the chart: each series' course over the window
  const summary = useMemo(() => summarizeSeries(props.title, props.lines, [d0, d1], props.format), [props.title, props.lines, d0, d1, props.format]);

  const onMove = (ev: React.MouseEvent) => {
    const el = ref.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const px = ev.clientX - r.left - margin.left;
    if (px < 0 || px > plotW) return setHoverT(null);
    setHoverT(x.invert(px));
  };
  const readT = hoverT ?? props.cursorT ?? null;
  const clipId = useId();

  // legend (inside the SVG so exports carry it): title, then each series with its value at the cursor
  let lx = 0;
  const legend: React.ReactNode[] = [];
  const titleW = props.title.length * 6.6 + 16;
  legend.push(
    <text key="title" x={0} y={0} dy="0.32em" fontWeight={600} fill={p.text}>
      {props.title}
    </text>,
  );
  lx = titleW;
  for (const l of props.lines) {
    const v = readT !== null ? valueAt(l.points, readT) : undefined;
    const val = readT === null ? "" : ` ${v === undefined ? "–" : v === null ? "∞" : props.format(v)}`;
    const text = `${l.label}${val}`;
    legend.push(
      <g key={l.key} transform={`translate(${lx},0)`}>
        <line x1={0} x2={22} y1={0} y2={0} stroke={l.color} strokeWidth={l.width ?? 2} strokeDasharray={l.dash || undefined} />
        <text x={26} dy="0.32em" fill={p.text}>{text}</text>
      </g>,
    );
    lx += 38 + text.length * 6.2;
  }
  if (props.marks?.length && props.marksLabel) {
    legend.push(
      <g key="marks" transform={`translate(${lx},0)`} data-legend-item="spurious">
        <SpuriousStar cx={7} cy={0} r={6} />
        <text x={18} dy="0.32em" fill={p.text}>{props.marksLabel}</text>
      </g>,
    );
    lx += 28 + props.marksLabel.length * 6.2;
  }
  if (readT !== null || props.note) {
    legend.push(
      <text key="at" x={lx} dy="0.32em" fill={p.muted}>
        {readT !== null ? `at ${formatMs(readT, 3)}` : props.note}
      </text>,
    );
  }

  return (
    <div ref={ref} className="rv-series" style={{ position: "relative", width, height }} data-testid={props.testId}>
      <svg data-layer="chart" width={width} height={height} fontFamily={FONT} role="img" aria-label={summary} onMouseMove={onMove} onMouseLeave={() => setHoverT(null)}>
        <defs>
          <clipPath id={clipId}>
            <rect x={0} y={-2} width={plotW} height={plotH + 4} />
          </clipPath>
        </defs>
        <g transform={`translate(${margin.left},12)`} fontSize={11} data-legend="true">
          {legend}
        </g>
        <g transform={`translate(${margin.left},${margin.top})`}>
          <ValueAxis y={y} width={plotW} format={props.format} label={props.yLabel} ticks={4} />
          <BreakMarkers x={x} top={0} bottom={plotH} />
          <TimeAxis x={x} y={plotH} label="time" />
          <g clipPath={`url(#${clipId})`}>
            {props.bands && props.bands.length > 0 && <PeriodBands bands={props.bands} x={x} height={plotH} />}
            {paths.map((l) => (
              <path key={l.key} d={l.d} fill="none" stroke={l.color} strokeWidth={l.width ?? 2} strokeDasharray={l.dash || undefined} data-series={l.key} />
            ))}
            {props.guideT != null && (
              <line x1={x(props.guideT)} x2={x(props.guideT)} y1={0} y2={plotH} stroke={p.highlight} strokeWidth={1.5} strokeDasharray="3 3" />
            )}
            {hoverT !== null && <line x1={x(hoverT)} x2={x(hoverT)} y1={0} y2={plotH} stroke={p.axis} strokeWidth={1} data-export="skip" />}
          </g>
          <rect width={plotW} height={plotH} fill="transparent" data-export="skip" />
          {(props.marks ?? [])
            .filter((m) => m.t >= d0 && m.t <= d1 && (props.cursorT == null || m.t <= props.cursorT))
            .map((m) => {
              const mx = x(m.t);
              const show = () => setTipMark(m);
              const hide = () => setTipMark((cur) => (cur?.key === m.key ? null : cur));
              return (
                // biome-ignore lint/a11y/useSemanticElements: an SVG mark cannot be a <button>; it only shows its explanation
                <g
                  key={m.key}
                  data-testid="series-mark-spurious"
                  role="button"
                  tabIndex={0}
                  aria-expanded={tipMark?.key === m.key}
                  aria-label={`${m.title} (at ${formatMs(m.t, 3)})`}
                  className="rv-series-mark"
                  onMouseEnter={show}
                  onMouseLeave={hide}
                  onFocus={show}
                  onBlur={hide}
                  onKeyDown={(ev) => {
                    // Enter or Space shows or hides its explanation; Escape hides it
                    if (ev.key === "Enter" || ev.key === " ") {
                      ev.preventDefault();
                      setTipMark((cur) => (cur?.key === m.key ? null : m));
                    } else if (ev.key === "Escape") hide();
                  }}
                >
                  <line x1={mx} x2={mx} y1={0} y2={plotH} stroke={p.spurious} strokeWidth={1.5} strokeDasharray="4 3" />
                  <SpuriousStar cx={mx} cy={7} r={7} />
                  <text x={mx + 10} y={8} dy="0.32em" fontSize={11} fontWeight={600} fill={p.spurious} stroke="#fff" strokeWidth={3} paintOrder="stroke">
                    {m.label}
                  </text>
                </g>
              );
            })}
        </g>
      </svg>
      {tipMark && (
        <div
          className="rv-tooltip"
          data-export="skip"
          role="tooltip"
          data-testid="series-mark-tooltip"
          style={{ left: Math.max(0, Math.min(margin.left + x(tipMark.t) + 14, width - 360)), top: margin.top + 18 }}
        >
          <strong>{tipMark.title}</strong>
          {tipMark.details.slice(0, 3).map((d) => (
            <div key={d}>{d}</div>
          ))}
        </div>
      )}
    </div>
  );
}
