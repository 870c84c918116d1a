/** Value scales for the charts (pure wrappers around d3-scale). */
import { scaleLinear, type ScaleLinear } from "d3-scale";
import { DATA_TX_KINDS, type TraceEvent } from "./events";

export type SeqUnit = "bytes" | "segments";

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A byte offset in the chosen unit (segments: offset / MSS). */
export function seqValue(bytes: number, unit: SeqUnit, mss: number): number {
  return unit === "segments" ? bytes / (mss || 1) : bytes;
}

/** [min, max] of the byte offsets a sequence diagram must show: data
 * [seq, seq + len), cumulative ACKs and SACK blocks.  null when nothing. */
export function seqExtent(events: readonly TraceEvent[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const e of events) {
    if (DATA_TX_KINDS.has(e.kind) || e.kind === "drop" || e.kind === "deliver") {
      if (e.kind === "drop" && e.direction === "reverse") continue;
      lo = Math.min(lo, e.seq);
      hi = Math.max(hi, e.seq + e.arg);
    } else if (e.kind === "ack_recv" && !e.syn_ack) {
      lo = Math.min(lo, e.seq);
      hi = Math.max(hi, e.seq);
      if (e.sack) for (const [a, b] of e.sack) hi = Math.max(hi, b, a);
    }
  }
  return Number.isFinite(lo) ? [lo, hi] : null;
}

/** A linear y scale over [lo, hi] (in display units) with a little headroom, niced. */
export function valueScale(lo: number, hi: number, range: [number, number], opts: { zero?: boolean; pad?: number } = {}): ScaleLinear<number, number> {
  // a range starting at or near 0 (sequence offsets from the start) keeps 0 as its floor
  const zero = opts.zero || (lo >= 0 && lo <= (hi - lo) * 0.05);
  let a = zero ? Math.min(0, lo) : lo;
  let b = hi;
  if (!(b > a)) {
    b = a + 1;
  }
  const pad = (b - a) * (opts.pad ?? 0.04);
  if (!zero) a -= pad;
  b += pad;
  return scaleLinear().domain([a, b]).range(range).nice(6);
}

/** Keep a time window inside [lo, hi] while preserving its length when possible. */
export function clampWindow(t0: number, t1: number, lo: number, hi: number): [number, number] {
  const len = Math.min(t1 - t0, hi - lo);
  let a = t0;
  if (a < lo) a = lo;
  if (a + len > hi) a = hi - len;
  return [a, a + len];
}

/** Zoom a window by `factor` around `center` (factor > 1 zooms out), clamped to [lo, hi]. */
export function zoomWindow(win: [number, number], factor: number, lo: number, hi: number, center?: number): [number, number] {
  const c = center ?? (win[0] + win[1]) / 2;
  const a = c - (c - win[0]) * factor;
  const b = c + (win[1] - c) * factor;
  if (b - a >= hi - lo) return [lo, hi];
  return clampWindow(a, b, lo, hi);
}

/** Pan a window by a fraction of its width, clamped to [lo, hi]. */
export function panWindow(win: [number, number], fraction: number, lo: number, hi: number): [number, number] {
  const d = (win[1] - win[0]) * fraction;
  return clampWindow(win[0] + d, win[1] + d, lo, hi);
}

/** The time domain of a whole run's diagram: the flow's first event to its last
 * (+2%), else the window the server reports, else [0, runEnd]. */
export function fullDomain(events: readonly { t: number }[], served: [number, number] | null, runEnd: number): [number, number] {
  const t0 = events[0]?.t ?? 0;
  const t1 = events.at(-1)?.t ?? 0;
  if (t1 > t0) return [t0, Math.min(runEnd, t1 + (t1 - t0) * 0.02)];
  if (served && served[1] > served[0]) return served;
  return [0, runEnd];
}
