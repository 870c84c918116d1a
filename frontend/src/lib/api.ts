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

/** Poll a run until it finishes; returns the latest state. */
export function useRun(id: string | null, intervalMs = 150): { run: RunPublic | null; error: string | null } {
  const [run, setRun] = useState<RunPublic | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    setRun(null);
    const tick = async () => {
      const r = await RunsService.readRun({ path: { run_id: id } });
      if (stop) return;
      if (r.error) {
        setError(typeof r.error === "object" && r.error && "detail" in r.error ? String((r.error as { detail: unknown }).detail) : "could not load the run");
        return;
      }
      setRun(r.data as RunPublic);
      if (!TERMINAL.has((r.data as RunPublic).state)) timer = setTimeout(tick, intervalMs);
    };
    tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [id, intervalMs]);
  return { run, error };
}

/** Poll a comparison until every run has finished. */
export function useComparison(id: string | null, intervalMs = 300): { comparison: ComparisonPublic | null; error: string | null } {
  const [comparison, setComparison] = useState<ComparisonPublic | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const r = await ComparisonsService.readComparison({ path: { comparison_id: id } });
      if (stop) return;
      if (r.error) {
        setError("could not load the comparison");
        return;
      }
      setComparison(r.data as ComparisonPublic);
      if (!TERMINAL.has((r.data as ComparisonPublic).state)) timer = setTimeout(tick, intervalMs);
    };
    tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [id, intervalMs]);
  return { comparison, error };
}
