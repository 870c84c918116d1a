/** The builder's path: per direction its bottleneck fields, its loss model with
 * the fields that model uses, and positioned-loss rules. */
import type { FieldSpec } from "../../lib/forms/catalogue";
import type { DirectionFields } from "../../lib/forms/layout";

export type RenderField = (spec: FieldSpec, label?: string) => React.ReactNode;

const dirTitle = (d: string) => (d === "forward" ? "Forward path (data)" : d === "reverse" ? "Reverse path (ACKs)" : d);

export function PathSection(props: { directions: DirectionFields[]; field: RenderField; onAddRule: (dir: string) => void; onRemoveRule: (dir: string, i: number) => void }) {
  const { field } = props;
  return (
    <fieldset className="builder-section">
      <legend>Path</legend>
      <div className="dir-columns">
        {props.directions.map((pf) => (
          <div key={pf.dir} className="dir-column" data-direction={pf.dir}>
            <h4>{dirTitle(pf.dir)}</h4>
            <div className="field-grid">{pf.direction.map((s) => field(s))}</div>
            <h5>Loss</h5>
            <div className="field-grid">
              {pf.model && field(pf.model)}
              {pf.lossParams.map((s) => field(s))}
            </div>
            {pf.rules && (
              <div className="rules">
                <h5>Positioned losses</h5>
                {pf.rules.length === 0 && <p className="muted small">No rules yet: add one to drop, delay or duplicate a chosen transmission.</p>}
                <ol className="rule-list" aria-label={`${pf.dir} loss rules`}>
                  {pf.rules.map((specs, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its position in the list
                    <li key={i} className="rule-row">
                      <span className="rule-num" aria-hidden="true">
                        {i + 1}
                      </span>
                      <div className="field-grid compact">{specs.map((s) => field(s))}</div>
                      <button type="button" className="link-button" onClick={() => props.onRemoveRule(pf.dir, i)} aria-label={`Remove rule ${i + 1} (${pf.dir})`}>
                        Remove
                      </button>
                    </li>
                  ))}
                </ol>
                <button type="button" onClick={() => props.onAddRule(pf.dir)} aria-label={`Add a ${pf.dir} loss rule`}>
                  Add rule
                </button>
              </div>
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
