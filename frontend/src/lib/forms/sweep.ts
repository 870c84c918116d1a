/** The sweep editor's rules, pure so that they are unit-tested: which fields
 * of the scenario a sweep may vary (every number or choice of the catalogue's
 * parameter table, and every parameter a mechanism declares itself: a
 * congestion control's, a timer's or a detector's own under
 * flows[*].tcp.<family>_params.<member>, a path stage's at the stage the
 * scenario lists; all addressed by the selector paths the comparisons API's
 * `grid` takes: "path.*.delay_ms", "flows[*].receiver.ack_policy",
 * "flows[*].tcp.cc_params.vegas.alpha", "path.forward.stages[0].p"), the
 * values typed for each (a list, or a range), checked against the catalogue's
 * limits, the grid they make and how many runs it costs. */
import {
  type AppliesTo,
  type Catalogue,
  type CatalogueContainer,
  type CatalogueParam,
  directionsOf,
  expandTemplate,
  type FamilyInfo,
  type MechanismInfo,
  TAG_KEY,
} from "./catalogue";
import { formatRange, rangeHint } from "./coerce";
import { type Compared, governingValue, isRelevant } from "./layout";
import { getPath, isObject } from "./paths";

/** A field a sweep can vary, at one scope (both directions, one flow, ...). */
export interface SweepField {
  /** the grid key: a selector path the API applies ("path.*.delay_ms") */
  path: string;
  param: CatalogueParam;
  /** "One-way delay (both directions)" */
  label: string;
  /** the option group it is listed in: its section's ("Loss", "Flows") or its mechanism's ("Congestion control: Vegas") */
  group: string;
  kind: "number" | "choice";
  numberType?: "int" | "float";
  /** a choice's values as the scenario holds them (booleans for a switch) */
  choices?: (string | boolean)[];
}

/** One row of the sweep editor: a field and the values typed for it. */
export interface SweepAxis {
  /** the grid key ("" while no field is picked) */
  path: string;
  /** a number field's values as typed: "5, 10, 20" */
  text: string;
  /** a choice field's ticked values (as strings: "quick", "true") */
  chosen: string[];
}

/** What a field's choices are called on screen. */
export function choiceText(v: string | boolean): string {
  return typeof v === "boolean" ? (v ? "on" : "off") : v;
}

/** The seed is what replications vary: the API sets it per replication after applying a cell. */
const NOT_SWEPT = new Set(["seed"]);

function scopeChoices(template: string, scenario: unknown): { path: string; scope: string }[] {
  // one segment at a time: "{forward,reverse}" -> *, forward, reverse; "name[]" -> [*] and each existing item
  let out: { path: string; scope: string[]; at: string }[] = [{ path: "", scope: [], at: "" }];
  for (const seg of template.split(".")) {
    const next: typeof out = [];
    for (const o of out) {
      const join = (s: string) => (o.path ? `${o.path}.${s}` : s);
      const concrete = (s: string) => (o.at ? `${o.at}.${s}` : s);
      const alts = /^\{([^}]+)\}$/.exec(seg);
      const list = /^(\w+)\[\]$/.exec(seg);
      if (alts) {
        const dirs = alts[1].split(",");
        next.push({ path: join("*"), scope: [...o.scope, dirs.length === 2 ? "both directions" : "every direction"], at: concrete(dirs[0]) });
        for (const d of dirs) next.push({ path: join(d), scope: [...o.scope, d], at: concrete(d) });
      } else if (list) {
        const name = list[1];
        const items = getPath(scenario, concrete(name));
        const n = Array.isArray(items) ? items.length : 0;
        if (n === 0) continue; // nothing to vary
        const noun = name.replace(/s$/, "");
        next.push({ path: join(`${name}[*]`), scope: [...o.scope, n === 1 ? noun === "flow" ? "" : `${noun} 0` : `every ${noun}`], at: concrete(`${name}.0`) });
        if (n > 1) for (let i = 0; i < n; i++) next.push({ path: join(`${name}[${i}]`), scope: [...o.scope, `${noun} ${i}`], at: concrete(`${name}.${i}`) });
      } else {
        next.push({ path: join(seg), scope: o.scope, at: concrete(seg) });
      }
    }
    out = next;
  }
  return out.map((o) => ({ path: o.path, scope: o.scope.filter(Boolean).join(", ") }));
}

function sweepField(param: CatalogueParam, path: string, scope: string, group: string): SweepField | null {
  const base = { path, param, label: `${param.label ?? param.key}${scope ? ` (${scope})` : ""}`, group };
  if (param.type === "int" || param.type === "float") return { ...base, kind: "number", numberType: param.type };
  if (param.type === "bool") return { ...base, kind: "choice", choices: [false, true] };
  if (param.type === "enum" || (param.type !== "set" && param.choices?.length)) return { ...base, kind: "choice", choices: param.choices ?? [] };
  return null; // a set (a list of names) is not one value
}

/** An option group's name: the catalogue's label of the one container whose items or value
 * the section is ("Loss", "Flows"), else the section's name. */
export function groupLabel(cat: Pick<Catalogue, "containers">, section: string): string {
  const holders = cat.containers.filter((c) => c.of === section);
  if (holders.length === 1) return holders[0].label;
  return section.charAt(0).toUpperCase() + section.slice(1);
}

/** A parameter a family's member declares itself (the catalogue's families[].members[].params),
 * placed as a sweep reads it: with the section, key and applies_to of the scenario's table
 * when the family's key picks its member (a flow's tcp.cc), or in the tagged list whose
 * items are the family's members (a direction's stages). */
interface MemberParam {
  param: CatalogueParam;
  member: MechanismInfo;
  /** the tagged list holding the member's items, null when the member is picked by a key */
  list: CatalogueContainer | null;
  group: string;
}

/** "flows[].tcp.cc_params.vegas.alpha" under the key "tcp.cc" at "flows[].tcp.cc": read when tcp.cc is vegas. */
function pickedMemberParam(cat: Catalogue, fam: FamilyInfo, member: MechanismInfo, p: CatalogueParam): CatalogueParam {
  const keyParam = fam.key === null ? undefined : cat.params.find((x) => x.key === fam.key && x.path.endsWith(fam.key as string));
  const prefix = keyParam ? keyParam.path.slice(0, keyParam.path.length - keyParam.key.length) : null;
  if (!keyParam || prefix === null || !p.path.startsWith(prefix)) return p;
  const appliesTo: AppliesTo = { key: keyParam.key, values: [member.name], family: fam.name };
  return { ...p, section: keyParam.section, key: p.path.slice(prefix.length), appliesTo };
}

/** Every member's own parameter, in catalogue order (families, members, params), labelled "Vegas: α, ...". */
export function memberParams(cat: Catalogue): MemberParam[] {
  const out: MemberParam[] = [];
  for (const fam of cat.families) {
    for (const member of fam.members) {
      for (const own of member.params ?? []) {
        const list = cat.containers.find((c) => c.type === "tagged_list" && c.family === fam.name && own.path.startsWith(`${c.path}[].`)) ?? null;
        const memberLabel = member.label ?? member.name;
        const labelled = { ...own, label: `${memberLabel}: ${own.label ?? own.key}` };
        const param = list ? { ...labelled, section: list.section } : pickedMemberParam(cat, fam, member, labelled);
        out.push({ param, member, list, group: `${list ? list.label : fam.label}: ${memberLabel}` });
      }
    }
  }
  return out;
}

/** The items of a tagged list (a direction's stages) that are this member, as grid keys:
 * "path.forward.stages[1].p" for each direction's item, and "path.*.stages[1].p" when
 * every direction has that member at that place (the API applies "*" to every direction). */
function taggedScopes(m: MemberParam, scenario: unknown): { path: string; scope: string }[] {
  const list = m.list as CatalogueContainer;
  const rest = m.param.path.slice(list.path.length + 3); // after "<list>[]."
  const name = list.path.split(".").pop() ?? list.key;
  const noun = name.replace(/s$/, "");
  const dirs = directionsOf(list.path);
  const isMember = (dir: string | undefined, i: number) => {
    const items = getPath(scenario, expandTemplate(list.path, { dir }));
    const item = Array.isArray(items) ? items[i] : undefined;
    return isObject(item) && item[TAG_KEY] === m.member.name;
  };
  const longest = Math.max(0, ...(dirs.length ? dirs : [undefined]).map((d) => {
    const items = getPath(scenario, expandTemplate(list.path, { dir: d }));
    return Array.isArray(items) ? items.length : 0;
  }));
  const at = (dir: string | undefined, i: number) => `${dir === undefined ? list.path : list.path.replace(/\{[^}]+\}/, dir)}[${i}].${rest}`;
  const out: { path: string; scope: string }[] = [];
  for (let i = 0; i < longest; i++) {
    if (!dirs.length) {
      if (isMember(undefined, i)) out.push({ path: at(undefined, i), scope: `${noun} ${i}` });
      continue;
    }
    const here = dirs.filter((d) => isMember(d, i));
    if (here.length > 1 && here.length === dirs.length) out.push({ path: at("*", i), scope: `${dirs.length === 2 ? "both directions" : "every direction"}, ${noun} ${i}` });
    for (const d of here) out.push({ path: at(d, i), scope: `${d}, ${noun} ${i}` });
  }
  return out;
}

/** Every field a sweep can vary, at each scope the scenario offers: the catalogue's
 * parameter table in its order, then the members' own parameters (a stage's only where
 * the scenario lists a stage of that kind). */
export function sweepableFields(cat: Catalogue, scenario: unknown): SweepField[] {
  const out: SweepField[] = [];
  for (const p of cat.params) {
    if (NOT_SWEPT.has(p.key)) continue;
    for (const { path, scope } of scopeChoices(p.path, scenario)) {
      const f = sweepField(p, path, scope, groupLabel(cat, p.section));
      if (f) out.push(f);
    }
  }
  for (const m of memberParams(cat)) {
    for (const { path, scope } of m.list ? taggedScopes(m, scenario) : scopeChoices(m.param.path, scenario)) {
      const f = sweepField(m.param, path, scope, m.group);
      if (f) out.push(f);
    }
  }
  return out;
}

/** Does a selector ("flows[0:40].app.segments", "path.*.delay_ms") address a catalogue template ("flows[].app.segments")? */
export function selectorMatches(template: string, selector: string): boolean {
  const t = template.split(".");
  const s = selector.split(".");
  if (t.length !== s.length) return false;
  return t.every((seg, i) => {
    const alts = /^\{([^}]+)\}$/.exec(seg);
    if (alts) return s[i] === "*" || alts[1].split(",").includes(s[i]);
    const list = /^(\w+)\[\]$/.exec(seg);
    if (list) return new RegExp(`^${list[1]}\\[(\\*|\\d+|\\d*:\\d*)\\]$`).test(s[i]);
    return seg === s[i];
  });
}

function scopeOfSelector(selector: string): string {
  const parts: string[] = [];
  for (const seg of selector.split(".")) {
    if (seg === "*") parts.push("both directions");
    else if (seg === "forward" || seg === "reverse") parts.push(seg);
    const m = /^(\w+)\[(.+)\]$/.exec(seg);
    if (!m) continue;
    const noun = m[1].replace(/s$/, "");
    const sl = /^(\d*):(\d*)$/.exec(m[2]);
    if (m[2] === "*") parts.push(`every ${noun}`);
    else if (sl) parts.push(`${m[1]} ${sl[1] || 0}–${sl[2] ? Number(sl[2]) - 1 : "end"}`);
    else parts.push(`${noun} ${m[2]}`);
  }
  return parts.join(", ");
}

/** The field a grid key names: one of the scenario's scopes, else any selector the
 * catalogue's template accepts (a preset's "flows[0:40].app.segments"); null when none does. */
export function fieldOfPath(cat: Catalogue, scenario: unknown, path: string): SweepField | null {
  const known = sweepableFields(cat, scenario).find((f) => f.path === path);
  if (known) return known;
  const param = cat.params.find((p) => !NOT_SWEPT.has(p.key) && selectorMatches(p.path, path));
  if (param) return sweepField(param, path, scopeOfSelector(path), groupLabel(cat, param.section));
  // a member's own parameter picked by a key (not a list item: those exist only where the scenario lists them)
  const own = memberParams(cat).find((m) => !m.list && selectorMatches(m.param.path, path));
  return own ? sweepField(own.param, path, scopeOfSelector(path), own.group) : null;
}

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** "5, 10 20;40" -> the tokens typed. */
export function tokens(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The values of one axis and everything wrong with them, phrased as the server phrases its errors. */
export interface AxisCheck {
  values: (number | string | boolean)[];
  errors: string[];
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(+n.toPrecision(12));
}

/** Check an axis's values against its field: numbers within the catalogue's min..max (integers
 * for an int), choices among the catalogue's; at least one, none twice. All errors at once. */
export function checkAxis(field: SweepField | null, axis: SweepAxis): AxisCheck {
  if (!field) return { values: [], errors: [axis.path ? `no field of the catalogue is at ${axis.path}` : "pick a field to vary"] };
  const errors: string[] = [];
  const values: (number | string | boolean)[] = [];
  if (field.kind === "choice") {
    const offered = field.choices ?? [];
    for (const c of axis.chosen) {
      const v = offered.find((o) => String(o) === c);
      if (v === undefined) errors.push(`${c}: not offered by the engine (${offered.map(choiceText).join(", ")})`);
      else if (!values.includes(v)) values.push(v);
    }
    if (axis.chosen.length === 0) errors.push("tick at least one value");
    return { values, errors };
  }
  const spec = { numberType: field.numberType, min: field.param.min ?? undefined, max: field.param.max ?? undefined } as const;
  const typed = tokens(axis.text);
  if (typed.length === 0) errors.push(`list at least one number${formatRange(spec) ? ` ${formatRange(spec)}` : ""}`);
  for (const t of typed) {
    if (!NUMBER_RE.test(t)) {
      errors.push(`“${t}” is not a number`);
      continue;
    }
    const v = Number(t);
    // the same wording as a single field's hint (and the server's message)
    const bad = rangeHint(spec, v);
    if (bad) errors.push(`${fmt(v)}: ${bad}`);
    else if (values.includes(v)) errors.push(`${fmt(v)} is listed twice`);
    else values.push(v);
  }
  return { values, errors };
}

/** A range helper's values: start, start + step, ... up to stop (inclusive, within a
 * rounding error), or why there are none. At most `max` values. */
export function rangeValues(start: string, stop: string, step: string, max = 1000): { values: number[]; error: string | null } {
  const [a, b, s] = [start, stop, step].map((x) => (NUMBER_RE.test(x.trim()) ? Number(x.trim()) : Number.NaN));
  if ([a, b, s].some(Number.isNaN)) return { values: [], error: "start, stop and step must be numbers" };
  if (s <= 0) return { values: [], error: "step must be above 0" };
  if (b < a) return { values: [], error: "stop must be at least start" };
  const n = Math.floor((b - a) / s + 1e-9) + 1;
  if (n > max) return { values: [], error: `the range gives ${n.toLocaleString("en")} values; at most ${max.toLocaleString("en")}` };
  // each value computed from the start, and rounded to the step's decimals, so 0.1 steps do not drift
  const decimals = Math.max(...[a, s].map((x) => (String(x).split(".")[1] ?? "").length));
  return { values: Array.from({ length: n }, (_, i) => +(a + i * s).toFixed(Math.min(decimals, 12))), error: null };
}

/** The sweep as the API takes it: {grid key: values} for the axes with a field, and every error by axis index. */
export interface SweepPlan {
  grid: Record<string, unknown[]>;
  /** axis index -> its errors (only axes with some) */
  errors: Record<number, string[]>;
  /** axis index -> why its values change nothing (the engine does not read the field here) */
  warnings: Record<number, string>;
  /** how many cells the grid has (the product of the values counted so far; 1 without axes) */
  cells: number;
}

/** Why a field's values would change nothing: the catalogue's applies_to says the
 * engine reads it only while a sibling holds some values, and neither the scenario,
 * the mechanisms compared nor another axis gives it one; null when it is read. */
export function unreadWhy(cat: Catalogue, scenario: unknown, field: SweepField, axes: readonly SweepAxis[], compared: Compared | null): string | null {
  const applies = field.param.appliesTo;
  if (!applies) return null;
  const at = concreteExample(field.path);
  if (at === null) return null;
  const placed = { section: field.param.section, key: field.param.key, path: at, appliesTo: applies };
  // a set (tcp.spurious) reads a member's own parameters while it lists the member
  const held = governingValue(cat, scenario, placed);
  if (Array.isArray(held) ? held.some((v) => applies.values.includes(v)) : isRelevant(cat, scenario, placed, compared)) return null;
  // another axis that varies the deciding field to a value that reads this one
  const sibling = field.path.slice(0, field.path.length - field.param.key.length) + applies.key;
  if (axes.some((a) => a.path === sibling && a.chosen.some((c) => applies.values.includes(c)))) return null;
  return `the engine reads this only when ${applies.key} ${Array.isArray(held) ? "lists" : "is"} ${applies.values.join(" or ")}: these values change nothing here`;
}

export function planSweep(cat: Catalogue, scenario: unknown, axes: readonly SweepAxis[], compared: Compared | null = null): SweepPlan {
  const grid: Record<string, unknown[]> = {};
  const errors: Record<number, string[]> = {};
  const warnings: Record<number, string> = {};
  let cells = 1;
  axes.forEach((axis, i) => {
    const field = axis.path ? fieldOfPath(cat, scenario, axis.path) : null;
    const { values, errors: errs } = checkAxis(field, axis);
    const all = [...errs];
    if (axis.path && axes.findIndex((a) => a.path === axis.path) < i) all.push("this field is already swept above");
    else if (field) grid[axis.path] = values;
    if (all.length) errors[i] = all;
    const why = field ? unreadWhy(cat, scenario, field, axes, compared) : null;
    if (why) warnings[i] = why;
    cells *= Math.max(1, values.length);
  });
  return { grid, errors, warnings, cells };
}

/** cells x variants x replications, and whether it is within the server's limit (unknown: null). */
export interface Estimate {
  cells: number;
  variants: number;
  replications: number;
  runs: number;
  limit: number | null;
  over: boolean;
}

export function estimateRuns(cells: number, variants: number, replications: number, limit: number | null | undefined): Estimate {
  const v = Math.max(1, variants);
  const r = Math.max(1, Math.floor(replications) || 1);
  const runs = cells * v * r;
  const lim = typeof limit === "number" && Number.isFinite(limit) && limit > 0 ? limit : null;
  return { cells, variants: v, replications: r, runs, limit: lim, over: lim !== null && runs > lim };
}

/** The run budget this server publishes (GET /mechanisms limits.max_comparison_runs), or null. */
export function runLimit(cat: Pick<Catalogue, "limits">): number | null {
  const v = cat.limits.max_comparison_runs;
  return typeof v === "number" && v > 0 ? v : null;
}

/** Axes for a grid (a preset's, a forked comparison's): numbers as a list, choices ticked. */
export function axesOfGrid(cat: Catalogue, scenario: unknown, grid: Record<string, unknown[]> | null | undefined): SweepAxis[] {
  return Object.entries(grid ?? {}).map(([path, values]) => {
    const field = fieldOfPath(cat, scenario, path);
    if (field?.kind === "choice") return { path, text: "", chosen: values.map(String) };
    return { path, text: values.map(String).join(", "), chosen: [] };
  });
}

/** The grid key the API reports errors under, as the builder's error paths read it:
 * "flows[*].receiver.ack_policy" -> "grid.flows.*.receiver.ack_policy". */
export function gridErrorPath(path: string): string {
  return `grid.${path.replace(/\[([^\]]*)\]/g, ".$1")}`;
}

/** A new axis on a field: its current value in the scenario as the first value (numbers), or every choice ticked. */
export function newAxis(field: SweepField, scenario: unknown): SweepAxis {
  if (field.kind === "choice") return { path: field.path, text: "", chosen: (field.choices ?? []).map(String) };
  const at = concreteExample(field.path);
  const v = at === null ? undefined : getPath(scenario, at);
  const cur = typeof v === "number" ? v : field.param.default;
  return { path: field.path, text: typeof cur === "number" ? String(cur) : "", chosen: [] };
}

/** One concrete path a selector addresses ("path.*.delay_ms" -> "path.forward.delay_ms"), for reading a current value. */
function concreteExample(selector: string): string | null {
  const parts = selector.split(".").map((seg) => {
    if (seg === "*") return "forward";
    const m = /^(\w+)\[(\*|\d+|(\d*):\d*)\]$/.exec(seg);
    if (!m) return seg;
    const idx = m[2] === "*" ? "0" : m[3] !== undefined ? m[3] || "0" : m[2];
    return `${m[1]}.${idx}`;
  });
  return parts.join(".");
}
