/** The paired view: per grid cell and variant, the mean difference from the
 * baseline over common seeds, as a share of the baseline's mean, with its
 * 95% CI (lib/stats/paired.ts). Left of zero: the variant's values are lower
 * than the baseline's on the same seeds. Each row is named, and its dot is
 * the variant's marker shape (the legend's) in its colour. One image for
 * assistive technology, named by a text summary (summarizePaired). */
import { fmtPct } from "../../lib/format";
import { metricLabel, type MetricInfo } from "../../lib/metrics";
import { provisionalText, type ComparisonView } from "../../lib/stats/comparison";
import { pairedInputs, pairedLayout } from "../../lib/stats/paired";
import { AxisBottom } from "../charts/Axes";
import { markerPath } from "../charts/markers";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { summarizePaired } from "./summaries";
import { ProvisionalMark } from "./ProvisionalBadge";

const ROW = 22;

export function PairedChart(props: {
  view: ComparisonView;
  variants: string[];
  /** each variant's colour, dash and marker (palette.ts variantCues) */
  cues: Record<string, VariantCue>;
  width: number;
  catalogue?: readonly MetricInfo[];
}) {
  const { view, cues } = props;
  const p = palette();
  const provisional = view.provisional;
  const many = view.cells.length > 1;
  const M = { top: provisional ? 26 : 10, right: 64, bottom: 44, left: many ? 210 : 120 };
  const inputs = pairedInputs(view, props.variants);
  const layout = pairedLayout(inputs, Math.max(120, props.width - M.left - M.right), { rowHeight: ROW });
  const height = M.top + layout.innerHeight + M.bottom;
  const { name } = metricLabel(view.metric, props.catalogue);
  return (
    <svg
      data-testid="paired-chart"
      data-provisional={provisional ? "true" : undefined}
      width={props.width}
      height={height}
      role="img"
      aria-label={summarizePaired(view, props.variants, name)}
      fontFamily={FONT}
    >
      <ProvisionalMark text={provisional ? provisionalText(view) : null} width={props.width} fill={p.text} />
      <g transform={`translate(${M.left},${M.top})`}>
        {layout.xTicks.map((t) => (
          <line key={t.value} x1={t.x} x2={t.x} y1={0} y2={layout.innerHeight} stroke={p.grid} />
        ))}
        <line x1={layout.zeroX} x2={layout.zeroX} y1={0} y2={layout.innerHeight} stroke={p.text} strokeDasharray="4 3" />
        <text x={layout.innerWidth + M.right - 4} y={-2} textAnchor="end" fontSize={10} fill={p.muted}>
          seeds
        </text>
        <AxisBottom
          ticks={layout.xTicks}
          y={layout.innerHeight}
          x0={0}
          x1={layout.innerWidth}
          format={(v) => (v === 0 ? "0%" : fmtPct(v))}
          title={`paired difference from ${view.baseline}, % of its mean`}
        />
        {layout.rows.map((r) => {
          const color = cues[r.variant]?.color ?? p.text;
          const marker = cues[r.variant]?.marker ?? "circle";
          const n = r.paired?.n ?? 0;
          const what =
            r.paired === null
              ? view.live
                ? "no common seed yet"
                : "this server sends no paired comparison"
              : r.value === null
                ? "not normalized (the baseline's mean is 0)"
                : `${fmtPct(r.value)}${r.ci ? ` [${fmtPct(r.ci[0])}, ${fmtPct(r.ci[1])}]` : " (no CI: fewer than 2 common seeds)"}, paired over ${n} common seed${n === 1 ? "" : "s"}`;
          return (
            <g
              key={`${r.cell}-${r.variant}`}
              data-testid="paired-row"
              data-cell={r.cell}
              data-variant={r.variant}
              data-value={r.value === null ? undefined : String(r.value)}
              data-n={n}
            >
              {r.firstOfCell && many && (
                <text x={-M.left + 4} y={r.y} dy="0.32em" fontSize={11} fill={p.muted}>
                  {r.cellLabel.length > 20 ? `${r.cellLabel.slice(0, 19)}…` : r.cellLabel}
                  <title>{r.cellLabel}</title>
                </text>
              )}
              <text x={-8} y={r.y} dy="0.32em" textAnchor="end" fontSize={12} fill={p.text}>
                {r.variant}
              </text>
              {r.ciX && (
                <g stroke={color} strokeWidth={2}>
                  <line x1={r.ciX[0]} x2={r.ciX[1]} y1={r.y} y2={r.y} />
                  <line x1={r.ciX[0]} x2={r.ciX[0]} y1={r.y - 5} y2={r.y + 5} />
                  <line x1={r.ciX[1]} x2={r.ciX[1]} y1={r.y - 5} y2={r.y + 5} />
                </g>
              )}
              {r.paired && (
                <text x={layout.innerWidth + M.right - 4} y={r.y} dy="0.32em" textAnchor="end" fontSize={11} fill={p.muted}>
                  {`n = ${n}`}
                </text>
              )}
              {r.x !== null ? (
                <path data-testid="paired-marker" data-marker={marker} d={markerPath(marker, r.x, r.y, 5)} fill={provisional ? "#fff" : color} stroke={provisional ? color : "#fff"} strokeWidth={provisional ? 2 : 1}>
                  <title>{`${r.variant}${many ? ` (${r.cellLabel})` : ""}: ${what}${provisional ? ` — ${provisionalText(view)}` : ""}`}</title>
                </path>
              ) : (
                <text x={layout.zeroX + 6} y={r.y} dy="0.32em" fontSize={11} fill={p.muted}>
                  {what}
                </text>
              )}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
