/** Wheel zoom of the time axis: each wheel step shows the new window at once;
 * the window is committed (written to the URL, so fetched) once the wheel has
 * rested for `restMs`. */
import { useCallback, useEffect, useRef, useState } from "react";
import { zoomWindow } from "../../lib/chart-math/scales";

export function useWheelZoom(
  domain: [number, number],
  runEnd: number,
  /** the committed window (from the URL); a new one ends the live zoom */
  committed: [number, number] | null,
  commit: (from: number, to: number) => void,
  restMs = 250,
): { liveWindow: [number, number] | null; wheelZoom: (factor: number, center: number) => void } {
  const [liveWindow, setLiveWindow] = useState<[number, number] | null>(null);
  const live = useRef<[number, number] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wheelZoom = useCallback(
    (factor: number, center: number) => {
      let w = zoomWindow(live.current ?? domain, factor, 0, runEnd, center);
      if (w[1] - w[0] < 0.001) w = [center - 0.0005, center + 0.0005];
      live.current = w;
      setLiveWindow(w);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const done = live.current;
        live.current = null;
        if (done) commit(done[0], done[1]);
      }, restMs);
    },
    [domain, runEnd, commit, restMs],
  );
  const from = committed?.[0];
  const to = committed?.[1];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly committed window ends the live one
  useEffect(() => {
    if (!live.current) setLiveWindow(null);
  }, [from, to]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { liveWindow, wheelZoom };
}
