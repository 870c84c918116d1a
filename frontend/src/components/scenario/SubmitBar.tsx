/** The builder's sticky submit bar: errors no input owns, and Run / Compare. */
import type { ApiFieldError } from "../../lib/forms/errors";
import type { SubmitMode } from "../../lib/forms/requests";

export function SubmitBar(props: {
  unplaced: ApiFieldError[];
  /** the chosen mechanisms' display names */
  chosen: string[];
  replications: number;
  busy: SubmitMode | null;
  onSubmit: (mode: SubmitMode) => void;
}) {
  const { chosen, replications: reps } = props;
  const none = chosen.length === 0;
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
        <button type="button" className={chosen.length > 1 ? "primary" : ""} onClick={() => props.onSubmit("compare")} disabled={props.busy !== null || none}>
          {props.busy === "compare" ? "Starting…" : "Compare mechanisms"}
        </button>
        <span className="muted submit-help">
          {none
            ? "Pick a mechanism above."
            : chosen.length === 1
              ? `Run scenario: ${chosen[0]}${reps > 1 ? `, ${reps} seeds` : ""}. Pick two or more mechanisms to compare them.`
              : `Compare mechanisms: ${chosen.join(" vs ")}${reps > 1 ? `, ${reps} replications each` : ""}. Run scenario runs ${chosen[0]} alone.`}
        </span>
      </div>
    </div>
  );
}
