/** The run view's time axis: [from, to] ms onto the plot's width, with idle
 * stretches longer than the threshold compressed when asked (the threshold
 * defaults to one derived from the flow's SRTT). */
import { useMemo } from "react";
import type { TraceEvent } from "../../lib/chart-math/events";
import { defaultIdleThreshold, findIdleGaps, timeScale, type TimeScale } from "../../lib/chart-math/idleScale";

export function useTimeAxis(
  events: TraceEvent[],
  [d0, d1]: [number, number],
  plotWidth: number,
  compress: boolean,
  idleMs: number | null,
): { x: TimeScale; threshold: number } {
  const auto = useMemo(() => defaultIdleThreshold(events.map((e) => e.srtt_us)), [events]);
  const threshold = idleMs && idleMs > 0 ? idleMs : auto;
  const x = useMemo(() => {
    const gaps = compress ? findIdleGaps(events.map((e) => e.t), [d0, d1], { threshold }) : [];
    return timeScale({ domain: [d0, d1], range: [0, plotWidth], gaps, gapPx: 30 });
  }, [compress, events, d0, d1, threshold, plotWidth]);
  return { x, threshold };
}
