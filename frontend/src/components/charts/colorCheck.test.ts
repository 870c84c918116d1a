import { MACHADO_2009, ciede2000, contrastRatio, deltaE, DEFICIENCIES, lab, pairDifferences, parseHex, simulate } from "./colorCheck";

describe("CIEDE2000", () => {
  // Sharma, Wu & Dalal (2005), Table 1: CIELAB pairs and their published ΔE00 (4 decimals)
  const SHARMA_2005: [[number, number, number], [number, number, number], number][] = [
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[50, 2.5, 0], [61, -5, 29], 22.8977],
    [[50, 2.5, 0], [56, -27, -3], 31.903],
    [[50, 2.5, 0], [58, 24, 15], 19.4535],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  ];
  it.each(SHARMA_2005)("reproduces Sharma et al.'s test pair %j / %j = %f", (p, q, expected) => {
    expect(ciede2000(p, q)).toBeCloseTo(expected, 4);
    // symmetric
    expect(ciede2000(q, p)).toBeCloseTo(expected, 4);
  });
  it("is zero for the same colour", () => {
    expect(deltaE("#1a96e6", "#1a96e6")).toBe(0);
  });
});

describe("CIELAB and WCAG contrast", () => {
  it("gives sRGB red and white their D65 CIELAB values", () => {
    const [L, a, b] = lab("#ff0000");
    expect(L).toBeCloseTo(53.24, 1);
    expect(a).toBeCloseTo(80.09, 1);
    expect(b).toBeCloseTo(67.2, 1);
    expect(lab("#ffffff")[0]).toBeCloseTo(100, 3);
  });
  it("gives WCAG's contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 6);
    // #767676 is the lightest grey with 4.5:1 on white
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });
  it("reads #rgb and #rrggbb and refuses anything else", () => {
    expect(parseHex("#fff")).toEqual([1, 1, 1]);
    expect(() => parseHex("rgb(0,0,0)")).toThrow(/#rrggbb/);
  });
});

describe("Machado et al. (2009) dichromacy simulation", () => {
  it.each(DEFICIENCIES)("keeps greys grey under %s", (d) => {
    // every row sums to 1: the neutral axis is preserved
    for (const row of MACHADO_2009[d]) expect(row[0] + row[1] + row[2]).toBeCloseTo(1, 5);
    for (const g of ["#000000", "#808080", "#ffffff"]) {
      const [r, gg, b] = simulate(g, d);
      expect(Math.abs(r - gg) + Math.abs(gg - b)).toBeLessThan(1e-5);
    }
  });
  it.each(["protanopia", "deuteranopia"] as const)("collapses colour to two dimensions under %s (a singular matrix)", (d) => {
    const [a, b, c] = MACHADO_2009[d];
    const det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
    expect(Math.abs(det)).toBeLessThan(1e-5);
  });
  it("makes the red-green pair of classic charts hard to tell apart for red-green dichromats, not for tritanopes", () => {
    const red = "#d62728";
    const green = "#2ca02c";
    const normal = deltaE(red, green);
    expect(normal).toBeGreaterThan(50);
    expect(deltaE(red, green, "deuteranopia")).toBeLessThan(normal / 5);
    // protanopes still see the red darker: less of the difference is lost
    expect(deltaE(red, green, "protanopia")).toBeLessThan(normal / 2);
    expect(deltaE(red, green, "tritanopia")).toBeGreaterThan(50);
  });
  it("lists every pair under every vision, closest first", () => {
    const d = pairDifferences({ a: "#000000", b: "#ffffff", c: "#808080" });
    expect(d).toHaveLength(3 * 4);
    expect(d[0].deltaE).toBeLessThanOrEqual(d[d.length - 1].deltaE);
  });
});
