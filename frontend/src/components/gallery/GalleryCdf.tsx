/** One CDF panel (the tail-loss paper's Fig. 3/4): a step line per variant
 * over the panel's cell; where the paper publishes a fraction below some x, a
 * hollow marker shows the paper's value and a filled one Rexmit's. Each line
 * has its variant's colour and dash (palette.ts variantCues, as on the compare
 * page): colour is never the only cue. One image for assistive technology,
 * named by a text summary (summarizeGalleryCdf). Takes data, never fetches;
 * the lines have a few hundred vertices at most, so SVG. */
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { ecdfDomain, ecdfSteps } from "../../lib/stats/ecdf";
import { fmtNum } from "../../lib/format";
import type { CdfPanel } from "../../lib/gallery";
import { AxisBottom, AxisLeft } from "../charts/Axes";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { summarizeGalleryCdf } from "../compare/summaries";

const M = { top: 14, right: 16, bottom: 50, left: 60 };
const HEIGHT = 280;

export function GalleryCdf(props: {
  panel: CdfPanel;
  variants: string[];
  /** each variant's colour, dash and marker (palette.ts variantCues) */
  cues: Record<string, VariantCue>;
  width: number;
  xTitle: string;
}) {
  const { panel, cues } = props;
  const colors = Object.fromEntries(props.variants.map((v) => [v, cues[v]?.color]));
  const p = palette();
  const innerW = Math.max(100, props.width - M.left - M.right);
  const innerH = HEIGHT - M.top - M.bottom;
  const series = panel.series.filter((s) => s.points.length > 0);
  const [lo, hi] = ecdfDomain([...series.map((s) => s.points), panel.markers.map((m) => [m.x, 0] as [number, number])]);
  const x = scaleLinear().domain([lo, hi]).range([0, innerW]).nice();
  const y = scaleLinear().domain([0, 1]).range([innerH, 0]);
  const xMax = x.domain()[1];
  const path = line<[number, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));
  return (
    <svg data-testid="gallery-cdf" data-panel={panel.id} width={props.width} height={HEIGHT} role="img" aria-label={summarizeGalleryCdf(panel, props.variants, props.xTitle)} fontFamily={FONT}>
      <g transform={`translate(${M.left},${M.top})`}>
        <AxisLeft ticks={y.ticks(5).map((v) => ({ value: v, y: y(v) }))} x={0} y0={0} y1={innerH} format={(v) => v.toFixed(1)} title="fraction ≤ x" grid={innerW} />
        <AxisBottom ticks={x.ticks(6).map((v) => ({ value: v, x: x(v) }))} y={innerH} x0={0} x1={innerW} format={(v) => fmtNum(v)} title={props.xTitle} />
        {series.map((s) => (
          <path
            key={s.variant}
            data-testid="gallery-cdf-line"
            data-variant={s.variant}
            d={path(ecdfSteps(s.points, xMax)) ?? ""}
            fill="none"
            stroke={colors[s.variant]}
            strokeWidth={2}
            strokeDasharray={cues[s.variant]?.dash || undefined}
          >
            <title>{`${s.variant}: ${s.n} values`}</title>
          </path>
        ))}
        {panel.markers.map((m) => (
          <g key={m.variant} data-testid="gallery-cdf-marker" data-variant={m.variant}>
            <circle cx={x(m.x)} cy={y(m.paper)} r={5} fill="#fff" stroke={colors[m.variant]} strokeWidth={2}>
              <title>{`${m.variant}, the paper: ${fmtNum(m.paper * 100, 3)}% below ${fmtNum(m.x)}`}</title>
            </circle>
            {m.rexmit !== null && (
              <circle cx={x(m.x)} cy={y(m.rexmit)} r={4} fill={colors[m.variant]}>
                <title>{`${m.variant}, Rexmit: ${fmtNum(m.rexmit * 100, 3)}% below ${fmtNum(m.x)}`}</title>
              </circle>
            )}
          </g>
        ))}
        {series.length === 0 && (
          <text x={innerW / 2} y={innerH / 2} textAnchor="middle" fontSize={13} fill={p.muted}>
            no finished runs in this panel yet
          </text>
        )}
      </g>
    </svg>
  );
}
