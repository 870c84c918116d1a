/** Path periods (delay spikes, outages, handover tables) shaded behind a
 * chart's plot, and their legend.  Takes the bands as props (periodBands,
 * lib/chart-math/periods.ts) and never fetches. */
import type { TimeScale } from "../../lib/chart-math/idleScale";
import type { PeriodBand } from "../../lib/chart-math/periods";
import type { LegendEntry } from "./exportChart";
import { type BandStage, CHART_BACKGROUND, palette } from "./palette";

/** The word written inside a band wide enough for it. */
const SHORT: Record<string, string> = { delay_spike: "spike", outage: "outage", schedule: "handover" };

export function bandStyle(stage: string) {
  const b = palette().band;
  return stage in b ? b[stage as BandStage] : b.other;
}

/** A band's tooltip: its words, then why (the catalogue's), when it has one. */
export function bandTitle(b: PeriodBand): string {
  return b.why ? `${b.label}. ${b.why}` : b.label;
}

/** The bands within [0, height] of a plot whose x scale is `x` (SVG, inside the plot's group). A band's
 * words are drawn after every band (a recovery period's label stays above the idle stretches inside it),
 * with a halo of the background so that the lines drawn over them leave them legible. */
export function PeriodBands(props: { bands: readonly PeriodBand[]; x: TimeScale; height: number; fontSize?: number }) {
  const [d0, d1] = props.x.domain();
  const fs = props.fontSize ?? 10;
  const shown = props.bands
    .filter((b) => b.t1 >= d0 && b.t0 <= d1)
    .map((b) => {
      const x0 = props.x(Math.max(b.t0, d0));
      const w = Math.max(2, props.x(Math.min(b.t1, d1)) - x0);
      const words = b.text ?? SHORT[b.stage] ?? b.stage;
      // a stage's short word from 6 font sizes on, longer words when they fit (about 0.6 em a character)
      const fits = !!words && w > fs * Math.max(6, 0.6 * words.length + 1);
      return { b, st: bandStyle(b.stage), x0, w, words, fits, key: `${b.stage}-${b.direction}-${b.t0}` };
    });
  return (
    <g data-testid="period-bands">
      {shown.map(({ b, st, x0, w, key }) => (
        <g key={key} data-testid={b.testId ?? "period-band"} data-stage={b.stage} data-t0={b.t0} data-t1={b.t1} data-value={b.value} aria-label={b.label}>
          <title>{bandTitle(b)}</title>
          <rect x={x0} y={0} width={w} height={props.height} fill={st.fill} fillOpacity={0.8} stroke={st.edge} strokeWidth={1} strokeDasharray={st.dash || undefined} />
        </g>
      ))}
      {shown
        .filter((s) => s.fits)
        .map(({ b, st, x0, words, key }) => (
          <text
            key={key}
            x={x0 + 3}
            y={fs}
            fontSize={fs}
            fill={st.ink ?? st.edge}
            stroke={CHART_BACKGROUND}
            strokeWidth={3}
            paintOrder="stroke"
            data-testid={`${b.testId ?? "period-band"}-label`}
            data-t0={b.t0}
          >
            {words}
          </text>
        ))}
    </g>
  );
}

/** The bands of a window [from, to] (ms; all without one) as an exported figure's
 * legend entries: the band's tint, edge and dash as its swatch, the legend's words. */
export function periodLegendEntries(bands: readonly PeriodBand[], window?: readonly [number, number]): LegendEntry[] {
  const shown = bands.filter((b) => !window || (b.t1 >= window[0] && b.t0 <= window[1]));
  // bands of one legend group (the link's idle stretches) are one entry, after the bands named one by one
  const groups = new Map<string, PeriodBand>();
  for (const b of shown) if (b.legendGroup !== undefined && !groups.has(b.legendGroup)) groups.set(b.legendGroup, b);
  return [...shown.filter((b) => b.legendGroup === undefined), ...groups.values()].map((b) => {
    const st = bandStyle(b.stage);
    return { label: b.legendGroup ?? b.label, color: st.fill, edge: st.edge, edgeDash: st.dash || undefined };
  });
}

/** The legend of the bands: each period named in words (the accessible list of them). */
export function PeriodLegend(props: { bands: readonly PeriodBand[] }) {
  if (props.bands.length === 0) return null;
  return (
    <ul className="rv-period-legend" aria-label="Path periods" data-testid="period-legend">
      {props.bands.map((b) => {
        const st = bandStyle(b.stage);
        return (
          <li key={`${b.stage}-${b.direction}-${b.t0}`} data-stage={b.stage}>
            <svg width={18} height={12} aria-hidden="true">
              <rect x={1} y={1} width={16} height={10} fill={st.fill} stroke={st.edge} strokeDasharray={st.dash || undefined} />
            </svg>{" "}
            {b.label}
          </li>
        );
      })}
    </ul>
  );
}
