/** The builder's sticky submit bar: errors no input owns, and Run / Compare
 * (Run sweep when the sweep editor varies fields, with its run count). */
import type { ApiFieldError } from "../../lib/forms/errors";
import type { SubmitMode } from "../../lib/forms/requests";
import type { Estimate } from "../../lib/forms/sweep";
import { estimateText } from "./SweepEditor";

export function SubmitBar(props: {
  unplaced: ApiFieldError[];
  /** the chosen mechanisms' display names */
  chosen: string[];
  replications: number;
  busy: SubmitMode | null;
  onSubmit: (mode: SubmitMode) => void;
  /** the sweep's cost and how many errors it has, when it varies some field */
  sweep?: { estimate: Estimate; errors: number } | null;
}) {
  const { chosen, replications: reps, sweep } = props;
  const none = chosen.length === 0;
  const blocked = sweep ? sweep.errors > 0 || sweep.estimate.over : false;
  return (
    <div className="submit-bar">
      {props.unplaced.length > 0 && (
        <div role="alert" className="form-errors" data-testid="form-errors">
          <strong>The server did not accept this scenario:</strong>
          <ul>
            {props.unplaced.map((e) => (
              <li key={`${e.path}|${e.variant ?? ""}|${e.message}`}>
                {e.path && <code>{e.path}</code>} {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="submit-buttons">
        <button type="button" className={chosen.length <= 1 ? "primary" : ""} onClick={() => props.onSubmit("run")} disabled={props.busy !== null || none}>
          {props.busy === "run" ? "Starting…" : "Run scenario"}
        </button>
        <button
          type="button"
          className={chosen.length > 1 || sweep ? "primary" : ""}
          onClick={() => props.onSubmit("compare")}
          disabled={props.busy !== null || none}
          aria-describedby={sweep ? "sweep-submit-help" : undefined}
        >
          {props.busy === "compare" ? "Starting…" : sweep ? "Run sweep" : "Compare mechanisms"}
        </button>
        <span className="muted submit-help" id="sweep-submit-help">
          {none
            ? "Pick a mechanism above."
            : sweep
              ? blocked
                ? sweep.errors > 0
                  ? `Fix the sweep first: ${sweep.errors} error${sweep.errors === 1 ? "" : "s"}, shown next to its fields.`
                  : `Run sweep: ${estimateText(sweep.estimate, 1)}, over this server's limit.`
                : `Run sweep: ${estimateText(sweep.estimate, 1)} (${chosen.join(" vs ")}). Run scenario runs the scenario as it is, ${chosen[0]} alone.`
              : chosen.length === 1
              ? `Run scenario: ${chosen[0]}${reps > 1 ? `, ${reps} seeds` : ""}. Pick two or more mechanisms to compare them.`
              : `Compare mechanisms: ${chosen.join(" vs ")}${reps > 1 ? `, ${reps} replications each` : ""}. Run scenario runs ${chosen[0]} alone.`}
        </span>
      </div>
    </div>
  );
}
