/** Normalized mean of the compared metric per variant, grouped by grid cell,
 * as in Fig. 1/2 of the tail-loss paper: the baseline variant is 1.0. */
import { barLayout } from "../../lib/stats/bars";
import { cellLabel, shortKey, type ComparisonView } from "../../lib/stats/comparison";
import { fmtRatio } from "../../lib/format";
import { metricLabel, type MetricInfo } from "../../lib/metrics";
import { AxisLeft } from "../charts/Axes";

const M = { top: 14, right: 84, left: 58 };
const ROW = 16;

export function FctBars(props: {
  view: ComparisonView;
  variants: string[];
  colors: Record<string, string>;
  selectedCell: number;
  onSelectCell?: (cell: number) => void;
  width: number;
  /** the catalogue's metric descriptions, for the axis title */
  catalogue?: readonly MetricInfo[];
}) {
  const { view, variants, colors } = props;
  const keys = view.gridKeys;
  const bottom = 12 + Math.max(1, keys.length) * ROW + 8;
  const height = 300;
  const innerH = height - M.top - bottom;
  const innerW = Math.max(120, props.width - M.left - M.right);
  const layout = barLayout(
    view.cells.map((c) => ({
      cell: c.index,
      label: cellLabel(c.params),
      values: variants.map((v) => ({ variant: v, value: c.variants[v]?.normalizedMean ?? null })),
    })),
    variants,
    { width: innerW, height: innerH },
  );
  const { name } = metricLabel(view.metric, props.catalogue);
  const many = layout.groups.length > 1;
  return (
    <svg
     
      data-testid="fct-bars"
      width={props.width}
      height={height}
      role="img"
      aria-label={`${name} normalized to ${view.baseline}, per variant${many ? " and cell" : ""}`}
      fontFamily="system-ui, sans-serif"
    >
      <g transform={`translate(${M.left},${M.top})`}>
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
              {...(many && props.onSelectCell
                ? {
                    role: "button",
                    tabIndex: 0,
                    "aria-label": `Show the distribution of ${g.label}`,
                    "aria-pressed": selected,
                    style: { cursor: "pointer" },
                    onClick: () => props.onSelectCell?.(g.cell),
                    onKeyDown: (e: React.KeyboardEvent) => {
                      if (e.key !== "Enter" && e.key !== " ") return;
                      e.preventDefault();
                      props.onSelectCell?.(g.cell);
                    },
                  }
                : {})}
            >
              {many && (
                <rect x={g.x - 3} y={0} width={g.width + 6} height={innerH + bottom - 6} fill={selected ? "#e8f0fd" : "transparent"}>
                  <title>{g.label}</title>
                </rect>
              )}
              {g.bars.map((b) => {
                const narrow = b.width < 26;
                const label = fmtRatio(b.value);
                return (
                  <g key={b.variant} data-testid="fct-bar" data-variant={b.variant} data-value={String(b.value)} data-cell={b.cell}>
                    <rect x={b.x} y={b.y} width={Math.max(1, b.width)} height={Math.max(0, b.height)} fill={colors[b.variant]} rx={1.5}>
                      <title>{`${b.variant}: ${label} × ${view.baseline}${many ? ` (${g.label})` : ""}`}</title>
                    </rect>
                    {narrow ? (
                      <text
                        transform={`translate(${b.x + b.width / 2},${b.y - 4}) rotate(-90)`}
                        dy="0.32em"
                        fontSize={10}
                        fill="#1d2430"
                      >
                        {label}
                      </text>
                    ) : (
                      <text x={b.x + b.width / 2} y={b.y - 4} textAnchor="middle" fontSize={11} fill="#1d2430">
                        {label}
                      </text>
                    )}
                  </g>
                );
              })}
              {g.missing.length > 0 && g.bars.length === 0 && (
                <text x={g.x + g.width / 2} y={innerH - 8} textAnchor="middle" fontSize={11} fill="#6b7280">
                  pending
                </text>
              )}
              {keys.map((k, i) => (
                <text key={k} x={g.x + g.width / 2} y={innerH + 14 + i * ROW} textAnchor="middle" fontSize={11} fill="#374151">
                  {String(view.cells.find((c) => c.index === g.cell)?.params[k] ?? "")}
                </text>
              ))}
            </g>
          );
        })}
        <line x1={0} x2={innerW} y1={layout.baselineY} y2={layout.baselineY} stroke="#1d2430" strokeDasharray="4 3" strokeWidth={1} />
        <text x={innerW + 6} y={layout.baselineY} dy="0.32em" fontSize={10} fill="#4b5563">
          {view.baseline.length > 9 ? "baseline" : view.baseline} = 1
        </text>
        <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke="#9aa1ab" />
        {keys.map((k, i) => (
          <text key={k} x={-8} y={innerH + 14 + i * ROW} textAnchor="end" fontSize={11} fill="#6b7280">
            {shortKey(k)}
          </text>
        ))}
        {!keys.length && (
          <text x={innerW / 2} y={innerH + 14} textAnchor="middle" fontSize={11} fill="#6b7280">
            one cell: every run of the comparison
          </text>
        )}
      </g>
    </svg>
  );
}
