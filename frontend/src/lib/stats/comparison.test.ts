import grid from "./fixtures/comparison-grid.json";
import rep from "./fixtures/comparison-replicated.json";
import type { ComparisonPublic } from "../../client/types.gen";
import {
  cellLabel,
  comparisonDone,
  formatEta,
  formatSelection,
  pairedNormalizedCi,
  parseCell,
  parseSelection,
  provisionalLabel,
  provisionalText,
  readComparison,
  readPaired,
  readStats,
  statsFor,
} from "./comparison";
import { comparisonCsv } from "./csv";
import { diffFromBaseline, pairedVerdict } from "./diff";
import { gridCancelled, gridDone, gridRunning, replicatedDone } from "./fixtures/contract";
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

describe("reading the issue #9 fields, when the API sends them and when it does not", () => {
  it("falls back on today's API: provisional from the state, finished from the counts, no ETA, the contract's links", () => {
    // the captured payloads carry none of the new fields
    expect(g.live).toBe(false);
    expect(g.provisional).toBe(false);
    expect(g.done).toBe(true);
    expect(g.finished).toBe(12);
    expect(g.expected).toBe(12);
    expect(g.etaS).toBeNull();
    expect(g.counts.cancelled).toBe(0);
    expect(g.links).toEqual({ runsCsv: `/api/v1/comparisons/${grid.id}/runs.csv`, summaryCsv: `/api/v1/comparisons/${grid.id}/export?format=csv` });
    for (const v of Object.values(g.cells[0].variants)) {
      expect(v.normalizedCi95).toBeNull();
      expect(v.paired).toBeNull();
    }
    const running = readComparison({ ...(grid as unknown as ComparisonPublic), state: "running", counts: { queued: 5, running: 2, succeeded: 4, failed: 1 } });
    expect(running.provisional).toBe(true);
    expect(running.done).toBe(false);
    expect(running.finished).toBe(5);
    expect(running.etaS).toBeNull();
    expect(readComparison({ ...(grid as unknown as ComparisonPublic), state: "queued" }).provisional).toBe(true);
    expect(comparisonDone(grid as unknown as ComparisonPublic)).toBe(true);
    expect(comparisonDone({ ...(grid as unknown as ComparisonPublic), state: "running" })).toBe(false);
  });

  it("reads provisional, finished, eta_s, links and counts.cancelled when sent", () => {
    const run = readComparison(gridRunning());
    expect(run.live).toBe(true);
    expect(run.provisional).toBe(true);
    expect(run.done).toBe(false);
    expect(run.finished).toBe(4);
    expect(run.expected).toBe(12);
    expect(run.etaS).toBe(83.4);
    const moved = { ...gridRunning(), links: { runs_csv: "/elsewhere/runs.csv", summary_csv: "/elsewhere/summary.csv" } } as ComparisonPublic;
    expect(readComparison(moved).links).toEqual({ runsCsv: "/elsewhere/runs.csv", summaryCsv: "/elsewhere/summary.csv" });
    // the server's word wins over the state: finished counts as sent
    expect(readComparison({ ...gridRunning(), finished: 7 } as ComparisonPublic).finished).toBe(7);

    const cancelled = readComparison(gridCancelled());
    expect(cancelled.state).toBe("cancelled");
    expect(cancelled.counts.cancelled).toBe(6);
    expect(cancelled.provisional).toBe(false);
    expect(cancelled.done).toBe(true);
    expect(cancelled.expected).toBe(6); // n of N: dropped runs never come
    expect(cancelled.etaS).toBeNull();
    expect(comparisonDone(gridCancelled())).toBe(true);
    // cancelled while runs still run: not done yet, polling goes on
    const cancelling = { ...gridCancelled(), provisional: true, counts: { queued: 0, running: 2, succeeded: 4, failed: 0, cancelled: 6 } } as ComparisonPublic;
    expect(readComparison(cancelling).done).toBe(false);
    expect(comparisonDone(cancelling)).toBe(false);
    // an ETA is only an ETA while runs are unfinished, and never negative
    expect(readComparison({ ...gridDone(), eta_s: 12 } as ComparisonPublic).etaS).toBeNull();
    expect(readComparison({ ...gridRunning(), eta_s: -1 } as ComparisonPublic).etaS).toBeNull();
    expect(readComparison({ ...gridRunning(), eta_s: "soon" } as unknown as ComparisonPublic).etaS).toBeNull();
  });

  it("reads normalized_ci95 and paired per variant, null for the baseline", () => {
    const c = readComparison(replicatedDone());
    const tlp = c.cells[0].variants.TLP;
    expect(tlp.normalizedCi95).toEqual([0.4127, 1.2964]);
    expect(tlp.paired).toEqual({ n: 3, meanDiff: -1503.779591444444, ci95: [-4100.2, 1092.6], normalizedDiff: -0.33302 });
    expect(c.cells[0].variants.baseline.normalizedCi95).toBeNull();
    expect(c.cells[0].variants.baseline.paired).toBeNull();
    const one = readComparison(gridDone()).cells[1].variants.TLP.paired!;
    expect(one.n).toBe(1);
    expect(one.ci95).toBeNull();
  });

  it("reads a malformed paired dict as absent rather than as numbers", () => {
    expect(readPaired(null)).toBeNull();
    expect(readPaired({ n: 0, mean_diff: 1 })).toBeNull();
    expect(readPaired({ n: 2, mean_diff: "x" })).toBeNull();
    expect(readPaired({ n: 2, mean_diff: 1, ci95: [0, "2"], normalized_diff: null })).toEqual({ n: 2, meanDiff: 1, ci95: null, normalizedDiff: null });
  });

  it("normalizes a paired CI by the baseline mean the server used", () => {
    // normalized_diff = mean_diff / 200: the CI is divided by the same 200
    expect(pairedNormalizedCi({ n: 3, meanDiff: -50, ci95: [-80, -20], normalizedDiff: -0.25 }, 999)).toEqual([-0.4, -0.1]);
    // a zero difference says nothing about the scale: the baseline's mean then
    expect(pairedNormalizedCi({ n: 3, meanDiff: 0, ci95: [-10, 10], normalizedDiff: 0 }, 100)).toEqual([-0.1, 0.1]);
    // a negative baseline mean keeps the interval ordered
    expect(pairedNormalizedCi({ n: 3, meanDiff: 0, ci95: [-10, 20], normalizedDiff: 0 }, -100)).toEqual([-0.2, 0.1]);
    expect(pairedNormalizedCi({ n: 1, meanDiff: 5, ci95: null, normalizedDiff: 0.05 }, 100)).toBeNull();
    expect(pairedNormalizedCi({ n: 2, meanDiff: 0, ci95: [-1, 1], normalizedDiff: null }, 0)).toBeNull();
  });

  it("judges a paired difference by its sign and whether its CI excludes 0", () => {
    const faster = { n: 5, meanDiff: -40, ci95: [-60, -20] as [number, number], normalizedDiff: -0.2 };
    expect(pairedVerdict(faster, false)).toEqual({ verdict: "better", significant: true });
    expect(pairedVerdict(faster, true)).toEqual({ verdict: "worse", significant: true });
    expect(pairedVerdict(faster, null).verdict).toBe("differs");
    expect(pairedVerdict({ ...faster, ci95: [-60, 5] }, false).significant).toBe(false);
    expect(pairedVerdict({ ...faster, ci95: null }, false).significant).toBe(false);
    expect(pairedVerdict({ ...faster, meanDiff: 0 }, false).verdict).toBe("same");
  });

  it("words the provisional mark and the ETA", () => {
    expect(provisionalText({ finished: 92, expected: 1000 })).toBe("provisional · 92/1,000 runs");
    expect(provisionalLabel({ finished: 92, expected: 1000 })).toMatch(/^Provisional: 92 of 1,000 runs finished/);
    expect(formatEta(null)).toBe("");
    expect(formatEta(0.4)).toBe("less than a second");
    expect(formatEta(42.4)).toBe("about 42 s");
    expect(formatEta(83.4)).toBe("about 1 min 20 s");
    expect(formatEta(120)).toBe("about 2 min");
    expect(formatEta(178)).toBe("about 3 min");
    expect(formatEta(3 * 3600 + 25 * 60)).toBe("about 3 h 25 min");
    expect(formatEta(7199)).toBe("about 2 h");
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
