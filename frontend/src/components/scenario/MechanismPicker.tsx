/** Which mechanisms to run or compare: a family from the catalogue (timer,
 * cc, recovery, ... whatever the engine lists), then one or more of its
 * mechanisms. Quick picks are the sets the presets compare. Its accessible
 * name is the parameter path the API reports errors under, flows.0.<key> with
 * the family's key from the catalogue (flows.0.tcp.cc, flows.0.app.kind). */
import { useId } from "react";
import type { Catalogue } from "../../lib/forms/catalogue";
import { choicesOf, comparableFamilies, familyDoc, familyLabel, isSetFamily, mechanismLabel, memberPath, orderChoices, type MechanismSelection, type QuickPick } from "../../lib/forms/mechanisms";
import { MemberReferenceLine } from "../reference/MemberReferenceLine";
import { InfoTip } from "./InfoTip";

/** The input path of the picker for a family (flow 0's key that picks its member); every flow's error for that parameter lands on it. */
export const pickerPath = (cat: Catalogue, family: string) => memberPath(cat, family) ?? `mechanisms.${family}`;

export function MechanismPicker(props: {
  catalogue: Catalogue;
  value: MechanismSelection;
  /** the flows the choice applies to, as an override selector */
  scope: string;
  quickPicks: QuickPick[];
  error?: string;
  /** another family was chosen (the builder decides which of its mechanisms to start from) */
  onFamily: (family: string) => void;
  onChange: (selection: MechanismSelection) => void;
}) {
  const { catalogue: cat, value } = props;
  const id = useId();
  const { family } = value;
  // a set family (any combination of members, tcp.spurious) offers its combinations
  const all = choicesOf(cat, family);
  const combos = isSetFamily(cat, family);
  const names = all.map((m) => m.name);
  const selected = orderChoices(value.choices, names);
  const path = pickerPath(cat, family);
  const label = (name: string) => mechanismLabel(cat, family, name);
  const familyName = familyLabel(cat, family);
  const doc = familyDoc(cat, family);
  return (
    <div className="mech-grid">
      <div className={`field timer-picker${props.error ? " has-error" : ""}`}>
        <label className="inline-field">
          Compare along{" "}
          <select value={family} onChange={(e) => props.onFamily(e.target.value)} data-testid="family-picker">
            {comparableFamilies(cat).map((f) => (
              <option key={f} value={f}>
                {familyLabel(cat, f)}
              </option>
            ))}
          </select>
        </label>
        <div className="field-label">
          <label htmlFor={id}>
            {familyName}: {combos ? "combinations to compare" : "mechanisms to compare"}
          </label>
          <InfoTip text={doc || `${familyName} mechanisms from the catalogue.`} label={familyName} />
        </div>
        <select
          id={id}
          multiple
          size={Math.max(2, Math.min(8, names.length))}
          aria-label={path}
          data-path={path}
          aria-invalid={props.error ? true : undefined}
          value={selected}
          onChange={(e) => props.onChange({ family, choices: Array.from(e.target.selectedOptions).map((o) => o.value) })}
        >
          {all.map((m) => (
            <option key={m.name} value={m.name} title={m.doc}>
              {combos ? m.label : m.label ? `${m.label} (${m.name})` : m.name}
            </option>
          ))}
        </select>
        {props.error && (
          <span role="alert" data-testid="field-error" className="field-error">
            {props.error}
          </span>
        )}
        <span className="field-note">
          Ctrl/⌘-click or Shift+arrows to pick several. Applies to {props.scope === "flows[*]" ? "every flow" : props.scope}.
        </span>
        <fieldset className="quick-picks" aria-label="Quick picks">
          {props.quickPicks.map((q) => (
            <button
              key={`${q.family}:${q.choices.join(",")}`}
              type="button"
              className="small"
              title={`As the preset${q.presets.length > 1 ? "s" : ""} ${q.presets.join(", ")} compare${q.presets.length > 1 ? "" : "s"}`}
              onClick={() => props.onChange({ family: q.family, choices: q.choices })}
            >
              {familyLabel(cat, q.family)}: {q.choices.map((c) => mechanismLabel(cat, q.family, c)).join(", ")}
            </button>
          ))}
          <button type="button" className="small" onClick={() => props.onChange({ family, choices: names })}>
            All
          </button>
        </fieldset>
      </div>
      <div className="timer-docs">
        {selected.map((t) => (
          <div key={t} className="member-doc" data-member={t}>
            <p>
              <strong>{label(t)}</strong> — {all.find((m) => m.name === t)?.doc ?? ""}
            </p>
            <MemberReferenceLine reference={cat.linuxReference} family={family} member={t} />
          </div>
        ))}
      </div>
    </div>
  );
}
