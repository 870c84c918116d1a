/** Marker shapes of compared variants: the cue beside colour on bar charts
 * (a marker under each bar) and the same shape in every legend of the
 * variant, so that two variants whose colours a colour-blind reader cannot
 * tell apart still differ in shape (as ECDF lines differ in dash).  Filled
 * shapes of about equal area, so that none looks heavier than another. */

export type MarkerShape = "square" | "circle" | "triangle" | "diamond" | "triangle-down" | "plus" | "x" | "star";

/** The shapes, by how easily they are told apart at 8-10 px (a circle, a
 * triangle and a diamond first). */
export const MARKER_SHAPES: readonly MarkerShape[] = ["circle", "triangle", "diamond", "triangle-down", "plus", "star", "x", "square"];

const f = (v: number) => Number(v.toFixed(2));

function polygon(points: [number, number][], cx: number, cy: number): string {
  return `${points.map(([x, y], i) => `${i ? "L" : "M"}${f(cx + x)},${f(cy + y)}`).join("")}Z`;
}

/** A plus of arm half-width `w` and reach `r`, rotated by `a` radians. */
function cross(r: number, w: number, a: number): [number, number][] {
  const base: [number, number][] = [
    [-w, -r],
    [w, -r],
    [w, -w],
    [r, -w],
    [r, w],
    [w, w],
    [w, r],
    [-w, r],
    [-w, w],
    [-r, w],
    [-r, -w],
    [-w, -w],
  ];
  const c = Math.cos(a);
  const s = Math.sin(a);
  return base.map(([x, y]) => [x * c - y * s, x * s + y * c]);
}

/** The SVG path of a marker centred on (cx, cy) whose bounding box is about 2r wide. */
export function markerPath(shape: MarkerShape, cx: number, cy: number, r: number): string {
  switch (shape) {
    case "square": {
      const h = r * 0.86;
      return polygon(
        [
          [-h, -h],
          [h, -h],
          [h, h],
          [-h, h],
        ],
        cx,
        cy,
      );
    }
    case "circle":
      return `M${f(cx - r)},${f(cy)}a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0Z`;
    case "triangle":
      return polygon(
        [
          [0, -r],
          [r, r * 0.8],
          [-r, r * 0.8],
        ],
        cx,
        cy,
      );
    case "triangle-down":
      return polygon(
        [
          [0, r],
          [-r, -r * 0.8],
          [r, -r * 0.8],
        ],
        cx,
        cy,
      );
    case "diamond":
      return polygon(
        [
          [0, -r * 1.1],
          [r, 0],
          [0, r * 1.1],
          [-r, 0],
        ],
        cx,
        cy,
      );
    case "plus":
      return polygon(cross(r, r * 0.34, 0), cx, cy);
    case "x":
      return polygon(cross(r * 1.1, r * 0.32, Math.PI / 4), cx, cy);
    case "star": {
      const pts: [number, number][] = [];
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5;
        const rr = k % 2 ? r * 0.48 : r * 1.1;
        pts.push([rr * Math.cos(a), rr * Math.sin(a)]);
      }
      return polygon(pts, cx, cy);
    }
  }
}
