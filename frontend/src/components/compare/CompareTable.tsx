/** Summary per grid cell and variant: n, mean, its 95% CI, median, p5–p95 of
 * the chosen metric; the mean normalized to the baseline with its 95% CI; the
 * difference of means from the baseline variant; and the paired difference
 * over common seeds with its 95% CI (green: better, red: worse, bold: the
 * intervals say the difference is significant at the 5% level). While runs
 * are unfinished the whole table is marked provisional. */
import { Link } from "react-router";
import { provisionalLabel, statsFor, type ComparisonView, type Paired } from "../../lib/stats/comparison";
import { diffFromBaseline, pairedVerdict } from "../../lib/stats/diff";
import { fmtNum, fmtPct, fmtRatio, fmtSigned } from "../../lib/format";
import { metricInfo, type MetricInfo } from "../../lib/metrics";
import { shortKey } from "../../lib/stats/comparison";
import type { VariantCue } from "../charts/palette";
import { ProvisionalBadge } from "./ProvisionalBadge";
import { VariantGlyph } from "./VariantGlyph";

export function CompareTable(props: {
  view: ComparisonView;
  variants: string[];
  metric: string;
  onMetric: (m: string) => void;
  metrics: string[];
  selectedCell: number;
  /** each variant's colour, dash and marker (palette.ts variantCues) */
  cues: Record<string, VariantCue>;
  readOnly?: boolean;
  /** the catalogue's metric descriptions: labels, units, docs and which direction is better */
  catalogue?: readonly MetricInfo[];
}) {
  const { view, variants, metric } = props;
  const info = metricInfo(props.catalogue, metric);
  const { unit } = info;
  const keys = view.gridKeys;
  // normalized CIs and paired differences are the API's, for the compared metric only
  const compared = metric === view.metric;
  return (
    <div className="card compare-table-card">
      <div className="chart-head">
        <h3>Summary</h3>
        <ProvisionalBadge view={view} />
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
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard */}
      <section className="table-scroll" aria-label="Summary table" tabIndex={0}>
        <table data-testid="compare-table" className={`compare-table${view.provisional ? " provisional" : ""}`} data-provisional={view.provisional ? "true" : undefined}>
          <caption className="visually-hidden">
            {info.label} per grid cell and variant, with differences from {view.baseline}
            {view.provisional ? `. ${provisionalLabel(view)}` : ""}
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
              <th scope="col" className="num">95% CI</th>
              <th scope="col" className="num">median</th>
              <th scope="col" className="num">p5 – p95</th>
              <th scope="col" className="num" title={`mean ÷ the mean of ${view.baseline} in the same cell, with its 95% confidence interval`}>
                ÷ {view.baseline} [95% CI]
              </th>
              <th scope="col" className="num">Δ mean vs {view.baseline}</th>
              <th scope="col" className="num" title={`mean of the per-seed differences from ${view.baseline}, over the seeds where both runs succeeded, with its 95% CI`}>
                paired Δ vs {view.baseline} [95% CI]
              </th>
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
                const ratio = compared ? (v?.normalizedMean ?? null) : st.mean !== null && base.mean ? st.mean / base.mean : null;
                const ratioCi = compared ? (v?.normalizedCi95 ?? null) : null;
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
                      <VariantGlyph cue={props.cues[name]} />
                      {name}
                      {isBase && <span className="tag">baseline</span>}
                    </th>
                    <td className="num">{st.n}</td>
                    <td className="num">{fmtNum(st.mean, 4)}</td>
                    <td className="num" data-testid="compare-ci">
                      {st.ci95 ? `${fmtNum(st.ci95[0], 4)} – ${fmtNum(st.ci95[1], 4)}` : st.n > 0 ? "n < 2" : "–"}
                    </td>
                    <td className="num">{fmtNum(st.median, 4)}</td>
                    <td className="num">{st.p5 === null ? "–" : `${fmtNum(st.p5, 4)} – ${fmtNum(st.p95, 4)}`}</td>
                    <td className="num" data-testid="compare-normalized" data-low={ratioCi?.[0]} data-high={ratioCi?.[1]}>
                      {fmtRatio(ratio)}
                      {ratioCi && <span className="ci"> [{fmtRatio(ratioCi[0])}, {fmtRatio(ratioCi[1])}]</span>}
                    </td>
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
                    <PairedCell
                      paired={compared && !isBase ? (v?.paired ?? null) : null}
                      isBase={isBase}
                      why={!compared ? "computed for the compared metric" : view.live ? "no seed where both runs succeeded (yet)" : "this server sends no paired comparison"}
                      higherIsBetter={info.higherIsBetter}
                      baseMean={base.mean}
                    />
                    <td>{v?.runs[0] ? <Link to={`/runs/${v.runs[0]}`}>open</Link> : <span className="muted">–</span>}</td>
                  </tr>
                );
              });
            })}
          </tbody>
        </table>
      </section>
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
        ; * marks differences whose 95% confidence intervals (Student t over replications and flows) do not overlap. Paired Δ: the mean of the
        per-seed differences over the seeds where both runs succeeded, with its Student t 95% CI; bold when that interval excludes 0.
        {!compared && ` Normalized CIs and paired differences are computed for the compared metric (${metricInfo(props.catalogue, view.metric).label}).`}
      </p>
    </div>
  );
}

function PairedCell(props: { paired: Paired | null; isBase: boolean; why: string; higherIsBetter: boolean | null; baseMean: number | null }) {
  const p = props.paired;
  if (props.isBase)
    return (
      <td className="num" data-testid="compare-paired">
        <span className="muted">—</span>
      </td>
    );
  if (!p)
    return (
      <td className="num" data-testid="compare-paired" title={props.why}>
        –
      </td>
    );
  const { verdict, significant } = pairedVerdict(p, props.higherIsBetter, props.baseMean);
  const seeds = `paired over ${fmtNum(p.n)} common seed${p.n === 1 ? "" : "s"}`;
  return (
    <td
      className={`num diff paired ${verdict} ${significant ? "significant" : ""}`}
      data-testid="compare-paired"
      data-n={p.n}
      data-mean-diff={p.meanDiff}
      data-low={p.ci95?.[0]}
      data-high={p.ci95?.[1]}
      title={significant ? `${seeds}; the 95% CI excludes 0` : seeds}
    >
      {fmtSigned(p.meanDiff, 4)}
      {p.ci95 ? (
        <span className="ci">
          {" "}
          [{signed(p.ci95[0])}, {signed(p.ci95[1])}]
        </span>
      ) : (
        <span className="ci muted"> (n &lt; 2)</span>
      )}
      <span className="sub">
        {p.normalizedDiff !== null && `${fmtPct(p.normalizedDiff)} · `}
        {seeds}
      </span>
    </td>
  );
}

/** A CI end with the same minus sign as fmtSigned ("−1,504"), without a plus. */
function signed(v: number): string {
  return v < 0 ? fmtSigned(v, 4) : fmtNum(v, 4);
}
