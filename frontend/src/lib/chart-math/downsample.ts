/** Client-side thinning and series helpers (pure).  The server already
 * downsamples windows (max_points); these keep canvas drawing cheap and turn
 * the /series payload into plottable points. */

export interface SeriesPayload {
  unit?: string;
  t_ns: number[];
  values: (number | null)[];
  change_points?: number;
  downsampled?: boolean;
}

export interface Point {
  t: number;
  v: number | null;
}

/** /series entry -> points in ms, values divided by `divisor` (null stays null). */
export function seriesPoints(s: SeriesPayload | undefined | null, divisor = 1): Point[] {
  if (!s || !Array.isArray(s.t_ns) || !Array.isArray(s.values)) return [];
  const n = Math.min(s.t_ns.length, s.values.length);
  const out: Point[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const v = s.values[i];
    out[i] = { t: s.t_ns[i] / 1e6, v: v === null || v === undefined ? null : v / divisor };
  }
  return out;
}

/** Value of a step-after series at time t (ms): the last point at or before t; undefined before the first. */
export function valueAt(points: readonly Point[], t: number): number | null | undefined {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0 || points[0].t > t) return undefined;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid].t <= t) lo = mid;
    else hi = mid - 1;
  }
  return points[lo].v;
}

/** Points of a step series up to time `upTo` (ms), with a final point at upTo so the line reaches the cursor. */
export function clipSeries(points: readonly Point[], upTo: number): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    if (p.t > upTo) break;
    out.push(p);
  }
  if (out.length && out[out.length - 1].t < upTo) out.push({ t: upTo, v: out[out.length - 1].v });
  return out;
}

/** Min/max of the non-null values of several series, or null. */
export function seriesExtent(series: readonly (readonly Point[])[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of series) {
    for (const p of s) {
      if (p.v === null) continue;
      if (p.v < lo) lo = p.v;
      if (p.v > hi) hi = p.v;
    }
  }
  return Number.isFinite(lo) ? [lo, hi] : null;
}
