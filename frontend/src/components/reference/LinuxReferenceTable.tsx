/** Every case of the engine's Linux reference as a table: the kernel's figure
 * and the engine's, whether they agree (or the behaviour is not modelled yet,
 * with what it needs), the behaviour in a sentence, and a button that opens
 * the case's scenario in the builder.  Collapsed by default; nothing when the
 * server publishes no reference. */
import type { Catalogue } from "../../lib/forms/catalogue";
import { familyLabel, mechanismLabel } from "../../lib/forms/mechanisms";
import "./reference.css";
import { figureText, type LinuxReference, type ReferenceCase } from "../../lib/linuxReference";

function verdict(c: ReferenceCase): { text: string; cls: string } {
  if (!c.modelled) return { text: "not modelled yet", cls: "ref-pending" };
  return c.agrees ? { text: "agrees", cls: "ref-agrees" } : { text: "differs", cls: "ref-differs" };
}

export function LinuxReferenceTable(props: { reference: LinuxReference | null | undefined; catalogue?: Catalogue; onOpen?: (c: ReferenceCase) => void }) {
  const ref = props.reference;
  if (!ref || ref.cases.length === 0) return null;
  const agree = ref.cases.filter((c) => c.modelled && c.agrees).length;
  const pending = ref.cases.filter((c) => !c.modelled).length;
  const band = ref.tickMs !== null ? `; a time agrees within one ${ref.tickMs} ms tick (HZ ${ref.hz ?? "?"}), allowing the kernel's timer-wheel lateness` : "";
  return (
    <details className="linux-reference card" data-testid="linux-reference">
      <summary>
        <h2>Checked against {ref.kernel}</h2>
        <span className="muted">
          {" "}
          {agree} of {ref.cases.length} reference cases agree{pending ? `, ${pending} not modelled yet` : ""}
        </span>
      </summary>
      <p className="muted small">
        Each case is a packetdrill script run on a real kernel ({ref.source}) and the engine scenario that reproduces it{band}.
      </p>
      <div className="table-scroll">
        <table className="reference-table">
          <caption className="visually-hidden">
            {ref.kernel} against the engine, case by case
          </caption>
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">Behaviour</th>
              <th scope="col">Kernel</th>
              <th scope="col">Engine</th>
              <th scope="col">Verdict</th>
              <th scope="col">Mechanisms</th>
              <th scope="col">
                <span className="visually-hidden">Scenario</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {ref.cases.map((c) => {
              const v = verdict(c);
              return (
                <tr key={c.id} data-case={c.id}>
                  <th scope="row">
                    <code title={c.script || undefined}>{c.id}</code>
                  </th>
                  <td className="ref-behaviour">{c.behaviour}</td>
                  <td className="num">{figureText(c.kernel, c.unit)}</td>
                  <td className="num">{figureText(c.engine, c.unit)}</td>
                  <td className={v.cls} title={c.needs ? `needs ${c.needs}` : c.low !== null && c.high !== null ? `band [${c.low}, ${c.high}] ${c.unit}` : undefined}>
                    {v.text}
                    {c.needs && <span className="small muted"> — needs {c.needs}</span>}
                  </td>
                  <td className="small">
                    {Object.entries(c.mechanisms)
                      .map(([f, m]) => `${familyLabel(props.catalogue, f)}: ${mechanismLabel(props.catalogue, f, m)}`)
                      .join("; ") || "–"}
                  </td>
                  <td>
                    {c.scenario && props.onOpen && (
                      <button type="button" className="small" onClick={() => props.onOpen?.(c)} aria-label={`Open case ${c.id} in the builder`}>
                        Open in builder
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
