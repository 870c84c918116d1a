/** Chart colours.  The mark colours come from the CSS variables of styles.css
 * (--probe, --rtx, --drop, --ack, --accent, --muted), resolved to literal values
 * so that the canvas layer and exported SVG/PNG files use the same colours. */
import type { CongState, TimerKind } from "../../lib/chart-math/events";

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
  highlight: string;
  state: Record<CongState, string>;
  timer: Record<TimerKind, string>;
}

const FALLBACK = {
  "--accent": "#2a6fdb",
  "--probe": "#d9480f",
  "--rtx": "#c92a2a",
  "--drop": "#862e9c",
  "--ack": "#2b8a3e",
  "--muted": "#6b7280",
};

function cssVar(name: keyof typeof FALLBACK): string {
  if (typeof window === "undefined" || typeof getComputedStyle !== "function") return FALLBACK[name];
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || FALLBACK[name];
}

let cached: Palette | null = null;

export function palette(): Palette {
  if (cached) return cached;
  const accent = cssVar("--accent");
  const probe = cssVar("--probe");
  const rtx = cssVar("--rtx");
  const drop = cssVar("--drop");
  const ack = cssVar("--ack");
  const muted = cssVar("--muted");
  const p: Palette = {
    text: "#1d2430",
    muted,
    grid: "#e8ebf0",
    axis: "#9aa3af",
    accent,
    send: "#1d2430",
    deliver: "#adb5bd",
    probe,
    rtx,
    drop,
    ack,
    sack: "#1098ad",
    dsack: "#e8590c",
    cwnd: accent,
    ssthresh: "#495057",
    pipe: "#f59f00",
    srtt: "#0b7285",
    rto: rtx,
    highlight: "#fab005",
    state: { open: "#e9f5ec", disorder: "#ffec99", cwr: "#a5d8ff", recovery: "#ffc078", loss: "#ffa8a8" },
    timer: { rto: rtx, probe, early_retransmit: accent, delack: muted },
  };
  // cache only once the stylesheet is applied (the variables resolve)
  if (typeof document !== "undefined" && getComputedStyle(document.documentElement).getPropertyValue("--probe").trim()) cached = p;
  return p;
}

export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** One colour per compared variant, the same in every chart of a comparison:
 * the baseline is neutral grey; a variant that only chooses a mechanism takes
 * the colour of that mechanism's place in its catalogue family (`slot`), so a
 * mechanism looks the same in every comparison; the others take the rest in
 * the spec's order. */
const VARIANT_COLORS = ["#2a6fdb", "#d9480f", "#2b8a3e", "#862e9c", "#0c8599", "#b08900", "#c2255c", "#5c7cfa"];
export const BASELINE_COLOR = "#6b7280";

export function variantColors(variants: string[], baseline: string, slot: (variant: string) => number = () => -1): Record<string, string> {
  const out: Record<string, string> = {};
  const used = new Set<number>();
  const slots = variants.map((v) => (v === baseline ? -1 : slot(v)));
  // a slot counts only when no other variant claims it
  const unique = slots.map((s, i) => s >= 0 && slots.indexOf(s) === i && slots.lastIndexOf(s) === i);
  for (const [i, s] of slots.entries()) if (unique[i]) used.add(s % VARIANT_COLORS.length);
  let next = 0;
  for (const [i, v] of variants.entries()) {
    if (v === baseline) out[v] = BASELINE_COLOR;
    else if (unique[i]) out[v] = VARIANT_COLORS[slots[i] % VARIANT_COLORS.length];
    else {
      while (used.has(next % VARIANT_COLORS.length) && used.size < VARIANT_COLORS.length) next++;
      used.add(next % VARIANT_COLORS.length);
      out[v] = VARIANT_COLORS[next++ % VARIANT_COLORS.length];
    }
  }
  return out;
}
