/** The builder's path: per direction its bottleneck fields, its loss model with
 * the fields that model uses, and positioned-loss rules when the model reads
 * them (or the scenario has some), as the catalogue's applies_to says. */
import type { FieldSpec } from "../../lib/forms/catalogue";
import type { DirectionFields, ItemList } from "../../lib/forms/layout";

export type RenderField = (spec: FieldSpec, label?: string) => React.ReactNode;

/** "forward" -> "Forward path"; what the direction carries is the catalogue's to say (its doc, under the title). */
const dirTitle = (d: string) => `${d.charAt(0).toUpperCase()}${d.slice(1)} path`;

export function PathSection(props: { directions: DirectionFields[]; field: RenderField; onAddRule: (rules: ItemList) => void; onRemoveRule: (rules: ItemList, i: number) => void }) {
  const { field } = props;
  return (
    <fieldset className="builder-section">
      <legend>Path</legend>
      <div className="dir-columns">
        {props.directions.map((pf) => (
          <div key={pf.dir} className="dir-column" data-direction={pf.dir}>
            <h4>{dirTitle(pf.dir)}</h4>
            {pf.doc && (
              <p className="muted small dir-doc" data-testid={`dir-doc-${pf.dir}`}>
                {pf.doc}
              </p>
            )}
            <div className="field-grid">{pf.direction.map((s) => field(s))}</div>
            <h5>Loss</h5>
            <div className="field-grid">
              {pf.model && field(pf.model)}
              {pf.lossParams.map((s) => field(s))}
            </div>
            {pf.listed.map((l) => (
              <p key={l.path} className="muted small" data-testid={`listed-${pf.dir}`} title={l.doc || undefined}>
                Then {l.labels.length} listed {l.key} ({l.labels.join(", ")}): kept as the scenario has them; the builder does not edit them.
              </p>
            ))}
            {pf.rules && (
              <RuleList dir={pf.dir} rules={pf.rules} field={field} onAdd={props.onAddRule} onRemove={props.onRemoveRule} />
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** A direction's positioned-loss rules: one row of fields per rule. */
function RuleList(props: { dir: string; rules: ItemList; field: RenderField; onAdd: (rules: ItemList) => void; onRemove: (rules: ItemList, i: number) => void }) {
  const { dir, rules, field } = props;
  const full = rules.maxItems !== null && rules.items.length >= rules.maxItems;
  return (
    <div className="rules" data-testid={`rules-${dir}`}>
      <h5 title={rules.doc || undefined}>Positioned losses</h5>
      {!rules.relevant && (
        <p className="muted small" data-testid="rules-unread">
          Not read with this loss model: the engine reads these rules only with {rules.readWhen.join(", ")}.
        </p>
      )}
      {rules.items.length === 0 && <p className="muted small">No rules yet: add one to drop, delay or duplicate a chosen transmission.</p>}
      <ol className="rule-list" aria-label={`${dir} loss rules`}>
        {rules.items.map((specs, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its position in the list
          <li key={i} className="rule-row">
            <span className="rule-num" aria-hidden="true">
              {i + 1}
            </span>
            <div className="field-grid compact">{specs.map((s) => field(s))}</div>
            <button type="button" className="link-button" onClick={() => props.onRemove(rules, i)} aria-label={`Remove rule ${i + 1} (${dir})`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => props.onAdd(rules)} disabled={full} aria-label={`Add a ${dir} loss rule`}>
        Add rule
      </button>
    </div>
  );
}
