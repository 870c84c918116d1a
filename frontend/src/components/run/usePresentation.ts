/** Presentation mode (the run view's ?present=1): its keys and its layout.
 *
 * Keys (documented in the mode's key legend, PRESENTATION_KEYS):
 *   ← / →    step to the previous / next event (useStepThrough; on the
 *            focused diagram, its previous / next drawn event)
 *   Space    play / pause the step-through (useStepThrough)
 *   + / −    zoom the time window in / out around the current event (also = and -)
 *   Esc      leave presentation mode (a first Esc on the diagram clears its selection)
 * Not while typing in a field, and never with Ctrl/Alt/Meta (Ctrl + and Ctrl − stay the browser's zoom). */
import { useEffect, useLayoutEffect, useState } from "react";
import type { Margin } from "../../lib/chart-math/scales";
import { timeSequenceChrome } from "../charts/TimeSequenceChart";
import { useDocumentKeydown } from "./useDocumentKeydown";

/** Chart text size in presentation mode (px): legible from the back of a lecture hall. */
export const PRESENT_FONT = 18;
/** The diagram's margins in presentation mode: room for 18 px tick labels and lane names. */
export const PRESENT_MARGIN: Margin = { top: 28, right: 24, bottom: 0, left: 124 };
/** Room kept under the diagram for the first lines of the "why" panel (px). */
export const WHY_PEEK = 92;
/** The least plot height (px), whatever the screen. */
export const MIN_PLOT = 120;

export const PRESENTATION_KEYS: readonly { keys: string[]; what: string }[] = [
  { keys: ["←", "→"], what: "step" },
  { keys: ["Space"], what: "play/pause" },
  { keys: ["+", "−"], what: "zoom" },
  { keys: ["Esc"], what: "leave" },
];

/** The mode's keys while `active`; `zoom` and `leave` are those of the latest render, and the
 * listener stays subscribed while they change (useDocumentKeydown: a re-subscribed listener lost
 * the first Esc after a zoom, issue #9). */
export function usePresentationKeys(active: boolean, zoom: (factor: number) => void, leave: () => void) {
  useDocumentKeydown(active, (e) => {
    const t = e.target as HTMLElement | null;
    if (t?.closest("input, select, textarea, [role=dialog]") || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "+" || e.key === "=") {
      e.preventDefault();
      zoom(0.5);
    } else if (e.key === "-" || e.key === "_" || e.key === "−") {
      e.preventDefault();
      zoom(2);
    } else if (e.key === "Escape") leave();
  });
}

/** The window's inner height in CSS px, kept current. */
export function useViewportHeight(): number {
  const [h, setH] = useState(() => (typeof window === "undefined" ? 800 : window.innerHeight));
  useEffect(() => {
    const on = () => setH(window.innerHeight);
    window.addEventListener("resize", on);
    return () => window.removeEventListener("resize", on);
  }, []);
  return h;
}

/** The plot height that fits the whole diagram, with `above` px over it (the mode's bar) and the
 * "why" panel's first lines under it, in a viewport `viewport` px tall. */
export function presentationPlotHeight(viewport: number, above: number, width: number): number {
  const chrome = timeSequenceChrome(width, PRESENT_MARGIN, PRESENT_FONT);
  return Math.max(MIN_PLOT, Math.floor(viewport - above - chrome - WHY_PEEK));
}

/** Outside presentation mode: the plot height (MIN_NORMAL_PLOT to MAX_NORMAL_PLOT px) that ends the
 * diagram's plot on the first screen, from where the plot starts in the page: the diagram's top plus
 * the chart's own space over its plot (its `data-plot-top`: the legend, which takes more rows on a
 * narrow screen), with `above` px to spare.  Re-measured when the dashboard `root` changes size (a
 * header that grows, a legend that wraps). */
export const MAX_NORMAL_PLOT = 300;
export const MIN_NORMAL_PLOT = 140;
export function useFirstScreenPlot(root: React.RefObject<HTMLElement | null>, active: boolean, viewport: number, above: number): number {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = root.current;
    if (!active || !el) return;
    const measure = () => {
      const chart = el.querySelector('[data-testid="chart-time-sequence"]');
      if (chart) setTop(Math.round(chart.getBoundingClientRect().top + window.scrollY + (Number(chart.getAttribute("data-plot-top")) || 0)));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [root, active]);
  if (top === null) return MAX_NORMAL_PLOT;
  return Math.max(MIN_NORMAL_PLOT, Math.min(MAX_NORMAL_PLOT, Math.floor(viewport - top - above)));
}
