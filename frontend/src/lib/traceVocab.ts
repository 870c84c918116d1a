/** The names trace events carry, as the engine's catalogue labels and explains
 * them: congestion states (vocab.states), timer kinds (vocab.timer_kinds),
 * transmission causes (vocab.causes), what dropped a packet (a drop
 * event's `stage`: a member of the path-stage family, or the bottleneck queue,
 * which the drop reason "queue" of vocab.drop_reasons describes) and the
 * spurious-timeout detectors with their rules (a spurious event's `detector`
 * and `rule`: the spurious family's members and their `rules`).  Read
 * defensively: a server from before trace v2 publishes neither. */
import type { Catalog } from "../client/types.gen";
import type { VocabEntry } from "./forms/catalogue";

export interface TraceVocab {
  /** why a segment is (re)transmitted */
  causes: VocabEntry[];
  /** what dropped a packet, by the names a drop event's `stage` takes */
  dropStages: VocabEntry[];
  /** the sender's congestion states (open, recovery, ...) */
  states: VocabEntry[];
  /** the kinds of timer an event names (rto, probe, ...) */
  timerKinds: VocabEntry[];
  /** the spurious-timeout detectors a spurious event names, each with the rules of its verdicts */
  detectors: Detector[];
  /** the event kinds (vocab.events: app_stall, window_probe, ...); absent from vocabularies built before it */
  events?: VocabEntry[];
}

/** A spurious-timeout detector (a member of the catalogue's spurious family) and its rules. */
export interface Detector extends VocabEntry {
  rules: VocabEntry[];
}

export const EMPTY_TRACE_VOCAB: TraceVocab = { causes: [], dropStages: [], states: [], timerKinds: [], detectors: [], events: [] };

/** The family whose members are the path's stages (the catalogue's families). */
const STAGE_FAMILY = "stage";
/** The family whose members are the spurious-timeout detectors. */
const SPURIOUS_FAMILY = "spurious";
/** The drop reason, and stage name, of a full bottleneck queue. */
const QUEUE = "queue";

type Loose = Record<string, unknown>;

function isObject(v: unknown): v is Loose {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function entries(raw: unknown): VocabEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObject)
    .filter((e) => typeof e.name === "string" && e.name !== "")
    .map((e) => ({
      name: String(e.name),
      label: typeof e.label === "string" && e.label ? e.label : String(e.name),
      doc: typeof e.doc === "string" ? e.doc : "",
    }));
}

export function parseTraceVocab(raw: Catalog | unknown): TraceVocab {
  const c: Loose = isObject(raw) ? raw : {};
  const vocab: Loose = isObject(c.vocab) ? c.vocab : {};
  const families = Array.isArray(c.families) ? c.families.filter(isObject) : [];
  const stages = entries(families.find((f) => f.name === STAGE_FAMILY)?.members);
  const queue = entries(vocab.drop_reasons).filter((r) => r.name === QUEUE);
  const spurious = families.find((f) => f.name === SPURIOUS_FAMILY)?.members;
  const detectors = entries(spurious).map((d) => {
    const raw = (spurious as unknown[]).filter(isObject).find((m) => m.name === d.name);
    return { ...d, rules: entries(raw?.rules) };
  });
  return { causes: entries(vocab.causes), dropStages: [...queue, ...stages], states: entries(vocab.states), timerKinds: entries(vocab.timer_kinds), detectors, events: entries(vocab.events) };
}

/** The catalogue's label of a name in a list, else the name itself (a catalogue without the vocabulary). */
function labelIn(list: readonly VocabEntry[] | undefined, name: string): string {
  return list?.find((e) => e.name === name)?.label ?? name;
}

/** A congestion state's label ("Recovery"), or its name when the vocabulary does not list it. */
export function stateLabel(vocab: Pick<TraceVocab, "states"> | null | undefined, name: string): string {
  return labelIn(vocab?.states, name);
}

/** A timer kind's label ("Probe timer"), or its name when the vocabulary does not list it. */
export function timerLabel(vocab: Pick<TraceVocab, "timerKinds"> | null | undefined, name: string): string {
  return labelIn(vocab?.timerKinds, name);
}

/** The entry named `name`, if the vocabulary lists it. */
export function entryOf(list: readonly VocabEntry[], name: string | null | undefined): VocabEntry | undefined {
  return name == null ? undefined : list.find((e) => e.name === name);
}

/** A timer kind named as a timer in a sentence: "RTO timer", "Probe timer" (a label that already says so stays). */
export function timerNoun(vocab: Pick<TraceVocab, "timerKinds"> | null | undefined, name: string): string {
  const label = timerLabel(vocab, name);
  return /\btimer$/i.test(label) ? label : `${label} timer`;
}

/** A spurious event's detector and the rule it named, as the catalogue labels them (the names without it). */
export function spuriousReason(vocab: Partial<Pick<TraceVocab, "detectors">> | null | undefined, detector: string, rule: string): { detector: VocabEntry; rule: VocabEntry } {
  const d = vocab?.detectors?.find((e) => e.name === detector);
  return {
    detector: d ?? { name: detector, label: detector, doc: "" },
    rule: d?.rules.find((r) => r.name === rule) ?? { name: rule, label: rule, doc: "" },
  };
}
