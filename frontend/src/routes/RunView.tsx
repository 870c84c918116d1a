/** /runs/:id — polls the run; shows live progress while it is queued or
 * running, a clear error when it cannot be loaded or failed, then the
 * dashboard.  The dashboard fetches trace windows and series itself. */
import { Link } from "react-router";
import { useCatalogue, useRun } from "../lib/queries";
import { RunDashboard } from "../components/run/RunDashboard";
import { RunProgress } from "../components/run/RunProgress";
import { describeScenario } from "../components/run/RunHeader";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function RunView({ id }: { id: string }) {
  const valid = UUID.test(id);
  const { run, error } = useRun(valid ? id : null);
  const { data: catalogue } = useCatalogue();
  let body: React.ReactNode;
  if (!valid) {
    body = (
      <div className="card rv-view-card" role="alert">
        <h1>Not a run id</h1>
        <p className="error">
          “{id}” is not a run id (run ids look like <code>17cdfe27-1686-4364-b4d1-cc1ac62a12d8</code>).
        </p>
        <p>
          <Link to="/">Back to Explore</Link>
        </p>
      </div>
    );
  } else if (error) {
    const notFound = /not found/i.test(error);
    body = (
      <div className="card rv-view-card" role="alert">
        <h1>{notFound ? "No such run" : "Could not load the run"}</h1>
        <p className="error">{error}</p>
        <p className="muted">Run id: <code>{id}</code></p>
        <p>
          <Link to="/">Back to Explore</Link>
        </p>
      </div>
    );
  } else if (!run) {
    body = (
      <p className="muted" role="status">
        Loading run <code>{id}</code>…
      </p>
    );
  } else if (run.state === "queued" || run.state === "running") {
    body = <RunProgress run={run} />;
  } else if (run.state === "failed") {
    body = (
      <div className="card rv-view-card" role="alert">
        <h1>
          The run failed <span className="rv-state rv-state-failed" data-testid="run-state">{run.state}</span>
        </h1>
        <p className="error" style={{ whiteSpace: "pre-wrap" }}>{run.error ?? "no error message was recorded"}</p>
        <p className="muted">
          {describeScenario(run.scenario, catalogue).join(" · ")} · engine {run.engine_version} · seed {run.seed} · {run.attempts} attempt(s)
        </p>
        <p>
          <Link to="/">Back to Explore</Link>
        </p>
      </div>
    );
  } else if (run.state === "cancelled") {
    body = (
      <div className="card rv-view-card" role="status">
        <h1>
          The run was cancelled <span className="rv-state" data-testid="run-state">{run.state}</span>
        </h1>
        <p>Its comparison was cancelled before a worker took it, so it never ran. Submitting the same scenario again runs it.</p>
        <p className="muted">
          {describeScenario(run.scenario, catalogue).join(" · ")} · engine {run.engine_version} · seed {run.seed}
        </p>
        <p>
          <Link to="/">Back to Explore</Link>
        </p>
      </div>
    );
  } else {
    body = <RunDashboard run={run} />;
  }
  return <section data-testid="run-view">{body}</section>;
}
