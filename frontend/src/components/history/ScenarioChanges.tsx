/** What the re-run changed in the scenario: one line per differing field. */
import type { ScenarioChange } from "./overlay";

const text = (v: unknown) => (v === undefined ? "–" : JSON.stringify(v));

export function ScenarioChanges(props: { changes: ScenarioChange[]; limit?: number }) {
  const limit = props.limit ?? 24;
  if (props.changes.length === 0) return <p className="muted">The two runs have the same scenario.</p>;
  const shown = props.changes.slice(0, limit);
  return (
    <>
      <table className="lin-table" data-testid="lineage-scenario">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">before (parent)</th>
            <th scope="col">after (re-run)</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((c) => (
            <tr key={c.path}>
              <th scope="row">
                <code>{c.path}</code>
              </th>
              <td>
                <code>{text(c.before)}</code>
              </td>
              <td>
                <code>{text(c.after)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.changes.length > limit && <p className="muted">and {props.changes.length - limit} more fields.</p>}
    </>
  );
}
