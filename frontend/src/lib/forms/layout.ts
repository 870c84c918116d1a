/** How the builder arranges the generated fields: which fields a choice
 * (loss model, application kind) makes relevant, read from the parameters'
 * own doc text ("tail: how many ...", "bernoulli: ... gilbert_elliott: ..."),
 * and the groups of a flow's parameters. */
import type { FieldSpec } from "./catalogue";

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
  /** tcp.cc */
  cc: FieldSpec[];
  /** the retransmission timer (edited through the mechanism picker) */
  timer?: FieldSpec;
  /** boolean tcp.* switches */
  flags: FieldSpec[];
  /** every other tcp.* parameter */
  tcp: FieldSpec[];
  /** parameters of the flow section that fit none of the above */
  other: FieldSpec[];
}

export function groupFlowFields(specs: FieldSpec[]): FlowGroups {
  const g: FlowGroups = { app: [], receiver: [], cc: [], flags: [], tcp: [], other: [] };
  for (const s of specs) {
    if (s.key === "app.kind") g.appKind = s;
    else if (s.key.startsWith("app.") || s.key === "start_ms") g.app.push(s);
    else if (s.key.startsWith("receiver.")) g.receiver.push(s);
    else if (s.key === "tcp.timer") g.timer = s;
    else if (s.key === "tcp.cc") g.cc.push(s);
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
