/** The catalogue's names of trace event kinds (vocab.events: "Loss probe",
 * "Retransmission", ...), read defensively: a kind it does not name keeps its name. */
import { useQuery } from "@tanstack/react-query";
import { catalogueQuery } from "../../lib/queries";

export type EventLabels = Record<string, string>;

export function parseEventLabels(raw: unknown): EventLabels {
  const vocab = (raw as { vocab?: { events?: unknown } } | null | undefined)?.vocab;
  const out: EventLabels = {};
  if (!Array.isArray(vocab?.events)) return out;
  for (const e of vocab.events as { name?: unknown; label?: unknown }[]) {
    if (typeof e?.name === "string" && e.name && typeof e.label === "string" && e.label) out[e.name] = e.label;
  }
  return out;
}

/** A kind's label, else its name. */
export function eventLabel(labels: EventLabels | null | undefined, kind: string): string {
  return labels?.[kind] ?? kind;
}

export function useEventLabels(): EventLabels | null {
  return useQuery({ ...catalogueQuery, select: parseEventLabels }).data ?? null;
}
