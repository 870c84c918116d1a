/** A comparison's results: progress (ETA, Cancel) while runs finish, then
 * normalized bars with 95% CIs per cell (or the paired differences over
 * common seeds), ECDFs and box plots of the selected cell, the summary table
 * and stacked sequence diagrams; every statistic is marked provisional until
 * every run has finished. Selected variants ("v"), cell ("cell") and the bar
 * view ("stat=paired") live in the URL, so a link or a permalink reproduces
 * the view. */
import { useMemo, useState } from "react";
import type { ComparisonPublic } from "../../client/types.gen";
import { ShareButton } from "../ShareButton";
import { useSearchState } from "../../lib/url";
import type { Catalogue } from "../../lib/forms/catalogue";
import { choicesOf, familyLabel, findMechanism, mechanismLabel, mechanismOfVariant } from "../../lib/forms/mechanisms";
import { firstSentence } from "../../lib/forms/requests";
import { useCatalogue, usePresets } from "../../lib/queries";
import { cellLabel, formatSelection, parseCell, parseSelection, provisionalText, readComparison } from "../../lib/stats/comparison";
import { comparisonCsv } from "../../lib/stats/csv";
import { pairedInputs, pairedSeedsText } from "../../lib/stats/paired";
import { metricInfo, orderMetricNames } from "../../lib/metrics";
import { BoxPlot } from "./BoxPlot";
import { ChartCard } from "../charts/ChartCard";
import { CompareTable } from "./CompareTable";
import { type VariantCue, variantCues } from "../charts/palette";
import { type ExportInfo, ExportInfoContext } from "../charts/exportMeta";
import { baseSeed, cellTitle, comparisonCaption, variantLegend } from "./exportCaption";
import { VariantGlyph } from "./VariantGlyph";
import { EcdfChart } from "./EcdfChart";
import { downloadBlob } from "../charts/exportChart";
import { FctBars } from "./FctBars";
import { CancelledNote, CompareProgress } from "./CompareProgress";
import { ComparePaperTable } from "./ComparePaperTable";
import { PairedChart } from "./PairedChart";
import { ProvisionalBadge } from "./ProvisionalBadge";
import { SequenceStack } from "./SequenceStack";
import { MemberReferenceLine } from "../reference/MemberReferenceLine";
import { useParentSize } from "../charts/useParentSize";
import "./compare.css";

function describeBase(spec: Record<string, unknown>): string {
  const base = (spec.base ?? {}) as Record<string, unknown>;
  if (typeof base.preset === "string") return `Preset ${base.preset}${typeof base.variant === "string" ? ` (${base.variant})` : ""}`;
  return "Custom scenario";
}

/** A block that measures its own width and draws its chart at it. Its own
 * component, so that it measures from the moment it mounts: the charts appear
 * only once the first runs have finished, and a size hook of the page (mounted
 * before them, with nothing to measure yet) kept the fallback width, wider
 * than a 1,024 px window (issue #9, point 7). */
function Sized(props: { fallback: number; children: (width: number) => React.ReactNode }) {
  const { ref, width } = useParentSize<HTMLDivElement>(props.fallback);
  return (
    <div ref={ref} className="sized">
      {props.children(width)}
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

/** What each variant runs, when it only chooses a mechanism: "Timer tlp — Tail Loss Probe (...)"; a label
 * that already names its family stands alone ("No spurious-timeout detection"). */
function variantDocs(spec: Record<string, unknown>, variants: string[], cat: Catalogue | undefined): Record<string, VariantDoc> {
  const out: Record<string, VariantDoc> = {};
  const overrides = (spec.variants ?? {}) as Record<string, unknown>;
  for (const v of variants) {
    const m = mechanismOfVariant(overrides[v], cat);
    if (!m) continue;
    const doc = findMechanism(cat, m.family, m.name)?.doc ?? "";
    const slot = cat ? choicesOf(cat, m.family).findIndex((x) => x.name === m.name) : -1;
    const family = familyLabel(cat, m.family);
    const label = mechanismLabel(cat, m.family, m.name);
    // "No spurious-timeout detection" already names its family: not "Spurious-timeout detection No spurious-timeout detection"
    const text = label.toLowerCase().includes(family.toLowerCase()) ? label : `${family} ${label}`;
    out[v] = { text, doc, slot, family: m.family, member: m.name };
  }
  return out;
}

export function CompareDashboard({ comparison, readOnly = false }: { comparison: ComparisonPublic; readOnly?: boolean }) {
  const view = useMemo(() => readComparison(comparison), [comparison]);
  const [search, setParams] = useSearchState();
  const vParam = search.get("v");
  const cellParam = search.get("cell");
  const paired = search.get("stat") === "paired";
  // the paper-shaped table needs a grid (its columns are a grid key's values)
  const tableView = search.get("stat") === "table" && view.gridKeys.length > 0;
  const setV = (v: string | null) => setParams({ v });
  const setCell = (cell: string | null) => setParams({ cell });
  const setStat = (stat: Stat) => setParams({ stat: stat === "normalized" ? null : stat });
  const selected = useMemo(() => parseSelection(vParam, view.variants), [vParam, view.variants]);
  const cellIdx = parseCell(cellParam, view.cells.length);
  const cell = view.cells[cellIdx];

  const metricNames = useMemo(() => {
    const names = new Set<string>([view.metric]);
    for (const c of view.cells) for (const v of Object.values(c.variants)) for (const m of Object.keys(v.metrics)) names.add(m);
    return [...names];
  }, [view]);
  const [tableMetric, setTableMetric] = useState(view.metric);
  // no run of the comparison will change any more: statistics are final
  const terminal = view.done;
  const provisional = view.provisional ? provisionalText(view) : null;
  const seedsText = pairedSeedsText(pairedInputs(view, selected));
  const anyPaired = seedsText !== null;
  const spec = useMemo(() => (comparison.spec ?? {}) as Record<string, unknown>, [comparison.spec]);
  const anyResults = view.cells.some((c) => Object.values(c.variants).some((v) => v.stats.n > 0));
  // a variant's colour, dash and marker come from its mechanism's place in the catalogue: while the
  // catalogue loads there is none to give, and drawing the charts in the spec's order first would
  // change every colour when it arrives; so the charts wait for its first answer (a failure too:
  // not isPending, which a refetch of a failed catalogue sets again)
  const { data: catalogue, isFetched: catalogueFetched } = useCatalogue();
  const cataloguePending = catalogue === undefined && !catalogueFetched;
  const catMetrics = catalogue?.metrics;
  const compared = metricInfo(catMetrics, view.metric);
  const direction = compared.higherIsBetter === null ? "" : compared.higherIsBetter ? " (higher is better)" : " (lower is better)";
  // the table's metric choices in catalogue order (the compared one first)
  const tableMetrics = useMemo(() => [view.metric, ...orderMetricNames(metricNames, catMetrics).filter((m) => m !== view.metric)], [metricNames, catMetrics, view.metric]);
  const docs = useMemo(() => variantDocs(spec, view.variants, catalogue), [spec, view.variants, catalogue]);
  // a mechanism keeps its colour, dash and marker across comparisons: its place in the catalogue family
  const cues = useMemo<Record<string, VariantCue>>(
    () => (cataloguePending ? {} : variantCues(view.variants, view.baseline, (v) => docs[v]?.slot ?? -1)),
    [cataloguePending, view.variants, view.baseline, docs],
  );
  const { data: presets } = usePresets();
  const seed = baseSeed(spec, presets);
  // what every exported chart of the page says under it (the permalink is the address at export time: this view)
  const exportInfo = useMemo<ExportInfo>(
    () => ({
      caption: comparisonCaption(view, spec, { base: describeBase(spec), metric: compared.label, seed }),
      legend: variantLegend(selected, cues, view.baseline, "marker"),
    }),
    [view, spec, compared.label, seed, selected, cues],
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
    <ExportInfoContext.Provider value={exportInfo}>
    <section className="compare-dashboard" data-testid="compare-dashboard">
      <header className="compare-header">
        <div className="compare-title">
          <h1>
            Comparison <ProvisionalBadge view={view} live />
          </h1>
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
            <button type="button" onClick={downloadCsv} title="n, mean, median, p5, p95, 95% CI and the normalized mean per cell and variant">
              Summary CSV
            </button>
          ) : (
            <a
              className="button-link"
              href={view.links.summaryCsv}
              download={`comparison-${view.id}.csv`}
              title="n, mean, median, p5, p95, 95% CI and the normalized mean per cell and variant"
            >
              Summary CSV
            </a>
          )}
          {/* the server's per-run table (contract of issue #9): one row per run and flow, every metric */}
          <a className="button-link" href={view.links.runsCsv} download={`comparison-${view.id}-runs.csv`} title="one row per run and flow: seed, cell, variant and every metric">
            Per-run CSV
          </a>
          {!readOnly && (
            <ShareButton
              comparisonId={view.id}
              viewState={{
                v: vParam,
                cell: cellParam,
                stat: paired ? "paired" : tableView ? "table" : null,
                ...(tableView ? { tx: search.get("tx"), trows: search.get("trows"), tm: search.get("tm") } : {}),
              }}
              disabled={!terminal}
            />
          )}
        </div>
      </header>

      {!terminal && <CompareProgress view={view} readOnly={readOnly} />}
      <CancelledNote view={view} />
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
              <VariantGlyph cue={cues[v]} />
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
      ) : cataloguePending ? (
        <div className="card empty-state" data-testid="compare-catalogue-loading" aria-live="polite">
          Loading the engine catalogue (each mechanism's colour)…
        </div>
      ) : (
        <>
          {tableView ? (
            <section className="card compare-paper-table-card" aria-labelledby="compare-paper-table-title">
              <div className="chart-card-head">
                <h2 id="compare-paper-table-title">In the papers' table shape</h2>
                <span className="muted chart-card-status">
                  <span className="bars-status">
                    <StatToggle stat="table" anyPaired={anyPaired} hasGrid onStat={setStat} />
                  </span>
                </span>
              </div>
              <ComparePaperTable view={view} spec={spec} variants={selected} cues={cues} metrics={tableMetrics} catalogue={catalogue} />
            </section>
          ) : (
          <Sized fallback={1100}>
            {(wide) => (
            <ChartCard
              title={paired ? `${compared.label}: paired difference from ${view.baseline}` : `${compared.label}, normalized to ${view.baseline}`}
              exportName={`comparison-${view.id}-${paired ? "paired" : "bars"}`}
              legend={variantLegend(selected, cues, view.baseline, "marker")}
              status={
                <span className="bars-status">
                  <StatToggle stat={paired ? "paired" : "normalized"} anyPaired={anyPaired} hasGrid={view.gridKeys.length > 0} onStat={setStat} />
                </span>
              }
              caption={
                paired ? (
                  <>
                    For each seed where both runs succeeded, {compared.label} of the variant minus that of {view.baseline}; dot: the mean of those
                    differences as a share of {view.baseline}'s mean{direction}, whiskers: its 95% confidence interval (Student t);{" "}
                    {seedsText ? `${seedsText} (n at each row's right)` : view.live ? "no common seed yet" : "this server sends no paired comparison yet"}. An interval that excludes 0 marks a difference at
                    the 5% level.
                  </>
                ) : (
                  <>
                    Mean {compared.label} of each variant divided by the mean of {view.baseline} in the same cell{direction}; whiskers: 95%
                    confidence interval of that ratio (none where a side has fewer than 2 values).
                    {view.cells.length > 1 && " Click a group to show its distribution below."}
                  </>
                )
              }
            >
              {paired ? (
                <PairedChart view={view} variants={selected} cues={cues} width={Math.max(300, wide - 32)} catalogue={catMetrics} />
              ) : (
                <FctBars
                  view={view}
                  variants={selected}
                  cues={cues}
                  selectedCell={cellIdx}
                  onSelectCell={(c) => setCell(String(view.cells.findIndex((x) => x.index === c)))}
                  width={Math.max(300, wide - 32)}
                  catalogue={catMetrics}
                />
              )}
            </ChartCard>
            )}
          </Sized>
          )}
          {view.cells.length > 1 && <h2 className="cell-title">Cell: {cellLabel(cell?.params ?? {})}</h2>}
          <div className="chart-pair">
            <Sized fallback={540}>
              {(half) => (
              <ChartCard
                title={`ECDF of ${compared.label}`}
                exportTitle={cellTitle(`ECDF of ${compared.label}`, view, cellIdx)}
                exportName={`comparison-${view.id}-ecdf`}
                legend={variantLegend(selected, cues, view.baseline, "both")}
                caption="Over every replication and flow of the cell; marker: where each line crosses its median."
              >
                <EcdfChart
                  cell={cell}
                  metric={view.metric}
                  variants={selected}
                  cues={cues}
                  width={Math.max(260, half - 32)}
                  catalogue={catMetrics}
                  provisional={provisional}
                />
              </ChartCard>
              )}
            </Sized>
            <Sized fallback={540}>
              {(half) => (
              <ChartCard
                title={`Box plot of ${compared.label}`}
                exportTitle={cellTitle(`Box plot of ${compared.label}`, view, cellIdx)}
                exportName={`comparison-${view.id}-box`}
                legend={variantLegend(selected, cues, view.baseline, "marker")}
                caption="Whiskers p5–p95 and median from the API's exact statistics; box Q1–Q3 read off the ECDF points (inverse ECDF); dot: mean."
              >
                <BoxPlot
                  cell={cell}
                  metric={view.metric}
                  variants={selected}
                  cues={cues}
                  width={Math.max(260, half - 32)}
                  catalogue={catMetrics}
                  provisional={provisional}
                />
              </ChartCard>
              )}
            </Sized>
          </div>
          <CompareTable
            view={view}
            variants={selected}
            metric={tableMetric}
            onMetric={setTableMetric}
            metrics={tableMetrics}
            catalogue={catMetrics}
            selectedCell={cellIdx}
            cues={cues}
            readOnly={readOnly}
          />
          <Sized fallback={1100}>
            {(wide) => (
              <SequenceStack
                cell={cell}
                variants={selected}
                cues={cues}
                width={Math.max(300, wide - 32)}
                ready={terminal}
                exportName={`comparison-${view.id}-sequences`}
                cellName={view.cells.length > 1 && cell ? cellLabel(cell.params) : null}
              />
            )}
          </Sized>
        </>
      )}
    </section>
    </ExportInfoContext.Provider>
  );
}

type Stat = "normalized" | "paired" | "table";

/** What the first chart shows: normalized means, paired differences, or (with a grid) the paper-shaped table. */
function StatToggle(props: { stat: Stat; anyPaired: boolean; hasGrid: boolean; onStat: (s: Stat) => void }) {
  const { stat, anyPaired } = props;
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Bars show</legend>
      <button type="button" className="small" aria-pressed={stat === "normalized"} onClick={() => props.onStat("normalized")}>
        Normalized means
      </button>
      <button
        type="button"
        className="small"
        aria-pressed={stat === "paired"}
        onClick={() => props.onStat("paired")}
        title={anyPaired ? "the mean difference from the baseline over common seeds" : "no paired results (yet): they need a seed where both runs succeeded"}
      >
        Paired differences
      </button>
      {props.hasGrid && (
        <button
          type="button"
          className="small"
          aria-pressed={stat === "table"}
          onClick={() => props.onStat("table")}
          title="rows: the variants (split by a grid key), columns: a grid key's values, cells: a metric's mean with its 95% CI, as the papers' tables"
        >
          Paper table
        </button>
      )}
    </fieldset>
  );
}
