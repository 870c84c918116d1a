import type { ComparisonPublic } from "../../client/types.gen";
import { cardFigure } from "../../lib/gallery";
import { card, comparison, OWD } from "../../lib/galleryTesting";
import { readComparison } from "../../lib/stats/comparison";
import { gridDone, gridRunning, replicatedDone } from "../../lib/stats/fixtures/contract";
import { galleryBarTip, MAX_GROUPS, summarizeBars, summarizeBox, summarizeEcdf, summarizeGalleryBars, summarizeGalleryCdf, summarizePaired } from "./summaries";

describe("summarizeBars", () => {
  it("reads every cell's normalized means with their intervals, in the shown variants' order", () => {
    const view = readComparison(replicatedDone());
    expect(summarizeBars(view, ["baseline", "TLP"], "FCT")).toBe("FCT normalized to baseline, 2 variants, with 95% confidence intervals: baseline 1.00, TLP 0.67 [0.41, 1.30].");
  });

  it("names the cells of a grid, says which bars are pending and that the values are provisional", () => {
    const view = readComparison(gridRunning());
    const s = summarizeBars(view, ["TLPR", "TLP", "baseline"], "FCT");
    expect(s).toBe(
      "FCT normalized to baseline, 3 variants, 3 cells, with 95% confidence intervals: " +
        "count = 1: TLPR 0.38, TLP 0.48, baseline 1.00; count = 2: TLPR pending, TLP pending, baseline pending; " +
        "count = 3: TLPR pending, TLP pending, baseline pending. " +
        "Provisional: 4 of 12 runs finished; these statistics change until every run has finished.",
    );
    expect(summarizeBars(readComparison(gridDone()), ["TLP"], "FCT")).not.toContain("rovisional");
  });

  it("names the first cells of a large grid and counts the rest", () => {
    const c = gridDone() as unknown as { cells: { index: number; params: Record<string, unknown> }[] };
    const one = c.cells[0];
    c.cells = Array.from({ length: MAX_GROUPS + 3 }, (_, i) => ({ ...one, index: i, params: { "path.forward.loss.count": i + 1 } }));
    const s = summarizeBars(readComparison(c as unknown as ComparisonPublic), ["TLP"], "FCT");
    expect(s).toContain(`count = ${MAX_GROUPS}: TLP 0.48`);
    expect(s).not.toContain(`count = ${MAX_GROUPS + 1}:`);
    expect(s).toContain("; 3 more cells in the summary table.");
  });
});

describe("summarizePaired", () => {
  it("gives each variant's paired difference with its interval and the number of seeds", () => {
    const view = readComparison(replicatedDone());
    const s = summarizePaired(view, ["baseline", "TLP"], "FCT");
    expect(s).toMatch(/^Paired difference of FCT from baseline, paired over 3 common seeds, as a share of baseline's mean with 95% confidence intervals: TLP −33% \[−\d+%, \+\d+%\]\.$/);
  });
  it("says when a cell has a single seed (no interval) or none yet", () => {
    const s = summarizePaired(readComparison(gridRunning()), ["baseline", "TLP"], "FCT");
    expect(s).toContain("count = 1: TLP −52% (no interval: 1 seed)");
    expect(s).toContain("count = 2: TLP no common seed yet");
    expect(s).toMatch(/Provisional: 4 of 12 runs finished/);
  });
});

describe("summarizeEcdf and summarizeBox", () => {
  it("give each variant's median, spread and count in the cell", () => {
    const view = readComparison(replicatedDone());
    const cell = view.cells[0];
    expect(summarizeEcdf(cell, ["baseline", "TLP"], "FCT", "ms")).toBe(
      "ECDF of FCT (ms) per variant: baseline median 3,243 ms (p5 2,455 ms, p95 15,807 ms, n = 18); TLP median 3,042 ms (p5 2,335 ms, p95 3,526 ms, n = 18).",
    );
    const box = summarizeBox(cell, ["TLP"], "FCT", "ms", "provisional · 3/6 runs");
    expect(box).toMatch(/^Box plots of FCT \(ms\) per variant: TLP median 3,042, box [\d,]+–[\d,]+, whiskers p5 2,335 – p95 3,526, mean 3,012\. provisional · 3\/6 runs\.$/);
  });
  it("name the cell of a grid and a variant without data", () => {
    const view = readComparison(gridRunning());
    expect(summarizeEcdf(view.cells[1], ["TLP"], "FCT", "ms")).toBe("ECDF of FCT (ms) per variant in cell count = 2: TLP no finished run yet.");
    expect(summarizeBox(view.cells[1], ["TLP"], "FCT", "ms")).toBe("Box plots of FCT (ms) per variant in cell count = 2: TLP no data yet.");
  });
});

describe("the gallery's summaries", () => {
  const CARD = card();
  const fct = (p: Record<string, unknown>, v: string) => [v === "baseline" ? 1000 : v === "RTOR" ? 1000 - 2 * Number(p[OWD]) - 200 : 500];
  it("read a bar panel per x value, with the paper's saving beside Rexmit's", () => {
    const fig = cardFigure(CARD, comparison(CARD, fct));
    const s = summarizeGalleryBars(fig.bars[0], fig.variants, fig.baseline, "FCT", "RTT", "ms");
    expect(s).toBe(
      "delACKs: FCT normalized to baseline per RTT (ms), 3 variants; at 10 ms: baseline 1.00, RTOR 0.79 (the paper's saving: 0.79), TLP 0.50; " +
        "at 80 ms: baseline 1.00, RTOR 0.72 (the paper's saving: 0.72), TLP 0.50.",
    );
  });
  it("give each bar's tooltip: variant and x, value with its CI, n, and the paper's value", () => {
    const fig = cardFigure(CARD, comparison(CARD, fct));
    const at80 = fig.bars[0].groups.find((g) => g.x === 80)!;
    const rtor = at80.bars.find((b) => b.variant === "RTOR")!;
    // RTOR at RTT 80 ms (one-way 40): 1000 - 80 - 200 = 720 over the baseline's 1000; the paper's saving (1 RTT + 200 ms) puts it at 0.72 too
    expect(galleryBarTip({ ...rtor, ci: [0.7, 0.75], n: 40 }, at80.x, fig.baseline, "RTT", "ms")).toEqual([
      "RTOR at RTT 80 ms",
      "0.72 × baseline, 95% CI 0.70–0.75",
      "n = 40",
      "the paper's stated saving puts it at 0.72",
    ]);
    // one run, no interval; the paper states nothing for TLP; the baseline is said to be it
    expect(galleryBarTip(at80.bars.find((b) => b.variant === "TLP")!, 80, "baseline", "RTT", "ms").slice(1)).toEqual(["0.50 × baseline, no CI (n < 2)", "n = 1", "the paper states no value here"]);
    expect(galleryBarTip(at80.bars.find((b) => b.variant === "baseline")!, 80, "baseline", "RTT", "ms")[1]).toBe("1.00 × baseline (the baseline)");
    expect(galleryBarTip({ variant: "TLP", value: null, ci: null, n: 0, paper: null }, 5, "baseline", "", "")).toEqual(["TLP at 5", "no finished run yet", "n = 0", "the paper states no value here"]);
  });
  it("read a CDF panel's medians and the paper's published shares", () => {
    const cdf = card({
      chart: { kind: "cdf", x: null, x_label: "FCT", x_unit: "ms", x_scale: 1 },
      panels: [{ id: "p40", label: "One-way delay 40 ms", where: { [OWD]: 40, "flows[*].receiver.ack_policy": "delayed" } }],
      published: [{ id: "e", kind: "ecdf_at", section: "§3.2", quote: "q", panel: "p40", x: 800, values: { TLP: 0.9 } }],
    } as never);
    const fig = cardFigure(cdf, comparison(cdf, fct));
    expect(summarizeGalleryCdf(fig.cdfs[0], fig.variants, "FCT (ms)")).toBe(
      "One-way delay 40 ms: CDF of FCT (ms), 3 variants: baseline median 1,000 (n = 1); RTOR median 720 (n = 1); TLP median 500 (n = 1). TLP below 800: the paper ≈ 90%, Rexmit 100%.",
    );
  });
});
