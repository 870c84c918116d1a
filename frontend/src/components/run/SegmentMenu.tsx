/** The menu opened by clicking a data transmission: drop it or delay it, and
 * re-run at once (a positioned loss rule on the forward path). */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { transmissionOf, type TraceEvent } from "../../lib/chart-math/events";
import { ordinal } from "../../lib/format";
import type { PositionedRule } from "../../lib/chart-math/segmentIndex";
import { locateTransmission, observedDropRules, preparePlan, submitRerun, type TargetInfo } from "./rerun";

type Obj = Record<string, unknown>;

export function SegmentMenu(props: {
  runId: string;
  scenario: Obj;
  ev: TraceEvent;
  mss: number;
  defaultDelayMs: number;
  /** data transmissions of this flow / of all flows (from the metrics), to bound what is fetched */
  flowTransmissions?: number;
  allTransmissions?: number;
  pos: { x: number; y: number };
  containerWidth: number;
  onClose: () => void;
}) {
  const { ev } = props;
  const navigate = useNavigate();
  // where the clicked transmission sits in the flow, and the loss model's drops as rules
  const located = useQuery({
    queryKey: ["locate", props.runId, ev.flow, ev.seq, ev.t, transmissionOf(ev), props.mss, props.flowTransmissions],
    queryFn: () => locateTransmission(props.runId, ev, props.mss, props.flowTransmissions),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const dropped = useQuery({
    queryKey: ["observed-drops", props.runId, props.allTransmissions],
    queryFn: () => observedDropRules(props.runId, props.scenario, props.allTransmissions),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const target: TargetInfo | null = located.data ?? null;
  const observed: PositionedRule[] | null | undefined = dropped.data;
  const [delay, setDelay] = useState(String(Math.round(props.defaultDelayMs)));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const firstRef = useRef<HTMLButtonElement | null>(null);
  const boxRef = useRef<HTMLDivElement | null>(null);
  const closeRef = useRef(props.onClose);
  closeRef.current = props.onClose;

  useEffect(() => {
    // focus the menu (its first action once enabled); give focus back when it closes
    const before = document.activeElement as HTMLElement | null;
    boxRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (before && document.contains(before)) before.focus();
    };
  }, []);

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) closeRef.current();
    };
    const t = setTimeout(() => document.addEventListener("mousedown", onDown), 0);
    return () => {
      clearTimeout(t);
      document.removeEventListener("mousedown", onDown);
    };
  }, []);

  const ready0 = target !== null && observed !== undefined;
  useEffect(() => {
    if (ready0 && document.activeElement === boxRef.current) firstRef.current?.focus();
  }, [ready0]);

  const delayMs = Number(delay);
  const delayValid = Number.isFinite(delayMs) && delayMs > 0 && delayMs <= 600_000;
  const ready = target !== null && observed !== undefined && !busy;
  const note = ready ? preparePlan(props.scenario, target, ev.flow, "drop", 0, observed).note : null;

  const run = async (action: "drop" | "delay") => {
    if (!target || observed === undefined) return;
    setBusy(action === "drop" ? "Starting the re-run with this transmission dropped…" : `Starting the re-run with this transmission delayed by ${delayMs} ms…`);
    setError(null);
    try {
      const plan = preparePlan(props.scenario, target, ev.flow, action, delayMs, observed);
      const id = await submitRerun(plan, props.runId);
      navigate(`/runs/${id}`);
    } catch (e) {
      setBusy(null);
      setError(e instanceof Error ? e.message : "could not start the run");
    }
  };

  const left = Math.max(4, Math.min(props.pos.x + 12, props.containerWidth - 330));
  const kindText = ev.kind === "probe" ? "TLP probe" : ev.kind === "retransmit" ? "retransmission" : "new data";
  return (
    <div
      ref={boxRef}
      className="rv-menu"
      role="dialog"
      aria-label="Change this transmission"
      data-export="skip"
      tabIndex={-1}
      style={{ left, top: props.pos.y + 12 }}
    >
      <div className="rv-menu-head">
        {target ? (
          <>
            <strong>
              Segment #{target.segment}, {ordinal(target.transmission)} transmission
            </strong>{" "}
            <span className="muted">({kindText}, bytes {ev.seq}–{ev.seq + ev.arg})</span>
            {!target.exact && <div className="muted">segment number estimated from seq / MSS</div>}
          </>
        ) : (
          <span className="muted">Finding the segment number…</span>
        )}
      </div>
      <div role="menu" aria-label="Re-run with this transmission changed" className="rv-menu-items">
        <button ref={firstRef} type="button" role="menuitem" disabled={!ready} onClick={() => run("drop")}>
          Drop this transmission
        </button>
        <div className="rv-menu-delay">
          <button type="button" role="menuitem" disabled={!ready || !delayValid} onClick={() => run("delay")}>
            Delay by {delayValid ? delayMs : "…"} ms
          </button>
          <input
            type="number"
            min={1}
            max={600000}
            step={1}
            value={delay}
            aria-label="Delay in ms"
            onChange={(e) => setDelay(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && ready && delayValid) run("delay");
            }}
          />
        </div>
        <button type="button" className="rv-link" onClick={props.onClose}>
          Cancel
        </button>
      </div>
      {note && <p className="rv-menu-note">{note}</p>}
      {busy && <p className="muted" role="status">{busy}</p>}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}
