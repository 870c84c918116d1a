/** The "why" panel: the explanation of the current (step), selected or
 * hovered event, large enough to read on a projector. */
import { DATA_TX_KINDS, type TraceEvent } from "../../lib/chart-math/events";
import { stateLabel, type TraceVocab } from "../../lib/traceVocab";
import type { Explanation } from "../../lib/chart-math/explain";
import { formatBytes, formatUs } from "../../lib/format";

export function EventDetails(props: {
  ev: TraceEvent | null;
  explanation: Explanation | null;
  source: "step" | "selected" | "hover" | null;
  onModify?: (e: TraceEvent) => void;
  loadingContext?: boolean;
  /** the catalogue's labels of congestion states (the raw names without it) */
  vocab?: Pick<TraceVocab, "states"> | null;
  /** what to say before any event is chosen (how to choose one) */
  emptyHint?: React.ReactNode;
}) {
  const { ev, explanation } = props;
  return (
    <section className="rv-why card" aria-live="polite" aria-label="Why did this happen?" data-testid="event-details">
      {!ev || !explanation ? (
        <p className="muted">
          {props.emptyHint ?? (
            <>
              Hover or click a mark in the diagram, or a row of the event log, to see why it happened. Step through the run with <kbd>Play</kbd> or{" "}
              <kbd>Next event</kbd>, or focus the diagram and use the arrow keys.
            </>
          )}
        </p>
      ) : (
        <>
          <p className="rv-why-kicker muted">
            {props.source === "step" ? "current event" : props.source === "selected" ? "selected event" : "under the pointer"} · #{ev.i + 1} · {ev.kind}
          </p>
          <p className="rv-why-title">{explanation.title}</p>
          <ul>
            {explanation.details.filter(Boolean).map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          <p className="muted rv-why-cols">
            state {stateLabel(props.vocab, ev.state)} · cwnd {formatBytes(ev.cwnd_bytes)} · ssthresh {ev.ssthresh_bytes === null ? "∞" : formatBytes(ev.ssthresh_bytes)} · pipe {formatBytes(ev.pipe_bytes)} · SRTT {ev.srtt_us ? formatUs(ev.srtt_us) : "–"} · RTO {formatUs(ev.rto_us)}
          </p>
          {props.loadingContext && <p className="muted">loading the events that armed this timer…</p>}
          {props.onModify && DATA_TX_KINDS.has(ev.kind) && (
            <button type="button" onClick={() => props.onModify?.(ev)}>
              Drop or delay this transmission…
            </button>
          )}
        </>
      )}
    </section>
  );
}
