/** View state in the URL's search parameters. Setting replaces the current
 * history entry (no history spam) and keeps every other parameter, encoded by
 * URLSearchParams exactly as before, so existing links and permalinks read the same. */
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type SearchUpdate = Record<string, string | null | undefined>;

/** `search` with these parameters set (null or "" removes one); "" when none remain, else "?…". */
export function withParams(search: string, values: SearchUpdate): string {
  const sp = new URLSearchParams(search);
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined || v === "") sp.delete(k);
    else sp.set(k, v);
  }
  const qs = sp.toString();
  return qs ? `?${qs}` : "";
}

/** The search parameters and a setter for several at once. */
export function useSearchState(): [URLSearchParams, (values: SearchUpdate) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (values: SearchUpdate) => setParams((cur) => new URLSearchParams(withParams(cur.toString(), values)), { replace: true }),
    [setParams],
  );
  return [params, set];
}
