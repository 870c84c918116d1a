/** One generated input: number, select, checkbox or a set's group of
 * checkboxes from a FieldSpec. Its accessible name is the dotted path the API
 * reports errors under; a server error appears right after the input (role="alert"). */
import { useId, useRef } from "react";
import { type FieldSpec, specialOf } from "../../lib/forms/catalogue";
import { displayValue, formatCount, formatRange, humanize, type RawInput, setMembers } from "../../lib/forms/coerce";
import { InfoTip } from "./InfoTip";

export interface FieldProps {
  spec: FieldSpec;
  value: unknown;
  draft?: string;
  error?: string;
  hint?: string | null;
  onChange: (spec: FieldSpec, raw: RawInput) => void;
  /** a label to use instead of the spec's */
  label?: string;
  /** set a number to one of its special values (the catalogue's), dropping what was typed */
  onSpecial?: (spec: FieldSpec, value: number) => void;
}

export function ParamField(props: FieldProps) {
  return props.spec.kind === "set" ? <SetField {...props} /> : <ValueField {...props} />;
}

/** The tooltip's text: the doc, the range or how many names, the default. */
function tipText(spec: FieldSpec): string {
  const range = spec.kind === "number" ? formatRange(spec) : spec.kind === "set" ? formatCount(spec) : null;
  const special = specialOf(spec.special, spec.default);
  const def =
    spec.default === undefined
      ? ""
      : spec.kind === "set"
        ? ` Default: ${setMembers(spec, spec.default).join(", ") || "none"}.`
        : ` Default: ${special ? special.label : String(spec.default)}.`;
  const specials = spec.special?.length ? ` Special values: ${spec.special.map((s) => `${s.value} = ${s.label}`).join("; ")}.` : "";
  return `${spec.doc}${range ? ` ${spec.kind === "set" ? "Choose" : "Range:"} ${range}.` : ""}${specials}${def}`;
}

function tipLabel(spec: FieldSpec, text: string): string {
  return `${text}${spec.path.includes(".forward.") ? " (forward)" : spec.path.includes(".reverse.") ? " (reverse)" : ""}`;
}

/** The message under a field: the server's error, else a client hint, else a note. */
function FieldMessage({ errId, error, hint, note }: { errId: string; error?: string; hint?: string | null; note?: string | null }) {
  if (error)
    return (
      <span role="alert" data-testid="field-error" id={errId} className="field-error">
        {error}
      </span>
    );
  if (hint)
    return (
      <span className="field-hint" data-testid="field-hint">
        {hint}
      </span>
    );
  return note ? <span className="field-note">{note}</span> : null;
}

/** A set: one checkbox per name the catalogue offers (labelled by the family
 * member's label when it has one), within its min..max count; names the scenario
 * holds that the catalogue does not offer stay, ticked, so that they can be
 * removed. With nothing to choose from, a note instead of a dead control. */
function SetField({ spec, value, error, hint, onChange, label }: FieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  const text = label ?? spec.label;
  const chosen = setMembers(spec, value ?? spec.default);
  const offered = spec.choices ?? [];
  const names = [...offered, ...chosen.filter((n) => !offered.includes(n))];
  const full = spec.max !== undefined && chosen.length >= spec.max;
  const least = spec.min !== undefined && chosen.length <= spec.min;
  const toggle = (name: string, on: boolean) => onChange(spec, on ? [...chosen, name] : chosen.filter((n) => n !== name));
  const heading = (
    <div className="field-label">
      <span id={`${id}-label`} title={spec.doc}>
        {text}
      </span>
      <InfoTip text={tipText(spec)} label={tipLabel(spec, text)} />
    </div>
  );
  if (names.length === 0) {
    return (
      <div className={`field field-set${error ? " has-error" : ""}`} data-field={spec.path}>
        {heading}
        <p className="muted small set-empty" data-testid="set-empty" data-path={spec.path} tabIndex={-1}>
          The engine's catalogue offers no choice here yet.
        </p>
        <FieldMessage errId={errId} error={error} hint={hint} />
      </div>
    );
  }
  return (
    <div className={`field field-set${error ? " has-error" : ""}`} data-field={spec.path}>
      {heading}
      <fieldset
        className="set-choices"
        aria-label={spec.path}
        aria-describedby={error ? errId : undefined}
        aria-invalid={error ? true : undefined}
        data-path={spec.path}
        tabIndex={-1}
      >
        {names.map((name) => {
          const on = chosen.includes(name);
          const known = offered.includes(name);
          const member = spec.choiceLabels?.[name];
          return (
            <label key={name} className="set-choice" title={known ? undefined : "not offered by this engine"}>
              <input type="checkbox" value={name} checked={on} disabled={on ? least && known : full} onChange={(e) => toggle(name, e.target.checked)} />{" "}
              {member ? `${member} (${name})` : name}
            </label>
          );
        })}
      </fieldset>
      <FieldMessage errId={errId} error={error} hint={hint} />
    </div>
  );
}

/** A number's special values as toggles: ticked while the number holds one (its meaning is what
 * the field shows); unticking asks for a number. */
function SpecialToggles({ spec, active, onSpecial, onClear }: { spec: FieldSpec; active: number | undefined; onSpecial: (v: number) => void; onClear: () => void }) {
  return (
    <span className="special-toggles">
      {(spec.special ?? []).map((s) => (
        <label key={s.value} className={`special-toggle${active === s.value ? " on" : ""}`} data-testid="special-toggle">
          <input type="checkbox" checked={active === s.value} onChange={(e) => (e.target.checked ? onSpecial(s.value) : onClear())} /> {s.label}
        </label>
      ))}
    </span>
  );
}

function ValueField({ spec, value, draft, error, hint, onChange, label, onSpecial }: FieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  const inputRef = useRef<HTMLInputElement>(null);
  const text = label ?? spec.label;
  const shown = displayValue(spec, value);
  const unit = spec.unit && spec.kind === "number" ? spec.unit : "";
  const current = typeof value === "number" ? value : value === undefined ? spec.default : undefined;
  // a special value shows what it means, not its number (until the user types one)
  const special = spec.kind === "number" && draft === undefined ? specialOf(spec.special, current) : undefined;
  const extra = spec.kind === "number" && draft === undefined && !special ? humanize(spec, current) : null;
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
        ref={inputRef}
        type="number"
        inputMode={spec.numberType === "int" ? "numeric" : "decimal"}
        {...common}
        value={draft ?? (special ? "" : String(shown))}
        placeholder={special?.label}
        min={spec.min}
        max={spec.max}
        step={spec.step}
        onChange={(e) => onChange(spec, e.target.value)}
      />
    );
    if (spec.special?.length)
      control = (
        <>
          {control}
          <SpecialToggles
            spec={spec}
            active={special?.value}
            onSpecial={(v) => (onSpecial ? onSpecial(spec, v) : onChange(spec, String(v)))}
            onClear={() => {
              onChange(spec, "");
              inputRef.current?.focus();
            }}
          />
        </>
      );
  }
  return (
    <div className={`field field-${spec.kind}${error ? " has-error" : ""}`} data-field={spec.path}>
      <div className="field-label">
        <label htmlFor={id} title={spec.doc}>
          {text}
          {unit && <span className="unit"> ({unit})</span>}
        </label>
        <InfoTip text={tipText(spec)} label={tipLabel(spec, text)} />
      </div>
      {control}
      <FieldMessage errId={errId} error={error} hint={hint} note={extra} />
    </div>
  );
}
