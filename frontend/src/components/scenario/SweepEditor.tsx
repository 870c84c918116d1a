/** The builder's sweep editor: fields of the scenario to vary (any number or
 * choice of the engine catalogue, at the scope the comparisons API's grid
 * takes: both directions, every flow, one flow; a mechanism's own parameters,
 * a stage's at each stage of its kind), the values of each (a list,
 * a range, or ticked choices), and what the grid costs: cells x variants x
 * replications, against the server's limit. Every error shows at once, next
 * to its field. */
import { useId, useState } from "react";
import type { Catalogue } from "../../lib/forms/catalogue";
import { formatRange } from "../../lib/forms/coerce";
import { choiceText, type Estimate, fieldOfPath, gridErrorPath, newAxis, rangeValues, type SweepAxis, type SweepField, type SweepPlan, sweepableFields } from "../../lib/forms/sweep";
import { InfoTip } from "./InfoTip";

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

export function estimateText(e: Estimate, axes: number): string {
  const cells = axes ? count(e.cells, "cell") : "1 scenario";
  return `${cells} × ${count(e.variants, "variant")} × ${count(e.replications, "replication")} = ${count(e.runs, "run")}`;
}

export function SweepEditor(props: {
  catalogue: Catalogue;
  scenario: unknown;
  axes: SweepAxis[];
  plan: SweepPlan;
  estimate: Estimate;
  /** the server's errors on the grid: by axis index, and the grid's own */
  serverErrors: Record<number, string>;
  gridError?: string;
  onChange: (axes: SweepAxis[]) => void;
}) {
  const { catalogue: cat, scenario, axes, plan, estimate } = props;
  const fields = sweepableFields(cat, scenario);
  // a grid key no scope of this scenario offers (a preset's "flows[0:40]...") stays pickable
  const extra = axes.flatMap((a) => {
    const f = a.path && !fields.some((x) => x.path === a.path) ? fieldOfPath(cat, scenario, a.path) : null;
    return f ? [f] : [];
  });
  const all = [...fields, ...extra];
  const groups = [...new Set(all.map((f) => f.group))];
  const set = (i: number, axis: SweepAxis) => props.onChange(axes.map((a, j) => (j === i ? axis : a)));
  const limitText = estimate.limit === null ? "" : ` · this server's limit: ${count(estimate.limit, "run")} per comparison`;
  return (
    <fieldset className="builder-section sweep" data-testid="sweep-editor">
      <legend>Sweep</legend>
      <p className="muted small sweep-intro">
        Vary any number or choice of the scenario: a comparison runs every combination of the values (the grid's cells), for each mechanism compared and
        each replication.
      </p>
      {axes.length > 0 && (
        <ol className="sweep-axes">
          {axes.map((axis, i) => (
            <AxisRow
              // biome-ignore lint/suspicious/noArrayIndexKey: an axis is its position in the list
              key={i}
              index={i}
              axis={axis}
              field={axis.path ? (all.find((f) => f.path === axis.path) ?? null) : null}
              fields={all}
              groups={groups}
              errors={[...(plan.errors[i] ?? []), ...(props.serverErrors[i] ? [props.serverErrors[i]] : [])]}
              warning={plan.warnings[i]}
              values={plan.grid[axis.path]?.length ?? 0}
              onPick={(f) => set(i, newAxis(f, scenario))}
              onChange={(a) => set(i, a)}
              onRemove={() => props.onChange(axes.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
      )}
      <button type="button" onClick={() => props.onChange([...axes, { path: "", text: "", chosen: [] }])}>
        {axes.length ? "Add another field" : "Sweep a field"}
      </button>
      {props.gridError && (
        <p role="alert" className="field-error" data-path="grid">
          {props.gridError}
        </p>
      )}
      <p className={`sweep-estimate${estimate.over ? " over" : ""}`} data-testid="sweep-estimate" aria-live="polite" data-runs={estimate.runs}>
        <strong>{estimateText(estimate, axes.length)}</strong>
        {limitText}
      </p>
      {estimate.over && estimate.limit !== null && (
        <p role="alert" className="field-error" data-testid="sweep-over-limit">
          {count(estimate.runs, "run")} is over this server's limit of {count(estimate.limit, "run")} per comparison: list fewer values, compare fewer
          mechanisms or run fewer replications.
        </p>
      )}
    </fieldset>
  );
}

function AxisRow(props: {
  index: number;
  axis: SweepAxis;
  field: SweepField | null;
  fields: SweepField[];
  /** the option groups, in order */
  groups: string[];
  errors: string[];
  warning?: string;
  values: number;
  onPick: (f: SweepField) => void;
  onChange: (a: SweepAxis) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const { axis, field, index } = props;
  const n = index + 1;
  const errPath = axis.path ? gridErrorPath(axis.path) : `sweep.${index}`;
  return (
    <li className={`sweep-axis${props.errors.length ? " has-error" : ""}`} data-testid="sweep-axis" data-path={axis.path}>
      <div className="sweep-axis-head">
        <label className="field" htmlFor={`${id}-field`}>
          <span className="field-label">Field {n}</span>
          <select
            id={`${id}-field`}
            aria-label={`Sweep field ${n}`}
            value={axis.path}
            onChange={(e) => {
              const f = props.fields.find((x) => x.path === e.target.value);
              if (f) props.onPick(f);
            }}
          >
            {!axis.path && <option value="">Choose a field…</option>}
            {props.groups.map((g) => (
              <optgroup key={g} label={g}>
                {props.fields
                  .filter((f) => f.group === g)
                  .map((f) => (
                    <option key={f.path} value={f.path}>
                      {f.label}
                      {f.param.unit ? ` (${f.param.unit})` : ""}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        {field && <InfoTip text={`${field.param.doc} Grid key: ${field.path}.`} label={field.label} />}
        <button type="button" className="link-button" onClick={props.onRemove} aria-label={`Remove sweep field ${n}`}>
          Remove
        </button>
      </div>
      {field?.kind === "number" && <NumberValues field={field} axis={axis} errPath={errPath} invalid={props.errors.length > 0} onChange={props.onChange} />}
      {field?.kind === "choice" && (
        <fieldset className="set-choices sweep-choices" aria-label={`Values of ${field.label}`} data-path={errPath} tabIndex={-1}>
          {(field.choices ?? []).map((c) => {
            const v = String(c);
            const label = typeof c === "string" && field.param.choiceLabels?.[c] ? `${field.param.choiceLabels[c]} (${c})` : choiceText(c);
            return (
              <label key={v} className="set-choice">
                <input
                  type="checkbox"
                  value={v}
                  checked={axis.chosen.includes(v)}
                  onChange={(e) => props.onChange({ ...axis, chosen: e.target.checked ? [...axis.chosen, v] : axis.chosen.filter((x) => x !== v) })}
                />{" "}
                {label}
              </label>
            );
          })}
        </fieldset>
      )}
      {field && (
        <span className="field-note" data-testid="sweep-axis-count">
          {count(props.values, "value")}
        </span>
      )}
      {props.errors.length > 0 && (
        <ul role="alert" className="field-error sweep-errors" data-testid="sweep-errors">
          {props.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {props.warning && (
        <p className="field-hint" data-testid="sweep-warning">
          {props.warning}
        </p>
      )}
    </li>
  );
}

function NumberValues(props: { field: SweepField; axis: SweepAxis; errPath: string; invalid: boolean; onChange: (a: SweepAxis) => void }) {
  const { field, axis } = props;
  const id = useId();
  const [range, setRange] = useState({ start: "", stop: "", step: "" });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const spec = { min: field.param.min ?? undefined, max: field.param.max ?? undefined };
  const fill = () => {
    const r = rangeValues(range.start, range.stop, range.step);
    setRangeError(r.error);
    if (!r.error) props.onChange({ ...axis, text: r.values.join(", ") });
  };
  const specials = field.param.special.map((s) => `${s.value} = ${s.label}`).join("; ");
  return (
    <div className="sweep-values">
      <label className="field" htmlFor={`${id}-values`}>
        <span className="field-label">
          Values{field.param.unit ? ` (${field.param.unit})` : ""}, separated by commas
        </span>
        <input
          id={`${id}-values`}
          type="text"
          inputMode="decimal"
          aria-label={`Values of ${field.label}`}
          aria-invalid={props.invalid || undefined}
          data-path={props.errPath}
          placeholder="e.g. 5, 10, 20"
          value={axis.text}
          onChange={(e) => props.onChange({ ...axis, text: e.target.value })}
        />
        <span className="field-note">
          {field.numberType === "int" ? "integers " : ""}
          {formatRange(spec) ?? ""}
          {specials ? `; ${specials}` : ""}
        </span>
      </label>
      <details className="sweep-range">
        <summary>Range…</summary>
        <div className="sweep-range-inputs">
          {(["start", "stop", "step"] as const).map((k) => (
            <label key={k} className="field">
              <span className="field-label">{k}</span>
              <input
                type="number"
                aria-label={`Range ${k} of ${field.label}`}
                value={range[k]}
                step="any"
                onChange={(e) => setRange((r) => ({ ...r, [k]: e.target.value }))}
              />
            </label>
          ))}
          <button type="button" onClick={fill}>
            Fill in
          </button>
        </div>
        {rangeError && (
          <span role="alert" className="field-error">
            {rangeError}
          </span>
        )}
      </details>
    </div>
  );
}
