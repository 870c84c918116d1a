/** The MSS of a flow, in bytes: what its scenario sets, else the largest data
 * segment it sent (when events are given), else the engine's default 1448. */
import type { TraceEvent } from "./chart-math/events";

export const DEFAULT_MSS = 1448;

/** `flow` is one flow of a scenario ({tcp: {mss}}), see flowOf(). */
export function mssOf(flow: unknown, events?: readonly TraceEvent[]): number {
  const tcp = (flow as { tcp?: { mss?: unknown } } | null | undefined)?.tcp;
  if (typeof tcp?.mss === "number" && tcp.mss > 0) return tcp.mss;
  let m = 0;
  for (const e of events ?? []) if (e.kind === "send") m = Math.max(m, e.arg);
  return m || DEFAULT_MSS;
}

/** The n-th flow of a scenario, for mssOf(). */
export function flowOf(scenario: unknown, n: number): unknown {
  const flows = (scenario as { flows?: unknown } | null | undefined)?.flows;
  return Array.isArray(flows) ? flows[n] : undefined;
}
