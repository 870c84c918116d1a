/** The "why" of each event of a window. Segment numbers are exact when the
 * window starts at the run's start, or, in a zoomed window, once every first
 * transmission up to its end has been fetched (only when the flow's sends are
 * few enough for one small request); otherwise they are estimated. */
import { useCallback, useMemo } from "react";
import type { RunPublic } from "../../lib/api";
import type { TraceEvent } from "../../lib/chart-math/events";
import { buildExplainIndex, explainEvent, type Explanation } from "../../lib/chart-math/explain";
import { segmentIndexMap } from "../../lib/chart-math/segmentIndex";
import { useKinds, useTraceVocab } from "../../lib/queries";

const SEND_KINDS = ["send", "probe"];
const MAX_FETCHED_SENDS = 20_000;

/** Data transmissions (first ones and retransmissions) in a flow's metrics. */
export const txCount = (m: Record<string, unknown> | undefined) => Number(m?.segments_sent ?? 0) + Number(m?.retransmissions ?? 0);

export function useExplain(run: RunPublic, events: TraceEvent[], win: [number, number] | null, flow: number): (e: TraceEvent) => Explanation {
  const flowTx = run.metrics ? txCount(run.metrics[flow]) : undefined;
  const fetchSends = !!win && flowTx !== undefined && flowTx <= MAX_FETCHED_SENDS;
  const sends = useKinds(run.id, SEND_KINDS, win ? win[1] + 0.001 : null, flow, fetchSends);
  const data = win ? sends.data : undefined;
  const segIndex = useMemo(() => (data?.complete ? new Map([[flow, segmentIndexMap(data.events, flow)]]) : null), [data, flow]);
  const vocab = useTraceVocab().data;
  const ix = useMemo(() => buildExplainIndex(events, run.scenario as Record<string, unknown>, segIndex, vocab), [events, run.scenario, segIndex, vocab]);
  return useCallback((e: TraceEvent) => explainEvent(e, ix), [ix]);
}
