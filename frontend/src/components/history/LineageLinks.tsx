/** A run's lineage in one line, for the run page's header: the run it
 * re-runs (with a link to the before/after view) and the re-runs made from
 * it (GET /runs?parent_run_id=, a page at a time).  Nothing when it has neither. */
import { Link } from "react-router";
import type { RunPublic } from "../../lib/api";
import { useHistory } from "../../lib/queries";
import { lineagePath } from "./paths";
import { StatusBadge } from "./StatusBadge";
import "./history.css";

const short = (id: string) => id.slice(0, 8);

export function LineageLinks(props: { run: Pick<RunPublic, "id" | "parent_run_id" | "children"> }) {
  const { run } = props;
  const n = run.children ?? 0;
  const kids = useHistory("runs", { parentRunId: run.id, enabled: n > 0, limit: 10 });
  if (!run.parent_run_id && n === 0) return null;
  return (
    <nav className="lineage-links" aria-label="Lineage" data-testid="lineage-links">
      {run.parent_run_id && (
        <span data-testid="lineage-parent">
          Re-run of{" "}
          <Link to={`/runs/${run.parent_run_id}`} aria-label={`parent run ${run.parent_run_id}`}>
            run <code>{short(run.parent_run_id)}</code>
          </Link>{" "}
          · <Link to={lineagePath(run.id, run.parent_run_id)}>before / after</Link>
        </span>
      )}
      {n > 0 && (
        <span data-testid="lineage-children">
          {n === 1 ? "1 re-run" : `${n} re-runs`}:{" "}
          {kids.error ? (
            <span className="error">{kids.error}</span>
          ) : !kids.loaded ? (
            <span className="muted">loading…</span>
          ) : (
            <ul>
              {kids.items.map((k) => (
                <li key={k.id}>
                  <Link to={`/runs/${k.id}`} aria-label={`re-run ${k.id}`}>
                    <code>{short(k.id)}</code>
                  </Link>{" "}
                  <StatusBadge status={k.status} /> (<Link to={lineagePath(k.id, run.id)}>before / after</Link>)
                </li>
              ))}
            </ul>
          )}
          {kids.hasMore && (
            <button type="button" className="lin-show" onClick={kids.loadMore} disabled={kids.loadingMore}>
              {kids.loadingMore ? "loading…" : "more re-runs"}
            </button>
          )}
        </span>
      )}
    </nav>
  );
}
