/** Shapes derived from a window of events (pure): the congestion-state strip,
 * the cumulative-ACK step line, timer spans, per-event anchors. */
import type { CongState, EventOf, TimerEvent, TraceEvent } from "./events";

export interface StateSegment {
  state: CongState;
  t0: number;
  t1: number;
}

/** Congestion state over [t0, t1] (ms) for one flow: the state column of the
 * first event gives the state at the window's start; every `state` event
 * starts a new segment.  Adjacent equal states merge.  `upTo` (ms) cuts the
 * strip at the step-through cursor. */
export function stateSegments(events: readonly TraceEvent[], flow: number, t0: number, t1: number, upTo?: number): StateSegment[] {
  const end = upTo === undefined ? t1 : Math.min(t1, upTo);
  if (!(end > t0) && !(end === t0 && t1 === t0)) return [];
  let cur: CongState | null = null;
  let start = t0;
  const out: StateSegment[] = [];
  for (const e of events) {
    if (e.flow !== flow) continue;
    if (cur === null) cur = e.kind === "state" ? (e.previous_state ?? e.state) : e.state;
    if (e.t > end) break;
    if (e.kind !== "state") continue;
    const t = Math.max(t0, e.t);
    if (e.state !== cur) {
      if (t > start) out.push({ state: cur, t0: start, t1: t });
      else if (out.length && out[out.length - 1].t1 === t) {
        /* zero-length: the new state replaces the old one at the same time */
      }
      cur = e.state;
      start = t;
    }
  }
  if (cur === null) return [];
  if (end >= start) out.push({ state: cur, t0: start, t1: end });
  // merge neighbours with the same state
  const merged: StateSegment[] = [];
  for (const s of out) {
    const last = merged[merged.length - 1];
    if (last && last.state === s.state && last.t1 >= s.t0) last.t1 = s.t1;
    else merged.push({ ...s });
  }
  return merged;
}

/** Index maps for timers: the timer_armed event behind every timer_fired
 * (same flow, timer kind and expiry; the latest one before the fire), the
 * timer_fired just before each probe/retransmit at the same instant, and
 * what happened just before each timer_armed at the same instant (its cause). */
export interface TimerLinks {
  armedBy: Map<number, EventOf<"timer_armed">>;
  firedBefore: Map<number, EventOf<"timer_fired">>;
  armCause: Map<number, TraceEvent>;
  stateBefore: Map<number, EventOf<"state">>;
  /** the next timer_armed of the same kind and flow after a fire */
  nextArm: Map<number, EventOf<"timer_armed">>;
  /** the state change a timer fire caused (same instant, after it) */
  stateAfter: Map<number, EventOf<"state">>;
}

export function linkTimers(events: readonly TraceEvent[]): TimerLinks {
  const armedBy = new Map<number, EventOf<"timer_armed">>();
  const firedBefore = new Map<number, EventOf<"timer_fired">>();
  const armCause = new Map<number, TraceEvent>();
  const stateBefore = new Map<number, EventOf<"state">>();
  const nextArm = new Map<number, EventOf<"timer_armed">>();
  const stateAfter = new Map<number, EventOf<"state">>();
  const lastArm = new Map<string, EventOf<"timer_armed">>();
  const lastFire = new Map<number, EventOf<"timer_fired">>(); // flow -> last timer_fired
  const lastState = new Map<number, EventOf<"state">>(); // flow -> last state event
  const lastCause = new Map<number, TraceEvent>(); // flow -> last non-timer event
  const waitingNext = new Map<string, number[]>(); // flow|timer -> fired indices
  for (const e of events) {
    const f = e.flow;
    switch (e.kind) {
      case "timer_armed": {
        lastArm.set(`${f}|${e.timer}|${e.expires_ns}`, e);
        const c = lastCause.get(f);
        if (c && c.t_ns === e.t_ns) armCause.set(e.i, c);
        const w = waitingNext.get(`${f}|${e.timer}`);
        if (w) {
          for (const i of w) nextArm.set(i, e);
          waitingNext.delete(`${f}|${e.timer}`);
        }
        break;
      }
      case "timer_fired": {
        const a = lastArm.get(`${f}|${e.timer}|${e.expires_ns}`);
        if (a) armedBy.set(e.i, a);
        lastFire.set(f, e);
        const k = `${f}|${e.timer}`;
        waitingNext.set(k, [...(waitingNext.get(k) ?? []), e.i]);
        lastCause.set(f, e);
        break;
      }
      case "timer_cancelled":
        break;
      case "state": {
        lastState.set(f, e);
        const fe = lastFire.get(f);
        if (fe && fe.t_ns === e.t_ns && !stateAfter.has(fe.i)) stateAfter.set(fe.i, e);
        break;
      }
      default: {
        if (e.kind === "probe" || e.kind === "retransmit") {
          const fe = lastFire.get(f);
          if (fe && fe.t_ns === e.t_ns) firedBefore.set(e.i, fe);
          const se = lastState.get(f);
          if (se && se.t_ns === e.t_ns) stateBefore.set(e.i, se);
        }
        if (e.kind !== "deliver" && e.kind !== "ack_sent") lastCause.set(f, e);
      }
    }
  }
  return { armedBy, firedBefore, armCause, stateBefore, nextArm, stateAfter };
}

/** Map each forward drop to the transmission it dropped: the latest data
 * event of the same flow and seq at or before the drop. */
export function droppedTransmission(events: readonly TraceEvent[]): Map<number, EventOf<"send" | "retransmit" | "probe">> {
  const last = new Map<string, EventOf<"send" | "retransmit" | "probe">>();
  const out = new Map<number, EventOf<"send" | "retransmit" | "probe">>();
  for (const e of events) {
    if (e.kind === "send" || e.kind === "retransmit" || e.kind === "probe") last.set(`${e.flow}|${e.seq}`, e);
    else if (e.kind === "drop" && e.direction !== "reverse") {
      const tx = last.get(`${e.flow}|${e.seq}`);
      if (tx) out.set(e.i, tx);
    }
  }
  return out;
}

/** Index of the point nearest to (px, py) within maxDist px, or -1.
 * xs/ys are screen coordinates (NaN = not hit-testable). */
export function nearestPoint(xs: ArrayLike<number>, ys: ArrayLike<number>, px: number, py: number, maxDist = 8): number {
  let best = -1;
  let bestD = maxDist * maxDist;
  for (let i = 0; i < xs.length; i++) {
    const dx = xs[i] - px;
    if (dx > maxDist || dx < -maxDist) continue;
    const dy = ys[i] - py;
    const d = dx * dx + dy * dy;
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Timers running at event index `upTo`: for each (flow, timer kind) the last
 * timer_armed at or before it that no fire, cancel or later arming ended.
 * (Used by step-through mode to show what the sender is waiting for.) */
export function pendingTimers(events: readonly TraceEvent[], upTo: number): TimerEvent[] {
  const live = new Map<string, TimerEvent>();
  for (const e of events) {
    if (e.i > upTo) break;
    if (e.kind !== "timer_armed" && e.kind !== "timer_fired" && e.kind !== "timer_cancelled") continue;
    const k = `${e.flow}|${e.timer}`;
    if (e.kind === "timer_armed") live.set(k, e);
    else {
      const cur = live.get(k);
      if (cur && (cur.expires_ns === e.expires_ns || e.kind === "timer_fired")) live.delete(k);
    }
  }
  return [...live.values()].sort((a, b) => a.i - b.i);
}
