import { BASELINE_COLOR, variantColors } from "./palette";

describe("variantColors", () => {
  it("greys the baseline and colours the rest in order", () => {
    const c = variantColors(["base", "A", "B"], "base");
    expect(c.base).toBe(BASELINE_COLOR);
    expect(new Set(Object.values(c)).size).toBe(3);
  });
  it("gives a mechanism the colour of its catalogue place, whatever else is compared", () => {
    const slot = (v: string) => ({ rto: 0, tlp: 2, tlpr: 3 })[v] ?? -1;
    const a = variantColors(["rto", "tlp", "tlpr"], "rto", slot);
    const b = variantColors(["tlpr", "custom", "tlp"], "custom", slot);
    expect(b.tlp).toBe(a.tlp);
    expect(b.tlpr).toBe(a.tlpr);
    // a variant without a slot takes a colour no mechanism holds
    const c = variantColors(["x", "tlp"], "none", slot);
    expect(c.x).not.toBe(c.tlp);
  });
});
