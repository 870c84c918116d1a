/** One colour per variant, stable across every chart of a comparison: the
 * baseline is neutral grey, the others take the palette in the spec's order. */
const PALETTE = ["#2a6fdb", "#d9480f", "#2b8a3e", "#862e9c", "#0c8599", "#b08900", "#c2255c", "#5c7cfa"];
export const BASELINE_COLOR = "#6b7280";

export function variantColors(variants: string[], baseline: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  for (const v of variants) out[v] = v === baseline ? BASELINE_COLOR : PALETTE[i++ % PALETTE.length];
  return out;
}
