/** Per-flow metrics as the API reports them: one row per flow, one cell per
 * metric (data-testid="metric-{flow}-{name}"), named, ordered and explained
 * (heading tooltip) by the engine catalogue's `metrics`; a metric it does not
 * describe is headed by its name. Clicking a flow shows it in the charts. */
import { formatMetric } from "../../lib/format";
import { metricColumns, metricHeading, metricTooltip, type MetricInfo } from "../../lib/metrics";

/** A column is left-aligned when it holds something other than numbers (flags, lists). */
const textual = (rows: readonly Record<string, unknown>[], name: string) => rows.some((r) => r[name] !== null && r[name] !== undefined && typeof r[name] !== "number");

export function MetricsTable(props: {
  metrics: Record<string, unknown>[];
  flow: number;
  onFlow?: (f: number) => void;
  /** the catalogue's descriptions (absent or empty: headings are the metrics' names) */
  catalogue?: readonly MetricInfo[];
}) {
  const cols = metricColumns(props.metrics, props.catalogue);
  const many = props.metrics.length > 1;
  return (
    <div className="rv-metrics" style={{ maxHeight: many ? 188 : undefined }}>
      <table data-testid="metrics-table">
        <thead>
          <tr>
            <th scope="col">flow</th>
            {cols.map((c) => (
              <th key={c.name} scope="col" title={metricTooltip(c)} data-metric={c.name} className={textual(props.metrics, c.name) ? "" : "num"}>
                {metricHeading(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.metrics.map((m, f) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a flow is its index
            <tr key={f} className={f === props.flow && many ? "sel" : ""}>
              <th scope="row">
                {many && props.onFlow ? (
                  <button type="button" className="rv-link" aria-pressed={f === props.flow} onClick={() => props.onFlow?.(f)} title="show this flow in the charts">
                    {f}
                  </button>
                ) : (
                  f
                )}
              </th>
              {cols.map(({ name: k }) => {
                const v = m[k];
                return (
                  <td key={k} data-testid={`metric-${f}-${k}`} data-value={typeof v === "number" ? String(v) : undefined} className={typeof v === "number" ? "num" : ""} title={typeof v === "number" ? String(v) : undefined}>
                    {formatMetric(v)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
