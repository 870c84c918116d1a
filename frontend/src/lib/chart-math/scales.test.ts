import { clampWindow, panWindow, seqExtent, seqValue, valueScale, zoomWindow } from "./scales";
import { formatBytes, formatMetric, formatMs, formatTimeTick, ordinal, trimNumber } from "../format";
import { TLP_TAIL } from "./fixtures";

describe("sequence scales", () => {
  it("finds the byte range of a window", () => {
    expect(seqExtent(TLP_TAIL.events)).toEqual([0, 14480]);
    expect(seqExtent([])).toBeNull();
  });
  it("converts to segments", () => {
    expect(seqValue(13032, "segments", 1448)).toBe(9);
    expect(seqValue(13032, "bytes", 1448)).toBe(13032);
  });
  it("builds a niced linear scale with headroom", () => {
    const y = valueScale(0, 14480, [300, 0]);
    const [a, b] = y.domain();
    expect(a).toBeLessThanOrEqual(0);
    expect(b).toBeGreaterThanOrEqual(14480);
    expect(y(a)).toBe(300);
    // a range that starts near 0 is floored at 0, not padded below it
    expect(valueScale(1448, 300000, [300, 0]).domain()[0]).toBe(0);
    expect(valueScale(120000, 130000, [300, 0]).domain()[0]).toBeGreaterThan(100000);
    const z = valueScale(5, 5, [100, 0], { zero: true });
    expect(z.domain()[0]).toBe(0);
  });
});

describe("windows", () => {
  it("clamps, zooms and pans inside the run", () => {
    expect(clampWindow(-10, 40, 0, 100)).toEqual([0, 50]);
    expect(clampWindow(80, 130, 0, 100)).toEqual([50, 100]);
    expect(zoomWindow([40, 60], 2, 0, 100)).toEqual([30, 70]);
    expect(zoomWindow([0, 100], 2, 0, 100)).toEqual([0, 100]);
    expect(panWindow([40, 60], 0.5, 0, 100)).toEqual([50, 70]);
    expect(panWindow([80, 100], 0.5, 0, 100)).toEqual([80, 100]);
  });
});

describe("format", () => {
  it("formats times", () => {
    expect(formatMs(160)).toBe("160 ms");
    expect(formatMs(342.96875)).toBe("342.97 ms");
    expect(formatMs(1500)).toBe("1.5 s");
    expect(formatMs(0.005)).toBe("5 µs");
    expect(formatTimeTick(250, 50)).toBe("250 ms");
    expect(formatTimeTick(2.5, 0.5)).toBe("2.5 ms");
    expect(formatTimeTick(3000, 1000)).toBe("3 s");
    expect(formatTimeTick(13150, 50)).toBe("13.15 s");
    expect(formatTimeTick(9950, 50)).toBe("9950 ms");
  });
  it("formats bytes, metrics and ordinals", () => {
    expect(formatBytes(1448)).toBe("1448 B");
    expect(formatBytes(14480)).toBe("14.5 kB");
    expect(formatMetric(360)).toBe("360");
    expect(formatMetric(321777.77777777775)).toBe("321777.778");
    expect(formatMetric(true)).toBe("yes");
    expect(formatMetric([1, 2, 3, 4])).toBe("1, 2, 3, … (4)");
    expect(trimNumber(1.5, 3)).toBe("1.5");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
  });
});
