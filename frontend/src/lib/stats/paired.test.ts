import type { ComparisonPublic } from "../../client/types.gen";
import { readComparison } from "./comparison";
import { gridDone, gridRunning, replicatedDone } from "./fixtures/contract";
import { pairedInputs, pairedLayout, pairedSeedsText } from "./paired";

describe("paired view layout", () => {
  it("has one row per cell and variant other than the baseline, in the view's order", () => {
    const v = readComparison(gridDone());
    const inputs = pairedInputs(v, v.variants);
    expect(inputs).toHaveLength(3 * (v.variants.length - 1));
    expect(inputs.some((r) => r.variant === v.baseline)).toBe(false);
    expect(inputs.map((r) => r.cell)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
    expect(inputs[0].baseMean).toBe(v.cells[0].variants.baseline.stats.mean);
    // hiding a variant hides its rows
    expect(pairedInputs(v, ["baseline", "TLP"]).map((r) => r.variant)).toEqual(["TLP", "TLP", "TLP"]);
  });

  it("places dots at the normalized difference, whiskers at its CI, zero inside the axis", () => {
    const v = readComparison(replicatedDone());
    const L = pairedLayout(pairedInputs(v, v.variants), 400);
    expect(L.rows).toHaveLength(1);
    const [r] = L.rows;
    expect(r.value).toBe(-0.33302);
    // the CI divided by the baseline mean the server used (mean_diff / normalized_diff)
    const scale = -1503.779591444444 / -0.33302;
    expect(r.ci![0]).toBeCloseTo(-4100.2 / scale, 9);
    expect(r.ci![1]).toBeCloseTo(1092.6 / scale, 9);
    expect(r.ciX![0]).toBeLessThan(r.x!);
    expect(r.ciX![1]).toBeGreaterThan(L.zeroX); // this interval holds 0
    expect(L.zeroX).toBeGreaterThan(0);
    expect(L.zeroX).toBeLessThan(400);
    expect(L.xTicks.some((t) => t.value === 0)).toBe(true);
  });

  it("separates cells and keeps rows without a common seed, without a value", () => {
    const v = readComparison(gridRunning()); // only cell 0 has finished runs
    const L = pairedLayout(pairedInputs(v, v.variants), 300, { rowHeight: 20, cellGap: 10 });
    expect(L.rows.filter((r) => r.firstOfCell).map((r) => r.cell)).toEqual([0, 1, 2]);
    expect(L.rows[3].y - L.rows[2].y).toBe(30); // a row plus the gap between cells
    expect(L.rows[1].y - L.rows[0].y).toBe(20);
    const pending = L.rows.filter((r) => r.cell > 0);
    expect(pending.every((r) => r.paired === null && r.value === null && r.x === null)).toBe(true);
    expect(L.rows.filter((r) => r.cell === 0).every((r) => r.x !== null && r.ci === null)).toBe(true); // one seed: no CI
    expect(L.innerHeight).toBe(9 * 20 + 2 * 10);
  });

  it("still has an axis around zero when every difference is zero or missing", () => {
    const v = readComparison({ ...(gridDone() as object), cells: [] } as unknown as ComparisonPublic);
    const L = pairedLayout(pairedInputs(v, v.variants), 200);
    expect(L.rows).toEqual([]);
    expect(L.zeroX).toBeCloseTo(100, 6);
  });

  it("says over how many common seeds the differences are paired", () => {
    const rep = readComparison(replicatedDone());
    expect(pairedSeedsText(pairedInputs(rep, rep.variants))).toBe("paired over 3 common seeds");
    const one = readComparison(gridDone());
    expect(pairedSeedsText(pairedInputs(one, one.variants))).toBe("paired over 1 common seed");
    const mixed = pairedInputs(one, one.variants).map((d, i) => (i === 0 && d.paired ? { ...d, paired: { ...d.paired, n: 4 } } : d));
    expect(pairedSeedsText(mixed)).toBe("paired over 1–4 common seeds");
    expect(pairedSeedsText(pairedInputs(one, ["baseline"]))).toBeNull();
  });
});
