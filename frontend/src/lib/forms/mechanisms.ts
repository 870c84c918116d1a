/** Mechanism families as the engine catalogue lists them (GET /mechanisms:
 * `mechanisms: {cc: [...], timer: [...], recovery: [...], ...}`), and the
 * overrides that choose one for some flows (`flows[*].tcp.<family>`).
 * Nothing here knows a mechanism or a family by name: a family the engine
 * adds shows up in the picker, the compare view and the run header as is. */
import type { PresetPublic } from "../../client/types.gen";
import { findParam, labelFor, type Catalogue, type MechanismInfo } from "./catalogue";
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

/** The catalogue's families that list at least one mechanism, in catalogue order. */
export function mechanismFamilies(cat: Catalogue): string[] {
  return Object.keys(cat.mechanisms).filter((f) => cat.mechanisms[f].length > 0);
}

/** A family's mechanisms; the `tcp.<family>` parameter's choices when the catalogue lists none. */
export function mechanismsOf(cat: Catalogue, family: string): MechanismInfo[] {
  const listed = cat.mechanisms[family] ?? [];
  if (listed.length) return listed;
  return (findParam(cat, "flow", `tcp.${family}`)?.choices ?? []).map((name) => ({ name, doc: "" }));
}

export function findMechanism(cat: Catalogue | null | undefined, family: string, name: string): MechanismInfo | undefined {
  return cat?.mechanisms[family]?.find((m) => m.name === name);
}

/** The catalogue's label for a mechanism, else its name. */
export function mechanismLabel(cat: Catalogue | null | undefined, family: string, name: string): string {
  return findMechanism(cat, family, name)?.label || name;
}

/** A family's label, from its scenario parameter: "tcp.cc" -> "Congestion control". */
export function familyLabel(family: string): string {
  return labelFor(`tcp.${family}`, "flow");
}

/** The mechanism a flow gets when the scenario does not choose one. */
export function defaultMechanism(cat: Catalogue, family: string): string | undefined {
  const d = findParam(cat, "flow", `tcp.${family}`)?.default;
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
