import { MARKER_SHAPES, markerPath } from "./markers";

/** The points of a path of M/L/Z commands, or the circle's extremes from its arcs. */
function extent(d: string): { x: [number, number]; y: [number, number] } {
  const nums = [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  const xs = nums.map((p) => p[0]);
  const ys = nums.map((p) => p[1]);
  return { x: [Math.min(...xs), Math.max(...xs)], y: [Math.min(...ys), Math.max(...ys)] };
}

describe("markerPath", () => {
  it("draws every shape as one closed path centred where it is asked, about 2r across", () => {
    const paths = MARKER_SHAPES.map((s) => markerPath(s, 50, 20, 5));
    expect(new Set(paths).size).toBe(MARKER_SHAPES.length);
    for (const [i, d] of paths.entries()) {
      expect(d.startsWith("M"), MARKER_SHAPES[i]).toBe(true);
      expect(d.endsWith("Z"), MARKER_SHAPES[i]).toBe(true);
      if (MARKER_SHAPES[i] === "circle") {
        expect(d).toBe("M45,20a5,5 0 1,0 10,0a5,5 0 1,0 -10,0Z");
        continue;
      }
      const e = extent(d);
      // inside a box of 2 x 1.2 r around the centre, and at least r across in each direction
      for (const [lo, hi, c] of [
        [e.x[0], e.x[1], 50],
        [e.y[0], e.y[1], 20],
      ]) {
        expect(lo, MARKER_SHAPES[i]).toBeGreaterThanOrEqual(c - 6.01);
        expect(hi, MARKER_SHAPES[i]).toBeLessThanOrEqual(c + 6.01);
        expect(hi - lo, MARKER_SHAPES[i]).toBeGreaterThanOrEqual(5);
      }
    }
  });
  it("points the triangles opposite ways", () => {
    const up = markerPath("triangle", 0, 0, 4);
    const down = markerPath("triangle-down", 0, 0, 4);
    expect(up.startsWith("M0,-4")).toBe(true);
    expect(down.startsWith("M0,4")).toBe(true);
  });
});
