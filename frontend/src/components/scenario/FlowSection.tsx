/** The builder's flows: which flow is edited, adding, removing and copying
 * flows, and the edited flow's application and receiver fields. */
import type { FieldSpec } from "../../lib/forms/catalogue";
import type { RenderField } from "./PathSection";

export interface FlowSectionProps {
  flow: number;
  nFlows: number;
  maxFlows: number;
  appKind?: FieldSpec;
  appFields: FieldSpec[];
  receiver: FieldSpec[];
  /** how many explicit object sizes the flow lists (app.sizes), if any */
  sizes: number | null;
  field: RenderField;
  onFlow: (f: number) => void;
  onAdd: () => void;
  onRemove: () => void;
  onCopyToAll: () => void;
  onDropSizes: () => void;
}

export function FlowSection(p: FlowSectionProps) {
  const { field } = p;
  return (
    <fieldset className="builder-section">
      <legend>Flows</legend>
      <div className="flow-bar">
        <label className="inline-field">
          Editing flow{" "}
          <select aria-label="Flow to edit" value={p.flow} onChange={(e) => p.onFlow(Number(e.target.value))}>
            {Array.from({ length: p.nFlows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a flow is its index
              <option key={i} value={i}>
                Flow {i}
              </option>
            ))}
          </select>
        </label>
        <span className="muted">of {p.nFlows}</span>
        <button type="button" onClick={p.onAdd} disabled={p.nFlows >= p.maxFlows}>
          Add flow
        </button>
        <button type="button" onClick={p.onRemove} disabled={p.nFlows <= 1}>
          Remove flow {p.flow}
        </button>
        {p.nFlows > 1 && (
          <button type="button" onClick={p.onCopyToAll} title="Copy this flow's TCP and receiver settings to every flow">
            Copy TCP settings to all flows
          </button>
        )}
      </div>
      <div className="flow-groups">
        <div className="flow-group">
          <h4>Application</h4>
          <div className="field-grid">
            {p.appKind && field(p.appKind)}
            {p.appFields.map((s) => field(s))}
          </div>
          {p.sizes !== null && (
            <p className="muted small">
              This flow lists {p.sizes} explicit object sizes (app.sizes), which take precedence over the request count and object size.{" "}
              <button type="button" className="link-button" onClick={p.onDropSizes}>
                Use the fields instead
              </button>
            </p>
          )}
        </div>
        <div className="flow-group">
          <h4>Receiver (ACKs)</h4>
          <div className="field-grid">{p.receiver.map((s) => field(s))}</div>
        </div>
      </div>
    </fieldset>
  );
}
