import { describe, expect, it } from "vitest";
import { cardComparisonBody, cardFigure, findingCounts, fractionBelow, type GalleryCard, matchesCard, ratioTable, runCount, runCountText } from "./gallery";
import { ACK, card, comparison, OWD, VARIANTS } from "./galleryTesting";
import { readComparison } from "./stats/comparison";

describe("card -> comparison request", () => {
  it("runs the card's full grid with its replications, metric and flows, the preset as base", () => {
    const c = card({ replications: 3, flows: [0, 1], metric: "request_ms", flow_filter: { metric: "tail_drops", at_least: 1 } });
    expect(cardComparisonBody(c)).toEqual({
      base: { preset: "tail-loss-rtt-sweep" },
      variants: VARIANTS,
      baseline: "baseline",
      grid: { [OWD]: [40, 5], [ACK]: ["delayed", "quick"] },
      replications: 3,
      metric: "request_ms",
      flows: [0, 1],
      flow_filter: { metric: "tail_drops", at_least: 1 },
    });
    // 2 x 2 cells x 3 variants x 3 replications
    expect(runCount(c)).toBe(36);
    expect(runCountText(c)).toBe("36 runs: 4 cells × 3 variants × 3 replications");
    expect(runCountText(card({ grid: {} , replications: 1 }))).toBe("3 runs: 1 cell × 3 variants × 1 replication");
  });

  it("a comparison is the card's figure only when it runs the card's preset, grid, replications, metric, flow filter and variants", () => {
    const c = card();
    const cmp = comparison(c, () => [1]);
    expect(matchesCard(c, cmp)).toBe(true);
    expect(matchesCard(card({ replications: 2 }), cmp)).toBe(false);
    expect(matchesCard(card({ grid: { [OWD]: [40] } }), cmp)).toBe(false);
    expect(matchesCard(card({ preset: "other" }), cmp)).toBe(false);
    expect(matchesCard(card({ metric: "goodput_bps" }), cmp)).toBe(false);
    // the same grid counting other flows is another figure
    expect(matchesCard(card({ flow_filter: { metric: "tail_drops", at_least: 1 } }), cmp)).toBe(false);
  });

  it("counts the findings that hold and differ", () => {
    expect(findingCounts(card())).toEqual({ holds: 2, differs: 1 });
  });
});

describe("bars per grid value, a panel per other grid value (Fig. 1/2)", () => {
  // FCT: baseline 1000 + x, RTOR saves the RTT (+200 with delACKs) but 10 ms less at one-way 40, TLP half the baseline
  const fct = (p: Record<string, unknown>, v: string) => {
    const rtt = 2 * Number(p[OWD]);
    const base = 1000 + rtt;
    const saving = rtt + (p[ACK] === "delayed" ? 200 : 0) - (p[OWD] === 40 ? 10 : 0);
    return [v === "baseline" ? base : v === "RTOR" ? base - saving : base / 2];
  };

  it("groups the cells per panel, orders them by the scaled x (RTT = 2 x one-way), normalizes to the baseline", () => {
    const fig = cardFigure(card(), comparison(card(), fct));
    expect(fig.kind).toBe("bars");
    expect(fig.bars.map((p) => p.id)).toEqual(["top", "bottom"]);
    const top = fig.bars[0];
    expect(top.groups.map((g) => g.x)).toEqual([10, 80]);
    const at10 = top.groups[0].bars;
    expect(at10.map((b) => b.variant)).toEqual(["baseline", "RTOR", "TLP"]);
    expect(at10[0].value).toBe(1);
    expect(at10[1].value).toBeCloseTo((1010 - 210) / 1010, 12);
    expect(at10[2].value).toBeCloseTo(0.5, 12);
    expect(fig.provisional).toBe(false);
    expect([fig.done, fig.total]).toEqual([12, 12]);
  });

  it("puts the paper's stated saving on the variant's bar and states the difference", () => {
    const fig = cardFigure(card(), comparison(card(), fct));
    const rtor80 = fig.bars[0].groups[1].bars.find((b) => b.variant === "RTOR");
    // the paper: 1 RTT + 200 ms = 280 ms of 1080 -> 800 / 1080
    expect(rtor80?.paper).toBeCloseTo(800 / 1080, 12);
    expect(fig.bars[0].groups[1].bars.find((b) => b.variant === "TLP")?.paper).toBeNull();
    expect(fig.savings).toHaveLength(4);
    const row = fig.savings.find((s) => s.panel === "top" && s.x === 80);
    expect(row).toMatchObject({ variant: "RTOR", paperMs: 280, atLeast: false });
    expect(row?.rexmitMs).toBeCloseTo(270, 9);
    expect(row?.diffMs).toBeCloseTo(-10, 9);
    const quick10 = fig.savings.find((s) => s.panel === "bottom" && s.x === 10);
    expect(quick10?.paperMs).toBe(10);
    expect(quick10?.diffMs).toBeCloseTo(0, 9);
  });

  it("is provisional while runs are pending, and leaves their bars empty", () => {
    const partial = comparison(card(), (p, v) => (p[ACK] === "quick" && v === "TLP" ? null : fct(p, v)));
    const fig = cardFigure(card(), partial);
    expect(fig.provisional).toBe(true);
    expect([fig.done, fig.total]).toEqual([10, 12]);
    const tlp = fig.bars[1].groups.map((g) => g.bars.find((b) => b.variant === "TLP"));
    expect(tlp.map((b) => [b?.value, b?.n])).toEqual([
      [null, 0],
      [null, 0],
    ]);
  });
});

describe("CDF panels (Fig. 3/4) with published values", () => {
  const cdfCard = card({
    id: "fig-cdf",
    grid: { [OWD]: [5, 80] },
    chart: { kind: "cdf" },
    panels: [
      { id: "c", label: "(c) RTT 10 ms", where: { [OWD]: 5 } },
      { id: "f", label: "(f) RTT 160 ms", where: { [OWD]: 80 } },
    ],
    metric: "request_ms",
    published: [
      { id: "at1s", kind: "ecdf_at", section: "§3.3", quote: "q", panel: "f", x: 1000, values: { RTOR: 0.84, baseline: 0.7 } },
      {
        id: "spurious",
        kind: "ratio",
        section: "§3.3",
        quote: "q",
        label: "spurious / all",
        numerator: ["spurious_retransmissions"],
        denominator: ["segments_sent", "retransmissions"],
        values: { baseline: 4.8e-5, RTOR: 5.9e-5, TLP: 1.8e-3 },
      },
    ],
  });
  const values = (p: Record<string, unknown>, v: string) => (p[OWD] === 80 ? (v === "RTOR" ? [200, 400, 900, 1000, 1500] : [300, 1200, 1300, 1400]) : [10, 20]);
  const metrics = (p: Record<string, unknown>, v: string) => ({
    spurious_retransmissions: v === "TLP" ? [1, 0] : [0, 0],
    segments_sent: p[OWD] === 80 ? [100, 100] : [50, 50],
    retransmissions: [0, 10],
  });

  it("one panel per cell, a line per variant, the paper's fraction below x beside Rexmit's", () => {
    const fig = cardFigure(cdfCard, comparison(cdfCard, values, metrics));
    expect(fig.cdfs.map((p) => [p.id, p.cell])).toEqual([
      ["c", 0],
      ["f", 1],
    ]);
    expect(fig.cdfs[1].series.map((s) => [s.variant, s.n])).toEqual([
      ["baseline", 4],
      ["RTOR", 5],
      ["TLP", 4],
    ]);
    expect(fig.cdfs[0].markers).toEqual([]);
    // "less than 1 s": RTOR 3 of 5 (1000 itself is not below), baseline 1 of 4
    expect(fig.cdfs[1].markers).toEqual([
      { variant: "RTOR", x: 1000, paper: 0.84, rexmit: 0.6 },
      { variant: "baseline", x: 1000, paper: 0.7, rexmit: 0.25 },
    ]);
  });

  it("pools a published ratio over every cell: sums of the metrics, from their means and counts", () => {
    const t = ratioTable(readComparison(comparison(cdfCard, values, metrics)), cdfCard.published[1] as Extract<GalleryCard["published"][number], { kind: "ratio" }>);
    // TLP: 1 spurious per cell / (200 + 10 + 100 + 10) segments
    const tlp = t.rows.find((r) => r.variant === "TLP");
    expect(tlp?.rexmit).toBeCloseTo(2 / 320, 12);
    expect(tlp?.paper).toBe(1.8e-3);
    expect(tlp?.factor).toBeCloseTo(2 / 320 / 1.8e-3, 9);
    expect(t.rows.find((r) => r.variant === "baseline")).toMatchObject({ rexmit: 0, paper: 4.8e-5, factor: 0 });
  });

  it("leaves cells without finished runs out of the ratio", () => {
    const partial = comparison(cdfCard, (p, v) => (p[OWD] === 5 ? null : values(p, v)), metrics);
    const t = ratioTable(readComparison(partial), cdfCard.published[1] as Extract<GalleryCard["published"][number], { kind: "ratio" }>);
    expect(t.rows.find((r) => r.variant === "TLP")?.rexmit).toBeCloseTo(1 / 210, 12);
  });
});

describe("fractionBelow", () => {
  it("reads F at the largest point strictly below x", () => {
    const pts: [number, number][] = [
      [100, 0.25],
      [200, 0.5],
      [300, 1],
    ];
    expect(fractionBelow(pts, 50)).toBe(0);
    expect(fractionBelow(pts, 200)).toBe(0.25);
    expect(fractionBelow(pts, 250)).toBe(0.5);
    expect(fractionBelow(pts, 1e9)).toBe(1);
    expect(fractionBelow([], 10)).toBeNull();
  });
});
