/** Summary per grid cell and variant: n, mean, median, p5, p95, 95% CI of the
 * chosen metric, and the difference from the baseline variant (green: better,
 * red: worse, bold: the 95% confidence intervals do not overlap). */
import { Link } from "react-router";
import { statsFor, type ComparisonView } from "../../lib/stats/comparison";
import { diffFromBaseline } from "../../lib/stats/diff";
import { fmtNum, fmtPct, fmtRatio, fmtSigned } from "../../lib/format";
import { metricInfo, type MetricInfo } from "../../lib/metrics";
import { shortKey } from "../../lib/stats/comparison";

export function CompareTable(props: {
  view: ComparisonView;
  variants: string[];
  metric: string;
  onMetric: (m: string) => void;
  metrics: string[];
  selectedCell: number;
  colors: Record<string, string>;
  readOnly?: boolean;
  /** the catalogue's metric descriptions: labels, units, docs and which direction is better */
  catalogue?: readonly MetricInfo[];
}) {
  const { view, variants, metric } = props;
  const info = metricInfo(props.catalogue, metric);
  const { unit } = info;
  const keys = view.gridKeys;
  return (
    <div className="card compare-table-card">
      <div className="chart-head">
        <h3>Summary</h3>
        <label className="inline-field">
          Metric{" "}
          <select aria-label="Table metric" value={metric} onChange={(e) => props.onMetric(e.target.value)}>
            {props.metrics.map((m) => {
              const mi = metricInfo(props.catalogue, m);
              return (
                <option key={m} value={m} title={mi.doc || undefined}>
                  {mi.label}
                  {m === view.metric ? " (compared)" : ""}
                </option>
              );
            })}
          </select>
        </label>
      </div>
      <div className="table-scroll">
        <table data-testid="compare-table" className="compare-table">
          <caption className="visually-hidden">
            {info.label} per grid cell and variant, with differences from {view.baseline}
          </caption>
          <thead>
            <tr>
              {keys.map((k) => (
                <th key={k} scope="col" title={k}>
                  {shortKey(k)}
                </th>
              ))}
              <th scope="col">Variant</th>
              <th scope="col" className="num">n</th>
              <th scope="col" className="num">mean{unit ? ` (${unit})` : ""}</th>
              <th scope="col" className="num">median</th>
              <th scope="col" className="num">p5</th>
              <th scope="col" className="num">p95</th>
              <th scope="col" className="num">95% CI</th>
              <th scope="col" className="num">÷ {view.baseline}</th>
              <th scope="col" className="num">Δ mean vs {view.baseline}</th>
              <th scope="col">Run</th>
            </tr>
          </thead>
          <tbody>
            {view.cells.map((c) => {
              const base = statsFor(c.variants[view.baseline], metric, view.metric);
              return variants.map((name, i) => {
                const v = c.variants[name];
                const st = statsFor(v, metric, view.metric);
                const isBase = name === view.baseline;
                const d = isBase ? null : diffFromBaseline(st, base, info.higherIsBetter);
                const ratio = metric === view.metric ? v?.normalizedMean ?? null : st.mean !== null && base.mean ? st.mean / base.mean : null;
                const selected = c.index === props.selectedCell && view.cells.length > 1;
                return (
                  <tr
                    key={`${c.index}-${name}`}
                    data-testid="compare-row"
                    data-cell={c.index}
                    data-variant={name}
                    className={`${selected ? "selected" : ""} ${i === 0 ? "cell-start" : ""}`}
                  >
                    {keys.map((k) => (
                      <td key={k}>{i === 0 ? String(c.params[k] ?? "") : ""}</td>
                    ))}
                    <th scope="row">
                      <span className="swatch" style={{ background: props.colors[name] }} aria-hidden="true" />
                      {name}
                      {isBase && <span className="tag">baseline</span>}
                    </th>
                    <td className="num">{st.n}</td>
                    <td className="num">{fmtNum(st.mean, 4)}</td>
                    <td className="num">{fmtNum(st.median, 4)}</td>
                    <td className="num">{fmtNum(st.p5, 4)}</td>
                    <td className="num">{fmtNum(st.p95, 4)}</td>
                    <td className="num">{st.ci95 ? `${fmtNum(st.ci95[0], 4)} – ${fmtNum(st.ci95[1], 4)}` : st.n > 0 ? "n < 2" : "–"}</td>
                    <td className="num">{fmtRatio(ratio)}</td>
                    <td className={`num diff ${d ? d.verdict : ""} ${d?.significant ? "significant" : ""}`} data-testid="compare-diff">
                      {isBase ? (
                        <span className="muted">—</span>
                      ) : d ? (
                        <>
                          {fmtSigned(d.abs, 4)} <span className="pct">{fmtPct(d.rel)}</span>
                          {d.significant && <span title="the 95% confidence intervals do not overlap"> *</span>}
                        </>
                      ) : (
                        "–"
                      )}
                    </td>
                    <td>{v?.runs[0] ? <Link to={`/runs/${v.runs[0]}`}>open</Link> : <span className="muted">–</span>}</td>
                  </tr>
                );
              });
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small-print" title={info.doc || undefined}>
        {info.higherIsBetter === null ? (
          <>
            Δ: difference from {view.baseline} (
            {props.catalogue?.some((m) => m.name === metric)
              ? `neither direction of ${info.label} is better by itself`
              : `the engine catalogue does not say which direction of ${info.label} is better`}
            )
          </>
        ) : (
          <>
            Δ: green is better than {view.baseline}, red worse ({info.higherIsBetter ? "higher" : "lower"} is better for {info.label})
          </>
        )}
        ; * marks differences whose 95% confidence intervals (Student t over replications and flows) do not overlap.
      </p>
    </div>
  );
}
