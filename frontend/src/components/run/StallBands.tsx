/** Application stalls (the engine's app_stall events, paired by stallPeriods in
 * lib/windowChart.ts) as bands behind the window chart's plot, and their legend
 * with the catalogue's label and "why" text for the event kind.
 *
 * The bands are drawn by the chart itself (PeriodBands, in the palette's
 * app_stall style), so an exported figure holds them and names them in its
 * legend; each band names itself in a <title>, and the legend lists every
 * stall in words (the accessible list). */
import type { PeriodBand } from "../../lib/chart-math/periods";
import type { VocabEntry } from "../../lib/forms/catalogue";
import { formatBytes, formatMs } from "../../lib/format";
import type { StallPeriod } from "../../lib/windowChart";
import { palette } from "../charts/palette";

/** The stalls' tint: the send buffer's hue (the buffer the writer sleeps on; palette band app_stall). */
const STALL_STYLE = palette().band.app_stall;

/** How a band and the legend describe one stall. */
export function stallText(p: StallPeriod, label: string): string {
  const from = p.carried ? `before ${formatMs(p.t0, 3)}` : formatMs(p.t0, 3);
  const to = p.open ? `past ${formatMs(p.t1, 3)}` : formatMs(p.t1, 3);
  return `${label} ${from} – ${to} (send buffer ${formatBytes(p.sndbufBytes)})`;
}

/** The stalls as bands the chart shades behind its plot (PeriodBands, inside the chart's own SVG, so
 * that an exported figure holds them), each named with the catalogue's label and why (its doc). */
export function stallBands(periods: readonly StallPeriod[], event: VocabEntry | undefined): PeriodBand[] {
  const label = event?.label ?? "app_stall";
  return periods.map((p) => ({
    stage: "app_stall",
    direction: "forward",
    t0: p.t0,
    t1: p.t1,
    text: "stall",
    label: stallText(p, label),
    why: event?.doc || undefined,
    testId: "stall-band",
  }));
}

/** The legend: the event kind's label and its catalogue doc (why the writer stalls), then each stall. */
export function StallLegend(props: { periods: readonly StallPeriod[]; event: VocabEntry }) {
  if (props.periods.length === 0) return null;
  const { event } = props;
  return (
    <div className="rv-stall-legend" data-testid="stall-legend">
      <p title={event.doc || undefined}>
        <svg width={18} height={12} aria-hidden="true">
          <rect x={1} y={1} width={16} height={10} fill={STALL_STYLE.fill} stroke={STALL_STYLE.edge} strokeDasharray={STALL_STYLE.dash} />
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
