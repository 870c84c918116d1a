/** How the builder arranges the generated fields: which fields a choice
 * (loss model, application kind) makes relevant, read from the parameters'
 * own doc text ("tail: how many ...", "bernoulli: ... gilbert_elliott: ..."),
 * since the catalogue has no structured link for those, and the groups of a
 * flow's parameters: mechanism-specific keys go with their family as the
 * catalogue's applies_to says (never guessed from prose). */
import { directionsOf, findParam, sectionFields, type Catalogue, type FieldSpec } from "./catalogue";
import { getPath } from "./paths";

/** The choices a parameter's doc says it applies to, or null when it names none
 * (then it always applies). */
export function appliesTo(doc: string, choices: string[]): string[] | null {
  const hits = choices.filter((c) => new RegExp(`(^|[\\s.;(])${c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:`).test(doc));
  return hits.length ? hits : null;
}

/** Is this field relevant when the discriminator (e.g. loss.model) has this value? */
export function isRelevant(spec: FieldSpec, value: string, choices: string[]): boolean {
  const modes = appliesTo(spec.doc, choices);
  return modes === null || modes.includes(value);
}

export interface FlowGroups {
  /** app.* and start_ms */
  app: FieldSpec[];
  /** the application kind selector */
  appKind?: FieldSpec;
  /** receiver.* */
  receiver: FieldSpec[];
  /** tcp.<family>: one mechanism choice per catalogue family */
  mechanisms: FieldSpec[];
  /** boolean tcp.* switches */
  flags: FieldSpec[];
  /** every other tcp.* parameter */
  tcp: FieldSpec[];
  /** keys only some members of a family read (applies_to), by family, in catalogue order */
  byFamily: Record<string, FieldSpec[]>;
  /** parameters of the flow section that fit none of the above */
  other: FieldSpec[];
}

/** Group a flow's fields; `families` are the catalogue's mechanism families. */
export function groupFlowFields(specs: FieldSpec[], families: readonly string[]): FlowGroups {
  const g: FlowGroups = { app: [], receiver: [], mechanisms: [], flags: [], tcp: [], byFamily: {}, other: [] };
  const mechKeys = new Set(families.map((f) => `tcp.${f}`));
  for (const s of specs) {
    if (s.key === "app.kind") g.appKind = s;
    else if (s.key.startsWith("app.") || s.key === "start_ms") g.app.push(s);
    else if (s.key.startsWith("receiver.")) g.receiver.push(s);
    else if (mechKeys.has(s.key)) g.mechanisms.push(s);
    else if (s.appliesTo) {
      const fam = s.appliesTo.family;
      g.byFamily[fam] = [...(g.byFamily[fam] ?? []), s];
    }
    else if (s.key.startsWith("tcp.") && s.kind === "checkbox") g.flags.push(s);
    else if (s.key.startsWith("tcp.")) g.tcp.push(s);
    else g.other.push(s);
  }
  return g;
}

/** Split a direction's loss fields into the model selector and the rest. */
export function splitLoss(specs: FieldSpec[]): { model?: FieldSpec; params: FieldSpec[] } {
  return { model: specs.find((s) => s.key === "model"), params: specs.filter((s) => s.key !== "model") };
}

export interface DirectionFields {
  dir: string;
  direction: FieldSpec[];
  model?: FieldSpec;
  lossParams: FieldSpec[];
  /** the positioned-loss rules' fields, one list per rule; null when rules do not apply */
  rules: FieldSpec[][] | null;
}

export interface BuilderLayout {
  scenario: FieldSpec[];
  directions: DirectionFields[];
  flow: FlowGroups;
  /** the application fields the chosen kind uses */
  appFields: FieldSpec[];
  /** the input paths on screen, so that server errors can be placed */
  shown: string[];
}

/** Which generated fields the builder shows for a scenario, flow and compared family. */
export function builderLayout(cat: Catalogue, scenario: unknown, flow: number, families: readonly string[]): BuilderLayout {
  const value = (path: string | undefined, fallback: unknown) => String((path ? getPath(scenario, path) : undefined) ?? fallback);
  const lossChoices = findParam(cat, "loss", "model")?.choices ?? [];
  const appKinds = findParam(cat, "flow", "app.kind")?.choices ?? [];
  const dirParam = cat.params.find((x) => x.section === "direction");
  const dirs = dirParam ? directionsOf(dirParam.path) : ["forward", "reverse"];
  const shown: string[] = [];
  const track = (specs: FieldSpec[]) => {
    for (const s of specs) shown.push(s.path);
    return specs;
  };
  const directions = dirs.map((dir): DirectionFields => {
    const direction = track(sectionFields(cat, "direction", { dir }));
    const { model, params } = splitLoss(sectionFields(cat, "loss", { dir }));
    const modelValue = value(model?.path, model?.default ?? "none");
    const lossParams = track(params.filter((p) => isRelevant(p, modelValue, lossChoices)));
    if (model) track([model]);
    const r = getPath(scenario, `path.${dir}.loss.rules`);
    const ruleList = Array.isArray(r) ? r : [];
    const rules = modelValue === "positioned" || ruleList.length > 0 ? ruleList.map((_, i) => track(sectionFields(cat, "rule", { dir, index: { rules: i } }))) : null;
    return { dir, direction, model, lossParams, rules };
  });
  const fg = groupFlowFields(sectionFields(cat, "flow", { index: { flows: flow } }), families);
  const appKind = value(fg.appKind?.path, fg.appKind?.default ?? "fixed");
  const appFields = track(fg.app.filter((s) => isRelevant(s, appKind, appKinds)));
  if (fg.appKind) track([fg.appKind]);
  for (const group of [fg.receiver, fg.mechanisms, fg.flags, fg.tcp, ...Object.values(fg.byFamily), fg.other]) track(group);
  const scenarioFields = track(sectionFields(cat, "scenario"));
  return { scenario: scenarioFields, directions, flow: fg, appFields, shown };
}
