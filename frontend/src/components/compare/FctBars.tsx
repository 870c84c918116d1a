/** Normalized mean of the compared metric per variant, grouped by grid cell,
 * as in Fig. 1/2 of the tail-loss paper: the baseline variant is 1.0. A
 * whisker on each bar is the 95% confidence interval of the ratio (the API's
 * normalized_ci95). Each bar carries its variant's colour and, under it, its
 * marker shape (the legend's), so that colour is not the only cue. While
 * runs are unfinished every bar is hatched and pale, and the chart says
 * "provisional · n/N runs" (also in exported files).
 *
 * The SVG is one image (role="img") whose name is a text summary of every
 * value (summarizeBars); with several cells, a button over each group
 * (outside the image, left out of exports) selects the cell by mouse or
 * keyboard and shows the group's values and intervals as a tooltip while
 * it is hovered or focused. */
import { useId, useState } from "react";
import { barLayout } from "../../lib/stats/bars";
import { cellLabel, provisionalText, shortKey, type ComparisonView } from "../../lib/stats/comparison";
import { fmtRatio } from "../../lib/format";
import { metricLabel, type MetricInfo } from "../../lib/metrics";
import { AxisLeft } from "../charts/Axes";
import { CiWhisker } from "../charts/CiWhisker";
import { markerPath } from "../charts/markers";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { summarizeBars } from "./summaries";
import { VariantGlyph } from "./VariantGlyph";
import { ProvisionalMark } from "./ProvisionalBadge";

const M = { top: 14, right: 84, left: 58 };
const ROW = 16;
/** the band under the axis that holds each bar's marker */
const MARKS = 14;

export function FctBars(props: {
  view: ComparisonView;
  variants: string[];
  /** each variant's colour, dash and marker (palette.ts variantCues) */
  cues: Record<string, VariantCue>;
  selectedCell: number;
  onSelectCell?: (cell: number) => void;
  width: number;
  /** the catalogue's metric descriptions, for the axis title */
  catalogue?: readonly MetricInfo[];
}) {
  const { view, variants, cues } = props;
  const p = palette();
  const hatch = `hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [tip, setTip] = useState<number | null>(null);
  const provisional = view.provisional;
  const keys = view.gridKeys;
  const bottom = MARKS + 12 + Math.max(1, keys.length) * ROW + 8;
  const top = M.top + (provisional ? 14 : 0);
  const height = 300 + (provisional ? 14 : 0);
  const innerH = height - top - bottom;
  const innerW = Math.max(120, props.width - M.left - M.right);
  const layout = barLayout(
    view.cells.map((c) => ({
      cell: c.index,
      label: cellLabel(c.params),
      values: variants.map((v) => ({ variant: v, value: c.variants[v]?.normalizedMean ?? null, ci: c.variants[v]?.normalizedCi95 ?? null })),
    })),
    variants,
    { width: innerW, height: innerH },
  );
  const { name } = metricLabel(view.metric, props.catalogue);
  const many = layout.groups.length > 1;
  const interactive = many && !!props.onSelectCell;
  /** a group's values, for its button and tooltip: "TLP 0.67 [0.41, 1.30]" per shown variant */
  const groupValues = (cell: number) => {
    const c = view.cells.find((x) => x.index === cell);
    return variants.map((v) => {
      const r = c?.variants[v];
      const ci = r?.normalizedCi95 ? ` [${fmtRatio(r.normalizedCi95[0])}, ${fmtRatio(r.normalizedCi95[1])}]` : "";
      return { variant: v, text: r?.normalizedMean === null || r?.normalizedMean === undefined ? "pending" : `${fmtRatio(r.normalizedMean)}${ci}` };
    });
  };
  const tipGroup = tip === null ? undefined : layout.groups.find((g) => g.cell === tip);
  const chart = (
    <svg
      data-testid="fct-bars"
      data-provisional={provisional ? "true" : undefined}
      width={props.width}
      height={height}
      role="img"
      aria-label={summarizeBars(view, variants, name)}
      fontFamily={FONT}
    >
      {provisional && (
        <defs>
          {/* white diagonal stripes over a pale bar: provisional at a glance, in colour or not */}
          <pattern id={hatch} patternUnits="userSpaceOnUse" width={6} height={6} patternTransform="rotate(45)">
            <line x1={0} y1={0} x2={0} y2={6} stroke="#fff" strokeWidth={2.5} />
          </pattern>
        </defs>
      )}
      <ProvisionalMark testId="fct-provisional" text={provisional ? provisionalText(view) : null} width={props.width} fill={p.text} />
      <g transform={`translate(${M.left},${top})`}>
        <AxisLeft
          ticks={layout.yTicks}
          x={0}
          y0={0}
          y1={innerH}
          format={(v) => v.toFixed(1)}
          title={`${name} ÷ ${view.baseline}`}
          grid={innerW}
        />
        {layout.groups.map((g) => {
          const selected = many && g.cell === props.selectedCell;
          return (
            <g
              key={g.cell}
              data-testid="fct-group"
              data-cell={g.cell}
            >
              {many && (
                <rect x={g.x - 3} y={0} width={g.width + 6} height={innerH + bottom - 6} fill={selected ? "#e8f0fd" : "transparent"}>
                  <title>{g.label}</title>
                </rect>
              )}
              {g.bars.map((b) => {
                const narrow = b.width < 26;
                const label = fmtRatio(b.value);
                const ci = b.ci ? `, 95% CI ${fmtRatio(b.ci[0])}–${fmtRatio(b.ci[1])}` : "";
                // the label sits above the bar or its whisker, whichever is higher
                const labelY = Math.min(b.y, b.ciY?.[0] ?? b.y) - 4;
                const cx = b.x + b.width / 2;
                const w = Math.max(1, b.width);
                const h = Math.max(0, b.height);
                return (
                  <g
                    key={b.variant}
                    data-testid="fct-bar"
                    data-variant={b.variant}
                    data-value={String(b.value)}
                    data-cell={b.cell}
                    data-provisional={provisional ? "true" : undefined}
                  >
                    <rect x={b.x} y={b.y} width={w} height={h} fill={cues[b.variant]?.color} fillOpacity={provisional ? 0.45 : 1} rx={1.5}>
                      <title>{`${b.variant}: ${label} × ${view.baseline}${ci}${many ? ` (${g.label})` : ""}${provisional ? ` — ${provisionalText(view)}` : ""}`}</title>
                    </rect>
                    {provisional && <rect x={b.x} y={b.y} width={w} height={h} fill={`url(#${hatch})`} rx={1.5} pointerEvents="none" />}
                    <CiWhisker bar={b} color={p.text} testId="fct-ci" />
                    {cues[b.variant] && (
                      <path
                        data-testid="fct-marker"
                        data-marker={cues[b.variant].marker}
                        d={markerPath(cues[b.variant].marker, cx, innerH + MARKS / 2 + 1, Math.max(2.5, Math.min(5, b.width / 2)))}
                        fill={cues[b.variant].color}
                        stroke="#fff"
                        strokeWidth={0.8}
                      />
                    )}
                    {narrow ? (
                      <text transform={`translate(${cx},${labelY}) rotate(-90)`} dy="0.32em" fontSize={10} fill={p.text}>
                        {label}
                      </text>
                    ) : (
                      <text x={cx} y={labelY} textAnchor="middle" fontSize={11} fill={p.text} fontStyle={provisional ? "italic" : undefined}>
                        {label}
                      </text>
                    )}
                  </g>
                );
              })}
              {g.missing.length > 0 && g.bars.length === 0 && (
                <text x={g.x + g.width / 2} y={innerH - 8} textAnchor="middle" fontSize={11} fill={p.muted}>
                  pending
                </text>
              )}
              {keys.map((k, i) => (
                <text key={k} x={g.x + g.width / 2} y={innerH + MARKS + 14 + i * ROW} textAnchor="middle" fontSize={11} fill="#374151">
                  {String(view.cells.find((c) => c.index === g.cell)?.params[k] ?? "")}
                </text>
              ))}
            </g>
          );
        })}
        <line x1={0} x2={innerW} y1={layout.baselineY} y2={layout.baselineY} stroke={p.text} strokeDasharray="4 3" strokeWidth={1} />
        <text x={innerW + 6} y={layout.baselineY} dy="0.32em" fontSize={10} fill="#4b5563">
          {view.baseline.length > 9 ? "baseline" : view.baseline} = 1
        </text>
        <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke="#9aa1ab" />
        {keys.map((k, i) => (
          <text key={k} x={-8} y={innerH + MARKS + 14 + i * ROW} textAnchor="end" fontSize={11} fill={p.muted}>
            {shortKey(k)}
          </text>
        ))}
        {!keys.length && (
          <text x={innerW / 2} y={innerH + MARKS + 14} textAnchor="middle" fontSize={11} fill={p.muted}>
            one cell: every run of the comparison
          </text>
        )}
      </g>
    </svg>
  );
  if (!interactive) return chart;
  return (
    <div className="fct-bars-box" style={{ width: props.width, height }}>
      {chart}
      <fieldset className="fct-cell-buttons" data-export="skip">
        <legend className="visually-hidden">Grid cells: show a cell's distribution</legend>
        {layout.groups.map((g) => {
          const selected = g.cell === props.selectedCell;
          const values = groupValues(g.cell);
          return (
            <button
              key={g.cell}
              type="button"
              className="fct-cell-button"
              data-testid="fct-cell-button"
              data-cell={g.cell}
              aria-pressed={selected}
              aria-label={`${g.label}: ${values.map((v) => `${v.variant} ${v.text}`).join(", ")}. Show its distribution below.`}
              style={{ left: M.left + g.x - 3, top, width: g.width + 6, height: innerH + MARKS + 4 }}
              onClick={() => props.onSelectCell?.(g.cell)}
              onFocus={() => setTip(g.cell)}
              onBlur={() => setTip((t) => (t === g.cell ? null : t))}
              onMouseEnter={() => setTip(g.cell)}
              onMouseLeave={() => setTip((t) => (t === g.cell ? null : t))}
            />
          );
        })}
        {tipGroup && (
          <div
            className="fct-tooltip"
            data-testid="fct-tooltip"
            aria-hidden="true"
            style={{ left: Math.max(0, Math.min(props.width - 220, M.left + tipGroup.x)), top: top + 4 }}
          >
            <strong>{tipGroup.label}</strong>
            {groupValues(tipGroup.cell).map((v) => (
              <span key={v.variant}>
                <VariantGlyph cue={cues[v.variant]} kind="marker" /> {v.variant}: {v.text}
                {provisional ? " (provisional)" : ""}
              </span>
            ))}
          </div>
        )}
      </fieldset>
    </div>
  );
}
