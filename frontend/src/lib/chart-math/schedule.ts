/** A handover table (path.<dir>.schedule: rows of time_ms, delay_ms,
 * loss_rate) read as the engine's schedule stage reads it
 * (sim-engine/src/path/stage_schedule.c; Kato et al. §3.1, Eq. 1 and 2):
 * with i the last row at or before t and i+1 the next,
 *
 *   v(t) = v[i] + (v[i+1] - v[i]) (t - time[i]) / (time[i+1] - time[i]);
 *
 * at a time two rows share, the later row applies from that instant (a
 * step); before the first row the first row's values hold, after the last
 * row the last row's.  Also: parsing pasted CSV ("time_ms,delay_ms,loss_rate"
 * lines) with every problem at once, and the line the live chart draws. */

export interface ScheduleRow {
  time_ms: number;
  delay_ms?: number;
  loss_rate?: number;
}

export interface ScheduleValue {
  delayMs: number;
  loss: number;
}

const delayOf = (r: ScheduleRow) => r.delay_ms ?? 0;
const lossOf = (r: ScheduleRow) => r.loss_rate ?? 0;

/** delay (ms) and loss rate at time t (ms), the engine's rule; rows in time order. */
export function scheduleAt(rows: readonly ScheduleRow[], t: number): ScheduleValue {
  if (rows.length === 0) return { delayMs: 0, loss: 0 };
  // the last row at or before t (-1: none)
  let i = -1;
  while (i + 1 < rows.length && rows[i + 1].time_ms <= t) i++;
  const a = Math.max(i, 0);
  const b = i + 1 < rows.length ? i + 1 : a;
  if (i < 0 || b === a) return { delayMs: delayOf(rows[a]), loss: lossOf(rows[a]) };
  const frac = (t - rows[a].time_ms) / (rows[b].time_ms - rows[a].time_ms);
  return { delayMs: delayOf(rows[a]) + (delayOf(rows[b]) - delayOf(rows[a])) * frac, loss: lossOf(rows[a]) + (lossOf(rows[b]) - lossOf(rows[a])) * frac };
}

export interface SchedulePoint {
  t: number;
  delayMs: number;
  loss: number;
}

/** The polyline of a table from 0 to `endMs`: the rows themselves (linear between
 * them, a vertical step where two share a time), the first row's values from 0 and
 * the last row's to the end. */
export function scheduleLine(rows: readonly ScheduleRow[], endMs: number): SchedulePoint[] {
  if (rows.length === 0) return [
    { t: 0, delayMs: 0, loss: 0 },
    { t: endMs, delayMs: 0, loss: 0 },
  ];
  const pts = rows.map((r) => ({ t: r.time_ms, delayMs: delayOf(r), loss: lossOf(r) }));
  const first = pts[0];
  const last = pts[pts.length - 1];
  return [...(first.t > 0 ? [{ ...first, t: 0 }] : []), ...pts, ...(last.t < endMs ? [{ ...last, t: endMs }] : [])];
}

export interface RowLimits {
  time_ms: { min: number; max: number };
  delay_ms: { min: number; max: number };
  loss_rate: { min: number; max: number };
}

export interface CsvProblem {
  /** 1-based line of the pasted text */
  line: number;
  message: string;
}

const COLUMNS = ["time_ms", "delay_ms", "loss_rate"] as const;

/** Rows from pasted CSV: "time_ms,delay_ms,loss_rate" per line (loss_rate may be left
 * out: 0); a header line naming the columns and blank lines are skipped.  Every
 * problem is reported at once, naming the line, the column and the limit; the rows
 * are returned only when there is none. */
export function parseScheduleCsv(text: string, limits: RowLimits, maxRows: number | null): { rows: ScheduleRow[] | null; problems: CsvProblem[] } {
  const rows: ScheduleRow[] = [];
  const problems: CsvProblem[] = [];
  let prevTime = Number.NEGATIVE_INFINITY;
  for (const [k, raw] of text.split(/\r?\n/).entries()) {
    const line = k + 1;
    const s = raw.trim();
    if (!s || /^time_ms\b/i.test(s)) continue;
    const cells = s.split(/[,;\t]/).map((c) => c.trim());
    if (cells.length < 2 || cells.length > 3) {
      problems.push({ line, message: `expected time_ms,delay_ms[,loss_rate], got ${cells.length} value${cells.length === 1 ? "" : "s"}` });
      continue;
    }
    const row: Record<string, number> = {};
    for (const [j, col] of COLUMNS.entries()) {
      if (j >= cells.length) {
        row[col] = 0;
        continue;
      }
      const v = Number(cells[j]);
      const { min, max } = limits[col];
      if (cells[j] === "" || !Number.isFinite(v)) problems.push({ line, message: `${col}: "${cells[j]}" is not a number` });
      else if (v < min || v > max) problems.push({ line, message: `${col}: ${v} is outside [${min}, ${max}]` });
      row[col] = v;
    }
    if (Number.isFinite(row.time_ms)) {
      if (row.time_ms < prevTime) problems.push({ line, message: `time_ms: ${row.time_ms} is before the previous row's ${prevTime} (rows go in time order)` });
      prevTime = Math.max(prevTime, row.time_ms);
    }
    rows.push(row as unknown as ScheduleRow);
  }
  if (maxRows !== null && rows.length > maxRows) problems.push({ line: 0, message: `${rows.length} rows: at most ${maxRows}` });
  return { rows: problems.length ? null : rows, problems };
}
