/** The builder's path: per direction its bottleneck fields, its loss model with
 * the fields that model uses, and positioned-loss rules when the model reads
 * them (or the scenario has some), as the catalogue's applies_to says. */
import type { FieldSpec } from "../../lib/forms/catalogue";
import type { DirectionFields, ItemList, TaggedList } from "../../lib/forms/layout";
import type { RowLimits, ScheduleRow } from "../../lib/chart-math/schedule";
import { ScheduleEditor, type TableEdits } from "./ScheduleEditor";

export type RenderField = (spec: FieldSpec, label?: string) => React.ReactNode;

/** "forward" -> "Forward path"; what the direction carries is the catalogue's to say (its doc, under the title). */
const dirTitle = (d: string) => `${d.charAt(0).toUpperCase()}${d.slice(1)} path`;

/** Edits of a tagged list (a direction's stages): add an item of a kind, remove one, change one's kind. */
export interface ListedEdits {
  onAdd: (list: TaggedList, kind: string) => void;
  onRemove: (list: TaggedList, i: number) => void;
  onKind: (list: TaggedList, i: number, kind: string) => void;
}

export function PathSection(props: {
  directions: DirectionFields[];
  field: RenderField;
  onAddRule: (rules: ItemList) => void;
  onRemoveRule: (rules: ItemList, i: number) => void;
  listed: ListedEdits;
  /** the direction's tables (handover table): edits, each table's rows, its rows' limits */
  tables: TableEdits & { rows: (list: ItemList) => ScheduleRow[]; limits: (list: ItemList) => RowLimits };
}) {
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
            {pf.suggestion && (
              <p className="muted small suggestion-note" data-testid={`suggestion-${pf.dir}`}>
                <strong>{pf.suggestion.label.charAt(0).toUpperCase() + pf.suggestion.label.slice(1)}.</strong> {pf.suggestion.doc}
              </p>
            )}
            {pf.listed.map((l) => (
              <StageList key={l.path} dir={pf.dir} list={l} field={field} edits={props.listed} />
            ))}
            {pf.tables.map((t) => (
              <ScheduleEditor key={t.path} dir={pf.dir} list={t} rows={props.tables.rows(t)} field={field} edits={props.tables} limits={props.tables.limits(t)} />
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

/** A direction's listed stages (a tagged list): per item its kind and that kind's own fields, within the list's max_items. */
function StageList(props: { dir: string; list: TaggedList; field: RenderField; edits: ListedEdits }) {
  const { dir, list, field, edits } = props;
  const full = list.maxItems !== null && list.items.length >= list.maxItems;
  const first = list.kinds[0]?.name;
  return (
    <div className="rules stages" data-testid={`listed-${dir}`}>
      <h5 title={list.doc || undefined}>Then, listed {list.key}</h5>
      {list.items.length === 0 && <p className="muted small">{list.doc || "None listed."}</p>}
      <ol className="rule-list" aria-label={`${dir} ${list.key}`}>
        {list.items.map((it, i) => {
          const known = list.kinds.some((k) => k.name === it.kind);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its position in the list
            <li key={i} className="rule-row" data-kind={it.kind}>
              <span className="rule-num" aria-hidden="true">
                {i + 1}
              </span>
              <div className="field-grid compact">
                <label className="field" title={list.kinds.find((k) => k.name === it.kind)?.doc || undefined}>
                  <span className="field-label">Kind</span>
                  <select aria-label={it.kindPath} data-path={it.kindPath} value={it.kind} onChange={(e) => edits.onKind(list, i, e.target.value)}>
                    {!known && <option value={it.kind}>{it.label}</option>}
                    {list.kinds.map((k) => (
                      <option key={k.name} value={k.name}>
                        {k.label}
                      </option>
                    ))}
                  </select>
                </label>
                {it.fields.map((s) => field(s))}
              </div>
              <button type="button" className="link-button" onClick={() => edits.onRemove(list, i)} aria-label={`Remove ${list.key} ${i + 1} (${dir})`}>
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      {first && (
        <button type="button" onClick={() => edits.onAdd(list, first)} disabled={full} aria-label={`Add a ${dir} ${list.key} item`}>
          Add {list.key === "stages" ? "stage" : "item"}
        </button>
      )}
      {full && <span className="muted small"> at most {list.maxItems}</span>}
    </div>
  );
}
