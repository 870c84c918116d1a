/** The builder's flows: which flow is edited, adding, removing and copying
 * flows, and the edited flow's application and receiver fields. */
import type { FieldSpec } from "../../lib/forms/catalogue";
import type { IntList } from "../../lib/forms/layout";
import type { RenderField } from "./PathSection";

export interface FlowSectionProps {
  flow: number;
  nFlows: number;
  maxFlows: number;
  appKind?: FieldSpec;
  /** when the mechanism picker compares along the application kind: its family's label and the
   * members chosen there (the kind's own field is then not shown) */
  appKindPicked?: { family: string; chosen: string[] };
  appFields: FieldSpec[];
  receiver: FieldSpec[];
  /** the flow's explicit object sizes (app.sizes): how many, and whether its application kind reads them */
  sizes: IntList | null;
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
            {p.appKindPicked ? (
              <p className="muted small" data-testid="app-kind-picked">
                {p.appKindPicked.family}: {p.appKindPicked.chosen.join(", ") || "none"}, chosen under Mechanisms.
              </p>
            ) : (
              p.appKind && field(p.appKind)
            )}
            {p.appFields.map((s) => field(s))}
          </div>
          {p.sizes && p.sizes.count !== null && (
            <p className="muted small" data-testid="app-sizes" title={p.sizes.doc || undefined}>
              {p.sizes.relevant ? (
                <>This flow lists {p.sizes.count} explicit object sizes ({p.sizes.key}), which take precedence over the request count and object size. </>
              ) : (
                <>
                  This flow lists {p.sizes.count} explicit object sizes ({p.sizes.key}), which its application kind does not read (only {p.sizes.readWhen.join(", ")} does).{" "}
                </>
              )}
              <button type="button" className="link-button" onClick={p.onDropSizes}>
                {p.sizes.relevant ? "Use the fields instead" : "Remove them"}
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
