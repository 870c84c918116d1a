/** A compared variant's legend glyph, drawn with the cues its charts use:
 * "line" a stroke in its dash (ECDF and CDF lines), "marker" its marker shape
 * (bars), "both" the dashed stroke with the marker on it (the compare page's
 * toggles and table, which stand for every chart).  The same glyphs as the
 * exported legends (exportChart.ts). */
import { markerPath } from "../charts/markers";
import type { VariantCue } from "../charts/palette";

export function VariantGlyph(props: { cue: VariantCue | undefined; kind?: "line" | "marker" | "both" }) {
  const cue = props.cue;
  if (!cue) return null;
  const kind = props.kind ?? "both";
  const line = kind !== "marker";
  const w = line ? 26 : 14;
  return (
    <svg className="variant-glyph" width={w} height={14} viewBox={`0 0 ${w} 14`} aria-hidden="true" data-marker={kind === "line" ? undefined : cue.marker} data-dash={line ? cue.dash : undefined}>
      {line && <line x1={1} x2={w - 1} y1={7} y2={7} stroke={cue.color} strokeWidth={2.5} strokeDasharray={cue.dash || undefined} />}
      {kind !== "line" && <path d={markerPath(cue.marker, w / 2, 7, line ? 4.5 : 6)} fill={cue.color} stroke="#fff" strokeWidth={1} />}
    </svg>
  );
}
