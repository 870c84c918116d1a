/** Time-sequence diagram (tcptrace / Stevens style) of one flow.
 *
 * x = time (a TimeScale, possibly with compressed idle gaps), y = sequence
 * number in bytes or segments.  Layers, bottom to top:
 *   back SVG   legend, grid, axes, lane labels, idle-gap breaks, state strip
 *   canvas     dense marks: new data, arrivals at the receiver, ACK line, SACK
 *   front SVG  rare marks (retransmit, probe, drop, timer fired), one element
 *              each with a data-testid, timer spans, highlight, brush
 * Takes data as props and never fetches. */
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ScaleLinear } from "d3-scale";
import { DATA_TX_KINDS, type EventOf, type TimerEvent, type TraceEvent } from "../../lib/chart-math/events";
import type { Explanation } from "../../lib/chart-math/explain";
import { formatCompact, formatMs } from "../../lib/format";
import type { TimeScale } from "../../lib/chart-math/idleScale";
import { seqExtent, seqValue, valueScale, type Margin, type SeqUnit } from "../../lib/chart-math/scales";
import { nearestPoint, pendingTimers, type StateSegment, type TimerLinks } from "../../lib/chart-math/timeline";
import { stateLabel, timerLabel, type TraceVocab } from "../../lib/traceVocab";
import { BreakMarkers, TimeAxis, ValueAxis } from "./Axes";
import { Brush } from "./Brush";
import { CanvasLayer } from "./CanvasLayer";
import { drawDense } from "./drawTimeSequence";
import { FONT, palette } from "./palette";

export const LANE = { gap: 8, timer: 24, delack: 16, state: 18, axis: 36 };

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
  /** the catalogue's labels of congestion states and timer kinds (the raw names without it) */
  vocab?: Pick<TraceVocab, "states" | "timerKinds"> | null;
}

interface Anchor {
  xs: Float64Array;
  ys: Float64Array;
}

export function TimeSequenceChart(props: TimeSequenceChartProps) {
  const { events, x, width, margin, unit, mss, links, vocab } = props;
  // one clip path per chart: the compare view stacks several diagrams on a page
  const clipId = useId();
  const p = palette();
  const plotH = props.plotHeight ?? 300;
  const plotW = Math.max(10, width - margin.left - margin.right);
  const laneTop = plotH + LANE.gap;
  const delackTop = laneTop + LANE.timer + 2;
  const stateTop = delackTop + LANE.delack + 2;
  const laneY = useCallback((e: TimerEvent) => (e.timer === "delack" ? delackTop + LANE.delack / 2 : laneTop + LANE.timer / 2), [delackTop, laneTop]);
  const axisTop = stateTop + LANE.state + 4;
  const height = margin.top + axisTop + LANE.axis;
  const upTo = props.revealUpTo ?? Infinity;
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [tip, setTip] = useState<{ i: number; x: number; y: number } | null>(null);

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
      if (!Number.isNaN(py) && px >= -2 && px <= plotW + 2) {
        xs[e.i] = px;
        ys[e.i] = py;
      }
    }
    return { xs, ys };
  }, [events, x, Y, laneY, stateTop, plotW, links]);

  const draw = useCallback(
    (ctx: CanvasRenderingContext2D) =>
      drawDense(ctx, { events, upTo, x, y, unit, mss, left: margin.left, top: margin.top, plotWidth: plotW, plotHeight: plotH, palette: p }),
    [events, upTo, x, y, unit, mss, margin.left, margin.top, plotW, plotH, p],
  );

  const rare = useMemo(() => events.filter((e): e is RareEvent => e.i <= upTo && (e.kind === "retransmit" || e.kind === "probe" || e.kind === "drop" || e.kind === "timer_fired")), [events, upTo]);
  const pending = useMemo(() => (props.revealUpTo == null ? [] : pendingTimers(events, props.revealUpTo)), [events, props.revealUpTo]);

  const locate = (ev: React.MouseEvent): { px: number; py: number; cx: number; cy: number } | null => {
    const el = containerRef.current;
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const cx = ev.clientX - r.left;
    const cy = ev.clientY - r.top;
    return { px: cx - margin.left, py: cy - margin.top, cx, cy };
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
      props.onDataClick(events[d], { x: margin.left + anchors.xs[d], y: margin.top + anchors.ys[d] });
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
      const py = ev.clientY - r.top - margin.top;
      if (px < 0 || px > plotW || py < 0 || py > plotH) return;
      ev.preventDefault();
      const dy = ev.deltaMode === 1 ? ev.deltaY * 16 : ev.deltaMode === 2 ? ev.deltaY * 400 : ev.deltaY;
      fn(Math.exp(Math.max(-1000, Math.min(1000, dy)) * 0.002), xRef.current.invert(px));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [margin.left, margin.top, plotW, plotH]);

  const currentI = props.revealUpTo != null && props.revealUpTo < events.length ? props.revealUpTo : null;
  const tipEv = tip ? events[tip.i] : null;
  const tipText = tipEv ? props.explain(tipEv) : null;
  const unitLabel = unit === "segments" ? "sequence (segments)" : "sequence (bytes)";

  return (
    <div
      ref={containerRef}
      className="rv-chart"
      style={{ position: "relative", width, height }}
      data-testid="chart-time-sequence"
    >
      <svg data-layer="back" width={width} height={height} style={{ position: "absolute", left: 0, top: 0 }} aria-hidden="true" fontFamily={FONT}>
        <Legend x={margin.left} y={10} width={plotW} />
        <g transform={`translate(${margin.left},${margin.top})`}>
          <ValueAxis y={y} width={plotW} format={formatCompact} label={unitLabel} ticks={6} />
          <rect x={0} y={laneTop} width={plotW} height={LANE.timer} fill="#f8f9fa" />
          <text x={-8} y={laneTop + LANE.timer / 2} dy="0.32em" textAnchor="end" fontSize={11} fill={p.muted}>timers</text>
          <rect x={0} y={delackTop} width={plotW} height={LANE.delack} fill="#f8f9fa" />
          <text x={-8} y={delackTop + LANE.delack / 2} dy="0.32em" textAnchor="end" fontSize={10} fill={p.muted}>del. ACK</text>
          <text x={-8} y={stateTop + LANE.state / 2} dy="0.32em" textAnchor="end" fontSize={11} fill={p.muted}>state</text>
          <StateStrip states={props.states} x={x} y={stateTop} height={LANE.state} vocab={vocab} />
          <BreakMarkers x={x} top={0} bottom={stateTop + LANE.state} labels />
          <TimeAxis x={x} y={axisTop} label="time" />
        </g>
      </svg>
      <CanvasLayer width={width} height={height} draw={draw} onDrawn={props.onDrawn} label="segments sent, arrivals, ACK line and SACK blocks" />
      {/* biome-ignore lint/a11y/useSemanticElements: an interactive SVG chart cannot be a <fieldset> */}
      <svg
        data-layer="front"
        width={width}
        height={height}
        style={{ position: "absolute", left: 0, top: 0 }}
        fontFamily={FONT}
        role="group"
        aria-label={props.title ?? "Time-sequence diagram"}
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={-6} y={-6} width={plotW + 12} height={stateTop + LANE.state + 12} />
          </clipPath>
        </defs>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer exploration of the marks; the event log is the keyboard way to every event */}
        <g transform={`translate(${margin.left},${margin.top})`} onMouseMove={onMove} onMouseLeave={onLeave} onClick={onClick}>
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
                  <text x={x1 + 7} y={ly} dy="0.32em" fontSize={10} fill={c}>{`${timerLabel(vocab, e.timer)} pending`}</text>
                </g>
              );
            })}
            <RareMarks rare={rare} x={x} Y={Y} laneTimer={laneTop + LANE.timer / 2} laneDelack={delackTop + LANE.delack / 2} links={links} vocab={vocab} />
            {ring(currentI, p.accent, "current")}
            {ring(props.highlight, p.highlight, "hover")}
            {props.selected !== props.highlight && ring(props.selected, p.accent, "selected")}
          </g>
        </g>
      </svg>
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
type RareEvent = EventOf<"retransmit" | "probe" | "drop" | "timer_fired">;

/** The rare marks, each its own SVG element with a data-testid (counted by the
 * end-to-end tests).  Memoized: hovering does not re-render thousands of marks. */
const RareMarks = memo(function RareMarks(props: {
  rare: RareEvent[];
  x: TimeScale;
  Y: (b: number) => number;
  laneTimer: number;
  laneDelack: number;
  links: TimerLinks;
  vocab?: Pick<TraceVocab, "timerKinds"> | null;
}) {
  const p = palette();
  const { x, Y, vocab } = props;
  return (
    <>
      {props.rare.map((e) => {
        const px = x(e.t);
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
                <text x={px + 8} y={ly + 1} dy="0.32em" fontSize={10} fontWeight={600} fill={c}>
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

export function StateStrip(props: { states: StateSegment[]; x: TimeScale; y: number; height: number; vocab?: Pick<TraceVocab, "states"> | null }) {
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
            {w > 48 && (
              <text x={x0 + 4} y={props.y + props.height / 2} dy="0.32em" fontSize={10} fill="#343a40">
                {stateLabel(vocab, s.state)}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

function Legend(props: { x: number; y: number; width: number }) {
  const p = palette();
  const items: { label: string; glyph: React.ReactNode }[] = [
    { label: "sent", glyph: <line x1={5} x2={5} y1={-6} y2={6} stroke={p.send} strokeWidth={1.5} /> },
    { label: "arrived", glyph: <line x1={5} x2={5} y1={-6} y2={6} stroke={p.deliver} strokeWidth={1.5} /> },
    { label: "ACK", glyph: <path d="M0,4 h5 v-8 h5" fill="none" stroke={p.ack} strokeWidth={1.5} /> },
    { label: "SACK", glyph: <line x1={5} x2={5} y1={-6} y2={6} stroke={p.sack} strokeWidth={1.5} /> },
    { label: "retransmit", glyph: <line x1={5} x2={5} y1={-6} y2={6} stroke={p.rtx} strokeWidth={3} /> },
    { label: "TLP probe", glyph: <path d="M5,-7 l4,5 l-4,5 l-4,-5 z" fill={p.probe} /> },
    { label: "drop", glyph: <path d="M1,-4 L9,4 M1,4 L9,-4" stroke={p.drop} strokeWidth={2} /> },
    { label: "timer fired", glyph: <path d="M0,-5 h10 l-5,8 z" fill={p.rtx} /> },
  ];
  let cx = 0;
  return (
    <g transform={`translate(${props.x},${props.y})`} fontSize={11} fill={p.text}>
      {items.map((it) => {
        const g = (
          <g key={it.label} transform={`translate(${cx},0)`}>
            {it.glyph}
            <text x={14} dy="0.32em">{it.label}</text>
          </g>
        );
        cx += 22 + it.label.length * 6.2;
        return g;
      })}
    </g>
  );
}
