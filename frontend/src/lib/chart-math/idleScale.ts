/** A time scale that can compress idle stretches (pure).
 *
 * A piecewise-linear map from time (ms) to pixels.  Without gaps it is a plain
 * linear scale.  With gaps, every gap [t0, t1] (an idle stretch longer than a
 * threshold, minus a little padding on each side so the events at its edges
 * keep some room) gets the same fixed width `gapPx`, and the rest of the
 * domain shares the remaining pixels at one common ms-per-pixel rate.  So a
 * burst of segments sent within a millisecond and a one-second RTO wait both
 * stay readable; each gap is drawn with a break marker labelled with its real
 * duration.  The map is continuous, strictly increasing and invertible.
 */
import { ticks as d3ticks } from "d3-array";

export interface TimeBreak {
  /** the compressed stretch of time (ms) */
  t0: number;
  t1: number;
  /** where it is drawn (px) */
  x0: number;
  x1: number;
}

export interface TimeScale {
  (t: number): number;
  invert(x: number): number;
  domain(): [number, number];
  range(): [number, number];
  /** tick values (ms): nice ticks in each uncompressed stretch, at least `minGapPx` apart */
  ticks(count?: number, minGapPx?: number): number[];
  /** the typical tick step (ms), for formatting */
  tickStep(count?: number): number;
  breaks: TimeBreak[];
  compressed: boolean;
}

export interface IdleGapOptions {
  /** idle stretches strictly longer than this (ms) are compressed */
  threshold: number;
  /** real time kept uncompressed on each side of a gap (ms); default threshold / 4 */
  pad?: number;
}

/** The idle gaps of a domain: stretches between consecutive event times (and the
 * domain's ends) longer than `threshold`, shrunk by `pad` on each side.  `times`
 * need not be sorted; times outside the domain are ignored. */
export function findIdleGaps(times: ArrayLike<number>, domain: [number, number], opts: IdleGapOptions): [number, number][] {
  const [d0, d1] = domain;
  const threshold = opts.threshold;
  if (!(threshold > 0) || !(d1 > d0)) return [];
  const pad = Math.max(0, opts.pad ?? threshold / 4);
  const ts = new Float64Array(times.length + 2);
  let n = 0;
  ts[n++] = d0;
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    if (t >= d0 && t <= d1) ts[n++] = t;
  }
  ts[n++] = d1;
  const s = ts.subarray(0, n).sort();
  const gaps: [number, number][] = [];
  for (let i = 1; i < s.length; i++) {
    const a = s[i - 1];
    const b = s[i];
    if (b - a > threshold) {
      // no padding against the domain's own ends: nothing happens there
      const g0 = i - 1 === 0 ? a : a + pad;
      const g1 = i === s.length - 1 ? b : b - pad;
      if (g1 > g0) gaps.push([g0, g1]);
    }
  }
  return gaps;
}

export interface TimeScaleOptions {
  domain: [number, number];
  range: [number, number];
  /** stretches of the domain to compress, sorted, disjoint, inside the domain */
  gaps?: [number, number][];
  /** drawn width of each gap (px); reduced when the gaps would take more than 40 % of the range */
  gapPx?: number;
}

/** Build the scale.  With no gaps it is linear over `domain` -> `range`. */
export function timeScale(opts: TimeScaleOptions): TimeScale {
  let [d0, d1] = opts.domain;
  const [r0, r1] = opts.range;
  if (!(d1 > d0)) d1 = d0 + 1; // a zero-length domain still maps somewhere sensible
  const width = r1 - r0;
  const gaps = (opts.gaps ?? []).filter(([a, b]) => b > a && a >= d0 && b <= d1);
  const D: number[] = [d0];
  const R: number[] = [r0];
  const breaks: TimeBreak[] = [];
  if (gaps.length) {
    const gapTime = gaps.reduce((s, [a, b]) => s + (b - a), 0);
    const linTime = d1 - d0 - gapTime;
    let gapPx = Math.max(1, opts.gapPx ?? 24);
    if (gaps.length * gapPx > 0.4 * width) gapPx = (0.4 * width) / gaps.length;
    if (linTime <= 0) gapPx = width / gaps.length;
    const k = linTime > 0 ? (width - gaps.length * gapPx) / linTime : 0;
    let x = r0;
    let t = d0;
    for (const [a, b] of gaps) {
      x += (a - t) * k;
      if (a > t) {
        D.push(a);
        R.push(x);
      }
      const xa = x;
      x += gapPx;
      D.push(b);
      R.push(x);
      breaks.push({ t0: a, t1: b, x0: xa, x1: x });
      t = b;
    }
    if (d1 > t) {
      D.push(d1);
      R.push(r1);
    } else {
      R[R.length - 1] = r1;
      breaks[breaks.length - 1].x1 = r1;
    }
  } else {
    D.push(d1);
    R.push(r1);
  }

  const seg = (arr: number[], v: number): number => {
    // index j with arr[j] <= v < arr[j+1], clamped to the first/last segment (extrapolates)
    let lo = 0;
    let hi = arr.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (arr[mid] <= v) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const map = (from: number[], to: number[], v: number): number => {
    const j = seg(from, v);
    const f0 = from[j];
    const f1 = from[j + 1];
    return to[j] + ((v - f0) * (to[j + 1] - to[j])) / (f1 - f0 || 1);
  };

  const scale = ((t: number) => map(D, R, t)) as TimeScale;
  scale.invert = (x: number) => map(R, D, x);
  scale.domain = () => [d0, d1];
  scale.range = () => [r0, r1];
  scale.breaks = breaks;
  scale.compressed = breaks.length > 0;
  scale.tickStep = (count = 8) => {
    // the step of the widest uncompressed stretch
    let best = 0;
    let step = (d1 - d0) / Math.max(1, count);
    for (let j = 0; j + 1 < D.length; j++) {
      if (breaks.some((b) => b.t0 === D[j] && b.t1 === D[j + 1])) continue;
      const w = R[j + 1] - R[j];
      if (w > best) {
        best = w;
        const n = Math.max(1, Math.round((count * w) / (width || 1)));
        const tk = d3ticks(D[j], D[j + 1], n);
        step = tk.length > 1 ? tk[1] - tk[0] : (D[j + 1] - D[j]) / n;
      }
    }
    return step;
  };
  scale.ticks = (count = 8, minGapPx = 40) => {
    const out: number[] = [];
    let lastX = -Infinity;
    for (let j = 0; j + 1 < D.length; j++) {
      if (breaks.some((b) => b.t0 === D[j] && b.t1 === D[j + 1])) continue;
      const w = R[j + 1] - R[j];
      if (w < minGapPx / 2 && breaks.length) continue;
      const n = Math.max(1, Math.round((count * w) / (width || 1)));
      for (const v of d3ticks(D[j], D[j + 1], n)) {
        const x = scale(v);
        if (x - lastX >= minGapPx) {
          out.push(v);
          lastX = x;
        }
      }
    }
    return out;
  };
  return scale;
}

/** The default idle threshold: twice the smallest smoothed RTT seen (ms), at least 20 ms;
 * 200 ms when no RTT sample exists. */
export function defaultIdleThreshold(srttUs: ArrayLike<number>): number {
  let min = Infinity;
  for (let i = 0; i < srttUs.length; i++) if (srttUs[i] > 0 && srttUs[i] < min) min = srttUs[i];
  return Number.isFinite(min) ? Math.max(20, (2 * min) / 1000) : 200;
}
