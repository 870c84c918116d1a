/** A <canvas> for dense marks, sized for the device pixel ratio.  `draw` gets a
 * context already scaled to CSS pixels and cleared; it runs after every render
 * whose dependencies changed.  With a `label` it is an image of that name,
 * else hidden from assistive technology (a layer of a chart named elsewhere). */
import { useEffect, useRef } from "react";

export function CanvasLayer(props: {
  width: number;
  height: number;
  draw: (ctx: CanvasRenderingContext2D) => void;
  onDrawn?: () => void;
  label?: string;
}) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  const { width, height, draw, onDrawn } = props;
  const dpr = typeof window !== "undefined" ? Math.min(3, window.devicePixelRatio || 1) : 1;
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    let ctx: CanvasRenderingContext2D | null = null;
    try {
      ctx = c.getContext("2d");
    } catch {
      ctx = null; // jsdom: no canvas
    }
    if (!ctx) {
      onDrawn?.();
      return;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    draw(ctx);
    onDrawn?.();
  }, [draw, width, height, dpr, onDrawn]);
  return (
    <canvas
      ref={ref}
      width={Math.max(1, Math.round(width * dpr))}
      height={Math.max(1, Math.round(height * dpr))}
      style={{ width, height, position: "absolute", left: 0, top: 0, pointerEvents: "none" }}
      // an image only when it is named; a layer under a chart that names itself (the
      // time-sequence diagram's summary is on its SVG) stays out of the accessibility tree
      role={props.label ? "img" : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : true}
    />
  );
}
