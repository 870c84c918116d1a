import { CATEGORICAL_DASHES, variantCues } from "../charts/palette";
import { readComparison } from "../../lib/stats/comparison";
import { gridDone, gridRunning, replicatedDone } from "../../lib/stats/fixtures/contract";
import { baseSeed, cellTitle, comparisonCaption, gridText, seedsText, variantLegend, variantsText } from "./exportCaption";

describe("the compare page's export caption", () => {
  it("finds the seed the replications start from: the override, the scenario's, else the preset's", () => {
    const presets = [{ name: "web-objects", scenario: { seed: 7 } }];
    expect(baseSeed({ base: { preset: "web-objects", overrides: { seed: 3 } } }, presets)).toBe(3);
    expect(baseSeed({ base: { scenario: { seed: 11 } } }, presets)).toBe(11);
    expect(baseSeed({ base: { preset: "web-objects", overrides: {} } }, presets)).toBe(7);
    expect(baseSeed({ base: { preset: "web-objects" } }, null)).toBeNull();
  });

  it("says which seeds ran", () => {
    expect(seedsText(7, 5)).toBe("seeds 7–11");
    expect(seedsText(1, 1)).toBe("seed 1");
    expect(seedsText(null, 3)).toBe("seeds s … s+2 (s: the base scenario's seed)");
  });

  it("states the grid, the variants, replications, seeds, runs and engine, and provisional n/N while running", () => {
    const spec = gridDone().spec as Record<string, unknown>;
    const view = readComparison(gridDone());
    expect(gridText(view)).toBe("Grid: count = 1, 2, 3 (3 cells)");
    expect(variantsText(spec, ["TLP", "baseline"])).toBe("TLP: timer = tlp; baseline: timer = rto");
    const lines = comparisonCaption(view, spec, { base: "Preset tail-loss-n-degree", metric: "FCT", seed: 1 });
    expect(lines).toEqual([
      `Comparison ${view.id}: Preset tail-loss-n-degree; metric FCT; baseline baseline.`,
      "Grid: count = 1, 2, 3 (3 cells). Variants: TLP: timer = tlp; RTOR: timer = rtor; TLPR: timer = tlpr; baseline: timer = rto.",
      "3 cells × 4 variants × 1 replication (seed 1) = 12 runs · engine 0.1.0.",
    ]);
    const running = comparisonCaption(readComparison(gridRunning()), spec, { base: "x", metric: "FCT", seed: 1 });
    expect(running.at(-1)).toBe("Provisional: 4 of 12 runs finished; these statistics change until every run has finished.");
    const rep = readComparison(replicatedDone());
    expect(comparisonCaption(rep, replicatedDone().spec as Record<string, unknown>, { base: "b", metric: "FCT", seed: 1 })[1]).toBe(
      "One cell: every run of the comparison. Variants: TLP: timer = tlp; baseline: timer = rto.",
    );
  });

  it("gives each variant the legend entry of the cue its chart draws", () => {
    const cues = variantCues(["base", "A", "B"], "base");
    expect(variantLegend(["base", "A"], cues, "base", "marker")).toEqual([
      { label: "base (baseline)", color: cues.base.color, marker: "square" },
      { label: "A", color: cues.A.color, marker: cues.A.marker },
    ]);
    expect(variantLegend(["B"], cues, "base", "line")).toEqual([{ label: "B", color: cues.B.color, dash: CATEGORICAL_DASHES[1] }]);
  });

  it("names the cell in the title of a one-cell chart of a grid", () => {
    expect(cellTitle("ECDF of FCT", readComparison(gridDone()), 1)).toBe("ECDF of FCT, cell count = 2");
    expect(cellTitle("ECDF of FCT", readComparison(replicatedDone()), 0)).toBe("ECDF of FCT");
  });
});
