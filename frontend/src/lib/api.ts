/** The generated client (src/client, never edited by hand), pointed at this origin,
 * plus polling helpers. Charts never fetch: routes fetch and pass data down. */
import { useEffect, useState } from "react";
import { client } from "../client/client.gen";
import { ComparisonsService, RunsService } from "../client/sdk.gen";
import type { ComparisonPublic, RunPublic } from "../client/types.gen";

client.setConfig({ baseUrl: typeof window !== "undefined" ? window.location.origin : "" });

export * from "../client/sdk.gen";
export type * from "../client/types.gen";

/** FastAPI 422 detail -> { "flows.0.tcp.mss": "must be ..." } keyed by the path after body(.scenario). */
export function fieldErrors(detail: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(detail)) return out;
  for (const e of detail as { loc?: (string | number)[]; msg?: string }[]) {
    const loc = (e.loc ?? []).filter((x) => x !== "body");
    out[loc.join(".")] = e.msg ?? "invalid";
  }
  return out;
}

const TERMINAL = new Set(["succeeded", "failed"]);

/** Fetch `load()` every `intervalMs` until the result's state is terminal. */
function usePolled<T extends { state: string }>(
  id: string | null,
  load: (id: string) => Promise<{ data?: unknown; error?: unknown }>,
  what: string,
  intervalMs: number,
): { value: T | null; error: string | null } {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    setValue(null);
    setError(null);
    const tick = async () => {
      const r = await load(id);
      if (stop) return;
      if (r.error || !r.data) {
        const d = (r.error as { detail?: unknown } | undefined)?.detail;
        setError(typeof d === "string" ? d : `could not load the ${what}`);
        return;
      }
      const v = r.data as T;
      setValue(v);
      if (!TERMINAL.has(v.state)) timer = setTimeout(tick, intervalMs);
    };
    tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [id, load, what, intervalMs]);
  return { value, error };
}

const loadRun = (id: string) => RunsService.readRun({ path: { run_id: id } });
const loadComparison = (id: string) => ComparisonsService.readComparison({ path: { comparison_id: id } });

/** Poll a run until it finishes; returns the latest state. */
export function useRun(id: string | null, intervalMs = 150): { run: RunPublic | null; error: string | null } {
  const { value, error } = usePolled<RunPublic>(id, loadRun, "run", intervalMs);
  return { run: value, error };
}

/** Poll a comparison until every run has finished. */
export function useComparison(id: string | null, intervalMs = 300): { comparison: ComparisonPublic | null; error: string | null } {
  const { value, error } = usePolled<ComparisonPublic>(id, loadComparison, "comparison", intervalMs);
  return { comparison: value, error };
}
