/** Mechanism families as the engine catalogue lists them (GET /mechanisms:
 * `mechanisms: {cc: [...], timer: [...], recovery: [...], ...}`), and the
 * overrides that choose one for some flows (`flows[*].tcp.<family>`).
 * Nothing here knows a mechanism or a family by name: a family the engine
 * adds shows up in the picker, the compare view and the run header, under
 * the catalogue's label. */
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
 * catalogue says; null when none does; `tcp.<family>` for a family it does not describe. */
export function familyKey(cat: Catalogue, family: string): string | null {
  const info = familyInfo(cat, family);
  return info ? info.key : `tcp.${family}`;
}

/** The families a flow's TCP configuration picks a member of and the builder
 * runs and compares (its overrides are flows[*].tcp.<family>): those the
 * catalogue lists with at least one mechanism, in catalogue order, whose
 * choosing key is tcp.<family>. The application (app.kind) is the workload, not one of them. */
export function mechanismFamilies(cat: Catalogue): string[] {
  return Object.keys(cat.mechanisms).filter((f) => cat.mechanisms[f].length > 0 && familyKey(cat, f) === `tcp.${f}`);
}

/** The flow parameter that picks a family's member. */
function choosingParam(cat: Catalogue, family: string) {
  const key = familyKey(cat, family);
  return key === null ? undefined : findParam(cat, "flow", key);
}

/** A family's mechanisms; its choosing parameter's choices when the catalogue lists none. */
export function mechanismsOf(cat: Catalogue, family: string): MechanismInfo[] {
  const listed = cat.mechanisms[family] ?? [];
  if (listed.length) return listed;
  return (choosingParam(cat, family)?.choices ?? []).map((name) => ({ name, doc: "" }));
}

export function findMechanism(cat: Catalogue | null | undefined, family: string, name: string): MechanismInfo | undefined {
  return cat?.mechanisms[family]?.find((m) => m.name === name);
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

export function mechanismOverride(scope: string, family: string, name: string): Record<string, string> {
  return { [`${scope || "flows[*]"}.tcp.${family}`]: name };
}

/** The family and mechanism a variant chooses, when its overrides only choose one
 * mechanism (`{"flows[*].tcp.timer": "tlp"}`); `families` limits what counts as a family. */
export function mechanismOfVariant(overrides: unknown, families?: readonly string[]): VariantMechanism | null {
  if (!isObject(overrides)) return null;
  const entries = Object.entries(overrides);
  if (entries.length !== 1) return null;
  const [path, value] = entries[0];
  const m = /^(flows(\[[^\]]*\])?)\.tcp\.([A-Za-z_]\w*)$/.exec(path);
  if (!m || typeof value !== "string") return null;
  if (families && !families.includes(m[3])) return null;
  return { family: m[3], name: value, scope: m[2] ? m[1] : "flows[*]" };
}

/** The selection a set of variants makes: the family the first mechanism-only
 * variant varies, and every mechanism chosen for it, in variant order. */
export function selectionOfVariants(variants: unknown, families?: readonly string[]): (MechanismSelection & { scope: string }) | null {
  let out: (MechanismSelection & { scope: string }) | null = null;
  for (const ov of Object.values(isObject(variants) ? variants : {})) {
    const v = mechanismOfVariant(ov, families);
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
export function presetQuickPicks(presets: Pick<PresetPublic, "title" | "variants">[], families?: readonly string[]): QuickPick[] {
  const out: QuickPick[] = [];
  for (const p of presets) {
    const sel = selectionOfVariants(p.variants, families);
    if (!sel || sel.choices.length < 2) continue;
    const same = out.find((q) => q.family === sel.family && q.choices.join() === sel.choices.join());
    if (same) same.presets.push(p.title);
    else out.push({ family: sel.family, choices: sel.choices, presets: [p.title] });
  }
  return out;
}
