/** The rare marks (retransmissions, probes, drops, timers) the two runs do
 * not share, in time order: when each happened before and after.  The
 * keyboard and screen-reader way through the overlay; "show" rings a mark
 * in the diagram. */
import { formatMs } from "../../lib/format";
import type { MarkPair, PairStatus } from "./overlay";

const STATUS_TEXT: Record<PairStatus, string> = {
  same: "same",
  moved: "moved",
  "before-only": "only before",
  "after-only": "only after",
};

export function MarkDifferences(props: { pairs: MarkPair[]; describe: (p: MarkPair) => string; selected: MarkPair | null; onSelect: (p: MarkPair | null) => void }) {
  if (props.pairs.length === 0) return <p className="muted">The two runs retransmit, probe, drop and fire timers at the same instants.</p>;
  return (
    <div className="lin-scroll">
      <table className="lin-table" data-testid="lineage-marks">
        <thead>
          <tr>
            <th scope="col">Mark</th>
            <th scope="col" className="num">
              before (parent)
            </th>
            <th scope="col" className="num">
              after (re-run)
            </th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {props.pairs.map((p) => {
            const on = props.selected?.key === p.key;
            return (
              <tr key={p.key} data-testid="lineage-mark" data-status={p.status} data-kind={p.kind}>
                <th scope="row">
                  <button type="button" className="lin-show" aria-pressed={on} onClick={() => props.onSelect(on ? null : p)} title="ring this mark in the diagram">
                    {props.describe(p)}
                  </button>
                </th>
                <td className="num">{p.before ? formatMs(p.before.t, 3) : "–"}</td>
                <td className="num">{p.after ? formatMs(p.after.t, 3) : "–"}</td>
                <td>
                  {STATUS_TEXT[p.status]}
                  {p.dt !== null && p.status === "moved" && ` (${p.dt > 0 ? "+" : "−"}${formatMs(Math.abs(p.dt), 3)})`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
