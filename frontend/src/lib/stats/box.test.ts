import rep from "./fixtures/comparison-replicated.json";
import type { ComparisonPublic } from "../../client/types.gen";
import { boxFromStats, quantileFromEcdf } from "./box";
import { readComparison, type Stats } from "./comparison";

/** ECDF points at every value, as the API returns them for n <= 200. */
function ecdfOf(values: number[]): [number, number][] {
  const s = values.slice().sort((a, b) => a - b);
  return s.map((x, i) => [x, (i + 1) / s.length]);
}

const stats = (o: Partial<Stats>): Stats => ({ n: 0, mean: null, median: null, p5: null, p95: null, std: null, ci95: null, ...o });

describe("box-plot quartiles from the ECDF", () => {
  it("inverts the step ECDF (type-1 quantile)", () => {
    const e = ecdfOf([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(quantileFromEcdf(e, 0.25)).toBe(2);
    expect(quantileFromEcdf(e, 0.5)).toBe(4);
    expect(quantileFromEcdf(e, 0.75)).toBe(6);
    expect(quantileFromEcdf(e, 0.26)).toBe(3);
    expect(quantileFromEcdf(e, 1)).toBe(8);
    expect(quantileFromEcdf([], 0.5)).toBeNull();
  });

  it("tolerates float noise in F", () => {
    expect(quantileFromEcdf([[10, 1 / 3], [20, 0.7500000000000001 - 2e-12], [30, 1]], 0.75)).toBe(20);
  });

  it("takes whiskers and median from the stats, the box from the ECDF", () => {
    const b = boxFromStats(stats({ n: 8, mean: 4.5, median: 4.5, p5: 1.35, p95: 7.65 }), ecdfOf([1, 2, 3, 4, 5, 6, 7, 8]))!;
    expect(b).toEqual({ p5: 1.35, q1: 2, median: 4.5, q3: 6, p95: 7.65, mean: 4.5, n: 8 });
  });

  it("stays monotone and handles single values and missing data", () => {
    const one = boxFromStats(stats({ n: 1, mean: 360, median: 360, p5: 360, p95: 360 }), [[360, 1]])!;
    expect([one.p5, one.q1, one.median, one.q3, one.p95]).toEqual([360, 360, 360, 360, 360]);
    expect(boxFromStats(stats({ n: 0 }), [])).toBeNull();
    const noEcdf = boxFromStats(stats({ n: 3, median: 5, p5: 1, p95: 9 }), [])!;
    expect([noEcdf.q1, noEcdf.q3]).toEqual([5, 5]);
  });

  it("agrees with the API's numbers on a real comparison", () => {
    const v = readComparison(rep as unknown as ComparisonPublic).cells[0].variants.baseline;
    const b = boxFromStats(v.stats, v.ecdf)!;
    expect(b.median).toBe(v.stats.median);
    expect(b.p5).toBe(v.stats.p5);
    expect(b.p95).toBe(v.stats.p95);
    expect(b.q1).toBeLessThanOrEqual(b.median);
    expect(b.q3).toBeGreaterThanOrEqual(b.median);
    // with n = 18 the ECDF holds every value: Q1 is the 5th smallest (ceil(0.25 * 18))
    expect(v.ecdf).toHaveLength(18);
    expect(b.q1).toBe(v.ecdf[4][0]);
    expect(b.q3).toBe(v.ecdf[13][0]);
  });
});
