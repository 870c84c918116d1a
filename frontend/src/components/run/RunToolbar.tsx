/** Above the run's charts: step-through, and the chart options that live in
 * the URL (flow, sequence unit, idle compression, time window). */
import { panWindow, zoomWindow, type SeqUnit } from "../../lib/chart-math/scales";
import { StepControls } from "./StepControls";
import type { RunViewState } from "./useRunViewState";
import type { StepThrough } from "./useStepThrough";

export function RunToolbar(props: {
  view: RunViewState;
  /** show [a, b] of the run */
  setWindow: (a: number, b: number) => void;
  step: StepThrough;
  /** the window on show and the run's end, in ms */
  domain: [number, number];
  runEnd: number;
  /** the idle threshold in effect (ms) */
  threshold: number;
  /** drops per flow, for the flow picker */
  drops: (number | undefined)[];
  presentRef?: React.Ref<HTMLButtonElement>;
}) {
  const { view, domain, runEnd } = props;
  const { win } = view;
  return (
    <div className="rv-controls">
      <StepControls step={props.step} />
      <div className="rv-toolbar" role="toolbar" aria-label="Chart options">
        {view.nFlows > 1 && (
          <label>
            flow{" "}
            <select value={view.flow} onChange={(e) => view.setFlow(Number(e.target.value))} aria-label="Flow shown in the charts">
              {props.drops.map((d, f) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a flow is its index
                <option key={f} value={f}>
                  {f}
                  {d !== undefined ? ` · ${d} drops` : ""}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset aria-label="Sequence unit" className="rv-seg">
          {(["segments", "bytes"] as SeqUnit[]).map((u) => (
            <label key={u}>
              <input type="radio" name="rv-unit" checked={view.unit === u} onChange={() => view.setUnit(u)} /> {u}
            </label>
          ))}
        </fieldset>
        <label>
          <input type="checkbox" checked={view.compress} onChange={(e) => view.setCompress(e.target.checked)} /> Compress idle time
        </label>
        {view.compress && (
          <label>
            gaps over{" "}
            <input
              type="number"
              min={1}
              step={10}
              className="rv-num"
              aria-label="Idle threshold (ms)"
              value={Math.round(props.threshold)}
              onChange={(e) => view.setIdleMs(e.target.value)}
            />{" "}
            ms
          </label>
        )}
        <button
          type="button"
          ref={props.presentRef}
          className="rv-present-toggle"
          aria-pressed={view.present}
          onClick={() => view.setPresent(!view.present)}
          title="Presentation mode: the diagram and the explanation full width, large text; ← → step, Space plays, + − zoom, Esc leaves"
        >
          Present
        </button>
        <fieldset className="rv-zoom" aria-label="Time window">
          <button type="button" onClick={() => props.setWindow(...panWindow(domain, -0.5, 0, runEnd))} disabled={!win || domain[0] <= 0} aria-label="Pan left">
            ◀
          </button>
          <button type="button" onClick={() => props.setWindow(...zoomWindow(domain, 2, 0, runEnd))} disabled={!win} aria-label="Zoom out">
            Zoom out
          </button>
          <button type="button" onClick={view.resetWindow} disabled={!win} aria-label="Reset zoom">
            Reset zoom
          </button>
          <button type="button" onClick={() => props.setWindow(...panWindow(domain, 0.5, 0, runEnd))} disabled={!win || domain[1] >= runEnd} aria-label="Pan right">
            ▶
          </button>
        </fieldset>
      </div>
    </div>
  );
}
