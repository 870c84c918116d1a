/** Per-flow metrics as the API reports them: one row per flow, one cell per
 * metric (data-testid="metric-{flow}-{name}").  Clicking a flow shows it in
 * the charts. */
import { formatMetric } from "../../lib/format";

const ORDER: [string, string, string][] = [
  ["completed", "done", "the transfer completed within the run"],
  ["fct_ms", "FCT (ms)", "flow completion time: from the start of the flow until its last byte reached the receiver"],
  ["goodput_bps", "goodput (bit/s)", "bytes delivered × 8 / FCT"],
  ["segments_sent", "segments", "new data segments sent"],
  ["retransmissions", "retransmits", "retransmissions, including TLP probes that resend data"],
  ["drops", "drops", "packets of this flow dropped by the loss model or a full queue"],
  ["probe_count", "TLP probes", "tail loss probes sent"],
  ["rto_count", "RTOs", "retransmission timeouts"],
  ["fast_retransmits", "fast rtx", "fast retransmits (dupthresh or SACK)"],
  ["early_retransmits", "early rtx", "Early Retransmits (RFC 5827)"],
  ["recovery_episodes", "recoveries", "fast recovery episodes"],
  ["tlp_loss_episodes", "TLP repairs", "losses repaired by a TLP probe (cwnd reduced once)"],
  ["spurious_retransmissions", "spurious", "retransmissions of data that had arrived"],
  ["time_in_recovery_ms", "in recovery (ms)", "time spent in fast recovery"],
  ["syn_retransmits", "SYN rtx", "SYN retransmissions"],
  ["bytes_delivered", "bytes", "bytes delivered to the receiver"],
  ["request_ms", "requests (ms)", "completion time of each request / object"],
];

export function metricColumns(metrics: Record<string, unknown>[]): [string, string, string][] {
  const keys = new Set<string>();
  for (const m of metrics) for (const k of Object.keys(m)) keys.add(k);
  const cols = ORDER.filter(([k]) => keys.has(k));
  for (const k of [...keys].sort()) if (!ORDER.some(([o]) => o === k)) cols.push([k, k.replace(/_/g, " "), k]);
  return cols;
}

export function MetricsTable(props: { metrics: Record<string, unknown>[]; flow: number; onFlow?: (f: number) => void }) {
  const cols = metricColumns(props.metrics);
  const many = props.metrics.length > 1;
  return (
    <div className="rv-metrics" style={{ maxHeight: many ? 188 : undefined }}>
      <table data-testid="metrics-table">
        <thead>
          <tr>
            <th scope="col">flow</th>
            {cols.map(([k, label, doc]) => (
              <th key={k} scope="col" title={doc} className={k === "request_ms" || k === "completed" ? "" : "num"}>
                {label}
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
              {cols.map(([k]) => {
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
