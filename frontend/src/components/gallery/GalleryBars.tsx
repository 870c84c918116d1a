/** One panel of a normalized-bar figure (the tail-loss paper's Fig. 1/2): a
 * group of bars per grid value (RTT, loss count), one bar per variant, the
 * baseline at 1.0; where the paper states a saving, a dashed mark on the bar
 * shows where the paper's saving would put it. Each bar has its variant's
 * colour and, under it, its marker shape (the legend's): colour is never the
 * only cue. One image for assistive technology, named by a text summary of
 * every value (summarizeGalleryBars). Takes data, never fetches. */
import { barLayout } from "../../lib/stats/bars";
import { fmtRatio, trimNumber } from "../../lib/format";
import type { BarPanel } from "../../lib/gallery";
import { AxisLeft } from "../charts/Axes";
import { markerPath } from "../charts/markers";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { summarizeGalleryBars } from "../compare/summaries";

/** the band under the axis that holds each bar's marker */
const MARKS = 14;
const M = { top: 16, right: 16, bottom: 46 + MARKS, left: 60 };
const HEIGHT = 300 + MARKS;

export function GalleryBars(props: {
  panel: BarPanel;
  variants: string[];
  baseline: string;
  /** each variant's colour, dash and marker (palette.ts variantCues) */
  cues: Record<string, VariantCue>;
  width: number;
  xLabel: string;
  xUnit: string;
  metricName: string;
}) {
  const { panel, variants, cues } = props;
  const p = palette();
  const innerW = Math.max(120, props.width - M.left - M.right);
  const innerH = HEIGHT - M.top - M.bottom;
  const layout = barLayout(
    panel.groups.map((g) => ({ cell: g.cell, label: String(g.x), values: g.bars.map((b) => ({ variant: b.variant, value: b.value })) })),
    variants,
    { width: innerW, height: innerH },
    { maxBarWidth: 40 },
  );
  const y = (v: number) => innerH - (innerH * v) / layout.yMax;
  const unit = props.xUnit ? ` (${props.xUnit})` : "";
  return (
    <svg
      data-testid="gallery-bars"
      data-panel={panel.id}
      width={props.width}
      height={HEIGHT}
      role="img"
      aria-label={summarizeGalleryBars(panel, variants, props.baseline, props.metricName, props.xLabel, props.xUnit)}
      fontFamily={FONT}
    >
      <g transform={`translate(${M.left},${M.top})`}>
        <AxisLeft ticks={layout.yTicks} x={0} y0={0} y1={innerH} format={(v) => v.toFixed(1)} title={`${props.metricName} ÷ ${props.baseline}`} grid={innerW} />
        {layout.groups.map((g) => {
          const group = panel.groups.find((x) => x.cell === g.cell);
          return (
            <g key={g.cell} data-testid="gallery-group" data-x={group?.x}>
              {g.bars.map((b) => {
                const datum = group?.bars.find((d) => d.variant === b.variant);
                const paper = datum?.paper ?? null;
                return (
                  <g key={b.variant} data-testid="gallery-bar" data-variant={b.variant} data-value={String(b.value)}>
                    <rect x={b.x} y={b.y} width={Math.max(1, b.width)} height={Math.max(0, b.height)} fill={cues[b.variant]?.color} rx={1.5}>
                      <title>{`${b.variant} at ${props.xLabel} ${group?.x}${unit}: ${fmtRatio(b.value)} × ${props.baseline}${paper !== null ? `; the paper's stated saving: ${fmtRatio(paper)}` : ""}`}</title>
                    </rect>
                    {cues[b.variant] && (
                      <path
                        data-testid="gallery-marker"
                        data-marker={cues[b.variant].marker}
                        d={markerPath(cues[b.variant].marker, b.x + b.width / 2, innerH + MARKS / 2 + 1, Math.max(2.5, Math.min(5.5, b.width / 2)))}
                        fill={cues[b.variant].color}
                        stroke="#fff"
                        strokeWidth={0.8}
                      />
                    )}
                    {b.width >= 24 && (
                      <text x={b.x + b.width / 2} y={Math.min(b.y, paper === null ? b.y : y(paper)) - 4} textAnchor="middle" fontSize={12} fill={p.text}>
                        {fmtRatio(b.value)}
                      </text>
                    )}
                    {paper !== null && (
                      <line
                        data-testid="gallery-paper-mark"
                        data-variant={b.variant}
                        data-value={String(paper)}
                        x1={b.x - 3}
                        x2={b.x + b.width + 3}
                        y1={y(paper)}
                        y2={y(paper)}
                        stroke={p.text}
                        strokeWidth={2}
                        strokeDasharray="4 2"
                      />
                    )}
                  </g>
                );
              })}
              {g.bars.length === 0 && (
                <text x={g.x + g.width / 2} y={innerH - 8} textAnchor="middle" fontSize={12} fill={p.muted}>
                  pending
                </text>
              )}
              <text x={g.x + g.width / 2} y={innerH + MARKS + 18} textAnchor="middle" fontSize={13} fill={p.text}>
                {trimNumber(group?.x ?? 0)}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={innerW} y1={layout.baselineY} y2={layout.baselineY} stroke={p.text} strokeDasharray="2 3" strokeWidth={1} />
        <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke={p.axis} />
        <text x={innerW / 2} y={innerH + MARKS + 38} textAnchor="middle" fontSize={13} fill={p.muted}>
          {props.xLabel}
          {unit}
        </text>
      </g>
    </svg>
  );
}
