/** Export a rendered chart: the SVG as drawn (attributes carry all styling, so
 * the file looks the same outside the page), or a 2x PNG rasterised from it. */

function serialise(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const { width, height } = svg.getBoundingClientRect();
  if (!clone.getAttribute("width") && width) clone.setAttribute("width", String(Math.round(width)));
  if (!clone.getAttribute("height") && height) clone.setAttribute("height", String(Math.round(height)));
  clone.setAttribute("font-family", "system-ui, -apple-system, Segoe UI, Roboto, sans-serif");
  const bg = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  bg.setAttribute("width", "100%");
  bg.setAttribute("height", "100%");
  bg.setAttribute("fill", "#ffffff");
  clone.insertBefore(bg, clone.firstChild);
  return new XMLSerializer().serializeToString(clone);
}

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

export function exportSvg(svg: SVGSVGElement, filename: string) {
  downloadBlob(new Blob([serialise(svg)], { type: "image/svg+xml;charset=utf-8" }), `${filename}.svg`);
}

export function exportPng(svg: SVGSVGElement, filename: string, scale = 2): Promise<void> {
  const text = serialise(svg);
  const { width, height } = svg.getBoundingClientRect();
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      const ctx = canvas.getContext("2d");
      if (!ctx) return reject(new Error("no canvas"));
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0, width, height);
      canvas.toBlob((b) => {
        if (b) downloadBlob(b, `${filename}.png`);
        resolve();
      }, "image/png");
    };
    img.onerror = () => reject(new Error("could not rasterise the chart"));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
}
