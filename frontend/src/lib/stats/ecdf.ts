/** ECDF lines: the API's points [x, F(x)] as a closed step function that
 * starts at F = 0 and runs to the right edge of the shared x domain. */
import { extent } from "d3-array";

/** Step vertices: (x0, 0), (x0, F0), (x1, F0), (x1, F1), ... , (xMax, 1). */
export function ecdfSteps(points: [number, number][], xMax?: number): [number, number][] {
  if (!points.length) return [];
  const sorted = points.slice().sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [[sorted[0][0], 0]];
  let prevF = 0;
  for (const [x, f] of sorted) {
    out.push([x, prevF]);
    out.push([x, f]);
    prevF = f;
  }
  const last = sorted[sorted.length - 1][0];
  if (xMax !== undefined && xMax > last) out.push([xMax, prevF]);
  return out;
}

/** The x extent over several ECDFs, padded when every value is the same. */
export function ecdfDomain(series: [number, number][][]): [number, number] {
  const xs = series.flatMap((s) => s.map((p) => p[0]));
  const [lo, hi] = extent(xs) as [number | undefined, number | undefined];
  if (lo === undefined || hi === undefined) return [0, 1];
  if (lo === hi) {
    const pad = Math.abs(lo) * 0.1 || 1;
    return [Math.max(0, lo - pad), hi + pad];
  }
  const pad = (hi - lo) * 0.04;
  return [Math.max(0, lo - pad), hi + pad];
}
