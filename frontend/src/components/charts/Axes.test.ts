import { scaleLinear } from "d3-scale";
import { describe, expect, it } from "vitest";
import { formatCompact } from "../../lib/format";
import { distinctTickLabels } from "./Axes";

describe("distinctTickLabels", () => {
  it("keeps the axis's own format while its labels differ", () => {
    const y = scaleLinear().domain([0, 50_000]);
    const ticks = y.ticks(6);
    expect(distinctTickLabels(y, ticks, 6, formatCompact)).toEqual(ticks.map(formatCompact));
  });

  it("a zoomed axis whose labels would repeat gets labels as precise as its step", () => {
    const y = scaleLinear().domain([11_100, 11_160]);
    const ticks = y.ticks(6);
    expect(new Set(ticks.map(formatCompact)).size).toBeLessThan(ticks.length); // "11.1k" again and again
    const labels = distinctTickLabels(y, ticks, 6, formatCompact);
    expect(new Set(labels).size).toBe(ticks.length);
    expect(labels[0]).toBe("11.1k");
    expect(labels[1]).toBe("11.11k");
  });
});
