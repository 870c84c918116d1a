/** The catalogue's profiles (the engine's defaults, the tail-loss paper's
 * Linux 3.17, Linux 6) as starting points for the builder: what each sets,
 * which one the scenario's flows follow, and what applying one changes. A
 * key one profile sets and another does not keeps the catalogue's default
 * in the other, so every profile is a complete assignment of the same keys. */
import type { Catalogue, CatalogueParam, Profile } from "./catalogue";
import { applyOverrides, getPath } from "./paths";
import { selectorMatches } from "./sweep";

/** Every key some profile sets, in order of first mention. */
export function profileKeys(cat: Pick<Catalogue, "profiles">): string[] {
  return [...new Set(cat.profiles.flatMap((p) => Object.keys(p.overrides)))];
}

const found = new WeakMap<readonly CatalogueParam[], Map<string, CatalogueParam | undefined>>();

/** The catalogue parameter a selector path addresses ("flows[*].tcp.fack" -> tcp.fack); remembered per catalogue. */
export function paramOfSelector(cat: Pick<Catalogue, "params">, selector: string): CatalogueParam | undefined {
  const known = found.get(cat.params) ?? new Map<string, CatalogueParam | undefined>();
  found.set(cat.params, known);
  if (!known.has(selector)) known.set(selector, cat.params.find((p) => selectorMatches(p.path, selector)));
  return known.get(selector);
}

/** A profile's value for every profile key: its own, else the catalogue's default. */
export function profileSettings(cat: Pick<Catalogue, "profiles" | "params">, profile: Profile): Record<string, unknown> {
  return Object.fromEntries(profileKeys(cat).map((k) => [k, k in profile.overrides ? profile.overrides[k] : paramOfSelector(cat, k)?.default]));
}

/** The concrete paths a "flows[*]." selector addresses in a scenario (one per flow); other selectors as they are. */
function concretePaths(scenario: unknown, selector: string): string[] {
  const m = /^(\w+)\[\*\]\.(.+)$/.exec(selector);
  if (!m) return [selector];
  const items = getPath(scenario, m[1]);
  const n = Array.isArray(items) ? items.length : 1;
  return Array.from({ length: Math.max(1, n) }, (_, i) => `${m[1]}.${i}.${m[2]}`);
}

/** Two parameter values are the same setting: scalars by value, a set (tcp.spurious) by its names. */
export function sameSetting(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x) => b.includes(x));
  return a === b;
}

/** The scenario's value at a profile key: the one every flow holds (the default where a flow
 * leaves it unset), or undefined when the flows differ. */
export function scenarioValue(cat: Pick<Catalogue, "params">, scenario: unknown, key: string): unknown {
  const def = paramOfSelector(cat, key)?.default;
  const values = concretePaths(scenario, key).map((p) => getPath(scenario, p) ?? def);
  return values.every((v) => sameSetting(v, values[0])) ? values[0] : undefined;
}

/** The profiles the scenario follows on every profile key (usually one; none when it was edited). */
export function matchingProfiles(cat: Catalogue, scenario: unknown): Profile[] {
  return cat.profiles.filter((p) => Object.entries(profileSettings(cat, p)).every(([k, v]) => sameSetting(scenarioValue(cat, scenario, k), v)));
}

/** The scenario with a profile applied to every flow. */
export function applyProfile<T>(cat: Catalogue, scenario: T, profile: Profile): T {
  return applyOverrides(scenario, profileSettings(cat, profile));
}

/** The keys on which some profiles differ, with each profile's value and the scenario's: the
 * table that makes the difference visible. */
export interface ProfileRow {
  key: string;
  label: string;
  values: Record<string, unknown>;
  current: unknown;
}

export function profileTable(cat: Catalogue, scenario: unknown): ProfileRow[] {
  const settings = Object.fromEntries(cat.profiles.map((p) => [p.name, profileSettings(cat, p)]));
  return profileKeys(cat)
    .map((key) => ({
      key,
      label: paramOfSelector(cat, key)?.label ?? key,
      values: Object.fromEntries(cat.profiles.map((p) => [p.name, settings[p.name][key]])),
      current: scenarioValue(cat, scenario, key),
    }))
    .filter((row) => new Set(Object.values(row.values).map((v) => JSON.stringify(v))).size > 1);
}

/** A value as the table shows it. */
export function valueText(v: unknown): string {
  if (v === undefined) return "differs per flow";
  if (typeof v === "boolean") return v ? "on" : "off";
  return String(v);
}
