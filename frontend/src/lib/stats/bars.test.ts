import grid from "./fixtures/comparison-grid.json";
import type { ComparisonPublic } from "../../client/types.gen";
import { barLayout } from "./bars";
import { cellLabel, readComparison } from "./comparison";

const view = readComparison(grid as unknown as ComparisonPublic);
const inputs = view.cells.map((c) => ({ cell: c.index, label: cellLabel(c.params), values: view.variants.map((v) => ({ variant: v, value: c.variants[v].normalizedMean })) }));

describe("normalized bar layout", () => {
  const L = barLayout(inputs, view.variants, { width: 600, height: 200 });

  it("makes one group per cell and one bar per variant, in the spec's order", () => {
    expect(L.groups.map((g) => g.cell)).toEqual([0, 1, 2]);
    for (const g of L.groups) {
      expect(g.bars.map((b) => b.variant)).toEqual(view.variants);
      const xs = g.bars.map((b) => b.x);
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
      expect(g.bars.every((b) => b.x >= g.x && b.x + b.width <= g.x + g.width + 1e-9)).toBe(true);
    }
  });

  it("keeps the engine's values and draws heights proportional to them", () => {
    const b = L.groups[0].bars.find((x) => x.variant === "TLP")!;
    expect(b.value).toBe((grid.cells[0].variants as Record<string, { normalized_mean: number }>).TLP.normalized_mean);
    const base = L.groups[0].bars.find((x) => x.variant === view.baseline)!;
    expect(base.value).toBe(1);
    expect(base.y).toBeCloseTo(L.baselineY, 9);
    expect(b.height / base.height).toBeCloseTo(b.value, 9);
    expect(L.yMax).toBeGreaterThanOrEqual(1.1);
    expect(L.yTicks[0]).toEqual({ value: 0, y: 200 });
  });

  it("reports variants without a value instead of drawing them", () => {
    const partial = barLayout([{ cell: 0, label: "", values: [{ variant: "A", value: 0.5 }, { variant: "B", value: null }] }], ["A", "B"], { width: 300, height: 100 });
    expect(partial.groups[0].bars.map((b) => b.variant)).toEqual(["A"]);
    expect(partial.groups[0].missing).toEqual(["B"]);
  });

  it("caps the bar width and centres a lone cell", () => {
    const one = barLayout([inputs[0]], view.variants, { width: 1200, height: 100 }, { maxBarWidth: 50 });
    const bars = one.groups[0].bars;
    expect(Math.max(...bars.map((b) => b.width))).toBeLessThanOrEqual(50);
    const left = bars[0].x;
    const right = 1200 - (bars[bars.length - 1].x + bars[bars.length - 1].width);
    expect(Math.abs(left - right)).toBeLessThan(1e-6);
  });

  it("scales up for values above the baseline", () => {
    const big = barLayout([{ cell: 0, label: "", values: [{ variant: "A", value: 3 }] }], ["A"], { width: 100, height: 100 });
    expect(big.yMax).toBeGreaterThanOrEqual(3);
    expect(big.groups[0].bars[0].y).toBeGreaterThanOrEqual(0);
  });

  it("draws each 95% CI as a whisker in the axis's scale, and makes room for it", () => {
    const L2 = barLayout(
      [{ cell: 0, label: "", values: [{ variant: "base", value: 1, ci: null }, { variant: "A", value: 0.6, ci: [0.4, 2.2] }, { variant: "B", value: 0.3, ci: [0.5, -0.1] }] }],
      ["base", "A", "B"],
      { width: 300, height: 200 },
    );
    const [base, a, b] = L2.groups[0].bars;
    expect(base.ci).toBeNull();
    expect(base.ciY).toBeNull();
    expect(a.ci).toEqual([0.4, 2.2]);
    // the whisker's top (2.2) fits under the axis's top
    expect(L2.yMax).toBeGreaterThanOrEqual(2.2);
    const scale = (v: number) => 200 - (v / L2.yMax) * 200;
    expect(a.ciY![0]).toBeCloseTo(scale(2.2), 9);
    expect(a.ciY![1]).toBeCloseTo(scale(0.4), 9);
    expect(a.y).toBeCloseTo(scale(0.6), 9);
    // an interval given high-to-low is ordered; one below 0 is cut at the axis
    expect(b.ci).toEqual([-0.1, 0.5]);
    expect(b.ciY![1]).toBe(200);
  });
});
