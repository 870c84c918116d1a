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

/** The search the last write produced and the rendered search it started from; one for the page, as
 * there is one URL. The router renders a new location in a transition, so its `cur` is the last
 * rendered search: two writes before that render (a zoom's window, then Esc leaving presentation
 * mode) would each start from it, and the second would drop the first's parameters. A write that
 * finds `cur` still where the last one started continues from what that one wrote. */
let written: { from: string; to: string } | null = null;

/** The search parameters and a setter for several at once. */
export function useSearchState(): [URLSearchParams, (values: SearchUpdate) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (values: SearchUpdate) =>
      setParams(
        (cur) => {
          const shown = cur.toString();
          const next = withParams(written?.from === shown ? written.to : shown, values);
          written = { from: shown, to: next.replace(/^\?/, "") };
          return new URLSearchParams(next);
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, set];
}
