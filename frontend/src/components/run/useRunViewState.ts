/** The run view's state in the URL (from_ms, to_ms, flow, unit, compress,
 * idle_ms, present), typed; a permalink's stored view state fills in what the URL does
 * not say. Setters replace the URL entry, so a link reproduces the view. */
import { useCallback } from "react";
import type { RunPublic } from "../../lib/api";
import type { SeqUnit } from "../../lib/chart-math/scales";
import { trimNumber } from "../../lib/format";
import { mssOf } from "../../lib/mss";
import { useSearchState } from "../../lib/url";

type Obj = Record<string, unknown>;

function num(s: string | null | undefined): number | null {
  if (s === null || s === undefined || s === "") return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

/** The from_ms/to_ms parameters for a window, clamped to [0, runEnd]; both null for the whole run,
 * undefined when the window is empty. */
export function windowParams(a: number, b: number, runEnd: number): { from_ms: string | null; to_ms: string | null } | undefined {
  const s = Math.max(0, Math.min(a, b));
  const e = Math.min(runEnd, Math.max(a, b));
  if (e - s <= 1e-6) return undefined;
  if (s <= 0 && e >= runEnd) return { from_ms: null, to_ms: null };
  return { from_ms: trimNumber(s, 6), to_ms: trimNumber(e, 6) };
}

export interface RunViewState {
  /** the time window in ms, or null for the whole run */
  win: [number, number] | null;
  flow: number;
  nFlows: number;
  unit: SeqUnit;
  compress: boolean;
  /** the idle-compression threshold the URL sets, if any */
  idleMs: number | null;
  /** the shown flow's MSS in bytes */
  mss: number;
  /** presentation mode (?present=1): the diagram and the "why" panel full width, large text */
  present: boolean;
  setFlow: (flow: number) => void;
  setUnit: (unit: SeqUnit) => void;
  setCompress: (on: boolean) => void;
  setIdleMs: (ms: string) => void;
  setPresent: (on: boolean) => void;
  /** show [a, b] clamped to [0, runEnd] (the whole run when it covers it) */
  setWindow: (a: number, b: number, runEnd: number) => void;
  resetWindow: () => void;
}

export function useRunViewState(run: RunPublic, viewState: Obj = {}): RunViewState {
  const [search, set] = useSearchState();
  const pick = (k: string) => search.get(k) ?? (viewState[k] !== undefined && viewState[k] !== null ? String(viewState[k]) : null);
  const fromMs = num(pick("from_ms"));
  const toMs = num(pick("to_ms"));
  const win: [number, number] | null = fromMs !== null && toMs !== null && toMs > fromMs ? [fromMs, toMs] : null;
  const flows = ((run.scenario as Obj).flows as Obj[] | undefined) ?? [];
  const nFlows = Math.max(1, run.metrics?.length ?? flows.length);
  const flow = Math.min(nFlows - 1, Math.max(0, Math.trunc(num(pick("flow")) ?? 0)));
  const setWindow = useCallback(
    (a: number, b: number, runEnd: number) => {
      const w = windowParams(a, b, runEnd);
      if (w) set(w);
    },
    [set],
  );
  return {
    win,
    flow,
    nFlows,
    unit: pick("unit") === "bytes" ? "bytes" : "segments",
    compress: ["1", "true"].includes(String(pick("compress"))),
    idleMs: num(pick("idle_ms")),
    mss: mssOf(flows[flow]),
    present: ["1", "true"].includes(String(pick("present"))),
    setFlow: (f) => set({ flow: f === 0 ? null : String(f) }),
    setUnit: (u) => set({ unit: u === "segments" ? null : u }),
    setCompress: (on) => set({ compress: on ? "1" : null }),
    setIdleMs: (ms) => set({ idle_ms: ms || null }),
    setPresent: (on) => set({ present: on ? "1" : null }),
    setWindow,
    resetWindow: () => set({ from_ms: null, to_ms: null }),
  };
}
