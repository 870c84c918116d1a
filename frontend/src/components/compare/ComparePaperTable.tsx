/** The compare page's "Paper table" view (issue #11): a comparison with a
 * grid as a paper prints its results: one row per variant (the loss recovery
 * algorithm), split by a second grid key when the reader picks one (the
 * congestion control), one column per value of a chosen grid key (burst size,
 * delay, loss rate), each cell the chosen metric's mean with its 95% CI and n
 * (provisional n/N while runs are unfinished); a table per combination of the
 * remaining grid keys (e.g. opportunistic retransmission off / on). Columns,
 * rows and metric live in the URL (tx, trows, tm), so a link reproduces the
 * view. The table is the gallery's (GalleryTable) from the same statistics
 * (lib/stats/table.ts: the API's n, mean and Student-t CI). */
import { useMemo } from "react";
import type { Catalogue } from "../../lib/forms/catalogue";
import { fieldOfPath } from "../../lib/forms/sweep";
import { metricInfo } from "../../lib/metrics";
import { cellLabel, type ComparisonView, provisionalText, shortKey } from "../../lib/stats/comparison";
import { otherCombinations, paperTable } from "../../lib/stats/table";
import { useSearchState } from "../../lib/url";
import type { VariantCue } from "../charts/palette";
import { GalleryTable, variantsHeader } from "../gallery/GalleryTable";
import { variantLegend } from "./exportCaption";

/** The URL's choice of columns and rows, checked against the grid: columns default to the first key, rows to the
 * second (none when the grid has one key, or "trows=none"); rows never repeat the columns' key. */
export function tableAxes(gridKeys: readonly string[], tx: string | null, trows: string | null): { x: string; rows: string | null } {
  const x = tx && gridKeys.includes(tx) ? tx : gridKeys[0];
  const others = gridKeys.filter((k) => k !== x);
  const rows = trows === "none" ? null : trows && others.includes(trows) ? trows : (others[0] ?? null);
  return { x, rows };
}

/** A metric's display unit and scale: bit rates in Mb/s (the papers' tables), others as the catalogue gives them. */
export function displayUnit(unit: string): { unit: string; scale: number } {
  return unit === "bps" ? { unit: "Mb/s", scale: 1e-6 } : { unit, scale: 1 };
}

/** A grid key's name: the catalogue's label of its field ("One-way delay (both directions)"), else its last segment. */
export function gridKeyLabel(cat: Catalogue | undefined, key: string): { label: string; unit: string } {
  const f = cat ? fieldOfPath(cat, {}, key) : null;
  return f ? { label: f.label, unit: f.param.unit ?? "" } : { label: shortKey(key), unit: "" };
}

export function ComparePaperTable(props: {
  view: ComparisonView;
  spec: Record<string, unknown>;
  variants: string[];
  cues: Record<string, VariantCue>;
  metrics: string[];
  catalogue: Catalogue | undefined;
}) {
  const { view, catalogue } = props;
  const [search, setParams] = useSearchState();
  const { x, rows } = tableAxes(view.gridKeys, search.get("tx"), search.get("trows"));
  const tm = search.get("tm");
  const metric = tm && props.metrics.includes(tm) ? tm : view.metric;
  const info = metricInfo(catalogue?.metrics, metric);
  const shown = displayUnit(info.unit);
  const xName = gridKeyLabel(catalogue, x);
  const rowsName = rows ? gridKeyLabel(catalogue, rows) : null;
  const variantLabel = variantsHeader((props.spec.variants ?? {}) as Record<string, unknown>, props.variants, catalogue);
  const provisional = view.provisional ? provisionalText(view) : null;
  const tables = useMemo(
    () =>
      otherCombinations(view, x, rows).map((where) => ({
        where,
        table: paperTable(view, { x, rows, where, metric, xScale: 1, valueScale: shown.scale, variants: props.variants, published: [] }),
      })),
    [view, x, rows, metric, shown.scale, props.variants],
  );
  const many = tables.length > 1;
  return (
    <div className="compare-paper-table" data-testid="compare-paper-table">
      <div className="paper-table-controls">
        <label className="inline-field">
          Columns{" "}
          <select aria-label="Table columns" value={x} onChange={(e) => setParams({ tx: e.target.value })}>
            {view.gridKeys.map((k) => (
              <option key={k} value={k} title={k}>
                {gridKeyLabel(catalogue, k).label}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          Rows split by{" "}
          <select aria-label="Table rows split by" value={rows ?? "none"} onChange={(e) => setParams({ trows: e.target.value })}>
            <option value="none">nothing (one row per variant)</option>
            {view.gridKeys
              .filter((k) => k !== x)
              .map((k) => (
                <option key={k} value={k} title={k}>
                  {gridKeyLabel(catalogue, k).label}
                </option>
              ))}
          </select>
        </label>
        <label className="inline-field">
          Cells{" "}
          <select aria-label="Table cells metric" value={metric} onChange={(e) => setParams({ tm: e.target.value === view.metric ? null : e.target.value })}>
            {props.metrics.map((m) => (
              <option key={m} value={m}>
                {metricInfo(catalogue?.metrics, m).label}
                {m === view.metric ? " (compared)" : ""}
              </option>
            ))}
          </select>
        </label>
      </div>
      {tables.map(({ where, table }, i) => {
        const at = many ? ` at ${cellLabel(where)}` : "";
        const title = `${info.label}${shown.unit ? ` (${shown.unit})` : ""}${at}`;
        return (
          <GalleryTable
            key={JSON.stringify(where)}
            table={table}
            id={String(i)}
            caption={`${info.label}${shown.unit ? ` (${shown.unit})` : ""} per ${xName.label.toLowerCase()}${rowsName ? ` and ${rowsName.label.toLowerCase()}` : ""}, one row per variant${at}; mean with its 95% confidence interval`}
            title={title}
            exportLabel={`paper table${many ? ` at ${cellLabel(where)}` : ""}`}
            exportName={`comparison-${view.id}-table${many ? `-${i}` : ""}`}
            xKey={x}
            xLabel={xName.label}
            xUnit={xName.unit}
            rowsKey={rows}
            rowsLabel={rowsName?.label ?? ""}
            variantLabel={variantLabel}
            valueUnit={shown.unit}
            cues={props.cues}
            provisional={provisional}
            legend={variantLegend(props.variants, props.cues, view.baseline, "marker")}
          />
        );
      })}
    </div>
  );
}
