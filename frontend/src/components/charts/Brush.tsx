/** An x brush (d3-brush) on a ref'd <g>: drag across the plot to choose a time
 * window.  The brush clears itself after each selection; the window lives in
 * the parent's state (the URL), not in the brush. */
import { useEffect, useRef } from "react";
import { brushX, type D3BrushEvent } from "d3-brush";
import { select } from "d3-selection";

export function Brush(props: {
  width: number;
  height: number;
  /** pixel range chosen, in plot coordinates */
  onBrush: (x0: number, x1: number) => void;
  onStart?: () => void;
  disabled?: boolean;
}) {
  const ref = useRef<SVGGElement | null>(null);
  const cb = useRef(props);
  cb.current = props;
  const { width, height, disabled } = props;
  useEffect(() => {
    const g = ref.current;
    if (!g || disabled || width <= 0 || height <= 0) return;
    const sel = select(g);
    const brush = brushX<unknown>()
      .extent([[0, 0], [width, height]])
      .on("start", (ev: D3BrushEvent<unknown>) => {
        if (ev.sourceEvent) cb.current.onStart?.();
      })
      .on("end", (ev: D3BrushEvent<unknown>) => {
        if (!ev.sourceEvent || !ev.selection) return; // our own clear, or a plain click
        const [x0, x1] = ev.selection as [number, number];
        sel.call(brush.move, null);
        if (x1 - x0 >= 4) cb.current.onBrush(x0, x1);
      });
    sel.call(brush);
    sel.select(".overlay").attr("cursor", "crosshair");
    return () => {
      brush.on("start", null).on("end", null);
      sel.on(".brush", null);
      sel.selectAll("*").remove();
    };
  }, [width, height, disabled]);
  return <g ref={ref} className="rv-brush" data-export="skip" />;
}
