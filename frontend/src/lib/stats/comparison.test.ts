import grid from "./fixtures/comparison-grid.json";
import rep from "./fixtures/comparison-replicated.json";
import type { ComparisonPublic } from "../../client/types.gen";
import { cellLabel, formatSelection, parseCell, parseSelection, readComparison, readStats, statsFor } from "./comparison";
import { comparisonCsv } from "./csv";
import { diffFromBaseline } from "./diff";
import { ecdfDomain, ecdfSteps } from "./ecdf";
import { fmtNum, fmtPct, fmtRatio, fmtSigned } from "../format";

const g = readComparison(grid as unknown as ComparisonPublic);
const r = readComparison(rep as unknown as ComparisonPublic);

describe("reading a comparison", () => {
  it("keeps the spec's variant order and the grid", () => {
    expect(g.variants).toEqual(Object.keys(grid.spec.variants));
    expect(g.baseline).toBe("baseline");
    expect(g.metric).toBe("fct_ms");
    expect(g.gridKeys).toEqual(["path.forward.loss.count"]);
    expect(g.cells.map((c) => c.params)).toEqual([{ "path.forward.loss.count": 1 }, { "path.forward.loss.count": 2 }, { "path.forward.loss.count": 3 }]);
    expect(g.counts.succeeded).toBe(12);
    expect(cellLabel(g.cells[1].params)).toBe("count = 2");
    expect(cellLabel({})).toBe("all runs");
  });

  it("reads stats defensively", () => {
    expect(readStats({ n: 2, mean: 1, ci95: [0, 2] }).ci95).toEqual([0, 2]);
    expect(readStats({ n: 2, ci95: ["x", 1] }).ci95).toBeNull();
    expect(readStats(undefined).n).toBe(0);
    const v = r.cells[0].variants.TLP;
    expect(statsFor(v, "fct_ms", "fct_ms")).toBe(v.stats);
    expect(statsFor(v, "goodput_bps", "fct_ms").n).toBe(18);
    expect(statsFor(undefined, "x", "y").mean).toBeNull();
  });

  it("round-trips the selection in the URL", () => {
    expect(parseSelection(null, g.variants)).toEqual(g.variants);
    expect(parseSelection("baseline,TLP", g.variants)).toEqual(g.variants.filter((v) => v === "baseline" || v === "TLP"));
    expect(parseSelection("nope", g.variants)).toEqual(g.variants);
    expect(formatSelection(["TLP", "baseline"], g.variants)).toBe(g.variants.filter((v) => v === "baseline" || v === "TLP").join(","));
    expect(formatSelection(g.variants, g.variants)).toBeNull();
    expect(parseCell("2", 3)).toBe(2);
    expect(parseCell("7", 3)).toBe(0);
    expect(parseCell("x", 3)).toBe(0);
  });
});

describe("ECDF steps", () => {
  it("draws a closed step function to the shared right edge", () => {
    expect(ecdfSteps([[2, 0.5], [1, 0.25], [3, 1]], 5)).toEqual([[1, 0], [1, 0], [1, 0.25], [2, 0.25], [2, 0.5], [3, 0.5], [3, 1], [5, 1]]);
    expect(ecdfSteps([])).toEqual([]);
  });

  it("pads degenerate domains", () => {
    expect(ecdfDomain([[[100, 1]]])).toEqual([90, 110]);
    expect(ecdfDomain([])).toEqual([0, 1]);
    const [lo, hi] = ecdfDomain([[[10, 0.5], [20, 1]], [[15, 1]]]);
    expect(lo).toBeLessThan(10);
    expect(hi).toBeGreaterThan(20);
  });
});

describe("differences from the baseline", () => {
  it("marks faster as better and non-overlapping CIs as significant", () => {
    const tlp = r.cells[0].variants.TLP.stats;
    const base = r.cells[0].variants.baseline.stats;
    // fct_ms: lower is better (higher_is_better = false); goodput: higher is better
    const d = diffFromBaseline(tlp, base, false)!;
    expect(d.abs).toBeCloseTo(tlp.mean! - base.mean!, 9);
    expect(d.verdict).toBe("better");
    expect(d.significant).toBe(false); // the CIs overlap here
    const s = diffFromBaseline({ ...tlp, ci95: [1, 2] }, { ...base, ci95: [3, 4] }, false)!;
    expect(s.significant).toBe(true);
    expect(diffFromBaseline(tlp, base, true)!.verdict).toBe("worse");
    // neither direction better (segments sent, probes) or unknown: the difference is only a difference
    expect(diffFromBaseline(tlp, base, null)!.verdict).toBe("differs");
    expect(diffFromBaseline(base, base, false)!.verdict).toBe("same");
    expect(diffFromBaseline(base, base, null)!.verdict).toBe("same");
    expect(diffFromBaseline({ ...tlp, mean: null }, base, false)).toBeNull();
  });
});

describe("CSV and formatting", () => {
  it("writes the export's columns", () => {
    const lines = comparisonCsv(g).trim().split("\r\n");
    expect(lines[0]).toBe("path.forward.loss.count,variant,n,mean,median,p5,p95,ci95_low,ci95_high,normalized_to_baseline");
    expect(lines).toHaveLength(1 + 3 * 4);
    expect(lines[1].startsWith(`1,${g.variants[0]},1,`)).toBe(true);
    const rr = comparisonCsv(r).trim().split("\r\n");
    expect(rr[0]).toBe("variant,n,mean,median,p5,p95,ci95_low,ci95_high,normalized_to_baseline");
    expect(rr[1].split(",")).toHaveLength(9);
  });

  it("formats numbers for labels", () => {
    expect(fmtNum(742.96875)).toBe("743");
    expect(fmtNum(0.48454)).toBe("0.485");
    expect(fmtNum(14480)).toBe("14,480");
    expect(fmtNum(321777.7)).toBe("321,778");
    expect(fmtNum(2.5e7)).toBe("25M");
    expect(fmtNum(null)).toBe("–");
    expect(fmtRatio(0.48454)).toBe("0.48");
    expect(fmtSigned(-3.2)).toBe("−3.2");
    expect(fmtPct(-0.5155)).toBe("−52%");
    expect(fmtPct(0.05)).toBe("+5.0%");
  });
});
