/** Builder state -> request bodies for POST /runs and POST /comparisons, and
 * preset / permalink helpers. Pure, so the rules are unit-tested. */
import type { ComparisonCreate, PresetPublic, RunCreate } from "../../client/types.gen";
import { type Catalogue, type CatalogueParam, directionsOf, expandTemplate, findParam, TAG_KEY } from "./catalogue";
import { choicesOf, defaultMechanism, familyInfo, isSetFamily, mechanismLabel, memberPath, mechanismOverride, orderChoices, selectionOfVariants, setChoice, type MechanismSelection } from "./mechanisms";
import { applyOverrides, getPath, isObject } from "./paths";

export type Scenario = Record<string, unknown>;

export interface BuilderState {
  scenario: Scenario;
  /** the family compared and the mechanisms to run or compare (catalogue names) */
  mechanisms: MechanismSelection;
  /** which flows the choice applies to, as an override selector ("flows[*]", "flows[0:40]") */
  scope: string;
  /** seeds scenario.seed, seed+1, ... */
  replications: number;
  /** a sweep: grid key ("path.*.delay_ms") -> its values; the comparison runs their product */
  grid?: Record<string, unknown[]>;
}

export type SubmitMode = "run" | "compare";

function seedOf(sc: Scenario): number {
  const s = sc.seed;
  return typeof s === "number" && Number.isFinite(s) ? s : 1;
}

/** POST /runs: the scenario with the first chosen mechanism, one run per seed. */
export function buildRunBody(state: BuilderState, cat: Catalogue): RunCreate {
  const { family, choices } = state.mechanisms;
  const scenario = choices.length ? applyOverrides(state.scenario, mechanismOverride(cat, state.scope, family, choices[0])) : state.scenario;
  const reps = Math.max(1, Math.floor(state.replications) || 1);
  const body: RunCreate = { scenario };
  if (reps > 1) {
    const s0 = seedOf(scenario);
    body.seeds = Array.from({ length: reps }, (_, i) => s0 + i);
  }
  return body;
}

/** The variant name of each chosen mechanism: its catalogue label, else its name
 * (made unique should two labels coincide). */
export function variantNames(cat: Catalogue, family: string, choices: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const used = new Set<string>();
  for (const c of choices) {
    let label = mechanismLabel(cat, family, c);
    if (used.has(label)) label = `${label} (${c})`;
    used.add(label);
    out[c] = label;
  }
  return out;
}

/** POST /comparisons: one variant per chosen mechanism, in catalogue order; the
 * family's default mechanism is the baseline when chosen, else the first. */
export function buildComparisonBody(state: BuilderState, cat: Catalogue): ComparisonCreate {
  const { family } = state.mechanisms;
  const choices = orderChoices(state.mechanisms.choices, choicesOf(cat, family).map((m) => m.name));
  const names = variantNames(cat, family, choices);
  const variants: Record<string, Record<string, unknown>> = {};
  for (const c of choices) variants[names[c]] = mechanismOverride(cat, state.scope, family, c);
  const def = defaultMechanism(cat, family);
  const base = def !== undefined && choices.includes(def) ? def : choices[0];
  const grid = Object.fromEntries(Object.entries(state.grid ?? {}).filter(([, values]) => values.length > 0));
  return {
    base: { scenario: state.scenario },
    variants,
    ...(Object.keys(grid).length ? { grid } : {}),
    baseline: base === undefined ? "" : names[base],
    replications: Math.max(1, Math.floor(state.replications) || 1),
  };
}

/** Where a choice of random loss is made: a path parameter's template
 * ("path.{forward,reverse}.loss.model") and the values of it that draw random
 * numbers; or a tagged list of stages ("path.{forward,reverse}.stages") and the
 * kinds of item that do. */
export interface RandomChoice {
  path: string;
  values: string[];
  /** the choice's default, what a scenario that does not set it gets (a list: none) */
  default: unknown;
  /** a tagged list: the values are its items' kinds */
  list?: true;
}

/** A probability: a float parameter ranging over [0, 1]. */
function isProbability(p: CatalogueParam): boolean {
  return p.type === "float" && p.min === 0 && p.max === 1;
}

/** The path's random loss, from the catalogue: the values of a direction's
 * choice that make a probability parameter read (its applies_to), e.g.
 * bernoulli and gilbert_elliott for the loss model's p; and the stages a
 * direction's tagged list may hold whose own parameters include a probability. */
export function randomLossChoices(cat: Catalogue): RandomChoice[] {
  const out: RandomChoice[] = [];
  for (const p of cat.params) {
    if (!p.appliesTo || !isProbability(p) || directionsOf(p.path).length === 0) continue;
    const choice = findParam(cat, p.section, p.appliesTo.key);
    if (!choice) continue;
    let rc = out.find((x) => x.path === choice.path);
    if (!rc) {
      rc = { path: choice.path, values: [], default: choice.default };
      out.push(rc);
    }
    for (const v of p.appliesTo.values) if (!rc.values.includes(v)) rc.values.push(v);
  }
  for (const c of cat.containers) {
    if (c.type !== "tagged_list" || c.family === null || directionsOf(c.path).length === 0) continue;
    const random = (familyInfo(cat, c.family)?.members ?? []).filter((m) => (m.params ?? []).some(isProbability)).map((m) => m.name);
    if (random.length) out.push({ path: c.path, values: random, default: [], list: true });
  }
  return out;
}

/** A scenario is deterministic when no direction chooses a random loss model or lists a random stage (as the catalogue says). */
export function hasRandomLoss(cat: Catalogue, scenario: unknown): boolean {
  return randomLossChoices(cat).some((rc) =>
    directionsOf(rc.path).some((dir) => {
      const v = getPath(scenario, expandTemplate(rc.path, { dir })) ?? rc.default;
      if (rc.list) return Array.isArray(v) && v.some((item) => isObject(item) && typeof item[TAG_KEY] === "string" && rc.values.includes(item[TAG_KEY]));
      return typeof v === "string" && rc.values.includes(v);
    }),
  );
}

/** The variant the gallery's Run offers first: the first one that is not the baseline. */
export function defaultRunVariant(preset: Pick<PresetPublic, "variants" | "baseline_variant">): string {
  const names = Object.keys(preset.variants ?? {});
  return names.find((n) => n !== preset.baseline_variant) ?? names[0] ?? "";
}

/** The gallery's one-click comparison: every variant, one cell, few replications. */
export function presetComparisonBody(preset: PresetPublic, cat: Catalogue, maxReplications = 5): ComparisonCreate {
  const deterministic = !hasRandomLoss(cat, preset.scenario);
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

export interface ForkSource {
  kind: "run" | "comparison";
  payload: Record<string, unknown>;
  view_state?: Record<string, unknown>;
}

export interface ForkResult {
  scenario: Scenario;
  mechanisms: MechanismSelection;
  scope: string;
  replications: number;
  /** a comparison's grid, for the sweep editor (empty for a run) */
  grid: Record<string, unknown[]>;
  /** what was loaded, for the notice */
  note: string;
}

/** The mechanism flow 0 of a scenario runs for a family (the family's default when unset). */
export function mechanismInScenario(cat: Catalogue, scenario: unknown, family: string): string[] {
  const at = memberPath(cat, family);
  const v = at === null ? undefined : getPath(scenario, at);
  if (isSetFamily(cat, family) && Array.isArray(v)) return [setChoice(cat, family, v.map(String))];
  const name = typeof v === "string" ? v : defaultMechanism(cat, family);
  return name === undefined ? [] : [name];
}

/** Rebuild a builder state from a permalink's frozen payload. Comparisons need the
 * preset list when their base names a preset rather than carrying a scenario;
 * `family` is what a run's fork compares along (the builder's first family). */
export function forkFromShare(share: ForkSource, presets: PresetPublic[], cat: Catalogue, family: string): ForkResult | null {
  if (share.kind === "run") {
    const run = share.payload.run;
    if (!isObject(run) || !isObject(run.scenario)) return null;
    const sc = run.scenario as Scenario;
    return { scenario: sc, mechanisms: { family, choices: mechanismInScenario(cat, sc, family) }, scope: "flows[*]", replications: 1, grid: {}, note: "the frozen run's scenario" };
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
    note += ` at ${Object.entries(cell).map(([k, v]) => `${k} = ${Array.isArray(v) ? `[${v.map(String).join(", ")}]` : String(v)}`).join(", ")}`;
  }
  const sel = selectionOfVariants(spec.variants, cat);
  const reps = Number(spec.replications ?? 1);
  const grid = isObject(spec.grid) ? Object.fromEntries(Object.entries(spec.grid).filter((e): e is [string, unknown[]] => Array.isArray(e[1]))) : {};
  return {
    grid,
    scenario,
    mechanisms: sel ? { family: sel.family, choices: sel.choices } : { family, choices: mechanismInScenario(cat, scenario, family) },
    scope: sel?.scope ?? "flows[*]",
    replications: Number.isFinite(reps) && reps >= 1 ? reps : 1,
    note,
  };
}
