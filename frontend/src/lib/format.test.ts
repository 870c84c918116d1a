import { fmtNum, fmtSig, formatCompact, formatMsRange, formatTimeTick, trimNumber } from "./format";

describe("lib/format (d3-format)", () => {
  it("trims decimals and keeps an ASCII minus (text that goes into URLs)", () => {
    expect(trimNumber(342.96875)).toBe("342.97");
    expect(trimNumber(50.12345678, 6)).toBe("50.123457");
    expect(trimNumber(-1.5, 1)).toBe("-1.5");
    expect(trimNumber(-0.0001, 2)).toBe("0");
    expect(trimNumber(3, 2)).toBe("3");
  });
  it("writes compact axis labels", () => {
    expect(formatCompact(1448)).toBe("1448");
    expect(formatCompact(5.25)).toBe("5.25");
    expect(formatCompact(13032)).toBe("13k");
    expect(formatCompact(12345)).toBe("12.3k");
    expect(formatCompact(2.5e6)).toBe("2.5M");
    expect(formatCompact(1.234e9)).toBe("1.23G");
    expect(formatCompact(-13032)).toBe("-13k");
  });
  it("keeps significant digits and thousands separators", () => {
    expect(fmtNum(2.5e6)).toBe("2.5M");
    expect(fmtNum(0.000123456)).toBe("0.000123");
    expect(fmtNum(-742.96875)).toBe("-743");
  });
  it("keeps a table's trailing zeros to 3 significant digits (15.0 beside 16.9), and thousands as fmtNum", () => {
    expect([15, 16.94, 0.74, 0.1197, 17.96, 0, 3026.4, -0.5].map((v) => fmtSig(v))).toEqual(["15.0", "16.9", "0.740", "0.120", "18.0", "0", "3,026", "-0.500"]);
    expect(fmtSig(null)).toBe("–");
  });
  it("labels time ticks by their step", () => {
    expect(formatTimeTick(13150, 50)).toBe("13.15 s");
    expect(formatTimeTick(250, 50)).toBe("250 ms");
    expect(formatTimeTick(0.5, 0.1)).toBe("0.5 ms");
  });
});

describe("formatMsRange", () => {
  it("gives a narrow window's ends enough digits to differ", () => {
    expect(formatMsRange(16_300, 16_350)).toBe("16.300 s – 16.350 s");
    expect(formatMsRange(16_312.5, 16_313)).toBe("16.31250 s – 16.31300 s");
  });
  it("keeps a wide window short", () => {
    expect(formatMsRange(0, 500)).toBe("0 ms – 500 ms");
    expect(formatMsRange(0, 60_000)).toBe("0 s – 60 s");
  });
});
