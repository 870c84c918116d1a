/** Builder state -> request bodies for POST /runs and POST /comparisons, and
 * preset / permalink helpers. Pure, so the rules are unit-tested. */
import type { ComparisonCreate, PresetPublic, RunCreate } from "../../client/types.gen";
import { applyOverrides, getPath, isObject } from "./paths";

export type Scenario = Record<string, unknown>;

export interface BuilderState {
  scenario: Scenario;
  /** the retransmission timers to run or compare, catalogue names ("rto", "tlp", ...) */
  timers: string[];
  /** which flows the timer applies to, as an override selector ("flows[*]", "flows[0:40]") */
  timerScope: string;
  /** seeds scenario.seed, seed+1, ... */
  replications: number;
}

export const TIMER_LABELS: Record<string, string> = {
  rto: "RTO",
  rtor: "RTOR",
  tlp: "TLP",
  tlpr: "TLPR",
  tlp_rfc8985: "TLP-RFC8985",
};

export function timerLabel(name: string): string {
  return TIMER_LABELS[name] ?? name.toUpperCase();
}

export function timerOverride(scope: string, timer: string): Record<string, string> {
  return { [`${scope || "flows[*]"}.tcp.timer`]: timer };
}

/** Timers in catalogue order, without duplicates or unknown names. */
export function orderTimers(selected: string[], catalogueOrder: string[]): string[] {
  const set = new Set(selected);
  const known = catalogueOrder.filter((t) => set.has(t));
  const unknown = selected.filter((t, i) => !catalogueOrder.includes(t) && selected.indexOf(t) === i);
  return [...known, ...unknown];
}

export type SubmitMode = "run" | "compare";

/** Which submit buttons make sense for a selection. */
export function submitModes(timers: string[]): { run: boolean; compare: boolean } {
  return { run: timers.length === 1, compare: timers.length >= 2 };
}

function seedOf(sc: Scenario): number {
  const s = sc.seed;
  return typeof s === "number" && Number.isFinite(s) ? s : 1;
}

/** POST /runs: the scenario with the chosen timer, one run per seed. */
export function buildRunBody(state: BuilderState): RunCreate {
  const timer = state.timers[0];
  const scenario = timer ? applyOverrides(state.scenario, timerOverride(state.timerScope, timer)) : state.scenario;
  const reps = Math.max(1, Math.floor(state.replications) || 1);
  const body: RunCreate = { scenario };
  if (reps > 1) {
    const s0 = seedOf(scenario);
    body.seeds = Array.from({ length: reps }, (_, i) => s0 + i);
  }
  return body;
}

/** POST /comparisons: one variant per timer; RTO is the baseline when chosen. */
export function buildComparisonBody(state: BuilderState, catalogueOrder: string[] = Object.keys(TIMER_LABELS)): ComparisonCreate {
  const timers = orderTimers(state.timers, catalogueOrder);
  const variants: Record<string, Record<string, unknown>> = {};
  for (const t of timers) variants[timerLabel(t)] = timerOverride(state.timerScope, t);
  const baseline = timers.includes("rto") ? timerLabel("rto") : timerLabel(timers[0] ?? "rto");
  return {
    base: { scenario: state.scenario },
    variants,
    baseline,
    replications: Math.max(1, Math.floor(state.replications) || 1),
  };
}

const RANDOM_LOSS = new Set(["bernoulli", "gilbert_elliott"]);

/** A scenario is deterministic when no direction has a random loss model. */
export function hasRandomLoss(scenario: unknown): boolean {
  const path = getPath(scenario, "path");
  if (!isObject(path)) return false;
  return Object.values(path).some((dir) => RANDOM_LOSS.has(String(getPath(dir, "loss.model") ?? "none")));
}

/** The variant the gallery's Run offers first: the first one that is not the baseline. */
export function defaultRunVariant(preset: Pick<PresetPublic, "variants" | "baseline_variant">): string {
  const names = Object.keys(preset.variants ?? {});
  return names.find((n) => n !== preset.baseline_variant) ?? names[0] ?? "";
}

/** The gallery's one-click comparison: every variant, one cell, few replications. */
export function presetComparisonBody(preset: PresetPublic, maxReplications = 5): ComparisonCreate {
  const deterministic = !hasRandomLoss(preset.scenario);
  return {
    base: { preset: preset.name },
    variants: preset.variants,
    baseline: preset.baseline_variant,
    replications: deterministic ? 1 : Math.max(1, Math.min(preset.replications || 1, maxReplications)),
  };
}

/** The first sentence of a description, for a one-line explanation. */
export function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(text.trim());
  return m ? m[1] : text.trim();
}

/** The timer a variant sets, when its overrides only choose a timer for some flows. */
export function timerOfVariant(overrides: Record<string, unknown>): { timer: string; scope: string } | null {
  const entries = Object.entries(overrides ?? {});
  if (entries.length !== 1) return null;
  const [path, value] = entries[0];
  const m = /^(flows(\[[^\]]*\])?)\.tcp\.timer$/.exec(path);
  if (!m || typeof value !== "string") return null;
  return { timer: value, scope: m[2] ? m[1] : "flows[*]" };
}

export interface ForkSource {
  kind: "run" | "comparison";
  payload: Record<string, unknown>;
  view_state?: Record<string, unknown>;
}

export interface ForkResult {
  scenario: Scenario;
  timers: string[];
  timerScope: string;
  replications: number;
  /** what was loaded, for the notice */
  note: string;
}

/** Rebuild a builder state from a permalink's frozen payload. Comparisons need the
 * preset list when their base names a preset rather than carrying a scenario. */
export function forkFromShare(share: ForkSource, presets: PresetPublic[]): ForkResult | null {
  if (share.kind === "run") {
    const run = share.payload.run;
    if (!isObject(run) || !isObject(run.scenario)) return null;
    const sc = run.scenario as Scenario;
    const f0 = getPath(sc, "flows.0.tcp.timer");
    return { scenario: sc, timers: typeof f0 === "string" ? [f0] : ["rto"], timerScope: "flows[*]", replications: 1, note: "the frozen run's scenario" };
  }
  const comp = share.payload.comparison;
  if (!isObject(comp) || !isObject(comp.spec)) return null;
  const spec = comp.spec as Record<string, unknown>;
  const base = isObject(spec.base) ? spec.base : {};
  let scenario: Scenario | null = null;
  let note = "the comparison's base scenario";
  if (isObject(base.scenario)) scenario = base.scenario as Scenario;
  else if (typeof base.preset === "string") {
    const preset = presets.find((p) => p.name === base.preset);
    if (!preset) return null;
    scenario = preset.scenario as Scenario;
    if (typeof base.variant === "string" && preset.variants[base.variant]) scenario = applyOverrides(scenario, preset.variants[base.variant]);
    note = `preset “${preset.title}”`;
  }
  if (!scenario) return null;
  scenario = applyOverrides(scenario, isObject(base.overrides) ? base.overrides : {});
  const cells = Array.isArray(spec.cells) ? spec.cells : [];
  const cellIdx = Number(share.view_state?.cell ?? 0);
  const cell = cells[Number.isInteger(cellIdx) && cellIdx >= 0 && cellIdx < cells.length ? cellIdx : 0];
  if (isObject(cell) && Object.keys(cell).length) {
    scenario = applyOverrides(scenario, cell);
    note += ` at ${Object.entries(cell).map(([k, v]) => `${k} = ${String(v)}`).join(", ")}`;
  }
  const timers: string[] = [];
  let scope = "flows[*]";
  for (const ov of Object.values(isObject(spec.variants) ? spec.variants : {})) {
    const t = isObject(ov) ? timerOfVariant(ov) : null;
    if (t) {
      if (!timers.includes(t.timer)) timers.push(t.timer);
      scope = t.scope;
    }
  }
  const reps = Number(spec.replications ?? 1);
  return {
    scenario,
    timers: timers.length ? timers : [String(getPath(scenario, "flows.0.tcp.timer") ?? "rto")],
    timerScope: scope,
    replications: Number.isFinite(reps) && reps >= 1 ? reps : 1,
    note,
  };
}
