/** Which transmission a clicked segment is, and the scenario that re-runs the
 * flow with that transmission dropped or delayed (pure).
 *
 * The engine's positioned loss stage (sim-engine/src/path/stage_positioned.c)
 * acts on "the k-th transmission of the i-th new data segment" of a flow:
 * segments are numbered 1, 2, ... in the order their first transmission left
 * the sender (0 is the SYN).  In the trace a new segment is a `send` (or a TLP
 * `probe` of new data, transmission 1); a retransmission or a probe of old data
 * repeats the seq of its segment and carries the transmission number.
 */
import type { EventOf, TraceEvent } from "./events";

export interface PositionedRule {
  flow: number;
  segment: number;
  transmission: number;
  action: "drop" | "delay" | "duplicate";
  delay_ms: number;
}

/** seq -> segment index (1-based) for one flow, from its first transmissions in
 * time order.  `events` must hold every first transmission of the flow from the
 * start of the run (e.g. GET /trace?kinds=send,probe&flows=f&to_ms=..., not
 * downsampled). */
export function segmentIndexMap(events: readonly TraceEvent[], flow: number): Map<number, number> {
  const map = new Map<number, number>();
  let n = 0;
  for (const e of events) {
    if (e.flow !== flow) continue;
    if ((e.kind === "send" || e.kind === "probe") && (e.transmission ?? 1) === 1 && !map.has(e.seq)) {
      map.set(e.seq, ++n);
    }
  }
  return map;
}

/** Estimate of a segment index when the full list of sends is not available:
 * assumes every earlier segment was a full MSS (true for bulk transfers and
 * fixed-size objects). */
export function estimateSegmentIndex(seq: number, mss: number): number {
  return Math.floor(seq / Math.max(1, mss)) + 1;
}

/** The positioned rules that reproduce the forward loss-model drops of a run:
 * each drop is matched to the latest transmission of the same flow and seq
 * before it.  `events` must include the data transmissions and drops from the
 * start of the run.  Queue drops are congestion, not the loss model: not kept. */
export function dropsToRules(events: readonly TraceEvent[]): PositionedRule[] {
  const index = new Map<number, Map<number, number>>();
  const counters = new Map<number, number>();
  const lastTx = new Map<string, EventOf<"send" | "retransmit" | "probe">>();
  const rules: PositionedRule[] = [];
  for (const e of events) {
    if (e.kind === "send" || e.kind === "retransmit" || e.kind === "probe") {
      const m = index.get(e.flow) ?? new Map();
      index.set(e.flow, m);
      if (e.transmission === 1 && e.kind !== "retransmit" && !m.has(e.seq)) {
        const n = (counters.get(e.flow) ?? 0) + 1;
        counters.set(e.flow, n);
        m.set(e.seq, n);
      }
      lastTx.set(`${e.flow}|${e.seq}`, e);
    } else if (e.kind === "drop" && e.direction !== "reverse" && e.reason === "loss_model") {
      const tx = lastTx.get(`${e.flow}|${e.seq}`);
      const seg = index.get(e.flow)?.get(e.seq);
      if (tx && seg !== undefined) {
        rules.push({ flow: e.flow, segment: seg, transmission: tx.transmission, action: "drop", delay_ms: 0 });
      }
    }
  }
  return rules;
}

export const MAX_RULES = 256;

export interface RerunPlan {
  scenario: Record<string, unknown>;
  /** what happened to the run's loss model, for the UI */
  note: string;
  rules: PositionedRule[];
}

type Obj = Record<string, unknown>;

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

function sameTarget(a: PositionedRule, b: PositionedRule): boolean {
  return a.flow === b.flow && a.segment === b.segment && a.transmission === b.transmission;
}

function describeModel(loss: Obj): string {
  const model = String(loss.model ?? "none");
  if (model === "tail") return `tail (last ${loss.count ?? 1} segment(s) of each object)`;
  if (model === "bernoulli") return `bernoulli (p = ${loss.p})`;
  if (model === "gilbert_elliott") return "Gilbert–Elliott";
  return model;
}

/** The scenario for a re-run with `rule` added to path.forward.loss.
 *
 * - model none: becomes positioned with just this rule;
 * - model positioned: the rule is appended (replacing a rule on the same transmission);
 * - any other model (tail, bernoulli, Gilbert–Elliott): it is converted to the
 *   positioned rules that reproduce the drops it made in this run
 *   (`observedDrops`, see dropsToRules), so the tail loss stays where it was and
 *   only the chosen transmission changes; a random model's later losses, which
 *   would depend on the new packet sequence, are not kept.  If the drops are
 *   not known, or there are too many for the rule limit, the model is replaced
 *   by the new rule alone, and the note says so.
 */
export function planRerun(scenario: Obj, rule: PositionedRule, observedDrops: PositionedRule[] | null): RerunPlan {
  const sc = clone(scenario);
  sc.path ??= {};
  const path = sc.path as Obj;
  path.forward ??= {};
  const fwd = path.forward as Obj;
  fwd.loss ??= { model: "none" };
  const loss = fwd.loss as Obj;
  const model = String(loss.model ?? "none");
  let rules: PositionedRule[];
  let note: string;
  if (model === "positioned") {
    const old = ((loss.rules as PositionedRule[] | undefined) ?? []).map((r) => ({ ...r }));
    const kept = old.filter((r) => !sameTarget(r, rule));
    rules = [...kept, rule];
    note = kept.length < old.length
      ? "The positioned rule on this transmission is replaced by the new one."
      : `The new rule is added to the ${old.length} positioned rule(s) of this run.`;
  } else if (model === "none") {
    rules = [rule];
    note = "The forward path had no loss model; it becomes positioned with this one rule.";
  } else {
    const desc = describeModel(loss);
    const drops = (observedDrops ?? []).filter((r) => !sameTarget(r, rule));
    if (observedDrops && drops.length + 1 <= MAX_RULES) {
      rules = [...drops, rule];
      note = `The ${desc} loss model is converted to positioned rules: the ${drops.length} drop(s) it made in this run stay, plus this rule.`;
      if (model !== "tail") note += " Random losses after them are not modelled any more.";
    } else {
      rules = [rule];
      note = observedDrops
        ? `The ${desc} loss model made ${observedDrops.length} drops, more than the ${MAX_RULES}-rule limit: it is replaced by this rule alone.`
        : `The ${desc} loss model is replaced by this rule alone.`;
    }
  }
  if (rules.length > MAX_RULES) rules = rules.slice(rules.length - MAX_RULES);
  loss.model = "positioned";
  loss.rules = rules;
  return { scenario: sc, note, rules };
}
