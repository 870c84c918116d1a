/** Box-plot statistics from what the API returns per variant.
 *
 * The API gives n, mean, median, p5, p95 (exact, from every value) and the
 * ECDF as points [x, F(x)] at the sorted values, thinned to at most 200
 * points. The box is drawn as:
 *   - whiskers: p5 and p95 from the API's stats (exact);
 *   - median: the API's median (exact);
 *   - quartiles Q1, Q3: the inverse ECDF, Q(p) = min{x : F(x) >= p} (the
 *     type-1 sample quantile of Hyndman & Fan). From a thinned ECDF the result
 *     is a value of the sample within 1/200 in probability of the exact one.
 * With no ECDF points the box collapses to the median. */
import type { Stats } from "./comparison";

export interface BoxStats {
  p5: number;
  q1: number;
  median: number;
  q3: number;
  p95: number;
  mean: number | null;
  n: number;
}

/** Inverse of a step ECDF: the smallest x whose F(x) reaches p. */
export function quantileFromEcdf(points: [number, number][], p: number): number | null {
  if (!points.length) return null;
  const eps = 1e-9;
  for (const [x, f] of points) if (f + eps >= p) return x;
  return points[points.length - 1][0];
}

export function boxFromStats(stats: Stats, ecdf: [number, number][]): BoxStats | null {
  const median = stats.median ?? quantileFromEcdf(ecdf, 0.5);
  if (median === null || stats.n === 0) return null;
  const q1 = quantileFromEcdf(ecdf, 0.25) ?? median;
  const q3 = quantileFromEcdf(ecdf, 0.75) ?? median;
  const p5 = stats.p5 ?? Math.min(q1, median);
  const p95 = stats.p95 ?? Math.max(q3, median);
  // the exact whiskers and the ECDF quartiles come from different estimators;
  // keep the drawing monotone whiskers <= box <= whiskers
  const lo = Math.min(q1, median);
  const hi = Math.max(q3, median);
  return { p5: Math.min(p5, lo), q1: lo, median, q3: hi, p95: Math.max(p95, hi), mean: stats.mean, n: stats.n };
}
