/** The engine catalogue (GET /mechanisms) turned into form field specs: one
 * input per parameter and concrete instance (direction, flow, loss rule),
 * typed from the metadata (type, unit, min, max, choices, default, doc, label,
 * special values). Nothing here knows a parameter by heart; a new engine
 * parameter shows up in the builder, labelled, without a code change. */
import type { Catalog } from "../../client/types.gen";
import { type LinuxReference, parseLinuxReference } from "../linuxReference";
import { type MetricInfo, parseMetrics } from "../metrics";
import { isObject, setPath } from "./paths";

/** "set": a list of names chosen from `choices`, `min`..`max` of them (tcp.spurious) */
export type ParamType = "int" | "float" | "bool" | "enum" | "set";

export interface CatalogueParam {
  section: string;
  key: string;
  /** template path, e.g. "path.{forward,reverse}.loss.rules[].segment" */
  path: string;
  type: ParamType | string;
  unit: string;
  default: unknown;
  /** a number's range; a set's range of how many names */
  min: number | null;
  max: number | null;
  choices: string[] | null;
  doc: string;
  /** when the field is read (the catalogue's applies_to), or null when always */
  appliesTo: AppliesTo | null;
  /** the catalogue's name for people ("Min RTO"); a server from before labels sends none */
  label?: string;
  /** values with a meaning of their own (-1 = the RTT estimator's minimum RTO, 0 = unlimited) */
  special: SpecialValue[];
  /** labels of the choices, when they are a family's members */
  choiceLabels?: Record<string, string>;
}

/** A value of a number parameter that means something other than its number. */
export interface SpecialValue {
  value: number;
  label: string;
}

function parseSpecial(raw: unknown): SpecialValue[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s) => (isObject(s) && typeof s.value === "number" && Number.isFinite(s.value) && typeof s.label === "string" && s.label ? [{ value: s.value, label: s.label }] : []));
}

/** The special value a number holds, if it holds one. */
export function specialOf(special: readonly SpecialValue[] | undefined, value: unknown): SpecialValue | undefined {
  return typeof value === "number" ? special?.find((s) => s.value === value) : undefined;
}

/** Where a scenario starts from (the catalogue's profiles): the engine's defaults, a paper's Linux. */
export interface Profile {
  name: string;
  label: string;
  doc: string;
  citation: string;
  /** scenario overrides ("flows[*].tcp.fack" -> true) */
  overrides: Record<string, unknown>;
}

function parseProfiles(raw: unknown): Profile[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).flatMap((p) =>
    typeof p.name === "string" && p.name && isObject(p.overrides)
      ? [{ name: p.name, label: typeof p.label === "string" && p.label ? p.label : p.name, doc: String(p.doc ?? ""), citation: String(p.citation ?? ""), overrides: { ...p.overrides } }]
      : [],
  );
}

/** Values to fill in when a choice is picked (the catalogue's suggested): picking `value`
 * for the field at template `path` sets its siblings `set`. */
export interface Suggestion {
  path: string;
  value: string;
  set: Record<string, unknown>;
  label: string;
  doc: string;
}

function parseSuggested(raw: unknown): Suggestion[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).flatMap((x) =>
    typeof x.path === "string" && typeof x.value === "string" && isObject(x.set)
      ? [{ path: x.path, value: x.value, set: { ...x.set }, label: String(x.label ?? ""), doc: String(x.doc ?? "") }]
      : [],
  );
}

/** The suggestion for picking `value` at a field of this template, if the catalogue has one. */
export function suggestionFor(cat: Pick<Catalogue, "suggested">, template: string, value: unknown): Suggestion | undefined {
  return cat.suggested.find((x) => x.path === template && x.value === value);
}

/** The family whose members a parameter's choices are: the one its key picks
 * (a flow's tcp.cc, app.kind), else the one whose members are the choices,
 * all but at most one (a loss model's stages, "none" aside; a set's
 * detectors); undefined when none.  A family may have more members than the
 * field takes: the stages delay_spike and outage are list items, no loss model. */
function familyOfChoices(families: readonly FamilyInfo[], section: string, key: string, choices: readonly string[] | null): FamilyInfo | undefined {
  const picked = section === "flow" ? families.find((f) => f.key === key) : undefined;
  if (picked) return picked;
  if (!choices?.length) return undefined;
  const overlap = (f: FamilyInfo) => f.members.filter((m) => choices.includes(m.name)).length;
  const fits = families.filter((f) => overlap(f) >= Math.min(2, choices.length) && overlap(f) >= choices.length - 1);
  return fits.sort((a, b) => overlap(b) - overlap(a))[0];
}

/** When a field is read (the catalogue's applies_to): only while its sibling field
 * `key` (same section, same object) holds one of `values`. `family` is the
 * mechanism family's name when `key` picks one of its members, else null
 * (e.g. a loss model's fields: {key: "model", values: ["tail"], family: null}). */
export interface AppliesTo {
  key: string;
  values: string[];
  family: string | null;
}

/** The catalogue's applies_to, or null when absent or malformed (then the field always applies). */
export function parseAppliesTo(raw: unknown): AppliesTo | null {
  if (!isObject(raw) || typeof raw.key !== "string" || !raw.key || !Array.isArray(raw.values)) return null;
  const values = raw.values.filter((v): v is string => typeof v === "string" && v !== "");
  if (!values.length) return null;
  return { key: raw.key, values, family: typeof raw.family === "string" && raw.family ? raw.family : null };
}

/** tagged_list: a list of family members, each item {kind: a member's name, that member's own parameters} (path.<dir>.stages) */
export type ContainerType = "object" | "list" | "int_list" | "tagged_list";
const CONTAINER_TYPES: readonly string[] = ["object", "list", "int_list", "tagged_list"] satisfies ContainerType[];

/** The key of a tagged list's item that names its member (the engine's scenario tree: {kind, ...}). */
export const TAG_KEY = "kind";

/** A nested object or list of the scenario tree (the catalogue's containers):
 * path.forward, flows, a direction's loss and its rules, a flow's app.sizes. */
export interface CatalogueContainer {
  section: string;
  key: string;
  /** template path, e.g. "path.{forward,reverse}.loss.rules" */
  path: string;
  /** the catalogue's name for people ("Positioned losses"), else the key */
  label: string;
  type: ContainerType;
  /** the section its items' (or its own) fields belong to, for objects and lists */
  of: string | null;
  /** the family whose members a tagged list's items are (their fields: the members' own params) */
  family: string | null;
  minItems: number | null;
  maxItems: number | null;
  /** the range of each value of an int_list */
  min: number | null;
  max: number | null;
  unit: string;
  doc: string;
  appliesTo: AppliesTo | null;
}

function parseContainers(raw: unknown): CatalogueContainer[] {
  if (!Array.isArray(raw)) return [];
  const out: CatalogueContainer[] = [];
  for (const c of raw) {
    if (!isObject(c) || typeof c.path !== "string" || typeof c.key !== "string" || typeof c.type !== "string") continue;
    if (!CONTAINER_TYPES.includes(c.type)) continue;
    out.push({
      section: String(c.section ?? ""),
      key: c.key,
      path: c.path,
      label: typeof c.label === "string" && c.label ? c.label : c.key,
      type: c.type as ContainerType,
      of: typeof c.of === "string" && c.of ? c.of : null,
      family: typeof c.family === "string" && c.family ? c.family : null,
      minItems: num(c.min_items),
      maxItems: num(c.max_items),
      min: num(c.min),
      max: num(c.max),
      unit: String(c.unit ?? ""),
      doc: String(c.doc ?? ""),
      appliesTo: parseAppliesTo(c.applies_to),
    });
  }
  return out;
}

/** A mechanism family (the catalogue's families): its name for people and the
 * flow key that picks its member (null when none does). */
export interface FamilyInfo {
  name: string;
  label: string;
  /** e.g. "tcp.cc", "app.kind" (relative to a flow) */
  key: string | null;
  doc: string;
  members: MechanismInfo[];
}

function parseMember(m: unknown): MechanismInfo | null {
  if (!isObject(m) || typeof m.name !== "string" || !m.name) return null;
  const params = (Array.isArray(m.params) ? m.params : []).flatMap((p) => {
    const row = parseParamRow(p, "");
    return row ? [row] : [];
  });
  return {
    name: m.name,
    doc: String(m.doc ?? ""),
    ...(typeof m.label === "string" && m.label ? { label: m.label } : {}),
    ...(params.length ? { params } : {}),
  };
}

/** One parameter row of the catalogue (a scenario parameter, or a member's own), or null when malformed. */
function parseParamRow(p: unknown, section: string): CatalogueParam | null {
  if (!isObject(p) || typeof p.path !== "string" || typeof p.key !== "string") return null;
  return {
    section,
    key: p.key,
    path: p.path,
    type: String(p.type ?? "float"),
    unit: String(p.unit ?? ""),
    default: p.default,
    min: num(p.min),
    max: num(p.max),
    choices: Array.isArray(p.choices) ? p.choices.map(String) : null,
    doc: String(p.doc ?? ""),
    appliesTo: parseAppliesTo(p.applies_to),
    ...(typeof p.label === "string" && p.label ? { label: p.label } : {}),
    special: parseSpecial(p.special),
  };
}

function parseFamilies(raw: unknown): FamilyInfo[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObject)
    .filter((f) => typeof f.name === "string" && f.name !== "")
    .map((f) => ({
      name: String(f.name),
      label: typeof f.label === "string" && f.label ? f.label : String(f.name),
      key: typeof f.key === "string" && f.key ? f.key : null,
      doc: typeof f.doc === "string" ? f.doc : "",
      members: (Array.isArray(f.members) ? f.members : []).map(parseMember).filter((m): m is MechanismInfo => m !== null),
    }));
}

export interface MechanismInfo {
  name: string;
  doc: string;
  /** a display name for a terse name, when the engine gives one (optional) */
  label?: string;
  /** the member's own parameters (section ""), when it declares some: a stage's p, a CC's beta */
  params?: CatalogueParam[];
}

export interface Catalogue {
  engineVersion: string;
  params: CatalogueParam[];
  /** the scenario tree's nested objects and lists (empty when the API does not list them) */
  containers: CatalogueContainer[];
  mechanisms: Record<string, MechanismInfo[]>;
  /** every family with its label and choosing key, in catalogue order (empty when the API does not list them) */
  families: FamilyInfo[];
  limits: Record<string, number>;
  /** the per-flow metrics the engine reports, described (empty when the API does not list them) */
  metrics: MetricInfo[];
  /** the fields of each recovery episode of a flow (RunPublic.episodes), described (empty when the API does not list them) */
  episodeMetrics: MetricInfo[];
  /** why a segment is (re)transmitted: the vocabulary's causes (empty when the API does not list them) */
  causes: VocabEntry[];
  /** mechanism variables the series endpoint serves by name (empty when the API does not list them) */
  vars: MechanismVar[];
  /** the kernel-versus-engine cases (null when the API does not publish them) */
  linuxReference?: LinuxReference | null;
  /** where a scenario's flows may start from: the engine's defaults, the papers' Linux (empty when the API does not list them) */
  profiles: Profile[];
  /** values to fill in when a choice is picked (empty when the API does not list them) */
  suggested: Suggestion[];
}

/** A variable of one mechanism (family/member), e.g. Westwood+'s bandwidth estimate. */
export interface MechanismVar {
  name: string;
  family: string;
  member: string;
  label: string;
  unit: string;
  doc: string;
}

function parseVars(raw: unknown): MechanismVar[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObject)
    .filter((v) => typeof v.name === "string" && v.name !== "" && typeof v.family === "string" && typeof v.member === "string")
    .map((v) => ({
      name: String(v.name),
      family: String(v.family),
      member: String(v.member),
      label: typeof v.label === "string" && v.label ? v.label : String(v.name),
      unit: typeof v.unit === "string" ? v.unit : "",
      doc: typeof v.doc === "string" ? v.doc : "",
    }));
}

/** One name of the trace vocabulary (an event kind, a transmission cause, ...). */
export interface VocabEntry {
  /** the engine's numeric id, when given */
  id?: number;
  name: string;
  label: string;
  doc: string;
}

function parseVocab(raw: unknown): VocabEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObject)
    .filter((e) => typeof e.name === "string" && e.name !== "")
    .map((e) => ({
      ...(typeof e.id === "number" && Number.isInteger(e.id) ? { id: e.id } : {}),
      name: String(e.name),
      label: typeof e.label === "string" && e.label ? e.label : String(e.name),
      doc: typeof e.doc === "string" ? e.doc : "",
    }));
}

export type FieldKind = "number" | "select" | "checkbox" | "set";

export interface FieldSpec {
  /** concrete dotted path as the API reports it: "flows.0.tcp.mss" */
  path: string;
  template: string;
  section: string;
  key: string;
  label: string;
  kind: FieldKind;
  numberType?: "int" | "float";
  unit: string;
  /** a number's range; for a set, how many names may be chosen */
  min?: number;
  max?: number;
  step?: number | "any";
  choices?: string[];
  default: unknown;
  doc: string;
  /** when the field is read (null: always) */
  appliesTo: AppliesTo | null;
  /** labels of some choices, for people (the value stays the choice) */
  choiceLabels?: Record<string, string>;
  /** a number's values with a meaning of their own */
  special?: SpecialValue[];
}

/** Where a template's placeholders go: "{forward,reverse}" -> dir, "name[]" -> index. */
export interface Instance {
  dir?: string;
  index?: Record<string, number>;
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Parse the loose catalogue returned by the API into typed records; bad rows are skipped. */
export function parseCatalogue(raw: Catalog | unknown): Catalogue {
  const c = (isObject(raw) ? raw : {}) as Partial<Catalog>;
  // read as the engine publishes them, whichever shape the generated client types
  const loose: Record<string, unknown> = isObject(raw) ? raw : {};
  const families = parseFamilies(loose.families);
  const params: CatalogueParam[] = [];
  for (const p of c.parameters ?? []) {
    const row = parseParamRow(p, isObject(p) ? String(p.section ?? "") : "");
    if (!row) continue;
    const fam = familyOfChoices(families, row.section, row.key, row.choices);
    // choices that are a family's members get the members' labels
    const choiceLabels = fam
      ? Object.fromEntries(fam.members.filter((m) => m.label && (fam.key === row.key || row.choices?.includes(m.name))).map((m) => [m.name, m.label as string]))
      : {};
    params.push({ ...row, ...(Object.keys(choiceLabels).length ? { choiceLabels } : {}) });
  }
  const mechanisms: Record<string, MechanismInfo[]> = {};
  for (const [family, list] of Object.entries(c.mechanisms ?? {})) {
    mechanisms[family] = (Array.isArray(list) ? list : []).map(parseMember).filter((m): m is MechanismInfo => m !== null);
  }
  // metrics and vocab are read defensively: a server from before trace v2 sends neither
  const vocab: Record<string, unknown> = isObject(c.vocab) ? c.vocab : {};
  return {
    engineVersion: String(c.engine_version ?? ""),
    params,
    containers: parseContainers(loose.containers),
    mechanisms,
    families,
    limits: { ...(c.limits ?? {}) },
    metrics: parseMetrics(c.metrics),
    episodeMetrics: parseMetrics(c.episode_metrics),
    causes: parseVocab(vocab.causes),
    vars: parseVars(c.vars),
    linuxReference: parseLinuxReference(loose.linux_reference),
    profiles: parseProfiles(loose.profiles),
    suggested: parseSuggested(loose.suggested),
  };
}

/** "path.{forward,reverse}.loss.rules[].flow" + {dir: "reverse", index: {rules: 2}}
 * -> "path.reverse.loss.rules.2.flow". Missing indices default to 0. */
export function expandTemplate(template: string, inst: Instance = {}): string {
  return template
    .replace(/\{([^}]+)\}/g, (_, alts: string) => inst.dir ?? alts.split(",")[0])
    .replace(/([A-Za-z_][\w]*)\[\]/g, (_, name: string) => `${name}.${inst.index?.[name] ?? 0}`);
}

/** The directions a template ranges over ("{forward,reverse}"), or [] if none. */
export function directionsOf(template: string): string[] {
  const m = /\{([^}]+)\}/.exec(template);
  return m ? m[1].split(",") : [];
}

/** A label for a parameter the catalogue gives none (a server from before
 * labels): its key's last part, without its unit suffix. The catalogue's
 * labels are the vocabulary; this only keeps an unlabelled field readable. */
export function labelFor(key: string): string {
  const last = key.split(".").pop() ?? key;
  const s = last.replace(/_(ms|s|ns|us|bps|bytes|pkts)$/, "").replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** One input's spec for a parameter at a concrete instance. */
export function fieldSpec(p: CatalogueParam, inst: Instance = {}): FieldSpec {
  const base = {
    path: expandTemplate(p.path, inst),
    template: p.path,
    section: p.section,
    key: p.key,
    label: p.label ?? labelFor(p.key),
    unit: p.unit,
    default: p.default,
    doc: p.doc,
    appliesTo: p.appliesTo,
    ...(p.special.length ? { special: p.special } : {}),
    ...(p.choiceLabels ? { choiceLabels: p.choiceLabels } : {}),
  };
  if (p.type === "bool") return { ...base, kind: "checkbox" };
  if (p.type === "set") return { ...base, kind: "set", choices: p.choices ?? [], min: p.min ?? undefined, max: p.max ?? undefined };
  if (p.type === "enum" || (p.choices && p.choices.length > 0)) return { ...base, kind: "select", choices: p.choices ?? [] };
  const numberType = p.type === "int" ? "int" : "float";
  return {
    ...base,
    kind: "number",
    numberType,
    min: p.min ?? undefined,
    max: p.max ?? undefined,
    step: numberType === "int" ? 1 : "any",
  };
}

/** Field specs for every parameter of a section at one instance, in catalogue order. */
export function sectionFields(cat: Catalogue, section: string, inst: Instance = {}): FieldSpec[] {
  return cat.params.filter((p) => p.section === section).map((p) => fieldSpec(p, inst));
}

/** The container (nested object or list) with this key in this section. */
export function findContainer(cat: Catalogue, section: string, key: string): CatalogueContainer | undefined {
  return cat.containers.find((c) => c.section === section && c.key === key);
}

/** The parameter with this key in this section. */
export function findParam(cat: Pick<Catalogue, "params">, section: string, key: string): CatalogueParam | undefined {
  return cat.params.find((p) => p.section === section && p.key === key);
}

/** The scenario made of catalogue defaults: one flow, both directions, and no item of a direction's lists
 * (positioned loss rules, handover-table rows): those are added one by one. */
export function defaultScenario(cat: Catalogue, flows = 1): Record<string, unknown> {
  let sc: Record<string, unknown> = {};
  for (const p of cat.params) {
    // a list's items other than the flows (loss rules, handover table rows) are added one by one:
    // a default row would be a table no stage reads, which the engine refuses
    if (p.path.replace(/^flows\[\]/, "").includes("[]")) continue;
    const dirs = directionsOf(p.path);
    const flowCount = p.path.startsWith("flows[]") ? flows : 1;
    for (const dir of dirs.length ? dirs : [undefined]) {
      for (let f = 0; f < flowCount; f++) {
        sc = setPath(sc, expandTemplate(p.path, { dir, index: { flows: f } }), p.default);
      }
    }
  }
  return sc;
}

/** Defaults of one instance of a list item (a flow, a loss rule): the subtree under "flows[]." etc. */
export function defaultItem(cat: Catalogue, listTemplate: string): Record<string, unknown> {
  const prefix = `${listTemplate}[].`;
  let item: Record<string, unknown> = {};
  for (const p of cat.params) {
    const at = p.path.indexOf(prefix);
    if (at < 0) continue;
    const rest = p.path.slice(at + prefix.length);
    if (rest.includes("[]")) continue;
    item = setPath(item, rest, p.default);
  }
  return item;
}
