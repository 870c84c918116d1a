/** /s/:slug — a frozen permalink: the run or comparison exactly as shared,
 * with its stored view state restored into the URL, read-only, and a Fork
 * button that opens the builder on the same scenario. */
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiError, type RunPublic, type SharePublic } from "../lib/api";
import { useShare } from "../lib/queries";
import { CompareDashboard } from "../components/compare/CompareDashboard";
import { RunDashboard } from "../components/run/RunDashboard";
import { fmtNum } from "../lib/format";
import "../components/compare/compare.css";

/** The view-state keys each kind of page keeps in its URL. */
export const URL_KEYS: Record<string, string[]> = {
  run: ["from_ms", "to_ms", "flow", "unit", "compress", "idle_ms"],
  comparison: ["v", "cell", "stat", "tx", "trows", "tm"],
};

/** The search string with the stored view state added (keys already in the URL
 * win), or null when nothing changes; `keys` limits it to what the page reads. */
export function viewStateSearch(search: string, viewState: Record<string, unknown>, keys?: string[]): string | null {
  const sp = new URLSearchParams(search);
  let changed = false;
  for (const [k, v] of Object.entries(viewState ?? {})) {
    if (keys && !keys.includes(k)) continue;
    if (v === null || v === undefined || v === "" || typeof v === "object" || sp.has(k)) continue;
    sp.set(k, String(v));
    changed = true;
  }
  return changed ? `?${sp.toString()}` : null;
}

function engineOf(share: SharePublic): string {
  const inner = (share.payload.run ?? share.payload.comparison) as { engine_version?: string } | undefined;
  return inner?.engine_version ?? "unknown";
}

export function ShareView({ slug }: { slug: string }) {
  const q = useShare(slug);
  const navigate = useNavigate();
  const { search } = useLocation();
  // the stored view state goes into the URL before the frozen page is shown
  const restored = q.data ? viewStateSearch(search, q.data.view_state, URL_KEYS[q.data.kind]) : null;
  useEffect(() => {
    if (restored !== null) navigate({ search: restored }, { replace: true });
  }, [restored, navigate]);
  const share: SharePublic | null = q.data && restored === null ? q.data : null;
  const error = q.error
    ? q.error instanceof ApiError && q.error.status === 404
      ? "This permalink does not exist (check the address)."
      : "Could not load this permalink."
    : null;

  if (error)
    return (
      <section data-testid="share-view">
        <div className="card page-state" role="alert">
          <p className="error">{error}</p>
          <Link to="/">Back to Explore</Link>
        </div>
      </section>
    );
  if (!share)
    return (
      <section data-testid="share-view">
        <p className="muted page-state" aria-live="polite">
          Loading the permalink…
        </p>
      </section>
    );

  const created = new Date(share.created_at);
  const run = share.kind === "run" ? (share.payload.run as RunPublic | undefined) : undefined;
  const comparison = share.kind === "comparison" ? share.payload.comparison : undefined;
  return (
    <section data-testid="share-view" className="share-view">
      <div className="share-banner card" role="note" data-testid="share-banner">
        <div>
          <strong>Frozen permalink — read-only.</strong> This {share.kind} is shown exactly as it was shared on{" "}
          <time dateTime={share.created_at}>{Number.isNaN(created.getTime()) ? share.created_at : created.toLocaleString()}</time> with engine version{" "}
          <code data-testid="share-engine">{engineOf(share)}</code>; later runs or engine changes do not alter it.{" "}
          <Link to={share.kind === "run" ? `/runs/${share.target_id}` : `/compare/${share.target_id}`}>Open the live {share.kind}</Link>
        </div>
        <button type="button" className="primary" onClick={() => navigate(`/?fork=${encodeURIComponent(slug)}`)} title="Open the builder prefilled with this scenario">
          Fork
        </button>
      </div>
      {run ? (
        run.state === "succeeded" ? (
          <RunDashboard run={run} readOnly viewState={share.view_state} />
        ) : (
          <FrozenRun run={run} />
        )
      ) : comparison ? (
        <CompareDashboard comparison={comparison as Parameters<typeof CompareDashboard>[0]["comparison"]} readOnly />
      ) : (
        <p className="error">This permalink holds no {share.kind}.</p>
      )}
    </section>
  );
}

function cellText(v: unknown): string {
  if (typeof v === "number") return fmtNum(v, 5);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v)) return v.length === 1 ? cellText(v[0]) : `${v.length} values`;
  if (v === null || v === undefined) return "–";
  return String(v);
}

/** The frozen run's per-flow metrics and error, for a run that did not succeed
 * (the run dashboard needs a finished trace). */
export function FrozenRun({ run }: { run: RunPublic }) {
  const metrics = run.metrics ?? [];
  const names = [...new Set(metrics.flatMap((m) => Object.keys(m)))].sort();
  return (
    <div className="card">
      <div className="chart-head">
        <h2 style={{ margin: 0, fontSize: "1.1rem" }}>
          Run <code>{run.id.slice(0, 8)}</code> · seed {run.seed} · {run.state}
        </h2>
        <Link to={`/runs/${run.id}`}>Open the live run page</Link>
      </div>
      {run.error && <p className="error">{run.error}</p>}
      {metrics.length === 0 ? (
        <p className="muted">This run has no metrics.</p>
      ) : (
        <div className="table-scroll">
          <table className="compare-table" data-testid="metrics-table">
            <thead>
              <tr>
                <th scope="col">Flow</th>
                {names.map((n) => (
                  <th key={n} scope="col" className="num">
                    {n}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {metrics.map((m, flow) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a flow is its index
                <tr key={flow}>
                  <th scope="row">{flow}</th>
                  {names.map((n) => (
                    <td key={n} className="num" data-testid={`metric-${flow}-${n}`}>
                      {cellText(m[n])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
