/** Live progress of a queued or running run. */
import type { RunPublic } from "../../lib/api";
import "./run.css";

export function RunProgress(props: { run: RunPublic }) {
  const { run } = props;
  const pct = Math.round(Math.max(0, Math.min(1, run.progress ?? 0)) * 100);
  const label = run.state === "queued" ? "Queued: waiting for a worker…" : `Simulating… ${pct} %`;
  return (
    <div className="card rv-progress" data-testid="run-progress">
      <p>
        Run <code>{run.id.slice(0, 8)}</code>{" "}
        <span className={`rv-state rv-state-${run.state}`} data-testid="run-state">{run.state}</span>
      </p>
      <p>
        <strong>{label}</strong>
        {run.attempts > 1 && <span className="muted"> (attempt {run.attempts})</span>}
      </p>
      <div
        className="rv-bar"
        role="progressbar"
        aria-label="Run progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.state === "queued" ? undefined : pct}
        aria-valuetext={label}
      >
        <div className={run.state === "queued" ? "rv-bar-fill rv-indeterminate" : "rv-bar-fill"} style={{ width: run.state === "queued" ? "30%" : `${pct}%` }} />
      </div>
      <p className="muted">engine {run.engine_version} · seed {run.seed}</p>
    </div>
  );
}
