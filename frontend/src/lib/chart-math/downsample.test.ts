import { clipSeries, seriesExtent, seriesPoints, valueAt } from "./downsample";

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
