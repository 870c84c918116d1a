/** The builder's seeds and budget: the seed, how many replications (seeds
 * seed, seed + 1, ...), and behind a toggle the run's other scenario fields
 * (duration, event budget, trace settings). */
import { useState } from "react";
import type { FieldSpec } from "../../lib/forms/catalogue";
import { InfoTip } from "./InfoTip";
import type { RenderField } from "./PathSection";

export function SeedsSection(props: {
  fields: FieldSpec[];
  seed: number;
  replications: string;
  error?: string;
  field: RenderField;
  onReplications: (value: string) => void;
}) {
  const [showAdvanced, setShowAdvanced] = useState(false);
  const { field, error } = props;
  const reps = Math.max(1, Math.floor(Number(props.replications)) || 1);
  return (
    <fieldset className="builder-section">
      <legend>Seeds and budget</legend>
      <div className="field-grid">
        {props.fields.filter((s) => s.key === "seed").map((s) => field(s))}
        <div className={`field field-number${error ? " has-error" : ""}`} data-field="replications">
          <div className="field-label">
            <label htmlFor="replications">Replications</label>
            <InfoTip
              text="How many seeds to run: seed, seed + 1, … A run creates one run per seed; a comparison runs every mechanism with each seed and reports the mean with a 95% confidence interval."
              label="Replications"
            />
          </div>
          <input
            id="replications"
            type="number"
            min={1}
            max={1000}
            step={1}
            aria-label="replications"
            data-path="replications"
            aria-invalid={error ? true : undefined}
            value={props.replications}
            onChange={(e) => props.onReplications(e.target.value)}
          />
          {error ? (
            <span role="alert" data-testid="field-error" className="field-error">
              {error}
            </span>
          ) : (
            <span className="field-note">
              seeds {props.seed}
              {reps > 1 ? `–${props.seed + reps - 1}` : ""}
            </span>
          )}
        </div>
        {showAdvanced && props.fields.filter((s) => s.key !== "seed").map((s) => field(s))}
      </div>
      <button type="button" className="link-button" aria-expanded={showAdvanced} onClick={() => setShowAdvanced((x) => !x)}>
        {showAdvanced ? "Hide" : "Show"} duration, event budget and trace settings
      </button>
    </fieldset>
  );
}
