/** Text summaries of charts for screen readers (the charts' aria-labels):
 * what a sighted reader takes in at a glance, in one or two sentences. */
import type { Point } from "../../lib/chart-math/downsample";
import type { TraceEvent } from "../../lib/chart-math/events";
import { formatMs, formatMsRange } from "../../lib/format";
import { stateLabel, timerLabel, type TraceVocab } from "../../lib/traceVocab";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Time-sequence diagram, 0 ms – 702.97 ms: 10 segments sent, 1 dropped, 1
 * retransmission, no TLP probe, timers fired: RTO ×1, delayed ACK ×2;
 * congestion state Open → Loss → Open." */
export function summarizeTimeSequence(events: readonly TraceEvent[], domain: [number, number], vocab?: Pick<TraceVocab, "states" | "timerKinds"> | null, title = "Time-sequence diagram"): string {
  let sent = 0;
  let rtx = 0;
  let probes = 0;
  let drops = 0;
  let acks = 0;
  let dsacks = 0;
  let spurious = 0;
  const timers = new Map<string, number>();
  const states: string[] = [];
  for (const e of events) {
    if (e.t < domain[0] || e.t > domain[1]) continue;
    if (e.kind === "send") sent++;
    else if (e.kind === "retransmit") rtx++;
    else if (e.kind === "probe") probes++;
    else if (e.kind === "drop") drops++;
    else if (e.kind === "ack_recv" && !e.syn_ack) {
      acks++;
      if (e.dsack) dsacks++;
    } else if (e.kind === "timer_fired") timers.set(e.timer, (timers.get(e.timer) ?? 0) + 1);
    else if (e.kind === "spurious") spurious++;
    else if (e.kind === "state") {
      if (!states.length && e.previous_state) states.push(stateLabel(vocab, e.previous_state));
      states.push(stateLabel(vocab, e.state));
    }
  }
  const parts = [
    `${plural(sent, "segment")} sent`,
    `${drops} dropped`,
    plural(rtx, "retransmission"),
    probes ? plural(probes, "TLP probe") : "no TLP probe",
    plural(acks, "ACK"),
  ];
  if (dsacks) parts.push(plural(dsacks, "D-SACK"));
  if (spurious) parts.push(`${plural(spurious, "RTO")} declared spurious`);
  parts.push(timers.size ? `timers fired: ${[...timers].map(([k, n]) => `${timerLabel(vocab, k)} ×${n}`).join(", ")}` : "no timer fired");
  const st = states.length ? `; congestion state ${states.join(" → ")}` : "";
  return `${title}, ${formatMsRange(domain[0], domain[1])}: ${parts.join(", ")}${st}.`;
}

/** "cwnd, ssthresh, pipe (segments), 0 ms – 702.97 ms: cwnd from 10 to 1
 * (range 1–10); ssthresh from ∞ to 5 ..." over the points inside `domain`. */
export function summarizeSeries(title: string, lines: readonly { label: string; points: readonly Point[] }[], domain: [number, number], format: (v: number) => string): string {
  const fmt = (v: number | null) => (v === null ? "∞" : format(v));
  const parts = lines.map((l) => {
    // the value in force at the window's start, then every change inside it
    let first: number | null | undefined;
    const inside: (number | null)[] = [];
    for (const p of l.points) {
      if (p.t <= domain[0]) first = p.v;
      else if (p.t <= domain[1]) inside.push(p.v);
    }
    const all = first === undefined ? inside : [first, ...inside];
    if (!all.length) return `${l.label}: no data`;
    const finite = all.filter((v): v is number => v !== null);
    const range = finite.length ? ` (range ${format(Math.min(...finite))}–${format(Math.max(...finite))})` : "";
    return all.length === 1 ? `${l.label} ${fmt(all[0])}` : `${l.label} from ${fmt(all[0])} to ${fmt(all[all.length - 1])}${range}`;
  });
  return `${title}, ${formatMsRange(domain[0], domain[1])}: ${parts.join("; ")}.`;
}

/** One event for the diagram's live region: "Event 5 of 42: <what>, at 702.969 ms." (numbered as the
 * event log and the "why" panel number it: its place among the window's events) */
export function describeNavigated(position: number, total: number, what: string, t: number): string {
  return `Event ${position} of ${total}: ${what}, at ${formatMs(t, 3)}.`;
}
