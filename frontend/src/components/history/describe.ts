/** A mark of the before/after diagrams in words, for the table of
 * differences: "Loss probe of segment 10 (transmission 2)" (pure). */
import type { TraceEvent } from "../../lib/chart-math/events";
import { estimateSegmentIndex, segmentIndexMap } from "../../lib/chart-math/segmentIndex";
import { timerLabel, type TraceVocab } from "../../lib/traceVocab";
import { type EventLabels, eventLabel } from "./eventLabels";
import type { MarkPair } from "./overlay";

/** seq -> segment number (1-based) from both runs' first transmissions, which must all be in
 * `before` and `after`; when they may not be (`complete` false: a downsampled window would
 * count only the sends it kept), estimated from the MSS. */
export function segmentNumbering(before: readonly TraceEvent[], after: readonly TraceEvent[], flow: number, mss: number, complete = true): (seq: number) => number {
  if (!complete) return (seq) => estimateSegmentIndex(seq, mss);
  const a = segmentIndexMap(before, flow);
  const b = segmentIndexMap(after, flow);
  return (seq) => a.get(seq) ?? b.get(seq) ?? estimateSegmentIndex(seq, mss);
}

export function describeMark(
  pair: MarkPair,
  labels: EventLabels | null,
  vocab: Pick<TraceVocab, "timerKinds"> | null | undefined,
  segmentOf: (seq: number) => number,
): string {
  const e = (pair.after ?? pair.before) as TraceEvent;
  const label = eventLabel(labels, e.kind);
  if (e.kind === "send" || e.kind === "retransmit" || e.kind === "probe") {
    return `${label} of segment ${segmentOf(e.seq)}${e.transmission > 1 ? ` (transmission ${e.transmission})` : ""}`;
  }
  if (e.kind === "drop") return e.direction === "reverse" ? `${label} of the ACK of byte ${e.seq}` : `${label} of segment ${segmentOf(e.seq)}`;
  if (e.kind === "ack_recv") return `${label}: cumulative ACK ${e.seq}`;
  if (e.kind === "timer_fired") return `${label}: ${timerLabel(vocab, e.timer)}`;
  return label;
}
