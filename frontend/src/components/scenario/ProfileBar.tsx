/** Which settings the builder's flows start from, said out loud: the engine's
 * defaults are the RFCs as written (strict RFC 5827 early retransmit, no
 * FACK, ...), not the Linux 3.17 the tail-loss paper ran. One click starts
 * from another of the catalogue's profiles; a table shows where they differ. */
import type { Catalogue, Profile } from "../../lib/forms/catalogue";
import { matchingProfiles, paramOfSelector, profileTable, valueText } from "../../lib/forms/profiles";
import { InfoTip } from "./InfoTip";

export function ProfileBar(props: { catalogue: Catalogue; scenario: unknown; pickedKey: string | null; onApply: (p: Profile) => void }) {
  const { catalogue: cat, scenario } = props;
  if (cat.profiles.length === 0) return null;
  const matching = matchingProfiles(cat, scenario).map((p) => p.name);
  const rows = profileTable(cat, scenario);
  const current = cat.profiles.find((p) => matching.includes(p.name));
  const show = (key: string, v: unknown) => {
    const labels = paramOfSelector(cat, key)?.choiceLabels;
    return typeof v === "string" && labels?.[v] ? labels[v] : valueText(v);
  };
  return (
    <fieldset className="builder-section profiles" data-testid="profile-bar">
      <legend>Starting point</legend>
      <p className="profile-status" role="status" data-testid="profile-status">
        {current ? (
          <>
            The flows follow <strong>{current.label}</strong>. {current.doc}
          </>
        ) : (
          <>The flows follow none of the profiles below as they are: some of the settings listed were changed.</>
        )}
      </p>
      <fieldset className="profile-buttons" aria-label="Start from a profile">
        {cat.profiles.map((p) => (
          <span key={p.name} className="profile-choice">
            <button
              type="button"
              className={matching.includes(p.name) ? "primary" : ""}
              aria-pressed={matching.includes(p.name)}
              onClick={() => props.onApply(p)}
              data-profile={p.name}
            >
              {p.label}
            </button>
            <InfoTip text={`${p.doc} Source: ${p.citation}.`} label={p.label} />
          </span>
        ))}
      </fieldset>
      {rows.length > 0 && (
        <div className="profile-table-wrap">
          <table className="profile-table" data-testid="profile-table">
            <caption className="muted small">Where the profiles differ (every flow; the mechanism picker below still decides what it compares)</caption>
            <thead>
              <tr>
                <th scope="col">Setting</th>
                {cat.profiles.map((p) => (
                  <th key={p.name} scope="col" className={matching.includes(p.name) ? "current" : undefined}>
                    {p.label}
                  </th>
                ))}
                <th scope="col">This scenario</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} data-key={r.key}>
                  <th scope="row">
                    {r.label}
                    {props.pickedKey !== null && r.key.endsWith(`.${props.pickedKey}`) && <span className="muted small"> (picked below)</span>}
                  </th>
                  {cat.profiles.map((p) => (
                    <td key={p.name} className={matching.includes(p.name) ? "current" : undefined}>
                      {show(r.key, r.values[p.name])}
                    </td>
                  ))}
                  <td className={cat.profiles.some((p) => JSON.stringify(r.values[p.name]) === JSON.stringify(r.current)) ? undefined : "edited"}>
                    {show(r.key, r.current)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  );
}
