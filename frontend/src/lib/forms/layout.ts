/** How the builder arranges the generated fields, all from the catalogue's
 * structured applies_to ({key, values, family}), never from prose: which
 * fields and lists a choice makes relevant (a loss model's parameters and its
 * positioned rules, an application kind's fields and app.sizes), and the
 * groups of a flow's parameters, where keys only some members of a mechanism
 * family read go with that family (applies_to.family). */
import {
  type AppliesTo,
  type Catalogue,
  type CatalogueContainer,
  directionsOf,
  expandTemplate,
  type FieldSpec,
  fieldSpec,
  findContainer,
  findParam,
  type Instance,
  type Suggestion,
  sectionFields,
  suggestionFor,
  TAG_KEY,
} from "./catalogue";
import { familyKey, type MechanismSelection } from "./mechanisms";
import { getPath, isObject } from "./paths";

/** A field or container of the catalogue at a concrete path. */
export interface Placed {
  section: string;
  key: string;
  /** concrete dotted path: "flows.0.app.segments" */
  path: string;
  appliesTo: AppliesTo | null;
}

/** The concrete path of a sibling: the same parent object, another key of the same section.
 * ("flows.0.app.segments", "app.segments", "app.kind") -> "flows.0.app.kind"; null when
 * the path does not end with the key. */
export function siblingPath(path: string, key: string, sibling: string): string | null {
  if (path === key) return sibling;
  return path.endsWith(`.${key}`) ? `${path.slice(0, path.length - key.length)}${sibling}` : null;
}

/** Is a field read when its applies_to key holds this value? Always, without applies_to. */
export function appliesWhen(applies: AppliesTo | null, value: unknown): boolean {
  return applies === null || (typeof value === "string" && applies.values.includes(value));
}

/** The value a field's applies_to reads: its sibling's in the scenario, else
 * that sibling's catalogue default; undefined without applies_to. */
export function governingValue(cat: Catalogue, scenario: unknown, at: Placed): unknown {
  if (!at.appliesTo) return undefined;
  const sibling = siblingPath(at.path, at.key, at.appliesTo.key);
  const v = sibling === null ? undefined : getPath(scenario, sibling);
  return v ?? findParam(cat, at.section, at.appliesTo.key)?.default;
}

/** A flow key the builder compares along, and the members it runs: the picker's
 * choice overrides the scenario's for every flow, so a field one of them reads is read. */
export interface Compared {
  key: string;
  values: readonly string[];
}

/** Is this field (or list) read, given the scenario's choices (and the members compared)? */
export function isRelevant(cat: Catalogue, scenario: unknown, at: Placed, compared?: Compared | null): boolean {
  if (compared && at.appliesTo && at.section === "flow" && at.appliesTo.key === compared.key) return compared.values.some((v) => appliesWhen(at.appliesTo, v));
  return appliesWhen(at.appliesTo, governingValue(cat, scenario, at));
}

/** The key and members a selection compares, when a key picks its family. */
export function comparedOf(cat: Catalogue, sel: MechanismSelection | null | undefined): Compared | null {
  const key = sel ? familyKey(cat, sel.family) : null;
  return sel && key !== null && sel.choices.length ? { key, values: sel.choices } : null;
}

/** A container at a concrete instance, placed for isRelevant. */
export function placeContainer(c: CatalogueContainer, inst: Instance = {}): Placed {
  return { section: c.section, key: c.key, path: expandTemplate(c.path, inst), appliesTo: c.appliesTo };
}

export interface FlowGroups {
  /** app.* and the flow's own when and where: its top-level keys (start_ms, start_jitter_ms, access_delay_ms) */
  app: FieldSpec[];
  /** the application kind selector: the app field the others' applies_to read */
  appKind?: FieldSpec;
  /** receiver.* */
  receiver: FieldSpec[];
  /** the keys choosing a member of a mechanism family (tcp.cc, ...) */
  mechanisms: FieldSpec[];
  /** boolean tcp.* switches */
  flags: FieldSpec[];
  /** every other tcp.* parameter */
  tcp: FieldSpec[];
  /** keys only some members of a family read (applies_to.family), by family, in catalogue order */
  byFamily: Record<string, FieldSpec[]>;
  /** parameters of the flow section that fit none of the above */
  other: FieldSpec[];
}

/** Group a flow's fields; `familyKeys` are the keys choosing a family's members ("tcp.cc", "app.kind"). */
export function groupFlowFields(specs: FieldSpec[], familyKeys: readonly string[]): FlowGroups {
  const g: FlowGroups = { app: [], receiver: [], mechanisms: [], flags: [], tcp: [], byFamily: {}, other: [] };
  const mechKeys = new Set(familyKeys);
  for (const s of specs) {
    const fam = s.appliesTo?.family;
    if (s.key.startsWith("app.") || !s.key.includes(".")) g.app.push(s);
    else if (s.key.startsWith("receiver.")) g.receiver.push(s);
    else if (mechKeys.has(s.key)) g.mechanisms.push(s);
    else if (fam) g.byFamily[fam] = [...(g.byFamily[fam] ?? []), s];
    else if (s.key.startsWith("tcp.") && s.kind === "checkbox") g.flags.push(s);
    else if (s.key.startsWith("tcp.")) g.tcp.push(s);
    else g.other.push(s);
  }
  const { model, params } = splitChoice(g.app);
  if (model) {
    g.appKind = model;
    g.app = params;
  }
  return g;
}

/** Split a section's fields into the selector the others' applies_to read (a
 * direction's loss.model) and the rest. */
export function splitChoice(specs: FieldSpec[]): { model?: FieldSpec; params: FieldSpec[] } {
  const read = new Set(specs.flatMap((s) => (s.appliesTo ? [s.appliesTo.key] : [])));
  const model = specs.find((s) => read.has(s.key));
  return { model, params: specs.filter((s) => s !== model) };
}

/** A list of items (a direction's loss rules) at a concrete path. */
export interface ItemList {
  /** "path.forward.loss.rules" */
  path: string;
  /** the list's name in its items' templates ("rules" in "...loss.rules[].segment") */
  name: string;
  /** each item's fields */
  items: FieldSpec[][];
  /** whether the scenario's choices make the engine read it (applies_to); a list that
   * is not read still shows its items, so that they can be removed */
  relevant: boolean;
  /** the values of the sibling that make it read (applies_to.values), [] when always */
  readWhen: string[];
  maxItems: number | null;
  doc: string;
}

/** A list of integers (a flow's app.sizes) at a concrete path. */
export interface IntList {
  path: string;
  key: string;
  /** how many values the scenario lists, or null when it has none */
  count: number | null;
  relevant: boolean;
  /** the values of the sibling that make it read (applies_to.values), [] when always */
  readWhen: string[];
  doc: string;
}

export interface DirectionFields {
  dir: string;
  /** the catalogue's description of this direction's object (containers: path.forward), "" when none */
  doc: string;
  direction: FieldSpec[];
  model?: FieldSpec;
  lossParams: FieldSpec[];
  /** the positioned-loss rules; null when they are neither read nor present */
  rules: ItemList | null;
  /** the tagged lists of this direction (its stages after the loss model), with their items' fields */
  listed: TaggedList[];
  /** the direction's own lists of rows (its handover table, path.<dir>.schedule), with their rows' fields */
  tables: ItemList[];
  /** the catalogue's suggestion for the loss model chosen, when the fields hold its values */
  suggestion?: Suggestion;
}

/** A member an item of a tagged list may be. */
export interface ListKind {
  name: string;
  label: string;
  doc: string;
}

/** One item of a tagged list: its kind (a family member) and that member's own fields. */
export interface TaggedItem {
  /** the item's kind, as the scenario names it */
  kind: string;
  /** the member's label (its kind when the family does not list it) */
  label: string;
  /** where the kind is set ("path.forward.stages.0.kind") */
  kindPath: string;
  fields: FieldSpec[];
}

/** A tagged list (path.forward.stages) at a concrete path: its items, and the members an item may be. */
export interface TaggedList {
  path: string;
  /** the catalogue's template path ("path.{forward,reverse}.stages") */
  template: string;
  key: string;
  family: string | null;
  items: TaggedItem[];
  /** the family's members a listed item may be: not one another list of this section is read for (positioned acts on the loss rules) */
  kinds: ListKind[];
  maxItems: number | null;
  doc: string;
}

export interface BuilderLayout {
  scenario: FieldSpec[];
  directions: DirectionFields[];
  flow: FlowGroups;
  /** the application fields the chosen kind uses */
  appFields: FieldSpec[];
  /** the flow's explicit object sizes (app.sizes), when the catalogue lists that list */
  sizes: IntList | null;
  /** the input paths on screen, so that server errors can be placed */
  shown: string[];
}

/** The list of item fields (rules) of a direction's loss section, as the catalogue's containers say. */
function lossRules(cat: Catalogue, scenario: unknown, dir: string, track: (s: FieldSpec[]) => FieldSpec[]): ItemList | null {
  const c = cat.containers.find((x) => x.section === "loss" && x.type === "list" && x.of !== null);
  if (!c?.of) return null;
  const at = placeContainer(c, { dir });
  const present = getPath(scenario, at.path);
  const list = Array.isArray(present) ? present : [];
  const relevant = isRelevant(cat, scenario, at);
  if (!relevant && list.length === 0) return null;
  const name = c.path.split(".").pop() ?? c.key;
  const items = list.map((_, i) => track(sectionFields(cat, c.of as string, { dir, index: { [name]: i } })));
  return { path: at.path, name, items, relevant, readWhen: c.appliesTo?.values ?? [], maxItems: c.maxItems, doc: c.doc };
}

/** The lists of rows that belong to the direction itself (not to its loss section: the
 * handover table path.<dir>.schedule), as the catalogue's containers say, with the
 * scenario's rows; always shown (an empty one can be filled). */
function directionTables(cat: Catalogue, scenario: unknown, dir: string, track: (s: FieldSpec[]) => FieldSpec[]): ItemList[] {
  return cat.containers.flatMap((c) => {
    if (c.section !== "direction" || c.type !== "list" || !c.of || !directionsOf(c.path).includes(dir)) return [];
    const at = placeContainer(c, { dir });
    const present = getPath(scenario, at.path);
    const name = c.path.split(".").pop() ?? c.key;
    const items = (Array.isArray(present) ? present : []).map((_, i) => track(sectionFields(cat, c.of as string, { dir, index: { [name]: i } })));
    return [{ path: at.path, name, items, relevant: isRelevant(cat, scenario, at), readWhen: c.appliesTo?.values ?? [], maxItems: c.maxItems, doc: c.doc }];
  });
}

/** The tagged lists (a direction's stages) of this direction, with the scenario's items. */
function listedItems(cat: Catalogue, scenario: unknown, dir: string, track: (s: FieldSpec[]) => FieldSpec[]): TaggedList[] {
  return cat.containers.flatMap((c) => {
    if (c.type !== "tagged_list" || !directionsOf(c.path).includes(dir)) return [];
    const path = expandTemplate(c.path, { dir });
    const v = getPath(scenario, path);
    const members = cat.families.find((f) => f.name === c.family)?.members ?? [];
    // a member that another list of the same object is read for (the loss rules' "positioned") acts on that list, not as an item
    const parent = c.path.slice(0, c.path.lastIndexOf("."));
    const bound = new Set(cat.containers.filter((o) => o !== c && o.type === "list" && o.path.startsWith(`${parent}.`)).flatMap((o) => o.appliesTo?.values ?? []));
    const name = c.path.split(".").pop() ?? c.key;
    const items = (Array.isArray(v) ? v : []).map((item, i): TaggedItem => {
      const kind = isObject(item) && typeof item[TAG_KEY] === "string" ? (item[TAG_KEY] as string) : "";
      const member = members.find((m) => m.name === kind);
      const fields = track((member?.params ?? []).map((p) => fieldSpec(p, { dir, index: { [name]: i } })));
      return { kind, label: member?.label || kind || "?", kindPath: `${path}.${i}.${TAG_KEY}`, fields };
    });
    track(items.map((it) => ({ path: it.kindPath }) as FieldSpec));
    const kinds = members.filter((m) => !bound.has(m.name)).map((m) => ({ name: m.name, label: m.label || m.name, doc: m.doc }));
    return [{ path, template: c.path, key: c.key, family: c.family, items, kinds, maxItems: c.maxItems, doc: c.doc }];
  });
}

/** A new item of a tagged list: {kind, each of that member's own parameters at its default},
 * or at the catalogue's suggested values for that kind in this list (`template`) when it has some. */
export function defaultTaggedItem(cat: Catalogue, family: string | null, kind: string, template?: string): Record<string, unknown> {
  const member = cat.families.find((f) => f.name === family)?.members.find((m) => m.name === kind);
  const suggested = template ? suggestionFor(cat, `${template}[].${TAG_KEY}`, kind)?.set : undefined;
  return { [TAG_KEY]: kind, ...Object.fromEntries((member?.params ?? []).map((p) => [p.key, p.default])), ...suggested };
}

/** Fields read only under a choice, labelled as the member the choice names labels its own
 * parameter of the same key: a loss model's "p" is Bernoulli's loss probability or
 * Gilbert-Elliott's P(good -> bad), as the stage family's members say. */
export function labelByChoice(cat: Catalogue, specs: FieldSpec[], choice: unknown): FieldSpec[] {
  if (typeof choice !== "string") return specs;
  const member = cat.families.flatMap((f) => f.members).find((m) => m.name === choice && m.params?.length);
  return specs.map((s) => {
    const own = member?.params?.find((p) => p.key === s.key);
    return own?.label ? { ...s, label: own.label } : s;
  });
}

/** The suggestion for a choice field's current value, when its siblings hold the suggested values. */
export function heldSuggestion(cat: Catalogue, scenario: unknown, spec: FieldSpec): Suggestion | undefined {
  const value = getPath(scenario, spec.path) ?? spec.default;
  const s = suggestionFor(cat, spec.template, value);
  if (!s) return undefined;
  const held = Object.entries(s.set).every(([k, v]) => {
    const at = siblingPath(spec.path, spec.key, k);
    return at !== null && getPath(scenario, at) === v;
  });
  return held ? s : undefined;
}

/** The keys that choose a family's member, as the catalogue's families say. */
export function familyKeys(cat: Catalogue): string[] {
  return cat.families.flatMap((f) => (f.key === null ? [] : [f.key]));
}

/** Which generated fields the builder shows for a scenario and flow, and the
 * members it compares (the fields any of them reads are shown). */
export function builderLayout(cat: Catalogue, scenario: unknown, flow: number, compared: Compared | null = null): BuilderLayout {
  const dirParam = cat.params.find((x) => x.section === "direction");
  const dirs = dirParam ? directionsOf(dirParam.path) : ["forward", "reverse"];
  const shown: string[] = [];
  const track = (specs: FieldSpec[]) => {
    for (const s of specs) shown.push(s.path);
    return specs;
  };
  const relevant = (specs: FieldSpec[]) => specs.filter((s) => isRelevant(cat, scenario, s, compared));
  const directions = dirs.map((dir): DirectionFields => {
    const direction = track(sectionFields(cat, "direction", { dir }));
    const { model, params } = splitChoice(sectionFields(cat, "loss", { dir }));
    const chosen = model ? (getPath(scenario, model.path) ?? model.default) : undefined;
    const lossParams = track(labelByChoice(cat, relevant(params), chosen));
    if (model) track([model]);
    const obj = cat.containers.find((c) => c.type === "object" && dirParam && c.of === dirParam.section && c.path.split(".").pop() === dir);
    const suggestion = model ? heldSuggestion(cat, scenario, model) : undefined;
    return {
      dir,
      doc: obj?.doc ?? "",
      direction,
      model,
      lossParams,
      rules: lossRules(cat, scenario, dir, track),
      listed: listedItems(cat, scenario, dir, track),
      tables: directionTables(cat, scenario, dir, track),
      ...(suggestion ? { suggestion } : {}),
    };
  });
  const fg = groupFlowFields(sectionFields(cat, "flow", { index: { flows: flow } }), familyKeys(cat));
  const appFields = track(relevant(fg.app));
  if (fg.appKind) track([fg.appKind]);
  for (const group of [fg.receiver, fg.mechanisms, fg.flags, fg.tcp, ...Object.values(fg.byFamily), fg.other]) track(group);
  const scenarioFields = track(sectionFields(cat, "scenario"));
  const sc = findContainer(cat, "flow", "app.sizes");
  let sizes: IntList | null = null;
  if (sc) {
    const at = placeContainer(sc, { index: { flows: flow } });
    const v = getPath(scenario, at.path);
    sizes = { path: at.path, key: sc.key, count: Array.isArray(v) ? v.length : null, relevant: isRelevant(cat, scenario, at, compared), readWhen: sc.appliesTo?.values ?? [], doc: sc.doc };
  }
  return { scenario: scenarioFields, directions, flow: fg, appFields, sizes, shown };
}
