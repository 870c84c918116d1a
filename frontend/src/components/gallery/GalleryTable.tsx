/** A table in a paper's shape (lib/stats/table.ts paperTable): one column per
 * value of a grid key (its header the value x the chart's scale, in the
 * paper's unit), one row per variant, grouped by a second grid key's values
 * when there is one (a <tbody> per group, its header spanning the group),
 * each cell Rexmit's mean with its 95% CI and n, in display units; under it,
 * for each of the paper's tables of values that names the cell, the paper's
 * value and the difference Rexmit − paper (absolute and relative to the
 * paper's), "—" where the OCR lost the paper's value. A real <table> with a
 * caption and scoped headers; its text at the presentation mode's sizes (18 px
 * numbers), so it reads on a projector. While runs are unfinished the caption
 * and each cell say "provisional n/N". Exports: CSV of the table, and SVG/PNG
 * (title, legend, caption) of the same table drawn as SVG text. Used by the
 * gallery's table cards (GalleryFigure) and the compare page's "Paper table"
 * view (ComparePaperTable). Takes data, never fetches. */
import { useRef } from "react";
import type { Catalogue } from "../../lib/forms/catalogue";
import { familyLabel, mechanismOfVariant } from "../../lib/forms/mechanisms";
import { fmtNum, fmtPct, fmtSig, fmtSigned } from "../../lib/format";
import { type PaperTable, type PaperValue, paperTableCsv, shownValue, type TableCell } from "../../lib/stats/table";
import type { LegendEntry } from "../charts/exportChart";
import { downloadBlob } from "../charts/exportChart";
import { ExportButtons } from "../charts/ExportButtons";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { VariantGlyph } from "../compare/VariantGlyph";
import "./gallery.css";

export interface GalleryTableProps {
  table: PaperTable;
  /** the panel's id (data-panel) */
  id: string;
  /** what the table shows, read first by a screen reader: "Throughput (Mb/s) per loss rate (%) …" */
  caption: string;
  /** the exported figure's title, the export buttons' name and the file names */
  title: string;
  exportLabel: string;
  exportName: string;
  /** the columns' grid key and the paper's name and unit for it */
  xKey: string;
  xLabel: string;
  xUnit: string;
  /** the rows' grid key (null: one row per variant) and the paper's name for it */
  rowsKey: string | null;
  rowsLabel: string;
  /** the rows' name: "Loss recovery" (the paper's), "Variant" */
  variantLabel: string;
  valueUnit: string;
  cues: Record<string, VariantCue>;
  /** "provisional · 12/80 runs" while runs are unfinished, else null */
  provisional: string | null;
  legend?: LegendEntry[];
}

/** The rows' header: the catalogue's name of the family every variant picks a member of ("Recovery"), else "Variant". */
export function variantsHeader(overrides: Record<string, unknown>, variants: readonly string[], cat: Catalogue | null | undefined): string {
  const families = new Set(variants.map((v) => mechanismOfVariant(overrides[v], cat)?.family ?? null));
  const [only] = [...families];
  return families.size === 1 && only ? familyLabel(cat, only) : "Variant";
}

/** A value in the table's display units: 3 significant digits, trailing zeros kept (the paper's tables print 2-3). */
export const fmtCell = (v: number | null) => fmtSig(v, 3);

/** "[0.70, 0.78]" */
export function ciText(ci: [number, number] | null): string {
  return ci ? `[${fmtCell(ci[0])}, ${fmtCell(ci[1])}]` : "";
}

/** "−0.02 (−2.7%)": Rexmit − paper, and relative to the paper's value. */
export function diffText(p: PaperValue): string {
  if (p.diff === null) return "";
  return `${fmtSigned(p.diff, 2)}${p.rel === null ? "" : ` (${fmtPct(p.rel)})`}`;
}

/** The paper's value: "—" where the OCR lost it. */
export function paperText(p: PaperValue): string {
  return p.value === null ? "—" : fmtCell(p.value);
}

/** What a cell says, as one line of text (the cell's accessible description and the SVG export's). */
export function cellWhy(c: TableCell): string {
  if (c.mean === null) return "no finished run yet";
  return `${fmtCell(c.mean)}${c.ci ? `, 95% CI ${fmtCell(c.ci[0])} to ${fmtCell(c.ci[1])}` : c.n < 2 ? ", no CI (n < 2)" : ""}, n = ${fmtNum(c.n)}`;
}

export function GalleryTable(props: GalleryTableProps) {
  const { table, rowsKey } = props;
  const svgRef = useRef<HTMLDivElement | null>(null);
  const unit = props.xUnit ? ` (${props.xUnit})` : "";
  const vunit = props.valueUnit ? ` (${props.valueUnit})` : "";
  const lost = table.published.filter((p) => p.lost > 0);
  const groups = rowsKey ? [...new Set(table.rows.map((r) => shownValue(r.group)))] : [""];
  const csv = () => {
    const text = paperTableCsv([{ name: props.title, table }], { x: props.xKey, xShown: `${props.xLabel}${unit}`, rows: rowsKey, unit: props.valueUnit });
    downloadBlob(new Blob([text], { type: "text/csv" }), `${props.exportName}.csv`);
  };
  return (
    <figure className="paper-table-figure" data-testid="paper-table" data-panel={props.id}>
      <figcaption className="paper-table-head">
        <span className="paper-table-title">{props.title}</span>
        <span className="paper-table-exports">
          <button type="button" className="chart-export-button" aria-label={`Download the ${props.exportLabel} as CSV`} onClick={csv}>
            CSV
          </button>
          <ExportButtons target={svgRef} name={props.exportName} label={props.exportLabel} title={props.title} legend={props.legend} />
        </span>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard */}
      <section className="table-scroll" aria-label={props.title} tabIndex={0}>
        <table className={`paper-table${props.provisional ? " provisional" : ""}`} data-provisional={props.provisional ? "true" : undefined}>
          <caption>
            {props.caption}
            {props.provisional && (
              <span className="provisional" data-testid="paper-table-provisional">
                {" "}
                ({props.provisional})
              </span>
            )}
          </caption>
          {/* the row headers' columns, then the columns the x header (scope colgroup) spans */}
          <colgroup span={rowsKey ? 2 : 1} />
          <colgroup span={table.columns.length} />
          <thead>
            <tr>
              {rowsKey && (
                <th scope="col" rowSpan={2} title={rowsKey}>
                  {props.rowsLabel}
                </th>
              )}
              <th scope="col" rowSpan={2}>
                {props.variantLabel}
              </th>
              <th scope="colgroup" colSpan={table.columns.length} title={props.xKey} className="paper-table-x">
                {props.xLabel}
                {unit}
              </th>
            </tr>
            <tr>
              {table.columns.map((c) => (
                <th key={c.shown} scope="col" className="num" data-testid="paper-table-column">
                  {c.shown}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g} data-group={rowsKey ? g : undefined}>
              {table.rows
                .filter((r) => !rowsKey || shownValue(r.group) === g)
                .map((r) => (
                  <tr key={r.key} data-testid="paper-table-row" data-variant={r.variant} data-group={rowsKey ? shownValue(r.group) : undefined}>
                    {rowsKey && r.groupStart && (
                      <th scope="rowgroup" rowSpan={r.groupSize} className="paper-table-group">
                        {shownValue(r.group)}
                      </th>
                    )}
                    <th scope="row">
                      <VariantGlyph cue={props.cues[r.variant]} kind="marker" />
                      {r.variant}
                    </th>
                    {r.cells.map((c, j) => (
                      <Cell key={table.columns[j].shown} cell={c} column={table.columns[j].shown} provisional={props.provisional !== null} vunit={vunit} />
                    ))}
                  </tr>
                ))}
            </tbody>
          ))}
        </table>
      </section>
      <p className="muted small-print paper-table-note">
        Each cell: Rexmit's mean{vunit} over the replications and counted flows, its 95% confidence interval (Student t) in brackets, and n
        {table.published.length > 0 && (
          <>
            ; under it the paper's value ({table.published.map((p) => `${p.label}, ${p.section}`).join("; ")}) and the difference Rexmit − paper (relative to the
            paper's)
          </>
        )}
        .
        {lost.map((p) => (
          <span key={p.id} data-testid="paper-table-lost">
            {" "}
            “—”: the paper's {p.label.toLowerCase()} value is lost in the OCR'd text ({p.lost} cell{p.lost === 1 ? "" : "s"}).
          </span>
        ))}
        {table.published
          .filter((p) => p.note)
          .map((p) => (
            <span key={p.id} data-testid="paper-table-pub-note">
              {" "}
              {p.label} ({p.section}): {p.note}
            </span>
          ))}
      </p>
      <div ref={svgRef} hidden aria-hidden="true" data-testid="paper-table-export">
        <TableSvg {...props} />
      </div>
    </figure>
  );
}

function Cell(props: { cell: TableCell; column: string; provisional: boolean; vunit: string }) {
  const c = props.cell;
  return (
    <td
      className="num paper-table-cell"
      data-testid="paper-table-cell"
      data-x={props.column}
      data-n={c.n}
      data-mean={c.mean ?? undefined}
      data-low={c.ci?.[0]}
      data-high={c.ci?.[1]}
    >
      {c.mean === null ? (
        <span className="muted">{props.provisional ? "pending" : "–"}</span>
      ) : (
        <>
          <span className="pt-mean">{fmtCell(c.mean)}</span>
          {c.ci ? <span className="pt-ci"> {ciText(c.ci)}</span> : <span className="pt-ci muted"> {c.n < 2 ? "(n < 2)" : ""}</span>}
          <span className="pt-n muted">n = {fmtNum(c.n)}</span>
        </>
      )}
      {c.paper.map((p) => (
        <span key={p.id} className="pt-paper" data-testid="paper-table-paper" data-label={p.label} data-value={p.value ?? undefined} data-diff={p.diff ?? undefined}>
          {p.label}: {paperText(p)}
          {p.diff !== null && <span className="pt-diff"> Δ {diffText(p)}</span>}
        </span>
      ))}
    </td>
  );
}

// ---- the same table as SVG text, for the SVG/PNG export (exportChart.ts draws title, legend and caption around it)

const SIZE = 14;
const LINE = 19;
const CHAR = 7.4;
const PADX = 10;

function TableSvg(props: GalleryTableProps) {
  const { table, rowsKey } = props;
  const p = palette();
  const unit = props.xUnit ? ` (${props.xUnit})` : "";
  const lines = (c: TableCell) => [
    c.mean === null ? "–" : `${fmtCell(c.mean)} ${ciText(c.ci)}`.trim(),
    ...c.paper.map((x) => `${x.label}: ${paperText(x)}${x.diff === null ? "" : ` Δ ${diffText(x)}`}`),
  ];
  const head = [...(rowsKey ? [props.rowsLabel] : []), props.variantLabel, ...table.columns.map((c) => c.shown)];
  const body = table.rows.map((r) => [...(rowsKey ? [r.groupStart ? shownValue(r.group) : ""] : []), r.variant].map((t) => [t]).concat(r.cells.map(lines)));
  const widths = head.map((h, j) => Math.ceil(Math.max(h.length, ...body.map((row) => Math.max(...row[j].map((l) => l.length)))) * CHAR) + 2 * PADX);
  const xs = widths.map((_, j) => widths.slice(0, j).reduce((a, b) => a + b, 0));
  const width = widths.reduce((a, b) => a + b, 0);
  const heights = body.map((row) => Math.max(...row.map((c) => c.length)) * LINE + 6);
  const top = 2 * LINE + 8;
  const ys = heights.map((_, i) => top + heights.slice(0, i).reduce((a, b) => a + b, 0));
  const height = top + heights.reduce((a, b) => a + b, 0) + 4;
  const labelCols = rowsKey ? 2 : 1;
  return (
    <svg width={width} height={height} fontFamily={FONT} fontSize={SIZE} data-testid="paper-table-svg" aria-hidden="true">
      <text x={xs[labelCols]} y={LINE} fontWeight={700} fill={p.text}>
        {props.xLabel}
        {unit}
      </text>
      {head.map((h, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a header is its column
        <text key={j} x={xs[j] + PADX} y={2 * LINE} fontWeight={700} fill={p.text}>
          {h}
        </text>
      ))}
      <line x1={0} x2={width} y1={top - 4} y2={top - 4} stroke={p.text} />
      {body.map((row, i) => (
        <g key={table.rows[i].key}>
          {row.map((cell, j) =>
            cell.map((l, k) => (
              <text
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell's lines are its positions
                key={k}
                x={xs[j] + PADX}
                y={ys[i] + LINE * (k + 1) - 2}
                fill={k === 0 ? p.text : p.muted}
                fontWeight={j < labelCols ? 700 : 400}
                fontSize={k === 0 ? SIZE : SIZE - 2}
              >
                {l}
              </text>
            )),
          )}
          <line x1={0} x2={width} y1={ys[i] + heights[i]} y2={ys[i] + heights[i]} stroke={p.axis} strokeWidth={table.rows[i + 1]?.groupStart ? 1.5 : 0.5} />
        </g>
      ))}
    </svg>
  );
}
