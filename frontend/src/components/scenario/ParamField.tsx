/** One generated input: number, select or checkbox from a FieldSpec. Its
 * accessible name is the dotted path the API reports errors under; a
 * server error appears right after the input (role="alert"). */
import { useId } from "react";
import type { FieldSpec } from "../../lib/forms/catalogue";
import { displayValue, formatRange, humanize } from "../../lib/forms/coerce";
import { InfoTip } from "./InfoTip";

export interface FieldProps {
  spec: FieldSpec;
  value: unknown;
  draft?: string;
  error?: string;
  hint?: string | null;
  onChange: (spec: FieldSpec, raw: string | boolean) => void;
  /** a label to use instead of the spec's */
  label?: string;
}

export function ParamField({ spec, value, draft, error, hint, onChange, label }: FieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  const text = label ?? spec.label;
  const shown = displayValue(spec, value);
  const unit = spec.unit && spec.kind === "number" ? spec.unit : "";
  const range = spec.kind === "number" ? formatRange(spec) : null;
  const extra = spec.kind === "number" && draft === undefined ? humanize(spec, typeof value === "number" ? value : spec.default) : null;
  const common = {
    id,
    "aria-label": spec.path,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errId : undefined,
    "data-path": spec.path,
  } as const;
  let control: React.ReactNode;
  if (spec.kind === "checkbox") {
    control = <input type="checkbox" {...common} checked={Boolean(shown)} onChange={(e) => onChange(spec, e.target.checked)} />;
  } else if (spec.kind === "select") {
    const v = String(shown);
    const choices = spec.choices ?? [];
    control = (
      <select {...common} value={v} onChange={(e) => onChange(spec, e.target.value)}>
        {!choices.includes(v) && <option value={v}>{v}</option>}
        {choices.map((c) => (
          <option key={c} value={c}>
            {spec.choiceLabels?.[c] ? `${spec.choiceLabels[c]} (${c})` : c}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        type="number"
        inputMode={spec.numberType === "int" ? "numeric" : "decimal"}
        {...common}
        value={draft ?? String(shown)}
        min={spec.min}
        max={spec.max}
        step={spec.step}
        onChange={(e) => onChange(spec, e.target.value)}
      />
    );
  }
  return (
    <div className={`field field-${spec.kind}${error ? " has-error" : ""}`} data-field={spec.path}>
      <div className="field-label">
        <label htmlFor={id} title={spec.doc}>
          {text}
          {unit && <span className="unit"> ({unit})</span>}
        </label>
        <InfoTip text={`${spec.doc}${range ? ` Range: ${range}.` : ""}${spec.default !== undefined ? ` Default: ${String(spec.default)}.` : ""}`} label={`${text}${spec.path.includes(".forward.") ? " (forward)" : spec.path.includes(".reverse.") ? " (reverse)" : ""}`} />
      </div>
      {control}
      {error ? (
        <span role="alert" data-testid="field-error" id={errId} className="field-error">
          {error}
        </span>
      ) : hint ? (
        <span className="field-hint" data-testid="field-hint">
          {hint}
        </span>
      ) : extra ? (
        <span className="field-note">{extra}</span>
      ) : null}
    </div>
  );
}
