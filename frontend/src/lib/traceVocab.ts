/** The names trace events carry, as the engine's catalogue labels and explains
 * them: transmission causes (vocab.causes) and what dropped a packet (a drop
 * event's `stage`: a member of the path-stage family, or the bottleneck queue,
 * which the drop reason "queue" of vocab.drop_reasons describes).  Read
 * defensively: a server from before trace v2 publishes neither. */
import type { Catalog } from "../client/types.gen";
import type { VocabEntry } from "./forms/catalogue";

export interface TraceVocab {
  /** why a segment is (re)transmitted */
  causes: VocabEntry[];
  /** what dropped a packet, by the names a drop event's `stage` takes */
  dropStages: VocabEntry[];
}

export const EMPTY_TRACE_VOCAB: TraceVocab = { causes: [], dropStages: [] };

/** The family whose members are the path's stages (the catalogue's families). */
const STAGE_FAMILY = "stage";
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
  return { causes: entries(vocab.causes), dropStages: [...queue, ...stages] };
}

/** The entry named `name`, if the vocabulary lists it. */
export function entryOf(list: readonly VocabEntry[], name: string | null | undefined): VocabEntry | undefined {
  return name == null ? undefined : list.find((e) => e.name === name);
}
