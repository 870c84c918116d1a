/** Mechanism families as the engine catalogue lists them (GET /mechanisms:
 * `families: [{name, label, key, members}]`), and the overrides that choose
 * one member for some flows (`flows[*].<key>`: `flows[*].tcp.cc`,
 * `flows[*].app.kind`). Nothing here knows a mechanism, a family or where a
 * family is chosen by name: a family the engine adds shows up in the picker,
 * the compare view and the run header, under the catalogue's label, chosen at
 * the catalogue's key.
 *
 * A family whose choosing parameter is a set (tcp.spurious: any combination of
 * detectors) is compared by combination: each choice names one set of members,
 * their names in catalogue order joined by "+" ("eifel+dsack"; "" for the
 * empty set), labelled from the members' catalogue labels ("Eifel + DSACK"),
 * and its variant's override holds the list (`{"flows[*].tcp.spurious":
 * ["eifel", "dsack"]}`). */
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

/** The families the builder compares along: those of mechanismFamilies, and
 * those whose key is a set, compared by combination (setChoicesOf); catalogue order. */
export function comparableFamilies(cat: Catalogue): string[] {
  return cat.families.filter((f) => f.key !== null && mechanismsOf(cat, f.name).length > 0).map((f) => f.name);
}

/** Does a flow choose any combination of this family's members (its key is a set parameter)? */
export function isSetFamily(cat: Catalogue | null | undefined, family: string): boolean {
  return !!cat && choosingParam(cat, family)?.type === "set";
}

/** What joins the members of a set choice: "eifel+dsack". */
export const SET_JOIN = "+";

/** The choice naming a set of a family's members: their names in catalogue order
 * (unknown names last), without duplicates, joined by SET_JOIN; "" for the empty set. */
export function setChoice(cat: Catalogue, family: string, members: readonly string[]): string {
  return orderChoices([...members], mechanismsOf(cat, family).map((m) => m.name)).join(SET_JOIN);
}

/** The members a set choice names ("" -> none). */
export function setMembers(choice: string): string[] {
  return choice === "" ? [] : choice.split(SET_JOIN);
}

/** combinations of `n` items taken `k` at a time, as index lists in lexicographic order */
function combinations(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (let i = 0; i <= n - k; i++) for (const rest of combinations(n - i - 1, k - 1)) out.push([i, ...rest.map((j) => j + i + 1)]);
  return out;
}

/** at most this many combinations are offered; beyond it only sets of up to two members */
const MAX_SET_CHOICES = 64;

/** The combinations a comparison along a set family offers, as mechanisms to
 * pick: the empty set ("No <family label>", the parameter's doc says what
 * that runs), then every combination by size (up to the parameter's max) and
 * catalogue order, each labelled by its members' labels joined by " + ". */
export function setChoicesOf(cat: Catalogue, family: string): MechanismInfo[] {
  const members = mechanismsOf(cat, family);
  const param = choosingParam(cat, family);
  let top = Math.min(members.length, typeof param?.max === "number" ? param.max : members.length);
  const count = (k: number) => combinations(members.length, k).length;
  let total = 0;
  for (let k = 0; k <= top; k++) total += count(k);
  if (total > MAX_SET_CHOICES) top = Math.min(top, 2);
  const out: MechanismInfo[] = [{ name: "", label: `No ${familyLabel(cat, family).toLowerCase()}`, doc: param?.doc ?? "" }];
  for (let k = 1; k <= top; k++) {
    for (const idx of combinations(members.length, k)) {
      const ms = idx.map((i) => members[i]);
      out.push({
        name: ms.map((m) => m.name).join(SET_JOIN),
        label: ms.map((m) => m.label || m.name).join(" + "),
        doc: ms.length === 1 ? ms[0].doc : ms.map((m) => `${m.label || m.name}: ${m.doc}`).join(" "),
      });
    }
  }
  return out;
}

/** What a comparison along a family picks from: its members, or for a set family its combinations. */
export function choicesOf(cat: Catalogue, family: string): MechanismInfo[] {
  return isSetFamily(cat, family) ? setChoicesOf(cat, family) : mechanismsOf(cat, family);
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
  const member = cat?.mechanisms[family]?.find((m) => m.name === name) ?? familyInfo(cat, family)?.members.find((m) => m.name === name);
  return member ?? (cat && isSetFamily(cat, family) ? setChoicesOf(cat, family).find((m) => m.name === name) : undefined);
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
  if (isSetFamily(cat, family)) return setChoice(cat, family, Array.isArray(d) ? d.map(String) : []);
  return typeof d === "string" ? d : mechanismsOf(cat, family)[0]?.name;
}

/** The override choosing `name` of a family for the flows of `scope`: {"flows[*].<key>": name}
 * (for a set family, the list of its members: {"flows[*].tcp.spurious": ["eifel", "dsack"]});
 * none for a family no key picks. */
export function mechanismOverride(cat: Catalogue, scope: string, family: string, name: string): Record<string, string | string[]> {
  const key = familyKey(cat, family);
  if (key === null) return {};
  return { [`${scope || "flows[*]"}.${key}`]: isSetFamily(cat, family) ? setMembers(name) : name };
}

/** The family and mechanism a variant chooses, when its overrides only choose one
 * member of a family the builder compares (`{"flows[*].tcp.timer": "tlp"}`,
 * `{"flows[0:2].app.kind": "bulk"}`), or one combination of a set family's
 * (`{"flows[*].tcp.spurious": ["dsack", "eifel"]}` -> "eifel+dsack"), the
 * family found by its catalogue key. */
export function mechanismOfVariant(overrides: unknown, cat: Catalogue | null | undefined): VariantMechanism | null {
  if (!cat || !isObject(overrides)) return null;
  const entries = Object.entries(overrides);
  if (entries.length !== 1) return null;
  const [path, value] = entries[0];
  const m = /^(flows(\[[^\]]*\])?)\.(.+)$/.exec(path);
  if (!m) return null;
  const fam = familyOfKey(cat, m[3]);
  if (!fam || !comparableFamilies(cat).includes(fam.name)) return null;
  const scope = m[2] ? m[1] : "flows[*]";
  if (isSetFamily(cat, fam.name)) {
    // a set family's variant lists members: its choice is their combination
    if (!Array.isArray(value) || !value.every((x) => typeof x === "string")) return null;
    return { family: fam.name, name: setChoice(cat, fam.name, value), scope };
  }
  if (typeof value !== "string") return null;
  return { family: fam.name, name: value, scope };
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
