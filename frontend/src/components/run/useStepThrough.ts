/** Step-through of a run's events: a cursor over the steps (every event, or
 * the sender's), Play/Pause at a speed, Next/Previous, and the keyboard:
 * arrows step, space plays or pauses, Escape calls `onEscape` (not while typing). */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { EventKind, TraceEvent } from "../../lib/chart-math/events";
import type { StepScope } from "./StepControls";
import { useDocumentKeydown } from "./useDocumentKeydown";

const SENDER_KINDS: ReadonlySet<EventKind> = new Set<EventKind>(["send", "retransmit", "probe", "drop", "ack_recv", "timer_fired", "state", "syn", "spurious"]);

/** The index in `steps` of the last step at or before the cursor (-1 before the first). */
function stepIndex(steps: number[], cursor: number): number {
  let k = -1;
  for (let j = 0; j < steps.length && steps[j] <= cursor; j++) k = j;
  return k;
}

export interface StepThrough {
  /** the event index the step-through shows up to, or null when every event is shown */
  cursor: number | null;
  /** the cursor's position among the steps */
  position: number | null;
  total: number;
  playing: boolean;
  speed: number;
  scope: StepScope;
  moveTo: (eventIndex: number) => void;
  next: () => void;
  prev: () => void;
  play: () => void;
  pause: () => void;
  showAll: () => void;
  setSpeed: (ms: number) => void;
  setScope: (scope: StepScope) => void;
}

export function useStepThrough(events: TraceEvent[], onEscape?: () => void): StepThrough {
  const [cursor, setCursor] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(600);
  const [scope, setScope] = useState<StepScope>("all");
  const steps = useMemo(() => (scope === "all" ? events : events.filter((e) => SENDER_KINDS.has(e.kind))).map((e) => e.i), [events, scope]);
  const position = cursor === null ? null : Math.max(0, stepIndex(steps, cursor));

  // new events (another window): start over
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the events change
  useEffect(() => {
    setCursor(null);
    setPlaying(false);
  }, [events]);

  const stepTo = useCallback(
    (pos: number) => {
      if (steps.length) setCursor(steps[Math.max(0, Math.min(steps.length - 1, pos))]);
    },
    [steps],
  );
  const next = useCallback(() => {
    setPlaying(false);
    stepTo(position === null ? 0 : position + 1);
  }, [position, stepTo]);
  const prev = useCallback(() => {
    setPlaying(false);
    if (position !== null) stepTo(position - 1);
  }, [position, stepTo]);
  const play = useCallback(() => {
    if (!steps.length) return;
    if (position === null || position >= steps.length - 1) setCursor(steps[0]);
    setPlaying(true);
  }, [position, steps]);
  const pause = useCallback(() => setPlaying(false), []);

  useEffect(() => {
    if (!playing) return;
    const t = setInterval(() => {
      setCursor((c) => {
        const k = c === null ? -1 : stepIndex(steps, c);
        return k >= steps.length - 1 ? c : steps[k + 1];
      });
    }, speed);
    return () => clearInterval(t);
  }, [playing, speed, steps]);
  useEffect(() => {
    if (playing && position !== null && position >= steps.length - 1) setPlaying(false);
  }, [playing, position, steps.length]);

  // subscribed once, acting on the latest render (useDocumentKeydown: a listener re-subscribed as
  // the cursor moves could lose a key to an earlier listener's render)
  useDocumentKeydown(true, (e) => {
    const t = e.target as HTMLElement | null;
    if (t?.closest("input, select, textarea, [role=dialog], .rv-log-box") || e.altKey || e.ctrlKey || e.metaKey) return;
    // a widget marked data-keys="own" (the diagram) moves with the arrows itself
    const ownArrows = !!t?.closest("[data-keys=own]");
    if (e.key === "ArrowRight" && !ownArrows) {
      e.preventDefault();
      next();
    } else if (e.key === "ArrowLeft" && !ownArrows) {
      e.preventDefault();
      prev();
    } else if (e.key === "Escape") onEscape?.();
    else if (e.key === " " && (t === document.body || t?.closest(".rv-charts, .rv-present"))) {
      e.preventDefault();
      if (playing) setPlaying(false);
      else play();
    }
  });

  return {
    cursor,
    position,
    total: steps.length,
    playing,
    speed,
    scope,
    moveTo: (i) => {
      setPlaying(false);
      setCursor(i);
    },
    next,
    prev,
    play,
    pause,
    showAll: () => {
      setPlaying(false);
      setCursor(null);
    },
    setSpeed,
    setScope,
  };
}
