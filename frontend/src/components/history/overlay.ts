/** Before/after of a re-run (pure): which marks of one flow's time-sequence
 * diagram the two runs share, which moved in time and which only one of them
 * has; where they first part; how their metrics and scenarios differ.
 *
 * A mark's identity across the two runs is what it is, not when it happens:
 * a data transmission is (kind, first byte, transmission number), a drop
 * (direction, first byte), a cumulative ACK its value, a timer firing its
 * timer kind; the n-th occurrence of an identity in one run pairs with the
 * n-th in the other.  The engine is deterministic, so up to the change the
 * re-run made (a dropped segment) the two traces agree to the nanosecond. */
import { DATA_TX_KINDS, type EventKind, type TraceEvent, transmissionOf } from "../../lib/chart-math/events";
import { metricColumns, type MetricInfo } from "../../lib/metrics";

/** The kinds compared: what the diagram draws. */
export const COMPARED_KINDS: ReadonlySet<EventKind> = new Set<EventKind>(["send", "retransmit", "probe", "drop", "ack_recv", "timer_fired"]);
/** The kinds the server never leaves out of a downsampled window (GET /runs/{id}/trace). */
export const RARE_KINDS: ReadonlySet<EventKind> = new Set<EventKind>(["retransmit", "probe", "drop", "timer_fired"]);

/** Two times closer than this (ms) are the same instant: 1 ns, the trace's resolution. */
const SAME_MS = 1e-6;

export type PairStatus = "same" | "moved" | "before-only" | "after-only";

export interface MarkPair {
  key: string;
  kind: EventKind;
  before: TraceEvent | null;
  after: TraceEvent | null;
  status: PairStatus;
  /** after.t - before.t (ms) when both exist */
  dt: number | null;
}

export interface OverlayDiff {
  /** every compared mark of either run, by the time it first appears */
  pairs: MarkPair[];
  /** the first instant (ms) at which the runs differ; null when they do not */
  divergence: number | null;
  counts: Record<PairStatus, number>;
  /** only the rare kinds were compared (a window was downsampled, so the dense marks are incomplete) */
  rareOnly: boolean;
}

/** The identity of an event across two runs of the same flow; null for a kind not compared. */
export function markIdentity(e: TraceEvent): string | null {
  if (!COMPARED_KINDS.has(e.kind)) return null;
  if (DATA_TX_KINDS.has(e.kind)) return `${e.kind}|${e.seq}|${transmissionOf(e)}`;
  if (e.kind === "drop") return `drop|${e.direction}|${e.seq}`;
  if (e.kind === "ack_recv") return e.syn_ack ? null : `ack|${e.seq}`;
  if (e.kind === "timer_fired") return `timer_fired|${e.timer}`;
  return null;
}

function keyed(events: readonly TraceEvent[], kinds: ReadonlySet<EventKind>): Map<string, TraceEvent> {
  const out = new Map<string, TraceEvent>();
  const seen = new Map<string, number>();
  for (const e of events) {
    if (!kinds.has(e.kind)) continue;
    const id = markIdentity(e);
    if (id === null) continue;
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    out.set(`${id}#${n}`, e);
  }
  return out;
}

/** Pair the marks of one flow's events in the parent (`before`) and the re-run (`after`).
 * `rareOnly`: compare only the kinds a downsampled window keeps complete. */
export function diffMarks(before: readonly TraceEvent[], after: readonly TraceEvent[], rareOnly = false): OverlayDiff {
  const kinds = rareOnly ? RARE_KINDS : COMPARED_KINDS;
  const a = keyed(before, kinds);
  const b = keyed(after, kinds);
  const pairs: MarkPair[] = [];
  const counts: Record<PairStatus, number> = { same: 0, moved: 0, "before-only": 0, "after-only": 0 };
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(key) ?? null;
    const y = b.get(key) ?? null;
    const dt = x && y ? y.t - x.t : null;
    const status: PairStatus = !x ? "after-only" : !y ? "before-only" : Math.abs(dt ?? 0) <= SAME_MS ? "same" : "moved";
    counts[status]++;
    pairs.push({ key, kind: (x ?? y)?.kind as EventKind, before: x, after: y, status, dt });
  }
  const first = (p: MarkPair) => Math.min(p.before?.t ?? Number.POSITIVE_INFINITY, p.after?.t ?? Number.POSITIVE_INFINITY);
  // by time, then in trace order (the parent's where it has the mark)
  const order = (p: MarkPair) => (p.before ?? p.after)?.i ?? 0;
  pairs.sort((p, q) => first(p) - first(q) || order(p) - order(q));
  const firstDiff = pairs.find((p) => p.status !== "same");
  return { pairs, divergence: firstDiff ? first(firstDiff) : null, counts, rareOnly };
}

/** The pairs worth listing under the diagram: the rare marks that differ, in time order. */
export function rareDifferences(diff: OverlayDiff): MarkPair[] {
  return diff.pairs.filter((p) => p.status !== "same" && RARE_KINDS.has(p.kind));
}

// ---- metrics

export interface MetricChange {
  info: MetricInfo;
  before: unknown;
  after: unknown;
  changed: boolean;
  /** after - before, for two numbers */
  delta: number | null;
  /** delta / |before|, when before is a non-zero number */
  relative: number | null;
  /** by the catalogue's higher_is_better: is the re-run's value better, worse, or neither? */
  verdict: "better" | "worse" | null;
}

const same = (x: unknown, y: unknown) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);

/** Every metric of a flow in either run, in the catalogue's order, with what changed. */
export function metricChanges(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined, catalogue: readonly MetricInfo[] | null | undefined): MetricChange[] {
  const rows = [before ?? {}, after ?? {}];
  return metricColumns(rows, catalogue).map((info) => {
    const x = before?.[info.name];
    const y = after?.[info.name];
    const changed = !same(x, y);
    const numeric = typeof x === "number" && typeof y === "number";
    const delta = numeric ? y - x : null;
    const relative = numeric && x !== 0 ? (y - x) / Math.abs(x) : null;
    let verdict: MetricChange["verdict"] = null;
    if (changed && info.higherIsBetter !== null) {
      const up = numeric ? y > x : y === true && x !== true;
      const down = numeric ? y < x : x === true && y !== true;
      if (up || down) verdict = up === info.higherIsBetter ? "better" : "worse";
    }
    return { info, before: x, after: y, changed, delta, relative, verdict };
  });
}

// ---- scenarios

export interface ScenarioChange {
  /** dotted path, list items by index: path.forward.stages[1].rules[0].segment */
  path: string;
  before: unknown;
  after: unknown;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The leaves where two scenarios differ (a value present in only one side is undefined on the other). */
export function scenarioChanges(before: unknown, after: unknown, path = ""): ScenarioChange[] {
  if (isPlain(before) && isPlain(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => scenarioChanges(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.max(before.length, after.length);
    return Array.from({ length: n }, (_, i) => scenarioChanges(before[i], after[i], `${path}[${i}]`)).flat();
  }
  return same(before, after) && (before === undefined) === (after === undefined) ? [] : [{ path, before, after }];
}
