/** Mechanism families as the engine catalogue lists them (GET /mechanisms:
 * `families: [{name, label, key, members}]`), and the overrides that choose
 * one member for some flows (`flows[*].<key>`: `flows[*].tcp.cc`,
 * `flows[*].app.kind`). Nothing here knows a mechanism, a family or where a
 * family is chosen by name: a family the engine adds shows up in the picker,
 * the compare view and the run header, under the catalogue's label, chosen at
 * the catalogue's key. */
import type { PresetPublic } from "../../client/types.gen";
import { type Catalogue, type FamilyInfo, findParam, type MechanismInfo } from "./catalogue";
import { isObject } from "./paths";

/** Which family a comparison varies, and the mechanisms it compares (catalogue names). */
export interface MechanismSelection {
  family: string;
  choices: string[];
}

/** A variant that only chooses one mechanism for some flows. */
export interface VariantMechanism {
  family: string;
  name: string;
  /** the override's flow selector: "flows[*]", "flows[0:40]" */
  scope: string;
}

/** The catalogue's record of a family (label, choosing key), if it lists one. */
export function familyInfo(cat: Catalogue | null | undefined, family: string): FamilyInfo | undefined {
  return cat?.families.find((f) => f.name === family);
}

/** The flow key that picks a family's member ("tcp.cc", "app.kind"), as the
 * catalogue's families say; null when none does (or the catalogue does not describe the family). */
export function familyKey(cat: Catalogue | null | undefined, family: string): string | null {
  return familyInfo(cat, family)?.key ?? null;
}

/** The family a flow key picks a member of ("app.kind" -> "app"), if any. */
export function familyOfKey(cat: Catalogue | null | undefined, key: string): FamilyInfo | undefined {
  return cat?.families.find((f) => f.key !== null && f.key === key);
}

/** Where flow `flow` of a scenario names its member of a family ("flows.0.app.kind"), null when no key picks it. */
export function memberPath(cat: Catalogue | null | undefined, family: string, flow = 0): string | null {
  const key = familyKey(cat, family);
  return key === null ? null : `flows.${flow}.${key}`;
}

/** The families a flow picks one member of, which the builder runs and
 * compares (overrides flows[*].<key>): every family the catalogue lists with
 * a choosing key and at least one member, in catalogue order, except one
 * whose key is a set (several members at once: no one-member variant). */
export function mechanismFamilies(cat: Catalogue): string[] {
  return cat.families
    .filter((f) => f.key !== null && choosingParam(cat, f.name)?.type !== "set" && mechanismsOf(cat, f.name).length > 0)
    .map((f) => f.name);
}

/** The flow parameter that picks a family's member. */
function choosingParam(cat: Catalogue, family: string) {
  const key = familyKey(cat, family);
  return key === null ? undefined : findParam(cat, "flow", key);
}

/** A family's mechanisms (its members); its choosing parameter's choices when the catalogue lists none. */
export function mechanismsOf(cat: Catalogue, family: string): MechanismInfo[] {
  const listed = cat.mechanisms[family]?.length ? cat.mechanisms[family] : (familyInfo(cat, family)?.members ?? []);
  if (listed.length) return listed;
  return (choosingParam(cat, family)?.choices ?? []).map((name) => ({ name, doc: "" }));
}

export function findMechanism(cat: Catalogue | null | undefined, family: string, name: string): MechanismInfo | undefined {
  return cat?.mechanisms[family]?.find((m) => m.name === name) ?? familyInfo(cat, family)?.members.find((m) => m.name === name);
}

/** The catalogue's label for a mechanism, else its name. */
export function mechanismLabel(cat: Catalogue | null | undefined, family: string, name: string): string {
  return findMechanism(cat, family, name)?.label || name;
}

/** A family's name for people, the catalogue's label ("Congestion control"); its name when the catalogue has none. */
export function familyLabel(cat: Catalogue | null | undefined, family: string): string {
  return familyInfo(cat, family)?.label || family;
}

/** The family's description, from the catalogue (else its choosing parameter's doc, else ""). */
export function familyDoc(cat: Catalogue, family: string): string {
  return familyInfo(cat, family)?.doc || choosingParam(cat, family)?.doc || "";
}

/** The mechanism a flow gets when the scenario does not choose one. */
export function defaultMechanism(cat: Catalogue, family: string): string | undefined {
  const d = choosingParam(cat, family)?.default;
  return typeof d === "string" ? d : mechanismsOf(cat, family)[0]?.name;
}

/** The override choosing `name` of a family for the flows of `scope`: {"flows[*].<key>": name};
 * none for a family no key picks. */
export function mechanismOverride(cat: Catalogue, scope: string, family: string, name: string): Record<string, string> {
  const key = familyKey(cat, family);
  return key === null ? {} : { [`${scope || "flows[*]"}.${key}`]: name };
}

/** The family and mechanism a variant chooses, when its overrides only choose one
 * member of a family the builder compares (`{"flows[*].tcp.timer": "tlp"}`,
 * `{"flows[0:2].app.kind": "bulk"}`), the family found by its catalogue key. */
export function mechanismOfVariant(overrides: unknown, cat: Catalogue | null | undefined): VariantMechanism | null {
  if (!cat || !isObject(overrides)) return null;
  const entries = Object.entries(overrides);
  if (entries.length !== 1) return null;
  const [path, value] = entries[0];
  const m = /^(flows(\[[^\]]*\])?)\.(.+)$/.exec(path);
  if (!m || typeof value !== "string") return null;
  const fam = familyOfKey(cat, m[3]);
  if (!fam || !mechanismFamilies(cat).includes(fam.name)) return null;
  return { family: fam.name, name: value, scope: m[2] ? m[1] : "flows[*]" };
}

/** The selection a set of variants makes: the family the first mechanism-only
 * variant varies, and every mechanism chosen for it, in variant order. */
export function selectionOfVariants(variants: unknown, cat: Catalogue | null | undefined): (MechanismSelection & { scope: string }) | null {
  let out: (MechanismSelection & { scope: string }) | null = null;
  for (const ov of Object.values(isObject(variants) ? variants : {})) {
    const v = mechanismOfVariant(ov, cat);
    if (!v) continue;
    if (!out) out = { family: v.family, choices: [], scope: v.scope };
    if (v.family !== out.family) continue;
    if (!out.choices.includes(v.name)) out.choices.push(v.name);
    out.scope = v.scope;
  }
  return out;
}

/** Selected names in catalogue order, without duplicates; unknown names last. */
export function orderChoices(selected: string[], catalogueOrder: string[]): string[] {
  const set = new Set(selected);
  const known = catalogueOrder.filter((t) => set.has(t));
  const unknown = selected.filter((t, i) => !catalogueOrder.includes(t) && selected.indexOf(t) === i);
  return [...known, ...unknown];
}

export interface QuickPick extends MechanismSelection {
  /** the presets that compare exactly these mechanisms */
  presets: string[];
}

/** One quick pick per distinct mechanism set the presets compare. */
export function presetQuickPicks(presets: Pick<PresetPublic, "title" | "variants">[], cat: Catalogue | null | undefined): QuickPick[] {
  const out: QuickPick[] = [];
  for (const p of presets) {
    const sel = selectionOfVariants(p.variants, cat);
    if (!sel || sel.choices.length < 2) continue;
    const same = out.find((q) => q.family === sel.family && q.choices.join() === sel.choices.join());
    if (same) same.presets.push(p.title);
    else out.push({ family: sel.family, choices: sel.choices, presets: [p.title] });
  }
  return out;
}
