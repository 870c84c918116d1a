/** A comparison's results: progress while runs finish, then normalized bars
 * per cell, ECDFs and box plots of the selected cell, the summary table and
 * stacked sequence diagrams. Selected variants ("v") and cell ("cell") live
 * in the URL, so a link or a permalink reproduces the view. */
import { useMemo, useState } from "react";
import type { ComparisonPublic } from "../../client/types.gen";
import { ShareButton } from "../ShareButton";
import { useSearchState } from "../../lib/url";
import type { Catalogue } from "../../lib/forms/catalogue";
import { familyLabel, findMechanism, mechanismLabel, mechanismOfVariant, mechanismsOf } from "../../lib/forms/mechanisms";
import { firstSentence } from "../../lib/forms/requests";
import { useCatalogue } from "../../lib/queries";
import { cellLabel, formatSelection, parseCell, parseSelection, readComparison, type ComparisonView } from "../../lib/stats/comparison";
import { comparisonCsv } from "../../lib/stats/csv";
import { metricInfo, orderMetricNames } from "../../lib/metrics";
import { BoxPlot } from "./BoxPlot";
import { ChartCard } from "../charts/ChartCard";
import { CompareTable } from "./CompareTable";
import { variantColors } from "../charts/palette";
import { EcdfChart } from "./EcdfChart";
import { downloadBlob } from "../charts/exportChart";
import { FctBars } from "./FctBars";
import { SequenceStack } from "./SequenceStack";
import { MemberReferenceLine } from "../reference/MemberReferenceLine";
import { useParentSize } from "../charts/useParentSize";
import "./compare.css";

const TERMINAL = new Set(["succeeded", "failed"]);

function describeBase(spec: Record<string, unknown>): string {
  const base = (spec.base ?? {}) as Record<string, unknown>;
  if (typeof base.preset === "string") return `Preset ${base.preset}${typeof base.variant === "string" ? ` (${base.variant})` : ""}`;
  return "Custom scenario";
}

export function CompareProgress({ view }: { view: ComparisonView }) {
  const done = view.counts.succeeded + view.counts.failed;
  const pct = view.nRuns ? Math.round((done / view.nRuns) * 100) : 100;
  return (
    <div className="compare-progress card" data-testid="compare-progress">
      <div
        role="progressbar"
        aria-label="Runs finished"
        aria-valuemin={0}
        aria-valuemax={view.nRuns}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${view.nRuns} runs finished`}
        className="progress-track"
      >
        <div className="progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <p className="progress-counts" aria-live="polite">
        <strong>
          {done} / {view.nRuns}
        </strong>{" "}
        runs finished · {view.counts.running} running · {view.counts.queued} queued
        {view.counts.failed > 0 && <span className="error"> · {view.counts.failed} failed</span>}
      </p>
    </div>
  );
}

interface VariantDoc {
  text: string;
  doc: string;
  slot: number;
  family: string;
  member: string;
}

/** What each variant runs, when it only chooses a mechanism: "Timer tlp — Tail Loss Probe (...)". */
function variantDocs(spec: Record<string, unknown>, variants: string[], cat: Catalogue | undefined): Record<string, VariantDoc> {
  const out: Record<string, VariantDoc> = {};
  const overrides = (spec.variants ?? {}) as Record<string, unknown>;
  for (const v of variants) {
    const m = mechanismOfVariant(overrides[v], cat);
    if (!m) continue;
    const doc = findMechanism(cat, m.family, m.name)?.doc ?? "";
    const slot = cat ? mechanismsOf(cat, m.family).findIndex((x) => x.name === m.name) : -1;
    out[v] = { text: `${familyLabel(cat, m.family)} ${mechanismLabel(cat, m.family, m.name)}`, doc, slot, family: m.family, member: m.name };
  }
  return out;
}

export function CompareDashboard({ comparison, readOnly = false }: { comparison: ComparisonPublic; readOnly?: boolean }) {
  const view = useMemo(() => readComparison(comparison), [comparison]);
  const [search, setParams] = useSearchState();
  const vParam = search.get("v");
  const cellParam = search.get("cell");
  const setV = (v: string | null) => setParams({ v });
  const setCell = (cell: string | null) => setParams({ cell });
  const selected = parseSelection(vParam, view.variants);
  const cellIdx = parseCell(cellParam, view.cells.length);
  const cell = view.cells[cellIdx];

  const metricNames = useMemo(() => {
    const names = new Set<string>([view.metric]);
    for (const c of view.cells) for (const v of Object.values(c.variants)) for (const m of Object.keys(v.metrics)) names.add(m);
    return [...names];
  }, [view]);
  const [tableMetric, setTableMetric] = useState(view.metric);
  const { ref: wideRef, width: wide } = useParentSize<HTMLDivElement>(1100);
  const { ref: halfRef, width: half } = useParentSize<HTMLDivElement>(540);
  const terminal = TERMINAL.has(view.state);
  const spec = useMemo(() => (comparison.spec ?? {}) as Record<string, unknown>, [comparison.spec]);
  const anyResults = view.cells.some((c) => Object.values(c.variants).some((v) => v.stats.n > 0));
  const { data: catalogue } = useCatalogue();
  const catMetrics = catalogue?.metrics;
  const compared = metricInfo(catMetrics, view.metric);
  const direction = compared.higherIsBetter === null ? "" : compared.higherIsBetter ? " (higher is better)" : " (lower is better)";
  // the table's metric choices in catalogue order (the compared one first)
  const tableMetrics = useMemo(() => [view.metric, ...orderMetricNames(metricNames, catMetrics).filter((m) => m !== view.metric)], [metricNames, catMetrics, view.metric]);
  const docs = useMemo(() => variantDocs(spec, view.variants, catalogue), [spec, view.variants, catalogue]);
  // a mechanism keeps its colour across comparisons: its place in the catalogue family
  const colors = useMemo(
    () => variantColors(view.variants, view.baseline, (v) => docs[v]?.slot ?? -1),
    [view.variants, view.baseline, docs],
  );

  const toggle = (name: string) => {
    const set = new Set(selected);
    if (set.has(name)) {
      if (set.size === 1) return; // keep at least one variant
      set.delete(name);
    } else set.add(name);
    setV(formatSelection([...set], view.variants));
  };

  const downloadCsv = () => {
    downloadBlob(new Blob([comparisonCsv(view)], { type: "text/csv" }), `comparison-${view.id}.csv`);
  };

  return (
    <section className="compare-dashboard" data-testid="compare-dashboard">
      <header className="compare-header">
        <div>
          <h1>Comparison</h1>
          <p className="muted">
            {describeBase(spec)} · metric{" "}
            <code title={compared.doc || undefined} data-testid="compare-metric">
              {compared.label}
            </code>{" "}
            · baseline <strong>{view.baseline}</strong> · {view.cells.length} cell
            {view.cells.length === 1 ? "" : "s"} × {view.variants.length} variants × {String(spec.replications ?? 1)} replication
            {spec.replications === 1 ? "" : "s"} = {view.nRuns} runs · engine {view.engineVersion}
          </p>
        </div>
        <div className="compare-actions">
          {readOnly ? (
            <button type="button" onClick={downloadCsv}>
              Download CSV
            </button>
          ) : (
            <a className="button-link" href={`/api/v1/comparisons/${encodeURIComponent(view.id)}/export?format=csv`} download={`comparison-${view.id}.csv`}>
              Download CSV
            </a>
          )}
          {!readOnly && (
            <ShareButton comparisonId={view.id} viewState={{ v: vParam, cell: cellParam }} disabled={!terminal} />
          )}
        </div>
      </header>

      {!terminal && <CompareProgress view={view} />}
      {terminal && view.counts.failed > 0 && (
        <p role="alert" className="error card">
          {view.counts.failed} of {view.nRuns} runs failed; their cells show fewer values. Open a run from the table to see its error.
        </p>
      )}

      <div className="compare-toolbar card" role="toolbar" aria-label="View">
        <fieldset className="variant-toggles">
          <legend>Variants</legend>
          {view.variants.map((v) => (
            <button
              key={v}
              type="button"
              className="variant-toggle"
              aria-pressed={selected.includes(v)}
              onClick={() => toggle(v)}
              data-variant={v}
              title={`${selected.includes(v) ? "Hide" : "Show"} ${v}${docs[v]?.doc ? `: ${docs[v].doc}` : ""}`}
            >
              <span className="swatch" style={{ background: colors[v] }} aria-hidden="true" />
              {v}
              {v === view.baseline && <span className="tag">baseline</span>}
            </button>
          ))}
        </fieldset>
        {Object.keys(docs).length > 0 && (
          <ul className="variant-docs muted" data-testid="variant-docs">
            {view.variants
              .filter((v) => docs[v])
              .map((v) => (
                <li key={v} data-variant={v}>
                  <strong>{v}</strong>: {docs[v].text}
                  {docs[v].doc && ` — ${firstSentence(docs[v].doc)}`}
                  <MemberReferenceLine reference={catalogue?.linuxReference} family={docs[v].family} member={docs[v].member} />
                </li>
              ))}
          </ul>
        )}
        {view.cells.length > 1 && (
          <label className="inline-field">
            Cell{" "}
            <select aria-label="Grid cell" value={cellIdx} onChange={(e) => setCell(e.target.value)}>
              {view.cells.map((c, i) => (
                <option key={c.index} value={i}>
                  {cellLabel(c.params)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      {!anyResults ? (
        <div className="card empty-state" data-testid="compare-empty">
          {terminal ? "No run of this comparison produced a value of the compared metric." : "Waiting for the first runs to finish…"}
        </div>
      ) : (
        <>
          <div ref={wideRef}>
            <ChartCard
              title={`${compared.label}, normalized to ${view.baseline}`}
              exportName={`comparison-${view.id}-bars`}
              caption={
                <>
                  Mean {compared.label} of each variant divided by the mean of {view.baseline} in the same cell{direction}.
                  {view.cells.length > 1 && " Click a group to show its distribution below."}
                </>
              }
            >
              <FctBars
                view={view}
                variants={selected}
                colors={colors}
                selectedCell={cellIdx}
                onSelectCell={(c) => setCell(String(view.cells.findIndex((x) => x.index === c)))}
                width={Math.max(320, wide - 32)}
                catalogue={catMetrics}
              />
            </ChartCard>
          </div>
          {view.cells.length > 1 && <h2 className="cell-title">Cell: {cellLabel(cell?.params ?? {})}</h2>}
          <div className="chart-pair">
            <div ref={halfRef}>
              <ChartCard title={`ECDF of ${compared.label}`} exportName={`comparison-${view.id}-ecdf`} caption="Over every replication and flow of the cell.">
                <EcdfChart cell={cell} metric={view.metric} variants={selected} colors={colors} width={Math.max(280, half - 32)} catalogue={catMetrics} />
              </ChartCard>
            </div>
            <div>
              <ChartCard
                title={`Box plot of ${compared.label}`}
                exportName={`comparison-${view.id}-box`}
                caption="Whiskers p5–p95 and median from the API's exact statistics; box Q1–Q3 read off the ECDF points (inverse ECDF); dot: mean."
              >
                <BoxPlot cell={cell} metric={view.metric} variants={selected} colors={colors} width={Math.max(280, half - 32)} catalogue={catMetrics} />
              </ChartCard>
            </div>
          </div>
          <CompareTable
            view={view}
            variants={selected}
            metric={tableMetric}
            onMetric={setTableMetric}
            metrics={tableMetrics}
            catalogue={catMetrics}
            selectedCell={cellIdx}
            colors={colors}
            readOnly={readOnly}
          />
          <SequenceStack cell={cell} variants={selected} colors={colors} width={Math.max(320, wide - 32)} ready={terminal} />
        </>
      )}
    </section>
  );
}
