/** While a comparison's runs finish: a progress bar with the counts, the
 * estimated time left (the API's eta_s) and Cancel, which asks first, then
 * drops the queued runs; after it, what was kept and what was dropped. */
import { useState } from "react";
import { fmtNum } from "../../lib/format";
import { errorText } from "../../lib/queries";
import { formatEta, type ComparisonView } from "../../lib/stats/comparison";
import { useCancelComparison } from "./useCancelComparison";

export function CompareProgress({ view, readOnly = false }: { view: ComparisonView; readOnly?: boolean }) {
  const done = view.finished;
  const total = view.expected;
  const pct = total ? Math.round((done / total) * 100) : 100;
  const eta = formatEta(view.etaS);
  return (
    <div className="compare-progress card" data-testid="compare-progress">
      <div
        role="progressbar"
        aria-label="Runs finished"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} runs finished`}
        className="progress-track"
      >
        <div className="progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <div className="progress-line">
        <p className="progress-counts" aria-live="polite">
          <strong>
            {fmtNum(done)} / {fmtNum(total)}
          </strong>{" "}
          runs finished · {fmtNum(view.counts.running)} running · {fmtNum(view.counts.queued)} queued
          {view.counts.failed > 0 && <span className="error"> · {fmtNum(view.counts.failed)} failed</span>}
          {view.counts.cancelled > 0 && <> · {fmtNum(view.counts.cancelled)} dropped</>}
          {view.provisional && (eta || view.live) && (
            // the API's estimate; "estimating" until its first runs have finished
            <span data-testid="compare-eta"> · {eta ? `${eta} left` : "time left: estimating…"}</span>
          )}
        </p>
        {!readOnly && view.live && view.state !== "cancelled" && view.counts.queued + view.counts.running > 0 && <CancelComparison view={view} />}
      </div>
    </div>
  );
}

/** Cancel, confirmed inline: the queued runs are dropped, the finished ones stay stored. */
function CancelComparison({ view }: { view: ComparisonView }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelComparison(view.id);
  if (!asking)
    return (
      <button type="button" className="small" onClick={() => setAsking(true)} disabled={cancel.isPending}>
        Cancel…
      </button>
    );
  return (
    <fieldset className="cancel-confirm">
      <legend className="visually-hidden">Cancel the comparison?</legend>
      <span>
        Drop the {fmtNum(view.counts.queued)} queued runs? The {fmtNum(view.finished)} finished runs stay stored; running ones finish.
      </span>
      <button
        type="button"
        className="small danger"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(undefined, { onSuccess: () => setAsking(false) })}
      >
        {cancel.isPending ? "Cancelling…" : "Drop queued runs"}
      </button>
      <button type="button" className="small" onClick={() => setAsking(false)} disabled={cancel.isPending}>
        Keep running
      </button>
      {cancel.error && (
        <span role="alert" className="error">
          {errorText(cancel.error)}
        </span>
      )}
    </fieldset>
  );
}

/** After Cancel: what was kept and what was dropped. */
export function CancelledNote({ view }: { view: ComparisonView }) {
  if (view.state !== "cancelled") return null;
  return (
    <p className="card cancelled-note" role="status" data-testid="compare-cancelled">
      <strong>Cancelled.</strong> {fmtNum(view.finished)} of {fmtNum(view.nRuns)} runs finished and are stored
      {view.counts.failed > 0 && ` (${fmtNum(view.counts.failed)} failed)`}; {fmtNum(view.counts.cancelled)} queued run
      {view.counts.cancelled === 1 ? " was" : "s were"} dropped
      {view.counts.running > 0 && `; ${fmtNum(view.counts.running)} still running will finish`}. The statistics cover the finished runs.
    </p>
  );
}
