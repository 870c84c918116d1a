/** The metrics of one flow side by side, parent and re-run: those that
 * changed first, with the difference and whether it is better or worse (by
 * the catalogue's higher_is_better); the unchanged ones folded away.  Names,
 * units and explanations from the catalogue's metrics table. */
import { fmtPct, fmtSigned, formatMetric } from "../../lib/format";
import { metricHeading, metricTooltip } from "../../lib/metrics";
import type { MetricChange } from "./overlay";

function Row({ c }: { c: MetricChange }) {
  return (
    <tr data-testid={`lineage-metric-${c.info.name}`} data-before={JSON.stringify(c.before ?? null)} data-after={JSON.stringify(c.after ?? null)}>
      <th scope="row" title={metricTooltip(c.info)}>
        {metricHeading(c.info)}
      </th>
      <td className="num">{formatMetric(c.before)}</td>
      <td className="num">{formatMetric(c.after)}</td>
      <td className="num">
        {c.delta !== null && c.changed && (
          <>
            {fmtSigned(c.delta)}
            {c.relative !== null && ` (${fmtPct(c.relative)})`}
          </>
        )}
        {c.delta === null && c.changed && "changed"}
        {c.verdict && <span className={`lin-${c.verdict}`}> {c.verdict}</span>}
      </td>
    </tr>
  );
}

function Table(props: { rows: MetricChange[]; testId: string }) {
  return (
    <table className="lin-table" data-testid={props.testId}>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col" className="num">
            before (parent)
          </th>
          <th scope="col" className="num">
            after (re-run)
          </th>
          <th scope="col" className="num">
            change
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((c) => (
          <Row key={c.info.name} c={c} />
        ))}
      </tbody>
    </table>
  );
}

export function MetricChanges(props: { changes: MetricChange[] }) {
  const changed = props.changes.filter((c) => c.changed);
  const same = props.changes.filter((c) => !c.changed);
  return (
    <>
      {changed.length ? <Table rows={changed} testId="lineage-metrics" /> : <p className="muted">No metric of this flow changed.</p>}
      {same.length > 0 && (
        <details>
          <summary>
            {same.length} unchanged metric{same.length === 1 ? "" : "s"}
          </summary>
          <Table rows={same} testId="lineage-metrics-unchanged" />
        </details>
      )}
    </>
  );
}
