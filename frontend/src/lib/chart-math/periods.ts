/** The path periods of a run (the engine's path_period events: a delay
 * spike, an outage, a handover table's non-zero rows) as bands to shade
 * behind the time axis of the charts, each with the words that name it.
 *
 * A period listed in both directions with the same start and end (an outage
 * process shared by path.forward and path.reverse) is one band, "both
 * directions".  A period without an end lasts to the end of the run. */
import type { TraceEvent } from "./events";
import type { ScheduleRow } from "./schedule";

export type PeriodStage = "delay_spike" | "outage" | "schedule";
export type PeriodDirection = "forward" | "reverse" | "both";

export interface PeriodBand {
  stage: string;
  direction: PeriodDirection;
  /** ms */
  t0: number;
  /** ms (the run's end when the period has none) */
  t1: number;
  /** what a tooltip and the legend say: "delay spike 10.0-13.5 s" */
  label: string;
  /** the words written inside the band when it is wide enough (the stage's short name by default) */
  text?: string;
  /** why, in the catalogue's words: added to the band's tooltip */
  why?: string;
  /** the band's number, as data-value (a recovery period's utilisation) */
  value?: number;
  /** bands sharing one are one legend entry, with these words (the many idle stretches of the link) */
  legendGroup?: string;
  /** the band's data-testid ("period-band" by default) */
  testId?: string;
}

const STAGE_WORDS: Record<string, string> = { delay_spike: "delay spike", outage: "outage", schedule: "handover table" };

/** How the charts name a stage's period ("delay spike"); the stage's name for others. */
export function periodStageName(stage: string | null | undefined): string {
  return stage ? (STAGE_WORDS[stage] ?? stage) : "path stage";
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The largest delay and loss rate of a table's rows within [t0, t1] ms (linear
 * interpolation peaks at rows, so the rows in the period and those at its ends suffice). */
export function schedulePeak(rows: readonly ScheduleRow[], t0: number, t1: number): { delayMs: number; loss: number } {
  let delayMs = 0;
  let loss = 0;
  for (const r of rows)
    if (r.time_ms >= t0 && r.time_ms <= t1) {
      delayMs = Math.max(delayMs, r.delay_ms ?? 0);
      loss = Math.max(loss, r.loss_rate ?? 0);
    }
  return { delayMs, loss };
}

function describe(stage: string, direction: PeriodDirection, t0: number, t1: number, rows: readonly ScheduleRow[]): string {
  const name = periodStageName(stage);
  const dir = direction === "both" ? " (both directions)" : direction === "reverse" ? " (reverse path)" : "";
  const span = `${seconds(t0)}-${seconds(t1)} s`;
  if (stage !== "schedule") return `${name}${dir} ${span}`;
  const peak = schedulePeak(rows, t0, t1);
  const parts = [
    peak.delayMs > 0 && `delay up to ${Math.round(peak.delayMs).toLocaleString("en-US")} ms`,
    peak.loss > 0 && `loss up to ${+(peak.loss * 100).toFixed(2)} %`,
  ].filter(Boolean);
  return `${name}${dir}: ${parts.join(", ") || "active"} ${span}`;
}

/** The bands of a run's path_period events (any order, any flow); `runEndMs`
 * closes open periods; `schedules` are the scenario's tables per direction. */
export function periodBands(
  events: readonly TraceEvent[],
  runEndMs: number,
  schedules: { forward?: readonly ScheduleRow[]; reverse?: readonly ScheduleRow[] } = {},
): PeriodBand[] {
  const seen = new Map<string, { stage: string; dirs: Set<string>; t0: number; t1: number }>();
  for (const e of events) {
    if (e.kind !== "path_period") continue;
    const t0 = e.start_ns / 1e6;
    const t1 = e.end_ns === null ? Math.max(runEndMs, t0) : e.end_ns / 1e6;
    const stage = e.stage ?? "";
    const key = `${stage}|${e.start_ns}|${e.end_ns}`;
    const got = seen.get(key) ?? { stage, dirs: new Set<string>(), t0, t1 };
    got.dirs.add(e.direction);
    seen.set(key, got);
  }
  return [...seen.values()]
    .sort((a, b) => a.t0 - b.t0 || a.t1 - b.t1)
    .map(({ stage, dirs, t0, t1 }) => {
      const direction: PeriodDirection = dirs.size > 1 ? "both" : dirs.has("reverse") ? "reverse" : "forward";
      const rows = (direction === "reverse" ? schedules.reverse : schedules.forward) ?? [];
      return { stage, direction, t0, t1, label: describe(stage, direction, t0, t1, rows) };
    });
}

/** The scenario's handover tables (path.<dir>.schedule), read loosely. */
export function scenarioSchedules(scenario: Record<string, unknown>): { forward?: ScheduleRow[]; reverse?: ScheduleRow[] } {
  const path = (scenario.path ?? {}) as Record<string, { schedule?: ScheduleRow[] } | undefined>;
  return { forward: path.forward?.schedule, reverse: path.reverse?.schedule };
}
