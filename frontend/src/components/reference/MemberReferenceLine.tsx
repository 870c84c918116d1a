/** One family member against the Linux reference: "Matches Linux 6.18 on 7
 * reference cases (times within one 4 ms tick)", and the behaviours not
 * modelled yet, each with what it needs, behind a disclosure.  Nothing when no
 * case names the member (or the server publishes no reference). */
import "./reference.css";
import { type LinuxReference, matchText, memberReference, notModelledText } from "../../lib/linuxReference";

export function MemberReferenceLine({ reference, family, member }: { reference: LinuxReference | null | undefined; family: string; member: string }) {
  const r = memberReference(reference, family, member);
  if (!r) return null;
  return (
    <div className="reference-line muted small" data-testid={`reference-${family}-${member}`}>
      <span>{matchText(r)}</span>
      {r.notModelled.length > 0 && (
        <details className="reference-needs">
          <summary>{notModelledText(r)}</summary>
          <ul>
            {r.notModelled.map((c) => (
              <li key={c.id}>
                <code>{c.id}</code>: needs {c.needs ?? "a mechanism the engine does not have yet"}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
