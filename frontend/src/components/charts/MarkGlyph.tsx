/** A legend glyph per mark kind of the time-sequence diagram, drawn as the
 * chart draws the mark (shape and colour from palette.ts), in a box of about
 * `size` px centred on (0, 0) horizontally from 0 to `size`. */
import { markerPath } from "./markers";
import { MARK_COLORS, MARK_SHAPES, type MarkKind, palette } from "./palette";

/** The mark of a spurious-RTO verdict: a star in palette().spurious, outlined in white so that it
 * reads on top of the ACK line (the time-sequence diagram, the cwnd chart and their legends). */
export function SpuriousStar(props: { cx: number; cy: number; r: number }) {
  return <path d={markerPath("star", props.cx, props.cy, props.r)} fill={palette().spurious} stroke="#fff" strokeWidth={1} />;
}

export function MarkGlyph(props: { kind: MarkKind | "timer" | "spurious"; size?: number }) {
  const s = props.size ?? 12;
  const h = s / 2;
  if (props.kind === "timer") return <path d={`M0,${-h * 0.8} h${s} l${-h},${s * 0.75} z`} fill={palette().timer.rto} />;
  if (props.kind === "spurious") return <SpuriousStar cx={h} cy={0} r={h * 0.9} />;
  const c = MARK_COLORS[props.kind];
  switch (MARK_SHAPES[props.kind]) {
    case "capped-bar":
      return <path d={`M${h},${-h}V${h}M${h - 3},${-h}h6M${h - 3},${h}h6`} stroke={c} strokeWidth={1.5} fill="none" />;
    case "bar":
      return <path d={`M${h},${-h}V${h}`} stroke={c} strokeWidth={1.5} fill="none" />;
    case "step-dots":
      return (
        <g>
          <path d={`M0,${h * 0.6}h${h}v${-h * 1.2}h${h}`} stroke={c} strokeWidth={1.5} fill="none" />
          <circle cx={h} cy={-h * 0.6} r={2.2} fill={c} />
        </g>
      );
    case "bracket":
      return <path d={`M${h + 3},${-h}h-3V${h}h3`} stroke={c} strokeWidth={1.5} fill="none" />;
    case "dashed-bracket":
      return <path d={`M${h + 3},${-h}h-3V${h}h3`} stroke={c} strokeWidth={2} strokeDasharray="3 2" fill="none" />;
    case "thick-capped-bar":
      return <path d={`M${h},${-h}V${h}M${h - 4},${-h}h8M${h - 4},${h}h8`} stroke={c} strokeWidth={3} fill="none" />;
    case "diamond-bar":
      return (
        <g>
          <path d={`M${h},${-h * 0.2}V${h}`} stroke={c} strokeWidth={3} />
          <path d={`M${h},${-h - 1}l${h * 0.6},${h * 0.6}l${-h * 0.6},${h * 0.6}l${-h * 0.6},${-h * 0.6}z`} fill={c} />
        </g>
      );
    case "cross":
      return <path d={`M${h - 4},${-4}L${h + 4},${4}M${h - 4},${4}L${h + 4},${-4}`} stroke={c} strokeWidth={2.2} fill="none" />;
    default:
      return <path d={`M0,${-h * 0.8} h${s} l${-h},${s * 0.75} z`} fill={c} />;
  }
}
