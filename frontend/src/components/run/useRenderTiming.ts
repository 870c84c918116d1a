/** Time from the dashboard's mount (the result's arrival) to the first drawn
 * diagram, published as a performance mark for the e2e timings. */
import { useCallback, useRef, useState } from "react";

export function useRenderTiming(events: number): { renderMs: number | null; onDrawn: () => void } {
  const mountT = useRef(typeof performance !== "undefined" ? performance.now() : 0);
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const measured = useRef(false);
  const onDrawn = useCallback(() => {
    if (measured.current || !events) return;
    measured.current = true;
    const done = () => {
      const ms = performance.now() - mountT.current;
      setRenderMs(ms);
      if (typeof performance.mark === "function") performance.mark("rexmit:run-view-drawn", { detail: { ms, events } });
    };
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(done);
    else done();
  }, [events]);
  return { renderMs, onDrawn };
}
