import { clipSeries, seriesExtent, seriesPoints, stride, thinByPixel, valueAt } from "./downsample";

describe("series helpers", () => {
  const s = { unit: "bytes", t_ns: [0, 80e6, 160e6], values: [14480, null, 18824] };
  const pts = seriesPoints(s, 1448);
  it("converts ns to ms and divides values, keeping nulls", () => {
    expect(pts).toEqual([{ t: 0, v: 10 }, { t: 80, v: null }, { t: 160, v: 13 }]);
    expect(seriesPoints(undefined)).toEqual([]);
  });
  it("reads a step-after value at a time", () => {
    expect(valueAt(pts, -1)).toBeUndefined();
    expect(valueAt(pts, 0)).toBe(10);
    expect(valueAt(pts, 100)).toBeNull();
    expect(valueAt(pts, 500)).toBe(13);
  });
  it("clips at the cursor and extends the last step to it", () => {
    expect(clipSeries(pts, 120)).toEqual([{ t: 0, v: 10 }, { t: 80, v: null }, { t: 120, v: null }]);
    expect(clipSeries(pts, 160)).toEqual(pts);
  });
  it("finds the extent of several series", () => {
    expect(seriesExtent([pts, [{ t: 0, v: 2 }]])).toEqual([2, 13]);
    expect(seriesExtent([[{ t: 0, v: null }]])).toBeNull();
  });
});

describe("thinning", () => {
  it("keeps one mark per pixel cell, in order", () => {
    expect(thinByPixel([0, 0.2, 5, 5.4, 5], [0, 0.1, 1, 1, 9])).toEqual([0, 2, 4]);
  });
  it("strides evenly keeping both ends", () => {
    const a = Array.from({ length: 101 }, (_, i) => i);
    const s = stride(a, 11);
    expect(s).toHaveLength(11);
    expect(s[0]).toBe(0);
    expect(s[10]).toBe(100);
    expect(stride([1, 2], 5)).toEqual([1, 2]);
  });
});
