/** Explanations need the timer_armed event behind a timer fire and what
 * caused it.  In a downsampled window of a long run those dense events may be
 * missing, so for the event the user selects the dashboard fetches them: the
 * timer events since the timer could have been armed, then every event at the
 * arming instant. */
import { useQuery } from "@tanstack/react-query";
import type { TimerEvent, TraceEvent } from "../../lib/chart-math/events";
import { buildExplainIndex, explainEvent, type Explanation } from "../../lib/chart-math/explain";
import { fetchRange, useTraceVocab } from "../../lib/queries";
import type { TraceVocab } from "../../lib/traceVocab";

const NEEDS_CONTEXT = new Set(["timer_fired", "probe", "retransmit"]);

export function needsContext(ev: TraceEvent): boolean {
  return NEEDS_CONTEXT.has(ev.kind);
}

const key = (e: TraceEvent) => `${e.t_ns}|${e.kind}|${e.seq}|${e.arg}|${"timer" in e ? e.timer : ""}`;

function merge(...lists: TraceEvent[][]): TraceEvent[] {
  const seen = new Set<string>();
  const all: TraceEvent[] = [];
  for (const l of lists) for (const e of l) {
    const k = key(e);
    if (!seen.has(k)) {
      seen.add(k);
      all.push(e);
    }
  }
  // stable by time, keeping each list's order within an instant
  all.sort((a, b) => a.t_ns - b.t_ns);
  return all.map((e, i) => ({ ...e, i }));
}

export async function explainWithContext(
  runId: string,
  ev: TraceEvent,
  scenario: Record<string, unknown>,
  nearby: readonly TraceEvent[],
  vocab?: TraceVocab,
): Promise<Explanation | null> {
  const atNs = (t_ns: number, kinds?: string[]) => fetchRange(runId, ev.flow, (t_ns - 1000) / 1e6, (t_ns + 1000) / 1e6, kinds);
  // the events at the instant itself (the timer fire before a probe/retransmission)
  const here = await atNs(ev.t_ns);
  const fired = [...here].reverse().find((e): e is TimerEvent => e.kind === "timer_fired" && e.t_ns <= ev.t_ns);
  const timer = ev.kind === "timer_fired" ? ev : fired;
  let armedList: TimerEvent[] = [];
  let causeList: TraceEvent[] = [];
  if (timer) {
    const span = Math.max(timer.timeout_us, timer.rto_us, ev.rto_us) / 1000;
    armedList = (await fetchRange(runId, ev.flow, timer.t - 2 * span - 1, timer.t + 0.001, ["timer_armed"])).filter((a) => "timer" in a);
    const exp = timer.expires_ns;
    const armed = [...armedList].reverse().find((a) => a.timer === timer.timer && a.expires_ns === exp && a.t_ns <= timer.t_ns);
    if (armed) causeList = await atNs(armed.t_ns);
    // the next arming after a fire (for the backoff)
    const after = (await fetchRange(runId, ev.flow, timer.t, timer.t + 2 * span + 1, ["timer_armed"])).filter((a) => "timer" in a);
    armedList = armedList.concat(after.filter((a) => a.timer === timer.timer).slice(0, 1));
  }
  const events = merge(here, causeList, armedList, nearby.filter((e) => e.t_ns === ev.t_ns));
  const target = events.find((e) => key(e) === key(ev));
  if (!target) return null;
  return explainEvent(target, buildExplainIndex(events, scenario, null, vocab));
}

/** The explanation of the selected event with its context fetched, when the
 * window is downsampled and the event needs it; `key` names the window. */
export function useContextExplanation(runId: string, events: TraceEvent[], scenario: Record<string, unknown>, downsampled: boolean, key: string | null, sel: number | null) {
  const ev = sel !== null ? events[sel] : undefined;
  const vocab = useTraceVocab().data;
  return useQuery({
    queryKey: ["explain-context", runId, key, sel, vocab ? "vocab" : "no vocab"],
    queryFn: () => (ev ? explainWithContext(runId, ev, scenario, events, vocab) : null),
    enabled: !!ev && downsampled && needsContext(ev),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
