/** Application stalls (the engine's app_stall events, paired by stallPeriods in
 * lib/windowChart.ts) shaded over the window chart's plot, and their legend
 * with the catalogue's label and "why" text for the event kind.
 *
 * The shading is an SVG laid over the chart (pointer-events off, so the
 * chart's hover readout still works under it) at the chart's plot origin;
 * each band names itself in a <title>, and the legend lists every stall in
 * words (the accessible list). */
import type { TimeScale } from "../../lib/chart-math/idleScale";
import type { Margin } from "../../lib/chart-math/scales";
import type { VocabEntry } from "../../lib/forms/catalogue";
import { formatBytes, formatMs } from "../../lib/format";
import type { StallPeriod } from "../../lib/windowChart";
import { ACCESSIBLE } from "../charts/palette";

/** The stalls' tint: the send buffer's hue (the buffer the writer sleeps on). */
export const STALL_STYLE = { fill: ACCESSIBLE.reddishPurple, fillOpacity: 0.16, edge: ACCESSIBLE.reddishPurple, dash: "3 2" };

/** How a band and the legend describe one stall. */
export function stallText(p: StallPeriod, label: string): string {
  const from = p.carried ? `before ${formatMs(p.t0, 3)}` : formatMs(p.t0, 3);
  const to = p.open ? `past ${formatMs(p.t1, 3)}` : formatMs(p.t1, 3);
  return `${label} ${from} – ${to} (send buffer ${formatBytes(p.sndbufBytes)})`;
}

/** The bands over a plot of `plotHeight` px whose top-left corner is (margin.left, margin.top). */
export function StallBands(props: { periods: readonly StallPeriod[]; x: TimeScale; margin: Margin; width: number; plotHeight: number; label: string }) {
  const { x, margin, plotHeight } = props;
  const [d0, d1] = x.domain();
  const plotW = Math.max(10, props.width - margin.left - margin.right);
  const shown = props.periods.filter((p) => p.t1 >= d0 && p.t0 <= d1);
  if (shown.length === 0) return null;
  return (
    <svg
      className="rv-stall-bands"
      width={plotW}
      height={plotHeight}
      style={{ position: "absolute", left: margin.left, top: margin.top, pointerEvents: "none" }}
      data-testid="stall-bands"
      aria-hidden="true"
    >
      {shown.map((p) => {
        const x0 = x(Math.max(p.t0, d0));
        const w = Math.max(2, x(Math.min(p.t1, d1)) - x0);
        return (
          <g key={`${p.t0}-${p.t1}`} data-testid="stall-band" data-t0={p.t0} data-t1={p.t1}>
            <title>{stallText(p, props.label)}</title>
            <rect
              x={x0}
              y={0}
              width={w}
              height={plotHeight}
              fill={STALL_STYLE.fill}
              fillOpacity={STALL_STYLE.fillOpacity}
              stroke={STALL_STYLE.edge}
              strokeWidth={1}
              strokeDasharray={STALL_STYLE.dash}
            />
          </g>
        );
      })}
    </svg>
  );
}

/** The legend: the event kind's label and its catalogue doc (why the writer stalls), then each stall. */
export function StallLegend(props: { periods: readonly StallPeriod[]; event: VocabEntry }) {
  if (props.periods.length === 0) return null;
  const { event } = props;
  return (
    <div className="rv-stall-legend" data-testid="stall-legend">
      <p title={event.doc || undefined}>
        <svg width={18} height={12} aria-hidden="true">
          <rect x={1} y={1} width={16} height={10} fill={STALL_STYLE.fill} fillOpacity={STALL_STYLE.fillOpacity} stroke={STALL_STYLE.edge} strokeDasharray={STALL_STYLE.dash} />
        </svg>{" "}
        <strong>{event.label}</strong>
        {event.doc && <span className="muted" data-testid="stall-why">: {event.doc}</span>}
      </p>
      <ul className="rv-period-legend" aria-label={event.label}>
        {props.periods.map((p) => (
          <li key={`${p.t0}-${p.t1}`}>{stallText(p, event.label)}</li>
        ))}
      </ul>
    </div>
  );
}
