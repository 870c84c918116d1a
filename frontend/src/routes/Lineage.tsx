/** /runs/:id/vs/:parentId — a re-run beside the run it was made from: what
 * its scenario changed, both time-sequence diagrams of a flow overlaid on one
 * time and sequence axis (?flow=), the metrics that changed and the
 * retransmissions, probes, drops and timers the runs do not share. */
import { Link } from "react-router";
import { LineageComparison } from "../components/history/LineageComparison";
import { StatusBadge } from "../components/history/StatusBadge";
import type { RunPublic } from "../lib/api";
import { useRun } from "../lib/queries";
import "../components/history/history.css";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const short = (id: string) => id.slice(0, 8);

function RunState(props: { side: string; id: string; run: RunPublic | null; error: string | null }) {
  return (
    <li>
      {props.side}: <Link to={`/runs/${props.id}`}>run <code>{short(props.id)}</code></Link>{" "}
      {props.error ? <span className="error">{props.error}</span> : props.run ? <StatusBadge status={props.run.state} progress={props.run.progress} /> : <span className="muted">loading…</span>}
      {props.run?.state === "failed" && <span className="error"> {props.run.error ?? "no error message was recorded"}</span>}
    </li>
  );
}

export function Lineage({ id, parentId }: { id: string; parentId: string }) {
  const valid = UUID.test(id) && UUID.test(parentId);
  const after = useRun(valid ? id : null, 500);
  const before = useRun(valid ? parentId : null, 500);
  if (!valid)
    return (
      <section className="card" role="alert" data-testid="lineage-view">
        <h1>Not a pair of run ids</h1>
        <p className="error">
          “{id}” or “{parentId}” is not a run id (run ids look like <code>17cdfe27-1686-4364-b4d1-cc1ac62a12d8</code>).
        </p>
        <p>
          <Link to="/history">Back to the history</Link>
        </p>
      </section>
    );
  const ready = before.run?.state === "succeeded" && after.run?.state === "succeeded";
  const notChild = after.run && after.run.parent_run_id !== parentId;
  return (
    <section className="lin-page" data-testid="lineage-view">
      <header className="card lin-head">
        <h1>
          Before and after: run <code>{short(id)}</code> beside run <code>{short(parentId)}</code>
        </h1>
        <ul>
          <RunState side="before (parent)" id={parentId} run={before.run} error={before.error} />
          <RunState side="after (re-run)" id={id} run={after.run} error={after.error} />
        </ul>
        {notChild && (
          <p className="muted" data-testid="lineage-not-child">
            Run <code>{short(id)}</code> was not made from run <code>{short(parentId)}</code>
            {after.run?.parent_run_id ? (
              <>
                {" "}
                (its parent is <Link to={`/runs/${after.run.parent_run_id}`}>run {short(after.run.parent_run_id)}</Link>)
              </>
            ) : null}
            ; they are compared all the same.
          </p>
        )}
        <p>
          <Link to="/history">All runs</Link>
        </p>
      </header>
      {ready && before.run && after.run ? (
        <LineageComparison before={before.run} after={after.run} />
      ) : (
        !before.error &&
        !after.error &&
        before.run?.state !== "failed" &&
        after.run?.state !== "failed" && (
          <p className="muted" role="status">
            The diagrams appear when both runs have finished.
          </p>
        )
      )}
    </section>
  );
}
