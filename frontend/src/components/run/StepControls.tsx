/** Step-through controls for teaching: play, pause, step to the next or
 * previous event; the charts reveal events up to the current one. */
import type { StepThrough } from "./useStepThrough";

export type StepScope = "all" | "sender";

export function StepControls({ step }: { step: StepThrough }) {
  const props = {
    ...step,
    onPlay: step.play,
    onPause: step.pause,
    onNext: step.next,
    onPrev: step.prev,
    onShowAll: step.showAll,
    onSpeed: step.setSpeed,
    onScope: step.setScope,
  };
  const atEnd = props.position !== null && props.position >= props.total - 1;
  return (
    <fieldset className="rv-step" aria-label="Step through the events">
      <span className="rv-step-label">Step through</span>
      <button type="button" onClick={props.onPlay} disabled={props.playing || props.total === 0} aria-label="Play">
        ▶ Play
      </button>
      <button type="button" onClick={props.onPause} disabled={!props.playing} aria-label="Pause">
        ❚❚ Pause
      </button>
      <button type="button" onClick={props.onPrev} disabled={props.position === null || props.position <= 0} aria-label="Previous event">
        ◀ Prev
      </button>
      <button type="button" onClick={props.onNext} disabled={atEnd || props.total === 0} aria-label="Next event">
        Next ▶
      </button>
      <button type="button" onClick={props.onShowAll} disabled={props.position === null} aria-label="Show all events">
        Show all
      </button>
      <label>
        speed{" "}
        <select value={props.speed} onChange={(e) => props.onSpeed(Number(e.target.value))} aria-label="Playback speed">
          <option value={1200}>slow</option>
          <option value={600}>normal</option>
          <option value={250}>fast</option>
          <option value={60}>very fast</option>
        </select>
      </label>
      <label>
        steps{" "}
        <select value={props.scope} onChange={(e) => props.onScope(e.target.value as StepScope)} aria-label="Events to step through">
          <option value="all">every event</option>
          <option value="sender">sender events</option>
        </select>
      </label>
      <span className="muted" aria-live="polite" data-testid="step-position">
        {props.position === null ? `${props.total} events` : `event ${props.position + 1} of ${props.total}`}
      </span>
    </fieldset>
  );
}
