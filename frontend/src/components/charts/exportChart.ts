/** Export a chart as a self-contained SVG or PNG figure: a title on top, a
 * legend, the chart, and a caption (what was simulated, seed, engine version,
 * permalink) under it, so that the file makes sense pasted into a paper or a
 * slide on its own.
 *
 * A chart is a container holding, in paint order, SVG and canvas layers
 * stacked at the same origin, or a single <svg> that is its own only layer
 * (or a container holding one plain <svg>); elements marked
 * data-export="skip" (brush, tooltips) are left out.  A chart that draws its
 * own legend marks it data-legend; for the others the export draws
 * `meta.legend`.  The path periods shaded behind a plot (delay spikes,
 * outages, handover tables) are named by an HTML list under the chart, which
 * no layer holds: `meta.periods` draws them under the legend, always.  Canvases are embedded as PNG images; the PNG is the SVG
 * figure rasterized. */
import { type MarkerShape, markerPath } from "./markers";
import { FONT, palette } from "./palette";

const NS = "http://www.w3.org/2000/svg";

export interface LegendEntry {
  label: string;
  color: string;
  /** an SVG stroke-dasharray: drawn as a line; without it a filled swatch */
  dash?: string;
  /** a marker shape (markers.ts): drawn in the entry's colour, on the line when there is one, else instead of the swatch */
  marker?: MarkerShape;
  /** the marker drawn as an outline (white inside) */
  hollow?: boolean;
  /** a swatch's outline colour (a path period's band: a light tint edged darker) */
  edge?: string;
  /** the outline's stroke-dasharray */
  edgeDash?: string;
}

export interface ExportMeta {
  /** the figure's title */
  title: string;
  /** caption lines: the scenario summary, seed and engine version, the permalink */
  caption: string[];
  /** legend entries, for a chart that draws no legend of its own */
  legend?: LegendEntry[];
  /** the path periods shaded behind the chart (their swatches and words), drawn whether or not the chart has its own legend */
  periods?: LegendEntry[];
}

/** Layout of the figure around the chart (px). */
const PAD = 16;
const TITLE_SIZE = 16;
const TEXT_SIZE = 12;
const LINE = 17;
/** Average advance of a character at TEXT_SIZE, for wrapping (system sans-serif). */
const CHAR_W = 6.6;
const MIN_WIDTH = 480;

function layers(container: Element): (SVGSVGElement | HTMLCanvasElement)[] {
  if (container instanceof SVGSVGElement) return [container];
  const stacked = Array.from(container.querySelectorAll<SVGSVGElement | HTMLCanvasElement>("svg[data-layer], canvas")).filter(
    (el) => !el.closest('[data-export="skip"]'),
  );
  if (stacked.length) return stacked;
  // a container holding one plain <svg> chart
  const svg = container.querySelector("svg");
  return svg ? [svg] : [];
}

function offsetOf(el: Element, container: Element): { x: number; y: number } {
  const a = el.getBoundingClientRect();
  const b = container.getBoundingClientRect();
  return { x: a.left - b.left, y: a.top - b.top };
}

function cleanSvg(svg: SVGSVGElement): SVGSVGElement {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  for (const n of clone.querySelectorAll('[data-export="skip"]')) n.remove();
  return clone;
}

/** The chart's size: its box, or (not laid out: hidden, or no layout engine) its layers' declared sizes. */
function sizeOf(container: Element): [number, number] {
  const r = container.getBoundingClientRect();
  if (r.width > 0 && r.height > 0) return [Math.round(r.width), Math.round(r.height)];
  let w = 0;
  let h = 0;
  for (const l of layers(container)) {
    const lw = l instanceof HTMLCanvasElement ? Number.parseFloat(l.style.width) : Number(l.getAttribute("width"));
    const lh = l instanceof HTMLCanvasElement ? Number.parseFloat(l.style.height) : Number(l.getAttribute("height"));
    if (Number.isFinite(lw)) w = Math.max(w, lw);
    if (Number.isFinite(lh)) h = Math.max(h, lh);
  }
  return [Math.round(w), Math.round(h)];
}

/** Does the chart draw its own legend? */
export function hasOwnLegend(container: Element): boolean {
  return layers(container).some((l) => l instanceof SVGSVGElement && !!l.querySelector("[data-legend]"));
}

/** Break `text` into lines of at most `width` px (at TEXT_SIZE), at spaces where it can, else anywhere (URLs). */
export function wrapText(text: string, width: number): string[] {
  const max = Math.max(10, Math.floor(width / CHAR_W));
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    let cut = rest.lastIndexOf(" ", max);
    if (cut < max / 2) cut = max;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) out.push(rest);
  return out;
}

function el(name: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The legend entries laid out in rows no wider than `width`: a group and its height. */
function legendBlock(entries: readonly LegendEntry[], width: number, part = "legend"): { g: SVGElement; height: number } {
  const p = palette();
  const g = el("g", { "data-export-part": part, "font-size": TEXT_SIZE, fill: p.text });
  let x = 0;
  let row = 0;
  for (const e of entries) {
    const w = 24 + e.label.length * CHAR_W + 18;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    const y = row * LINE + LINE / 2;
    const item = el("g", { transform: `translate(${x},${y})` });
    if (e.dash !== undefined) item.appendChild(el("line", { x1: 0, x2: 18, y1: 0, y2: 0, stroke: e.color, "stroke-width": 2.5, ...(e.dash ? { "stroke-dasharray": e.dash } : {}) }));
    else if (!e.marker)
      item.appendChild(
        el("rect", {
          x: 3,
          y: -6,
          width: 12,
          height: 12,
          fill: e.color,
          ...(e.edge ? { stroke: e.edge, "stroke-width": 1 } : {}),
          ...(e.edge && e.edgeDash ? { "stroke-dasharray": e.edgeDash } : {}),
        }),
      );
    if (e.marker)
      item.appendChild(
        el("path", {
          d: markerPath(e.marker, 9, 0, e.dash !== undefined ? 4.5 : 6),
          fill: e.hollow ? "#ffffff" : e.color,
          stroke: e.hollow ? e.color : "#ffffff",
          "stroke-width": e.hollow ? 2 : 1,
          "data-marker": e.marker,
        }),
      );
    item.appendChild(el("text", { x: 24, dy: "0.32em" }, e.label));
    g.appendChild(item);
    x += w;
  }
  return { g, height: entries.length ? (row + 1) * LINE + 6 : 0 };
}

/** The figure as an SVG document: title, legend, the chart (canvases embedded as PNG images), caption. */
export function chartToSvg(container: Element, meta: ExportMeta): string {
  return figure(container, meta).svg;
}

function figure(container: Element, meta: ExportMeta): { svg: string; width: number; height: number } {
  const p = palette();
  const [chartW, chartH] = sizeOf(container);
  const w = Math.max(MIN_WIDTH, chartW + 2 * PAD);
  const inner = w - 2 * PAD;

  // (XMLSerializer writes the SVG namespace declaration itself)
  const root = el("svg", { "font-family": FONT }) as SVGSVGElement;
  root.appendChild(el("title", {}, meta.title));
  root.appendChild(el("desc", {}, meta.caption.join("\n")));
  const bg = el("rect", { width: "100%", height: "100%", fill: "#ffffff" });
  root.appendChild(bg);

  let y = PAD;
  const title = el("g", { "data-export-part": "title" });
  const titleLines = wrapText(meta.title, (inner * TEXT_SIZE) / TITLE_SIZE);
  for (const line of titleLines) {
    y += TITLE_SIZE + 4;
    title.appendChild(el("text", { x: PAD, y, "font-size": TITLE_SIZE, "font-weight": 700, fill: p.text }, line));
  }
  root.appendChild(title);
  y += 8;

  if (!hasOwnLegend(container) && meta.legend?.length) {
    const { g, height } = legendBlock(meta.legend, inner);
    g.setAttribute("transform", `translate(${PAD},${y})`);
    root.appendChild(g);
    y += height;
  }
  if (meta.periods?.length) {
    const { g, height } = legendBlock(meta.periods, inner, "period-legend");
    g.setAttribute("transform", `translate(${PAD},${y})`);
    root.appendChild(g);
    y += height;
  }

  const chart = el("g", { "data-export-part": "chart", transform: `translate(${PAD},${y})` });
  for (const layer of layers(container)) {
    const { x: lx, y: ly } = offsetOf(layer, container);
    if (layer instanceof HTMLCanvasElement) {
      let href: string | undefined;
      try {
        href = layer.toDataURL("image/png");
      } catch {
        href = undefined; // a canvas that cannot be read is left out
      }
      if (!href) continue;
      const r = layer.getBoundingClientRect();
      chart.appendChild(el("image", { x: lx, y: ly, width: r.width, height: r.height, href }));
    } else {
      const g = el("g", { transform: `translate(${lx},${ly})` });
      const c = cleanSvg(layer);
      while (c.firstChild) g.appendChild(c.firstChild);
      chart.appendChild(g);
    }
  }
  root.appendChild(chart);
  y += chartH + 12;

  const caption = el("g", { "data-export-part": "caption", "font-size": TEXT_SIZE, fill: "#374151" });
  for (const line of meta.caption.flatMap((c) => wrapText(c, inner))) {
    y += LINE;
    caption.appendChild(el("text", { x: PAD, y }, line));
  }
  root.appendChild(caption);
  const h = Math.round(y + PAD);

  root.setAttribute("width", String(w));
  root.setAttribute("height", String(h));
  root.setAttribute("viewBox", `0 0 ${w} ${h}`);
  return { svg: new XMLSerializer().serializeToString(root), width: w, height: h };
}

/** Save a blob (a chart, a CSV) as a file download. */
export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadSvg(container: Element, filename: string, meta: ExportMeta) {
  downloadBlob(new Blob([chartToSvg(container, meta)], { type: "image/svg+xml" }), filename);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("could not render the chart for the PNG"));
    img.src = src;
  });
}

/** PNG of the figure (chartToSvg) at `scale`× resolution. */
export async function chartToPngBlob(container: Element, meta: ExportMeta, scale = 2): Promise<Blob> {
  const { svg, width: w, height: h } = figure(container, meta);
  const out = document.createElement("canvas");
  out.width = Math.round(w * scale);
  out.height = Math.round(h * scale);
  const ctx = out.getContext("2d");
  if (!ctx) throw new Error("no canvas support");
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    ctx.drawImage(await loadImage(url), 0, 0, out.width, out.height);
  } finally {
    URL.revokeObjectURL(url);
  }
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error("PNG encoding failed"))), "image/png"));
}

export async function downloadPng(container: Element, filename: string, meta: ExportMeta) {
  downloadBlob(await chartToPngBlob(container, meta), filename);
}
