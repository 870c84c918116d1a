/** Time-sequence diagram (tcptrace / Stevens style) of one flow.
 *
 * x = time (a TimeScale, possibly with compressed idle gaps), y = sequence
 * number in bytes or segments.  Layers, bottom to top:
 *   back SVG   legend, grid, axes, lane labels, idle-gap breaks, state strip
 *   canvas     dense marks: new data, arrivals at the receiver, ACK line, SACK
 *   front SVG  rare marks (retransmit, probe, drop, timer fired, a spurious-RTO
 *              verdict: a star on its ACK named by its detector), one element
 *              each with a data-testid, timer spans, highlight, brush
 * Takes data as props and never fetches.
 *
 * Colours and shapes: palette.ts (Okabe-Ito hues; every mark kind also has a
 * shape of its own).  Text: `fontSize` px for every label (11; the run view's
 * presentation mode passes 18), the lanes and the legend grow with it.
 *
 * Keyboard: the diagram is focusable; ←/→ move to the previous/next drawn
 * event, ↑/↓ to the previous/next loss, repair, timer fire or state change,
 * Home/End to the first/last, PageUp/PageDown ten events, Enter opens the
 * drop/delay menu of a transmission, Escape clears the selection; a spurious
 * verdict is one of the events ↑/↓ jump between.  The event
 * moved to is announced in a polite live region and handed to `onNavigate`
 * (the dashboard selects it, or moves the step cursor to it).  Screen readers
 * get a text summary of the window (summarizeTimeSequence). */
import type { PeriodBand } from "../../lib/chart-math/periods";
import { PeriodBands } from "./PeriodBands";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ScaleLinear } from "d3-scale";
import { DATA_TX_KINDS, type EventOf, type TimerEvent, type TraceEvent } from "../../lib/chart-math/events";
import { type Explanation, spuriousMarkLabel } from "../../lib/chart-math/explain";
import { formatCompact, formatMs } from "../../lib/format";
import type { TimeScale } from "../../lib/chart-math/idleScale";
import { seqExtent, seqValue, valueScale, type Margin, type SeqUnit } from "../../lib/chart-math/scales";
import { nearestPoint, pendingTimers, type StateSegment, type TimerLinks } from "../../lib/chart-math/timeline";
import { stateLabel, timerLabel, type TraceVocab } from "../../lib/traceVocab";
import { BreakMarkers, TimeAxis, ValueAxis } from "./Axes";
import { Brush } from "./Brush";
import { CanvasLayer } from "./CanvasLayer";
import { drawDense } from "./drawTimeSequence";
import { isNavKey, navTarget } from "./keyboardNav";
import { MarkGlyph, SpuriousStar } from "./MarkGlyph";
import { FONT, MARK_LABELS, type MarkKind, palette } from "./palette";
import "./charts.css";
import { describeNavigated, summarizeTimeSequence } from "./summaries";

/** The legend's words for a spurious-RTO verdict's mark (the time-sequence diagram's and the cwnd chart's). */
export const SPURIOUS_LEGEND = "spurious RTO / undo";

/** Chart text size (px) outside presentation mode. */
export const FONT_SIZE = 11;

/** The lanes under the plot (px), grown with the text size `fs`. */
export function lanes(fs: number = FONT_SIZE) {
  return { gap: 8, timer: Math.max(24, fs + 12), delack: Math.max(16, fs + 4), state: Math.max(18, fs + 6), axis: Math.max(36, 2 * fs + 16) };
}
/** The lane behind the timer marks. */
export const LANE_FILL = "#f9fafb";

const legendWidth = (width: number, margin: Margin) => Math.max(10, width - margin.left - 4);
const plotTop = (legend: { height: number }, margin: Margin) => Math.max(margin.top, legend.height + 10);

/** The diagram's height besides its plot (legend, lanes, time axis) at this width and text size:
 * what a layout that must fit the whole diagram on screen subtracts. */
export function timeSequenceChrome(width: number, margin: Margin, fs: number = FONT_SIZE): number {
  const l = lanes(fs);
  return plotTop(legendLayout(legendWidth(width, margin), fs), margin) + l.gap + l.timer + 2 + l.delack + 2 + l.state + 4 + l.axis;
}

/** The events ↑/↓ jump between: losses, repairs, timer fires, state changes, spurious-RTO verdicts. */
const KEY_KINDS = new Set(["retransmit", "probe", "drop", "timer_fired", "state", "spurious"]);

export interface TimeSequenceChartProps {
  /** one flow's events in time order; `i` is the position in this array */
  events: readonly TraceEvent[];
  x: TimeScale;
  width: number;
  margin: Margin;
  plotHeight?: number;
  unit: SeqUnit;
  mss: number;
  links: TimerLinks;
  states: StateSegment[];
  explain: (ev: TraceEvent) => Explanation;
  /** step-through: show only events with i <= revealUpTo */
  revealUpTo?: number | null;
  highlight?: number | null;
  selected?: number | null;
  onHover?: (i: number | null) => void;
  onSelect?: (i: number | null) => void;
  /** a data transmission was clicked; position relative to the chart container */
  onDataClick?: (ev: TraceEvent, pos: { x: number; y: number }) => void;
  onZoom?: (t0: number, t1: number) => void;
  /** mouse wheel over the plot: factor < 1 zooms in, around time `center` (ms) */
  onWheelZoom?: (factor: number, center: number) => void;
  onDrawn?: () => void;
  title?: string;
  /** chart text size in px (FONT_SIZE; presentation mode 18) */
  fontSize?: number;
  /** the keyboard moved to event i (arrow keys, Home/End); selects it when not given */
  onNavigate?: (i: number) => void;
  /** the catalogue's labels of congestion states, timer kinds and spurious-timeout detectors (the raw names without it) */
  vocab?: (Pick<TraceVocab, "states" | "timerKinds"> & Partial<Pick<TraceVocab, "detectors">>) | null;
  /** path periods (delay spikes, outages, handover tables) shaded behind the plot */
  bands?: readonly PeriodBand[];
}

interface Anchor {
  xs: Float64Array;
  ys: Float64Array;
}

export function TimeSequenceChart(props: TimeSequenceChartProps) {
  const { events, x, width, margin, unit, mss, links, vocab } = props;
  // one clip path per chart: the compare view stacks several diagrams on a page
  const clipId = useId();
  const summaryId = useId();
  const p = palette();
  const fs = props.fontSize ?? FONT_SIZE;
  // secondary labels (lanes, breaks, timer names) a size smaller, except when presenting
  const minor = fs > FONT_SIZE ? fs : fs - 1;
  const LANE = lanes(fs);
  const plotH = props.plotHeight ?? 300;
  const plotW = Math.max(10, width - margin.left - margin.right);
  const legend = useMemo(() => legendLayout(legendWidth(width, margin), fs), [width, margin, fs]);
  // the plot starts below the legend's rows
  const top = plotTop(legend, margin);
  const laneTop = plotH + LANE.gap;
  const delackTop = laneTop + LANE.timer + 2;
  const stateTop = delackTop + LANE.delack + 2;
  const laneY = useCallback(
    (e: TimerEvent) => (e.timer === "delack" ? delackTop + LANE.delack / 2 : laneTop + LANE.timer / 2),
    [delackTop, laneTop, LANE.delack, LANE.timer],
  );
  const axisTop = stateTop + LANE.state + 4;
  const height = top + axisTop + LANE.axis;
  const upTo = props.revealUpTo ?? Infinity;
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [tip, setTip] = useState<{ i: number; x: number; y: number } | null>(null);
  const [focused, setFocused] = useState(false);

  const y: ScaleLinear<number, number> = useMemo(() => {
    const ext = seqExtent(events) ?? [0, mss * 10];
    return valueScale(seqValue(ext[0], unit, mss), seqValue(ext[1], unit, mss), [plotH, 0]);
  }, [events, unit, mss, plotH]);
  const Y = useCallback((b: number) => y(seqValue(b, unit, mss)), [y, unit, mss]);

  // screen anchors of every event, for hit-testing and the highlight ring (plot coordinates)
  const anchors: Anchor = useMemo(() => {
    const xs = new Float64Array(events.length).fill(NaN);
    const ys = new Float64Array(events.length).fill(NaN);
    let best = -Infinity;
    // the arming of every timer that fired is drawn (the start of its span): hoverable too
    const armedShown = new Set<number>();
    for (const a of links.armedBy.values()) armedShown.add(a.i);
    for (const e of events) {
      const px = x(e.t);
      let py = NaN;
      if (e.kind === "syn") py = Y(0);
      else if (e.kind === "timer_armed" && armedShown.has(e.i)) py = laneY(e);
      else if (DATA_TX_KINDS.has(e.kind) || e.kind === "deliver") py = Y(e.seq + e.arg / 2);
      else if (e.kind === "drop") py = Y(e.seq + e.arg / 2);
      else if (e.kind === "ack_recv" && !e.syn_ack) {
        best = Math.max(best, e.seq);
        py = Y(best);
      } else if (e.kind === "timer_fired") py = laneY(e);
      else if (e.kind === "state") py = stateTop + LANE.state / 2;
      else if (e.kind === "spurious") py = Y(e.ack);
      if (!Number.isNaN(py) && px >= -2 && px <= plotW + 2) {
        xs[e.i] = px;
        ys[e.i] = py;
      }
    }
    return { xs, ys };
  }, [events, x, Y, laneY, stateTop, plotW, links, LANE.state]);

  const draw = useCallback(
    (ctx: CanvasRenderingContext2D) =>
      drawDense(ctx, { events, upTo, x, y, unit, mss, left: margin.left, top, plotWidth: plotW, plotHeight: plotH, palette: p }),
    [events, upTo, x, y, unit, mss, margin.left, top, plotW, plotH, p],
  );

  const rare = useMemo(
    () => events.filter((e): e is RareEvent => e.i <= upTo && (e.kind === "retransmit" || e.kind === "probe" || e.kind === "drop" || e.kind === "timer_fired" || e.kind === "spurious")),
    [events, upTo],
  );
  const pending = useMemo(() => (props.revealUpTo == null ? [] : pendingTimers(events, props.revealUpTo)), [events, props.revealUpTo]);

  const locate = (ev: React.MouseEvent): { px: number; py: number; cx: number; cy: number } | null => {
    const el = containerRef.current;
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const cx = ev.clientX - r.left;
    const cy = ev.clientY - r.top;
    return { px: cx - margin.left, py: cy - top, cx, cy };
  };
  const visibleHit = (px: number, py: number, only?: (e: TraceEvent) => boolean): number => {
    const xs = anchors.xs;
    const ys = anchors.ys;
    if (!only && upTo === Infinity) return nearestPoint(xs, ys, px, py, 8);
    const fx = new Float64Array(xs.length).fill(NaN);
    for (const e of events) if (e.i <= upTo && (!only || only(e))) fx[e.i] = xs[e.i];
    return nearestPoint(fx, ys, px, py, 8);
  };

  const onMove = (ev: React.MouseEvent) => {
    if (ev.buttons) return; // brushing
    const loc = locate(ev);
    if (!loc) return;
    const i = visibleHit(loc.px, loc.py);
    if (i < 0) {
      if (tip) setTip(null);
      props.onHover?.(null);
      return;
    }
    if (!tip || tip.i !== i) props.onHover?.(i);
    setTip({ i, x: loc.cx, y: loc.cy });
  };
  const onLeave = () => {
    setTip(null);
    props.onHover?.(null);
  };
  const onClick = (ev: React.MouseEvent) => {
    const loc = locate(ev);
    if (!loc) return;
    const d = visibleHit(loc.px, loc.py, (e) => DATA_TX_KINDS.has(e.kind));
    if (d >= 0 && props.onDataClick) {
      setTip(null);
      props.onSelect?.(d);
      props.onDataClick(events[d], { x: margin.left + anchors.xs[d], y: top + anchors.ys[d] });
      return;
    }
    const i = visibleHit(loc.px, loc.py);
    props.onSelect?.(i >= 0 ? i : null);
  };

  const ring = (i: number | null | undefined, color: string, key: string) => {
    if (i == null || i > upTo || Number.isNaN(anchors.xs[i] ?? NaN)) return null;
    const cx = anchors.xs[i];
    const cy = anchors.ys[i];
    return (
      <g key={key} pointerEvents="none">
        <line x1={cx} x2={cx} y1={0} y2={stateTop + LANE.state} stroke={color} strokeDasharray="3 3" strokeWidth={1} />
        <circle cx={cx} cy={cy} r={9} fill="none" stroke={color} strokeWidth={2.5} />
      </g>
    );
  };

  // wheel zoom needs a non-passive native listener (React's onWheel is passive)
  const wheelRef = useRef(props.onWheelZoom);
  wheelRef.current = props.onWheelZoom;
  const xRef = useRef(x);
  xRef.current = x;
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const onWheel = (ev: WheelEvent) => {
      const fn = wheelRef.current;
      if (!fn || ev.deltaY === 0) return;
      const r = el.getBoundingClientRect();
      const px = ev.clientX - r.left - margin.left;
      const py = ev.clientY - r.top - top;
      if (px < 0 || px > plotW || py < 0 || py > plotH) return;
      ev.preventDefault();
      const dy = ev.deltaMode === 1 ? ev.deltaY * 16 : ev.deltaMode === 2 ? ev.deltaY * 400 : ev.deltaY;
      fn(Math.exp(Math.max(-1000, Math.min(1000, dy)) * 0.002), xRef.current.invert(px));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [margin.left, top, plotW, plotH]);

  const currentI = props.revealUpTo != null && props.revealUpTo < events.length ? props.revealUpTo : null;
  const tipEv = tip ? events[tip.i] : null;
  const tipText = tipEv ? props.explain(tipEv) : null;
  // the axis title along the plot's height; only the unit when the plot is too short for it (large text)
  const unitLabel = `sequence (${unit})`.length * fs * 0.56 <= plotH ? `sequence (${unit})` : unit;

  // ---- keyboard: the drawn events in time order, and the ones ↑/↓ jump between
  const navOrder = useMemo(() => {
    const out: number[] = [];
    for (let i = 0; i < anchors.xs.length; i++) if (!Number.isNaN(anchors.xs[i])) out.push(i);
    return out;
  }, [anchors]);
  const keyOrder = useMemo(() => navOrder.filter((i) => KEY_KINDS.has(events[i]?.kind)), [navOrder, events]);
  const current = props.revealUpTo ?? props.selected ?? null;
  const onKeyDown = (ev: React.KeyboardEvent) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (isNavKey(ev.key)) {
      ev.preventDefault();
      ev.stopPropagation();
      const to = navTarget(navOrder, keyOrder, current, ev.key);
      if (to === undefined || to === current) return;
      setTip(null);
      (props.onNavigate ?? props.onSelect)?.(to);
    } else if (ev.key === "Enter" && current !== null && props.onDataClick) {
      const e = events[current];
      if (!e || !DATA_TX_KINDS.has(e.kind) || Number.isNaN(anchors.xs[current])) return;
      ev.preventDefault();
      ev.stopPropagation();
      props.onDataClick(e, { x: margin.left + anchors.xs[current], y: top + anchors.ys[current] });
    } else if (ev.key === "Escape" && props.selected != null) {
      // the first Escape clears the selection; a second one is the page's (leaving presentation mode)
      ev.stopPropagation();
      props.onSelect?.(null);
    }
  };
  const curEv = current !== null ? events[current] : undefined;
  const liveText =
    focused && curEv ? describeNavigated(curEv.i + 1, events.length, props.explain(curEv).title, curEv.t) : "";
  const [d0, d1] = x.domain();
  const summary = useMemo(() => summarizeTimeSequence(events, [d0, d1], vocab, props.title ?? "Time-sequence diagram"), [events, d0, d1, vocab, props.title]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: an interactive chart is not a <fieldset>
    <div
      ref={containerRef}
      className="rv-chart"
      style={{ position: "relative", width, height }}
      data-testid="chart-time-sequence"
      data-font-size={fs}
      // where the plot lies in the chart (px), for layout checks
      data-plot-top={top}
      data-plot-height={plotH}
      // the arrow keys are the chart's while it has the focus (not the page's step-through)
      data-keys="own"
      role="group"
      aria-roledescription="interactive diagram"
      aria-label={`${props.title ?? "Time-sequence diagram"}. Arrow keys move between events, up and down between losses, repairs and timers, Home and End to the first and last${props.onDataClick ? ", Enter changes a transmission" : ""}.`}
      aria-describedby={summaryId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the diagram is navigated with the keyboard (arrow keys, Home, End)
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <svg data-layer="back" width={width} height={height} style={{ position: "absolute", left: 0, top: 0 }} fontFamily={FONT} role="img" aria-label={summary}>
        <Legend x={margin.left} layout={legend} fontSize={fs} />
        <g transform={`translate(${margin.left},${top})`}>
          {props.bands && props.bands.length > 0 && <PeriodBands bands={props.bands} x={x} height={plotH} fontSize={minor} />}
          <ValueAxis y={y} width={plotW} format={formatCompact} label={unitLabel} ticks={6} fontSize={fs} labelOffset={margin.left - 18} />
          <rect x={0} y={laneTop} width={plotW} height={LANE.timer} fill={LANE_FILL} />
          <text x={-8} y={laneTop + LANE.timer / 2} dy="0.32em" textAnchor="end" fontSize={fs} fill={p.muted}>timers</text>
          <rect x={0} y={delackTop} width={plotW} height={LANE.delack} fill={LANE_FILL} />
          <text x={-8} y={delackTop + LANE.delack / 2} dy="0.32em" textAnchor="end" fontSize={minor} fill={p.muted}>del. ACK</text>
          <text x={-8} y={stateTop + LANE.state / 2} dy="0.32em" textAnchor="end" fontSize={fs} fill={p.muted}>state</text>
          <StateStrip states={props.states} x={x} y={stateTop} height={LANE.state} vocab={vocab} fontSize={minor} />
          <BreakMarkers x={x} top={0} bottom={stateTop + LANE.state} labels fontSize={minor} />
          <TimeAxis x={x} y={axisTop} label="time" fontSize={fs} />
        </g>
      </svg>
      <CanvasLayer width={width} height={height} draw={draw} onDrawn={props.onDrawn} />
      <svg data-layer="front" width={width} height={height} style={{ position: "absolute", left: 0, top: 0 }} fontFamily={FONT} aria-hidden="true">
        <defs>
          <clipPath id={clipId}>
            <rect x={-6} y={-6} width={plotW + 12} height={stateTop + LANE.state + 12} />
          </clipPath>
        </defs>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer exploration of the marks; the keyboard way is the diagram's own arrow keys */}
        <g transform={`translate(${margin.left},${top})`} onMouseMove={onMove} onMouseLeave={onLeave} onClick={onClick}>
          <rect width={plotW} height={stateTop + LANE.state} fill="transparent" />
          {props.onZoom && (
            <Brush
              width={plotW}
              height={stateTop + LANE.state}
              onStart={() => setTip(null)}
              onBrush={(a, b) => props.onZoom?.(x.invert(a), x.invert(b))}
            />
          )}
          <g clipPath={`url(#${clipId})`} pointerEvents="none">
            {pending.map((e) => {
              const x0 = Math.max(0, x(e.t));
              const x1 = Math.min(plotW, x(e.expires_ns / 1e6));
              const c = p.timer[e.timer];
              const ly = laneY(e);
              return (
                <g key={`pending-${e.i}`} data-testid="timer-pending">
                  <line x1={x0} x2={x1} y1={ly} y2={ly} stroke={c} strokeWidth={2} strokeDasharray="4 3" />
                  <path d={`M${x1 - 5},${ly - 7} h10 l-5,8 z`} fill="#fff" stroke={c} strokeWidth={1.5} />
                  <text x={x1 + 7} y={ly} dy="0.32em" fontSize={minor} fill={c}>{`${timerLabel(vocab, e.timer)} pending`}</text>
                </g>
              );
            })}
            <RareMarks rare={rare} x={x} Y={Y} laneTimer={laneTop + LANE.timer / 2} laneDelack={delackTop + LANE.delack / 2} links={links} vocab={vocab} fontSize={minor} plotWidth={plotW} />
            {ring(currentI, p.accent, "current")}
            {ring(props.highlight, p.highlight, "hover")}
            {props.selected !== props.highlight && ring(props.selected, p.accent, "selected")}
          </g>
        </g>
      </svg>
      <p id={summaryId} className="visually-hidden">
        {summary}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="chart-live">
        {liveText}
      </p>
      {tip && tipText && (
        <div
          className="rv-tooltip"
          data-export="skip"
          role="tooltip"
          style={{ left: Math.min(tip.x + 14, width - 360), top: Math.max(0, tip.y + 14) }}
        >
          <strong>{tipText.title}</strong>
          {tipText.details.slice(0, 4).map((d) => (
            <div key={d}>{d}</div>
          ))}
          {tipEv && DATA_TX_KINDS.has(tipEv.kind) && props.onDataClick && <div className="rv-tip-hint">click to drop or delay this transmission</div>}
        </div>
      )}
    </div>
  );
}

/** The events drawn as marks of their own. */
type RareEvent = EventOf<"retransmit" | "probe" | "drop" | "timer_fired" | "spurious">;

/** The rare marks, each its own SVG element with a data-testid (counted by the
 * end-to-end tests).  Memoized: hovering does not re-render thousands of marks. */
const RareMarks = memo(function RareMarks(props: {
  rare: RareEvent[];
  x: TimeScale;
  Y: (b: number) => number;
  laneTimer: number;
  laneDelack: number;
  links: TimerLinks;
  vocab?: (Pick<TraceVocab, "timerKinds"> & Partial<Pick<TraceVocab, "detectors">>) | null;
  fontSize: number;
  /** the plot's width (a label near its right edge goes on the mark's left) */
  plotWidth: number;
}) {
  const p = palette();
  const { x, Y, vocab } = props;
  return (
    <>
      {props.rare.map((e) => {
        const px = x(e.t);
        if (e.kind === "spurious") {
          // a star on the deciding ACK, named by its detector (as a timer's mark is by its timer)
          const py = Y(e.ack);
          const name = spuriousMarkLabel(e, vocab);
          return (
            <g key={e.i} data-testid="mark-spurious" data-i={e.i} aria-label={`${name} at ${formatMs(e.t, 3)}`}>
              <SpuriousStar cx={px} cy={py} r={7} />
              {/* the name beside the star, on its left near the plot's right edge so that it is not cut */}
              <text
                x={px > props.plotWidth - 12 * props.fontSize ? px - 9 : px + 9}
                y={py - 8}
                textAnchor={px > props.plotWidth - 12 * props.fontSize ? "end" : "start"}
                fontSize={props.fontSize}
                fontWeight={600}
                fill={p.spurious}
                stroke="#fff"
                strokeWidth={3}
                paintOrder="stroke"
              >
                {name}
              </text>
            </g>
          );
        }
        const label = `${e.kind === "timer_fired" ? `${timerLabel(vocab, e.timer)} fired` : e.kind} at ${formatMs(e.t, 3)}`;
        if (e.kind === "retransmit" || e.kind === "probe") {
          let y0 = Y(e.seq + e.arg);
          let y1 = Y(e.seq);
          if (y1 - y0 < 5) {
            const m = (y0 + y1) / 2;
            y0 = m - 2.5;
            y1 = m + 2.5;
          }
          if (e.kind === "probe") {
            // bar, base cap and a diamond on top: one element
            const d = `M${px},${y1}V${y0}M${px - 4},${y1}H${px + 4}M${px},${y0 - 12}l5,6l-5,6l-5,-6z`;
            return <path key={e.i} data-testid="mark-probe" data-i={e.i} aria-label={label} d={d} stroke={p.probe} strokeWidth={3} fill={p.probe} />;
          }
          const d = `M${px},${y1}V${y0}M${px - 4},${y1}H${px + 4}M${px - 4},${y0}H${px + 4}`;
          return <path key={e.i} data-testid="mark-retransmit" data-i={e.i} aria-label={label} d={d} stroke={p.rtx} strokeWidth={3} fill="none" />;
        }
        if (e.kind === "drop") {
          const py = Y(e.seq + e.arg / 2);
          const k = 5;
          const d = `M${px - k},${py - k}L${px + k},${py + k}M${px - k},${py + k}L${px + k},${py - k}`;
          return <path key={e.i} data-testid="mark-drop" data-i={e.i} aria-label={label} d={d} stroke={p.drop} strokeWidth={2.4} fill="none" />;
        }
        // timer_fired: a marker on its lane, with the span since it was armed
        const c = p.timer[e.timer];
        const armed = props.links.armedBy.get(e.i);
        const delack = e.timer === "delack";
        const ly = delack ? props.laneDelack : props.laneTimer;
        const ax = armed ? Math.max(-4, x(armed.t)) : null;
        return (
          <g key={e.i} data-testid="mark-timer-fired" data-i={e.i} aria-label={label}>
            {ax !== null && <path d={`M${ax},${ly - 4}V${ly + 4}M${ax},${ly}H${px}`} stroke={c} strokeWidth={1.5} opacity={0.55} fill="none" />}
            {delack ? (
              <path d={`M${px - 4},${ly - 5} h8 l-4,6 z`} fill={c} />
            ) : (
              <>
                <path d={`M${px - 6},${ly - 8} h12 l-6,9 z`} fill={c} />
                <text x={px + 8} y={ly + 1} dy="0.32em" fontSize={props.fontSize} fontWeight={600} fill={c}>
                  {timerLabel(vocab, e.timer)}
                </text>
              </>
            )}
          </g>
        );
      })}
    </>
  );
});

export function StateStrip(props: { states: StateSegment[]; x: TimeScale; y: number; height: number; vocab?: Pick<TraceVocab, "states"> | null; fontSize?: number }) {
  const p = palette();
  const { vocab } = props;
  return (
    <g data-testid="state-strip">
      {props.states.map((s) => {
        const x0 = props.x(s.t0);
        const w = Math.max(1, props.x(s.t1) - x0);
        return (
          <g key={`${s.t0}-${s.state}`}>
            <rect x={x0} y={props.y} width={w} height={props.height} fill={p.state[s.state]} stroke="#fff" strokeWidth={0.5}>
              <title>{`${stateLabel(vocab, s.state)}: ${formatMs(s.t0)} – ${formatMs(s.t1)}`}</title>
            </rect>
            {w > 4.8 * (props.fontSize ?? 10) && (
              <text x={x0 + 4} y={props.y + props.height / 2} dy="0.32em" fontSize={props.fontSize ?? 10} fill="#343a40">
                {stateLabel(vocab, s.state)}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/** The legend's entries: every mark kind, then the timer marks and the spurious-RTO verdicts. */
const LEGEND: { kind: MarkKind | "timer" | "spurious"; label: string }[] = [
  ...(Object.keys(MARK_LABELS) as MarkKind[]).map((k) => ({ kind: k, label: MARK_LABELS[k] })),
  { kind: "timer", label: "timer fired" },
  { kind: "spurious", label: SPURIOUS_LEGEND },
];

interface LegendLayout {
  items: { kind: MarkKind | "timer" | "spurious"; label: string; x: number; row: number }[];
  rowHeight: number;
  height: number;
}

/** Legend entries placed left to right in rows no wider than `width` (text width estimated from the font size). */
export function legendLayout(width: number, fs: number): LegendLayout {
  const rowHeight = Math.round(fs * 1.5);
  const glyph = Math.round(fs * 1.1);
  let x = 0;
  let row = 0;
  const items = LEGEND.map((it) => {
    const w = glyph + 6 + it.label.length * fs * 0.58 + fs;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    const placed = { ...it, x, row };
    x += w;
    return placed;
  });
  return { items, rowHeight, height: (row + 1) * rowHeight };
}

function Legend(props: { x: number; layout: LegendLayout; fontSize: number }) {
  const p = palette();
  const { layout, fontSize } = props;
  const glyph = Math.round(fontSize * 1.1);
  return (
    <g transform={`translate(${props.x},0)`} fontSize={fontSize} fill={p.text} data-legend="true">
      {layout.items.map((it) => (
        <g key={it.label} transform={`translate(${it.x},${it.row * layout.rowHeight + layout.rowHeight / 2})`} data-legend-item={it.kind}>
          <MarkGlyph kind={it.kind} size={glyph} />
          <text x={glyph + 6} dy="0.32em">
            {it.label}
          </text>
        </g>
      ))}
    </g>
  );
}
