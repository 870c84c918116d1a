/** Export a chart as SVG or PNG.  A chart is a container holding, in paint
 * order, SVG and canvas layers stacked at the same origin, or a single <svg>
 * that is its own only layer (or a container holding one plain <svg>);
 * elements marked data-export="skip" (brush,
 * tooltips) are left out.  SVG export embeds each canvas as an <image>; PNG
 * export paints canvases and SVGs in order. */
import { FONT } from "./palette";

const NS = "http://www.w3.org/2000/svg";

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

/** A standalone SVG document of the chart (canvases embedded as PNG images). */
export function chartToSvg(container: Element, title?: string): string {
  const rect = container.getBoundingClientRect();
  const w = Math.round(rect.width);
  const h = Math.round(rect.height);
  const root = document.createElementNS(NS, "svg");
  root.setAttribute("xmlns", NS);
  root.setAttribute("width", String(w));
  root.setAttribute("height", String(h));
  root.setAttribute("viewBox", `0 0 ${w} ${h}`);
  root.setAttribute("font-family", FONT);
  if (title) {
    const t = document.createElementNS(NS, "title");
    t.textContent = title;
    root.appendChild(t);
  }
  const bg = document.createElementNS(NS, "rect");
  bg.setAttribute("width", "100%");
  bg.setAttribute("height", "100%");
  bg.setAttribute("fill", "#ffffff");
  root.appendChild(bg);
  for (const el of layers(container)) {
    const { x, y } = offsetOf(el, container);
    if (el instanceof HTMLCanvasElement) {
      const img = document.createElementNS(NS, "image");
      img.setAttribute("x", String(x));
      img.setAttribute("y", String(y));
      img.setAttribute("width", String(el.getBoundingClientRect().width));
      img.setAttribute("height", String(el.getBoundingClientRect().height));
      try {
        img.setAttribute("href", el.toDataURL("image/png"));
      } catch {
        continue;
      }
      root.appendChild(img);
    } else {
      const g = document.createElementNS(NS, "g");
      g.setAttribute("transform", `translate(${x},${y})`);
      const c = cleanSvg(el);
      while (c.firstChild) g.appendChild(c.firstChild);
      root.appendChild(g);
    }
  }
  return new XMLSerializer().serializeToString(root);
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

export function downloadSvg(container: Element, filename: string, title?: string) {
  downloadBlob(new Blob([chartToSvg(container, title)], { type: "image/svg+xml" }), filename);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("could not render the SVG layer"));
    img.src = src;
  });
}

/** PNG of the chart at `scale`× resolution: canvases and SVG layers composited in paint order. */
export async function chartToPngBlob(container: Element, scale = 2): Promise<Blob> {
  const rect = container.getBoundingClientRect();
  const out = document.createElement("canvas");
  out.width = Math.round(rect.width * scale);
  out.height = Math.round(rect.height * scale);
  const ctx = out.getContext("2d");
  if (!ctx) throw new Error("no canvas support");
  ctx.scale(scale, scale);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, rect.width, rect.height);
  for (const el of layers(container)) {
    const { x, y } = offsetOf(el, container);
    const r = el.getBoundingClientRect();
    if (el instanceof HTMLCanvasElement) {
      ctx.drawImage(el, x, y, r.width, r.height);
    } else {
      const c = cleanSvg(el);
      c.setAttribute("xmlns", NS);
      c.setAttribute("width", String(r.width));
      c.setAttribute("height", String(r.height));
      c.setAttribute("font-family", FONT);
      const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(c)], { type: "image/svg+xml" }));
      try {
        ctx.drawImage(await loadImage(url), x, y, r.width, r.height);
      } finally {
        URL.revokeObjectURL(url);
      }
    }
  }
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error("PNG encoding failed"))), "image/png"));
}

export async function downloadPng(container: Element, filename: string) {
  downloadBlob(await chartToPngBlob(container), filename);
}
