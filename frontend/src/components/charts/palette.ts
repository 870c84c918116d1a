/** Chart colours: one colour-blind-safe palette for every chart.
 *
 * The hues are those of Okabe & Ito's "Color Universal Design" set (M. Okabe,
 * K. Ito, "Color Universal Design (CUD): how to make figures and presentations
 * that are friendly to colorblind people", J*FLY, 2002/2008), chosen to stay
 * apart for protan, deutan and tritan viewers.  Four of the originals (orange,
 * sky blue, yellow, reddish purple) are lighter than WCAG 2.2 SC 1.4.11 allows
 * for a graphical object on a white chart (3:1), so `accessible` keeps each
 * hue (within about 20 degrees of CIELAB hue) and moves its lightness until
 * every colour has at least 3:1 against the background and every pair stays
 * distinct under simulated protanopia, deuteranopia and tritanopia (yellow,
 * which cannot reach 3:1 without turning olive, is left out).  palette.test.ts
 * checks both, and the values themselves live in palette.json so that the
 * stylesheet's variables (styles.css, tested equal) and the end-to-end tests
 * read the same numbers.
 *
 * Colour is never the only cue: every mark kind of the time-sequence diagram
 * has its own shape (MARK_SHAPES) and every series its own dash
 * (SERIES_STYLES); a compared variant has a colour and a dash (variantStyles). */
import type { CongState, TimerKind } from "../../lib/chart-math/events";
import { MARKER_SHAPES, type MarkerShape } from "./markers";
import data from "./palette.json";

export type PaletteColor = keyof typeof data.accessible;
export type MarkKind = keyof typeof data.marks;
export type SeriesKind = keyof typeof data.series;

/** The chart background every contrast is measured against. */
export const CHART_BACKGROUND: string = data.background;
/** Okabe & Ito's eight colours as published (for reference and for the tests). */
export const OKABE_ITO: Readonly<Record<keyof typeof data.okabeIto, string>> = data.okabeIto;
/** The same hues at >= 3:1 on the chart background. */
export const ACCESSIBLE: Readonly<Record<PaletteColor, string>> = data.accessible;

const color = (name: string): string => {
  const c = (data.accessible as Record<string, string>)[name];
  if (!c) throw new Error(`palette.json names an unknown colour: ${name}`);
  return c;
};

/** The colour of each mark kind of the time-sequence diagram. */
export const MARK_COLORS: Readonly<Record<MarkKind, string>> = Object.fromEntries(
  Object.entries(data.marks).map(([k, v]) => [k, color(v)]),
) as Record<MarkKind, string>;

/** The shape of each mark kind: the redundant cue beside its colour. */
export type MarkShape = "capped-bar" | "bar" | "step-dots" | "bracket" | "dashed-bracket" | "thick-capped-bar" | "diamond-bar" | "cross" | "triangle";
export const MARK_SHAPES: Readonly<Record<MarkKind, MarkShape>> = {
  send: "capped-bar",
  deliver: "bar",
  ack: "step-dots",
  sack: "bracket",
  dsack: "dashed-bracket",
  rtx: "thick-capped-bar",
  probe: "diamond-bar",
  drop: "cross",
};
/** The legend's words for each mark kind, in legend order. */
export const MARK_LABELS: Readonly<Record<MarkKind, string>> = {
  send: "sent",
  deliver: "arrived",
  ack: "ACK",
  sack: "SACK",
  dsack: "D-SACK",
  rtx: "retransmit",
  probe: "TLP probe",
  drop: "drop",
};

export interface LineStyle {
  color: string;
  /** an SVG stroke-dasharray ("" for solid) */
  dash: string;
  width: number;
}
/** The sender-variable series: a colour and a dash each. */
export const SERIES_STYLES: Readonly<Record<SeriesKind, LineStyle>> = Object.fromEntries(
  Object.entries(data.series).map(([k, s]) => [k, { ...s, color: color(s.color) }]),
) as Record<SeriesKind, LineStyle>;

/** The categorical palette of compared variants (bars, ECDF and box plots of
 * the compare page), in slot order; the baseline is BASELINE_COLOR. */
export const CATEGORICAL: readonly string[] = data.categorical.map(color);
/** A dash per categorical slot, for lines (ECDF curves): the cue beside colour
 * (every one broken: the solid line is the baseline's). */
export const CATEGORICAL_DASHES: readonly string[] = data.categoricalDashes;
export const BASELINE_COLOR: string = color(data.baseline);
export const BASELINE_DASH = "";
/** A marker shape per categorical slot, for bars (a marker under each bar) and legends: the cue beside colour. */
export const CATEGORICAL_MARKERS: readonly MarkerShape[] = MARKER_SHAPES.slice(0, data.categorical.length);
/** The baseline's marker: the plain square of a classic swatch (no categorical slot has it). */
export const BASELINE_MARKER: MarkerShape = "square";

export interface Palette {
  text: string;
  muted: string;
  grid: string;
  axis: string;
  accent: string;
  send: string;
  deliver: string;
  probe: string;
  rtx: string;
  drop: string;
  ack: string;
  sack: string;
  dsack: string;
  cwnd: string;
  ssthresh: string;
  pipe: string;
  srtt: string;
  rto: string;
  /** the mark of a spurious-RTO verdict (and its undo): the probe's colour,
   * a star of its own and its detector's name as text (like a timer's mark) */
  spurious: string;
  /** the ring around the event under the pointer */
  highlight: string;
  state: Record<CongState, string>;
  /** a timer's marks take the colour of what its firing sends: the RTO and
   * early-retransmit timers a retransmission, the probe timer a probe, the
   * delayed-ACK timer an ACK (each also carries its name as text) */
  timer: Record<TimerKind, string>;
  /** path-period bands behind the plots (a light tint each, and a darker
   * edge with its own dash: the cue beside colour, with the band's text;
   * `ink`, where the edge is too light for words, the darker shade the
   * band's words are written in: 4.5:1 on the tint, WCAG 1.4.3) */
  band: Record<BandStage, { fill: string; edge: string; dash: string; ink?: string }>;
}

/** The bands a chart shades behind its time axis: the path's periods (delay spike, outage,
 * handover table), a recovery period with the link's idle stretches in it, an application stall. */
export type BandStage = "delay_spike" | "outage" | "schedule" | "recovery" | "link_idle" | "app_stall" | "other";

const PALETTE: Palette = {
  text: "#1d2430",
  muted: "#6b7280",
  grid: "#e8ebf0",
  axis: "#767d89",
  accent: "#2a6fdb",
  ...MARK_COLORS,
  cwnd: SERIES_STYLES.cwnd.color,
  ssthresh: SERIES_STYLES.ssthresh.color,
  pipe: SERIES_STYLES.pipe.color,
  srtt: SERIES_STYLES.srtt.color,
  rto: SERIES_STYLES.rto.color,
  spurious: MARK_COLORS.probe,
  highlight: "#1d2430",
  // area fills behind their own text labels (not marks): light tints
  state: { open: "#e6f2ec", disorder: "#fbefcc", cwr: "#dcebf7", recovery: "#f6e0c8", loss: "#f3d6d3" },
  // the persist timer fires a zero-window probe: the probe colour, its timer mark telling them apart
  timer: { rto: MARK_COLORS.rtx, probe: MARK_COLORS.probe, early_retransmit: MARK_COLORS.rtx, delack: MARK_COLORS.ack, persist: MARK_COLORS.probe },
  // tints of Okabe & Ito's orange, reddish purple and sky blue, edged in their accessible shades
  band: {
    // (their words in darker shades of the same hues: the accessible edges give them 2.9-4.3:1 on the tints)
    delay_spike: { fill: "#fbecd0", edge: ACCESSIBLE.orange, dash: "", ink: "#8a5600" },
    outage: { fill: "#eedfec", edge: ACCESSIBLE.reddishPurple, dash: "6 3", ink: "#8f4679" },
    schedule: { fill: "#dcedf9", edge: ACCESSIBLE.skyBlue, dash: "2 2", ink: "#1f6a9e" },
    other: { fill: "#eceef1", edge: ACCESSIBLE.grey, dash: "1 3", ink: "#5b616d" },
    // the run view's own bands (lib/recoveryBands.ts, run/StallBands.tsx): a recovery period in a tint of
    // the retransmissions' vermillion, the link's idle stretches inside it darker and grey (nothing sent)
    // an application stall in the send buffer's reddish purple (its line on the window chart)
    recovery: { fill: "#f8e4da", edge: ACCESSIBLE.vermillion, dash: "6 2 1 2" },
    // (the idle edge is a darker grey than the palette's: it sits on the recovery tint, and keeps 3:1 there)
    link_idle: { fill: "#d4d4d4", edge: "#444444", dash: "1 2" },
    app_stall: { fill: "#f4eff4", edge: ACCESSIBLE.reddishPurple, dash: "3 2" },
  },
};

/** The chart colours (one palette; a function so that callers need not change if it ever depends on a theme). */
export function palette(): Palette {
  return PALETTE;
}

/** Every set of data colours that one chart can show at once: what the
 * colour-vision test checks pair by pair.  (The rings around the hovered and
 * selected event, the SYN squares and the congestion-state strip's tints
 * behind their labels are told apart by shape and text, not as data colours;
 * the contrast test covers the rings and squares too.) */
export const CHART_COLOR_GROUPS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "time-sequence diagram": MARK_COLORS,
  "congestion window chart": { cwnd: PALETTE.cwnd, ssthresh: PALETTE.ssthresh, pipe: PALETTE.pipe, spurious: PALETTE.spurious },
  "SRTT and RTO chart": { srtt: PALETTE.srtt, rto: PALETTE.rto },
  // the edges of the run view's bands, shown together on the window chart (each also has its own dash and words)
  "run view bands": { recovery: PALETTE.band.recovery.edge, link_idle: PALETTE.band.link_idle.edge, app_stall: PALETTE.band.app_stall.edge },
  "compared variants": Object.fromEntries([["baseline", BASELINE_COLOR], ...CATEGORICAL.map((c, k) => [`slot ${k}`, c])]),
};

export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The categorical slot of each compared variant: the baseline has none (-1);
 * a variant that only chooses a mechanism takes that mechanism's place in its
 * catalogue family (`slot`), so a mechanism looks the same in every
 * comparison; the others take the free slots in the spec's order. */
function variantSlots(variants: string[], baseline: string, slot: (variant: string) => number): Record<string, number> {
  const n = CATEGORICAL.length;
  const out: Record<string, number> = {};
  const used = new Set<number>();
  const slots = variants.map((v) => (v === baseline ? -1 : slot(v)));
  // a slot counts only when no other variant claims it
  const unique = slots.map((s, i) => s >= 0 && slots.indexOf(s) === i && slots.lastIndexOf(s) === i);
  for (const [i, s] of slots.entries()) if (unique[i]) used.add(s % n);
  let next = 0;
  for (const [i, v] of variants.entries()) {
    if (v === baseline) out[v] = -1;
    else if (unique[i]) out[v] = slots[i] % n;
    else {
      while (used.has(next % n) && used.size < n) next++;
      used.add(next % n);
      out[v] = next++ % n;
    }
  }
  return out;
}

/** One colour per compared variant, the same in every chart of a comparison
 * (the baseline neutral grey). */
export function variantColors(variants: string[], baseline: string, slot: (variant: string) => number = () => -1): Record<string, string> {
  const slots = variantSlots(variants, baseline, slot);
  return Object.fromEntries(variants.map((v) => [v, slots[v] < 0 ? BASELINE_COLOR : CATEGORICAL[slots[v]]]));
}

/** A colour and a dash per compared variant (lines: ECDF curves), assigned as variantColors. */
export function variantStyles(variants: string[], baseline: string, slot: (variant: string) => number = () => -1): Record<string, { color: string; dash: string }> {
  const slots = variantSlots(variants, baseline, slot);
  return Object.fromEntries(
    variants.map((v) => [v, slots[v] < 0 ? { color: BASELINE_COLOR, dash: BASELINE_DASH } : { color: CATEGORICAL[slots[v]], dash: CATEGORICAL_DASHES[slots[v]] }]),
  );
}

/** Everything that tells a compared variant apart, assigned as variantColors:
 * its colour, its dash (lines) and its marker shape (bars, legends). */
export interface VariantCue {
  color: string;
  dash: string;
  marker: MarkerShape;
}
export function variantCues(variants: string[], baseline: string, slot: (variant: string) => number = () => -1): Record<string, VariantCue> {
  const slots = variantSlots(variants, baseline, slot);
  return Object.fromEntries(
    variants.map((v) => [
      v,
      slots[v] < 0
        ? { color: BASELINE_COLOR, dash: BASELINE_DASH, marker: BASELINE_MARKER }
        : { color: CATEGORICAL[slots[v]], dash: CATEGORICAL_DASHES[slots[v]], marker: CATEGORICAL_MARKERS[slots[v]] },
    ]),
  );
}
