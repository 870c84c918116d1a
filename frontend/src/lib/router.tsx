/** A tiny router: the path picks the view, search params hold view state
 * (time window, selected mechanisms), so a URL reproduces what is shown. */
import { useCallback, useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
function emit() {
  for (const l of listeners) l();
}
window.addEventListener("popstate", emit);

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function navigate(to: string, opts: { replace?: boolean } = {}) {
  if (opts.replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  emit();
}

export function useLocation(): { path: string; search: string } {
  const path = useSyncExternalStore(subscribe, () => location.pathname);
  const search = useSyncExternalStore(subscribe, () => location.search);
  return { path, search };
}

/** Match "/runs/:id" style patterns; returns params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split("/").filter(Boolean);
  const a = path.split("/").filter(Boolean);
  if (p.length !== a.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(":")) out[p[i].slice(1)] = decodeURIComponent(a[i]);
    else if (p[i] !== a[i]) return null;
  }
  return out;
}

/** One search param as state; setting it replaces the URL (no history spam). */
export function useSearchParam(name: string): [string | null, (v: string | null) => void] {
  const { search } = useLocation();
  const value = new URLSearchParams(search).get(name);
  const set = useCallback(
    (v: string | null) => {
      const sp = new URLSearchParams(location.search);
      if (v === null || v === "") sp.delete(name);
      else sp.set(name, v);
      const qs = sp.toString();
      navigate(location.pathname + (qs ? `?${qs}` : ""), { replace: true });
    },
    [name],
  );
  return [value, set];
}

export function Link(props: { to: string; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <a
      href={props.to}
      className={props.className}
      data-testid={props.testId}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}
