/** Width (and height) of an element, kept current with a ResizeObserver
 * (debounced to one frame).  `ref` is a callback ref, so an element that
 * mounts later (a layout that appears on a toggle) is measured too. */
import { useCallback, useLayoutEffect, useState } from "react";

export function useParentSize<T extends HTMLElement>(fallbackWidth = 800): { ref: (el: T | null) => void; width: number; height: number } {
  const [el, setEl] = useState<T | null>(null);
  const ref = useCallback((node: T | null) => setEl(node), []);
  const [width, setWidth] = useState(0);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setWidth(Math.round(r.width));
      setHeight(Math.round(r.height));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    let frame = 0;
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    ro.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }, [el]);
  return { ref, width: width || fallbackWidth, height };
}
