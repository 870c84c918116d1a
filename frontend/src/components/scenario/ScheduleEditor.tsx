/** The handover table editor (a direction's path.<dir>.schedule): one row of
 * catalogue fields per table row (limits and the server's 422s beside each
 * field, as every builder field), add and remove rows, paste CSV lines
 * "time_ms,delay_ms,loss_rate" (every problem listed at once), and a small
 * live chart of delay and loss over time read as the engine reads the table
 * (lib/chart-math/schedule.ts). */
import { useId, useState } from "react";
import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import type { ItemList } from "../../lib/forms/layout";
import { type CsvProblem, parseScheduleCsv, type RowLimits, type ScheduleRow, scheduleLine, type SchedulePoint } from "../../lib/chart-math/schedule";
import { FONT, palette, SERIES_STYLES } from "../charts/palette";
import type { RenderField } from "./PathSection";

export interface TableEdits {
  onAdd: (list: ItemList) => void;
  onRemove: (list: ItemList, i: number) => void;
  /** replace every row (pasted CSV) */
  onReplace: (list: ItemList, rows: ScheduleRow[]) => void;
}

/** The row fields' limits from the catalogue's parameters of the list's rows (unbounded where it gives none). */
export function rowLimits(params: readonly { path: string; key: string; min?: number | null; max?: number | null }[], listName: string): RowLimits {
  const lim = (key: string) => {
    const s = params.find((x) => x.path.includes(`${listName}[].`) && x.key === key);
    return { min: s?.min ?? Number.NEGATIVE_INFINITY, max: s?.max ?? Number.POSITIVE_INFINITY };
  };
  return { time_ms: lim("time_ms"), delay_ms: lim("delay_ms"), loss_rate: lim("loss_rate") };
}

export function ScheduleEditor(props: { dir: string; list: ItemList; rows: ScheduleRow[]; field: RenderField; edits: TableEdits; limits: RowLimits }) {
  const { dir, list, rows, field, edits } = props;
  const [csv, setCsv] = useState("");
  const [problems, setProblems] = useState<CsvProblem[]>([]);
  const full = list.maxItems !== null && list.items.length >= list.maxItems;
  const csvId = useId();
  const apply = () => {
    const r = parseScheduleCsv(csv, props.limits, list.maxItems);
    setProblems(r.problems);
    if (r.rows) {
      edits.onReplace(list, r.rows);
      setCsv("");
    }
  };
  return (
    <details className="rules schedule" data-testid={`schedule-${dir}`} open={rows.length > 0}>
      <summary>
        <h5 title={list.doc || undefined}>Handover table ({rows.length} row{rows.length === 1 ? "" : "s"})</h5>
      </summary>
      <p className="muted small">{list.doc}</p>
      <ScheduleChart rows={rows} dir={dir} />
      <ol className="rule-list" aria-label={`${dir} handover table`}>
        {list.items.map((specs, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position in the table
          <li key={i} className="rule-row" data-testid="schedule-row">
            <span className="rule-num" aria-hidden="true">
              {i + 1}
            </span>
            <div className="field-grid compact">{specs.map((s) => field(s))}</div>
            <button type="button" className="link-button" onClick={() => edits.onRemove(list, i)} aria-label={`Remove table row ${i + 1} (${dir})`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => edits.onAdd(list)} disabled={full} aria-label={`Add a ${dir} table row`}>
        Add row
      </button>
      {full && <span className="muted small"> at most {list.maxItems}</span>}
      <div className="schedule-csv">
        <label htmlFor={csvId} className="field-label">
          Paste CSV (time_ms,delay_ms,loss_rate per line; replaces the table)
        </label>
        <textarea id={csvId} rows={3} value={csv} onChange={(e) => setCsv(e.target.value)} placeholder={"10000,0,0\n10000,5000,0.05\n11460,3550,0.05"} data-testid={`schedule-csv-${dir}`} />
        <button type="button" onClick={apply} disabled={!csv.trim()}>
          Use these rows
        </button>
        {problems.length > 0 && (
          <ul className="error small" role="alert" data-testid={`schedule-csv-errors-${dir}`}>
            {problems.map((p) => (
              <li key={`${p.line}-${p.message}`}>{p.line > 0 ? `line ${p.line}: ${p.message}` : p.message}</li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

const W = 360;
const H = 120;
const M = { top: 8, right: 44, bottom: 22, left: 48 };

/** Delay (left axis, ms) and loss (right axis, %) over time as the table gives them. */
export function ScheduleChart(props: { rows: ScheduleRow[]; dir: string }) {
  const p = palette();
  const ordered = props.rows.every((r, i) => i === 0 || r.time_ms >= props.rows[i - 1].time_ms);
  const lastT = props.rows.reduce((m, r) => Math.max(m, r.time_ms), 0);
  const end = Math.max(1000, lastT * 1.15);
  const pts = ordered ? scheduleLine(props.rows, end) : [];
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const x = scaleLinear().domain([0, end / 1000]).range([0, pw]).nice();
  const maxDelay = Math.max(1, ...pts.map((q) => q.delayMs));
  const yd = scaleLinear().domain([0, maxDelay]).range([ph, 0]).nice();
  const yl = scaleLinear().domain([0, Math.max(0.01, ...pts.map((q) => q.loss))]).range([ph, 0]).nice();
  const delayPath = line<SchedulePoint>().x((q) => x(q.t / 1000)).y((q) => yd(q.delayMs))(pts) ?? "";
  const lossPath = line<SchedulePoint>().x((q) => x(q.t / 1000)).y((q) => yl(q.loss))(pts) ?? "";
  const peakDelay = Math.max(0, ...pts.map((q) => q.delayMs));
  const peakLoss = Math.max(0, ...pts.map((q) => q.loss));
  const label = ordered
    ? `Handover table of the ${props.dir} path: delay up to ${Math.round(peakDelay).toLocaleString("en-US")} ms, loss up to ${+(peakLoss * 100).toFixed(2)} %, over ${props.rows.length} rows`
    : `Handover table of the ${props.dir} path: rows out of time order, not drawn`;
  const delayStyle = SERIES_STYLES.cwnd;
  const lossStyle = SERIES_STYLES.ssthresh;
  return (
    <svg width={W} height={H} fontFamily={FONT} fontSize={10} role="img" aria-label={label} data-testid={`schedule-chart-${props.dir}`} data-peak-delay={peakDelay} data-peak-loss={peakLoss}>
      <g transform={`translate(${M.left},${M.top})`}>
        {x.ticks(5).map((t) => (
          <g key={`x${t}`} transform={`translate(${x(t)},${ph})`}>
            <line y2={4} stroke={p.axis} />
            <text y={14} textAnchor="middle" fill={p.muted}>
              {t} s
            </text>
          </g>
        ))}
        {yd.ticks(3).map((v) => (
          <text key={`d${v}`} x={-4} y={yd(v)} dy="0.32em" textAnchor="end" fill={delayStyle.color}>
            {v.toLocaleString("en-US")}
          </text>
        ))}
        {yl.ticks(3).map((v) => (
          <text key={`l${v}`} x={pw + 4} y={yl(v)} dy="0.32em" fill={lossStyle.color}>
            {+(v * 100).toFixed(1)}%
          </text>
        ))}
        <line x1={0} x2={pw} y1={ph} y2={ph} stroke={p.axis} />
        <path d={delayPath} fill="none" stroke={delayStyle.color} strokeWidth={2} data-series="delay" />
        <path d={lossPath} fill="none" stroke={lossStyle.color} strokeWidth={2} strokeDasharray={lossStyle.dash} data-series="loss" />
        <text x={4} y={8} fill={delayStyle.color}>
          delay (ms)
        </text>
        <text x={pw - 4} y={8} textAnchor="end" fill={lossStyle.color}>
          loss (dashed)
        </text>
      </g>
    </svg>
  );
}
