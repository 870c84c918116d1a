/** Fetching for the run dashboard (the parent fetches; charts only get props):
 * a window of the trace and the sender series of one flow. Stale responses
 * (the window moved on) are ignored; the previous data stays shown while the
 * next window loads. */
import { useEffect, useRef, useState } from "react";
import { RunsService } from "../../lib/api";
import type { Series, TraceWindow } from "../../lib/api";
import { toEvents, type TraceEvent } from "../../lib/chart-math/events";

export const MAX_POINTS = 4000;

function errorText(e: unknown, fallback: string): string {
  const d = (e as { detail?: unknown } | undefined)?.detail;
  if (typeof d === "string") return d;
  if (Array.isArray(d) && d.length) return String((d[0] as { msg?: string }).msg ?? fallback);
  return fallback;
}

export interface TraceState {
  window: TraceWindow | null;
  events: TraceEvent[];
  loading: boolean;
  error: string | null;
  /** the request the data answers */
  key: string | null;
}

export function useTraceWindow(runId: string, fromMs: number | null, toMs: number | null, flow: number | null): TraceState {
  const [state, setState] = useState<TraceState>({ window: null, events: [], loading: true, error: null, key: null });
  const seq = useRef(0);
  useEffect(() => {
    const my = ++seq.current;
    const key = `${runId}|${fromMs}|${toMs}|${flow}`;
    setState((s) => ({ ...s, loading: true, error: null }));
    RunsService.readTrace({
      path: { run_id: runId },
      query: {
        from_ms: fromMs ?? undefined,
        to_ms: toMs ?? undefined,
        max_points: MAX_POINTS,
        flows: flow === null ? undefined : String(flow),
      },
    })
      .then((r) => {
        if (my !== seq.current) return;
        if (r.error || !r.data) {
          setState((s) => ({ ...s, loading: false, error: errorText(r.error, "could not load the trace") }));
          return;
        }
        const w = r.data as TraceWindow;
        setState({ window: w, events: toEvents(w.events), loading: false, error: null, key });
      })
      .catch((e: unknown) => {
        if (my === seq.current) setState((s) => ({ ...s, loading: false, error: e instanceof Error ? e.message : "network error" }));
      });
  }, [runId, fromMs, toMs, flow]);
  return state;
}

export interface SeriesState {
  series: Series | null;
  loading: boolean;
  error: string | null;
}

export function useSeries(runId: string, flow: number, fromMs: number | null, toMs: number | null): SeriesState {
  const [state, setState] = useState<SeriesState>({ series: null, loading: true, error: null });
  const seq = useRef(0);
  useEffect(() => {
    const my = ++seq.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    RunsService.readSeries({
      path: { run_id: runId },
      query: { flow, from_ms: fromMs ?? undefined, to_ms: toMs ?? undefined, max_points: 2000 },
    })
      .then((r) => {
        if (my !== seq.current) return;
        if (r.error || !r.data) setState((s) => ({ ...s, loading: false, error: errorText(r.error, "could not load the series") }));
        else setState({ series: r.data as Series, loading: false, error: null });
      })
      .catch((e: unknown) => {
        if (my === seq.current) setState((s) => ({ ...s, loading: false, error: e instanceof Error ? e.message : "network error" }));
      });
  }, [runId, flow, fromMs, toMs]);
  return state;
}

/** Every event of some kinds from the start of the run up to `toMs` (for segment
 * numbering and loss-model conversion).  `complete` is false when the server
 * had to downsample. */
export async function fetchKinds(runId: string, kinds: string[], toMs: number | null, flow?: number): Promise<{ events: TraceEvent[]; complete: boolean }> {
  const r = await RunsService.readTrace({
    path: { run_id: runId },
    query: {
      to_ms: toMs ?? undefined,
      max_points: 100_000,
      kinds: kinds.join(","),
      flows: flow === undefined ? undefined : String(flow),
    },
  });
  if (r.error || !r.data) throw new Error(errorText(r.error, "could not load the trace"));
  const w = r.data as TraceWindow;
  return { events: toEvents(w.events), complete: !w.downsampled };
}

/** Events of a flow in [fromMs, toMs] of the given kinds (at most 20,000). */
export async function fetchRange(runId: string, flow: number, fromMs: number, toMs: number, kinds?: string[]): Promise<TraceEvent[]> {
  const r = await RunsService.readTrace({
    path: { run_id: runId },
    query: {
      from_ms: Math.max(0, fromMs),
      to_ms: Math.max(0, toMs),
      max_points: 20_000,
      kinds: kinds?.join(","),
      flows: String(flow),
    },
  });
  if (r.error || !r.data) return [];
  return toEvents((r.data as TraceWindow).events);
}
