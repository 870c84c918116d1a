/** The chart palette is colour-blind safe and legible.
 *
 * Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based
 * Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6) — their
 * matrices at severity 1.0 (full protanopia, deuteranopia, tritanopia: the
 * worst case of each), applied in linear RGB (colorCheck.ts).
 *
 * Difference: CIEDE2000 (CIE 142-2001; Sharma, Wu & Dalal 2005), not CIE76.
 * CIE76 (Euclidean CIELAB) overrates differences between saturated colours:
 * the two "similar olive" TLP/TLPR bars the issue reports are 14.0 apart in
 * CIE76 under simulated protanopia but 10.2 in CIEDE2000, which weights
 * chroma and hue differences as observers do.
 *
 * Threshold: ΔE00 >= 15 between any two colours one chart shows at once,
 * under normal vision and each simulated dichromacy.  Why 15:
 * - ΔE00 ≈ 1 is a just-noticeable difference only for large side-by-side
 *   patches in laboratory viewing.  Discriminability falls as marks shrink,
 *   most for thin lines and small points, and under real-world displays the
 *   difference needed grows several-fold (Stone, Szafir & Setlur, "An
 *   Engineering Model for Color Difference as a Function of Size", Color and
 *   Imaging Conference 2014; Szafir, "Modeling Color Difference for
 *   Visualization Design", IEEE TVCG 24(1), 2018).  Our marks are 1.5-3 px
 *   lines and 10-12 px glyphs, shown on projectors.
 * - The confusions users reported (issue #9, point 2), measured with this
 *   very model, lie at ΔE00 6.2 (retransmission vs ACK, deuteranopia), 7.7
 *   (retransmission vs probe, deuteranopia), 10.2 (the TLP vs TLPR bars,
 *   protanopia) and 12.2 (ACK vs probe, deuteranopia: "all the same olive").
 *   So the floor must sit clearly above 12.2; 15 clears the worst reported
 *   confusion by about 25 %.
 * - It is reachable with Okabe-Ito hues at >= 3:1 on white (the palette's
 *   closest pair is at 16.1); a higher floor would force hues far from them.
 * The test prints the closest pair per chart and vision. */
import { type PairDifference, contrastRatio, pairDifferences, type Vision } from "./colorCheck";
import data from "./palette.json";
import {
  ACCESSIBLE,
  BASELINE_COLOR,
  CATEGORICAL,
  CATEGORICAL_DASHES,
  CATEGORICAL_MARKERS,
  BASELINE_MARKER,
  BASELINE_DASH,
  variantCues,
  CHART_BACKGROUND,
  CHART_COLOR_GROUPS,
  MARK_COLORS,
  MARK_LABELS,
  MARK_SHAPES,
  palette,
  SERIES_STYLES,
  variantColors,
  variantStyles,
} from "./palette";
import { LANE_FILL } from "./TimeSequenceChart";

/** The least CIEDE2000 difference between two colours shown together (see above). */
const MIN_DELTA_E = 15;
/** WCAG 2.2 SC 1.4.11, non-text contrast of graphical objects. */
const MIN_CONTRAST = 3;

/** The pairs of `colors` closer than the threshold under some vision. */
function confusions(colors: Readonly<Record<string, string>>, threshold = MIN_DELTA_E): PairDifference[] {
  return pairDifferences(colors).filter((d) => d.deltaE < threshold);
}
const pairKey = (d: Pick<PairDifference, "a" | "b" | "vision">) => `${[d.a, d.b].sort().join("/")} ${d.vision}`;

/** The colours of the marks before issue #9 (palette.ts and styles.css at the time). */
const OLD = {
  marks: { send: "#1d2430", deliver: "#adb5bd", ack: "#2b8a3e", sack: "#1098ad", dsack: "#e8590c", rtx: "#c92a2a", probe: "#d9480f", drop: "#862e9c" },
  highlight: "#fab005",
  variants: ["#2a6fdb", "#d9480f", "#2b8a3e", "#862e9c", "#0c8599", "#b08900", "#c2255c", "#5c7cfa"],
  baseline: "#6b7280",
};

describe("the chart palette under colour-vision deficiency", () => {
  it.each(Object.entries(CHART_COLOR_GROUPS))("keeps every pair of the %s apart (ΔE00 >= 15, every vision)", (group, colors) => {
    const all = pairDifferences(colors);
    const closest = new Map<Vision, PairDifference>();
    for (const d of all) if (!closest.has(d.vision)) closest.set(d.vision, d);
    console.info(`${group}: closest pair ${[...closest.values()].map((d) => `${d.vision} ${d.a}/${d.b} ${d.deltaE.toFixed(1)}`).join(", ")}`);
    expect(confusions(colors).map((d) => `${pairKey(d)} ΔE00 ${d.deltaE.toFixed(1)}`)).toEqual([]);
  });

  it("names every colour a chart can show at once in a group", () => {
    expect(Object.values(CHART_COLOR_GROUPS["time-sequence diagram"]).sort()).toEqual(Object.values(MARK_COLORS).sort());
    expect(new Set(Object.values(CHART_COLOR_GROUPS["compared variants"]))).toEqual(new Set([BASELINE_COLOR, ...CATEGORICAL]));
    // a timer's marks reuse the colour of what its firing sends, inside the diagram's group
    const marks = new Set(Object.values(MARK_COLORS));
    for (const c of Object.values(palette().timer)) expect(marks.has(c)).toBe(true);
    // so does a spurious-RTO verdict's star (its detector's name beside it), also on the cwnd chart
    expect(marks.has(palette().spurious)).toBe(true);
    expect(CHART_COLOR_GROUPS["congestion window chart"].spurious).toBe(palette().spurious);
  });

  it("would have caught the confusions reported before the palette changed", () => {
    // TLP and TLPR bars as the compare page drew the tail-loss preset: in order, orange then green
    const bars = { TLP: OLD.variants[1], TLPR: OLD.variants[2] };
    expect(confusions(bars).map(pairKey)).toContain("TLP/TLPR protanopia");
    // the retransmission, ACK, probe (and their timers') marks all olive under deuteranopia
    const marks = confusions(OLD.marks).map(pairKey);
    expect(marks).toEqual(expect.arrayContaining(["ack/rtx deuteranopia", "probe/rtx deuteranopia", "ack/probe deuteranopia"]));
    // D-SACK blocks had nearly the probe's colour, for everyone
    expect(marks).toContain("dsack/probe normal");
    // and the old categorical palette fails as a whole
    expect(confusions(Object.fromEntries(OLD.variants.map((c, k) => [`v${k}`, c]))).length).toBeGreaterThan(0);
  });
});

describe("the chart palette's contrast (WCAG 2.2 SC 1.4.11)", () => {
  const p = palette();
  const graphical: Record<string, string> = {
    ...Object.fromEntries(Object.entries(ACCESSIBLE).map(([k, v]) => [`palette ${k}`, v])),
    ...Object.fromEntries(Object.entries(MARK_COLORS).map(([k, v]) => [`mark ${k}`, v])),
    ...Object.fromEntries(Object.entries(SERIES_STYLES).map(([k, v]) => [`series ${k}`, v.color])),
    ...Object.fromEntries(CATEGORICAL.map((c, k) => [`variant slot ${k}`, c])),
    "variant baseline": BASELINE_COLOR,
    "timer rto": p.timer.rto,
    "timer probe": p.timer.probe,
    "timer early_retransmit": p.timer.early_retransmit,
    "timer delack": p.timer.delack,
    ...Object.fromEntries(Object.entries(p.band).map(([k, v]) => [`band edge ${k}`, v.edge])),
    axis: p.axis,
    "selection ring": p.accent,
    "hover ring": p.highlight,
    "SYN square": p.muted,
  };
  it.each(Object.entries(graphical))("gives %s (%s) at least 3:1 on the chart and in the timer lanes", (_name, c) => {
    expect(contrastRatio(c, CHART_BACKGROUND)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(c, LANE_FILL)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
  it("keeps the idle stretches' edge at 3:1 on the recovery band it is drawn on, and the bands' words legible", () => {
    // the idle stretches lie inside a recovery period: their edge is seen against its tint (drawn at 0.8 opacity on white)
    const onWhite = (hex: string, a: number) =>
      `#${[1, 3, 5].map((k) => Math.round(a * Number.parseInt(hex.slice(k, k + 2), 16) + (1 - a) * 255).toString(16).padStart(2, "0")).join("")}`;
    const recoveryTint = onWhite(p.band.recovery.fill, 0.8);
    expect(contrastRatio(p.band.link_idle.edge, recoveryTint)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // every band writes its words ("spike", "recovery · 74 % of the link", "stall") in its ink (else its edge
    // colour) on its tint: 4.5:1, as text (WCAG 1.4.3)
    for (const [k, st] of Object.entries(p.band)) expect(contrastRatio(st.ink ?? st.edge, onWhite(st.fill, 0.8)), k).toBeGreaterThanOrEqual(4.5);
  });
  it("gives chart text at least 4.5:1", () => {
    expect(contrastRatio(p.text, CHART_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p.muted, CHART_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  });
  it("would have caught the marks below 3:1 before the palette changed", () => {
    expect(contrastRatio(OLD.marks.deliver, CHART_BACKGROUND)).toBeLessThan(MIN_CONTRAST);
    expect(contrastRatio(OLD.highlight, CHART_BACKGROUND)).toBeLessThan(MIN_CONTRAST);
  });
  it("keeps the Okabe-Ito hues (each colour within 25 degrees of CIELAB hue of its original)", async () => {
    const { lab } = await import("./colorCheck");
    const hue = (c: string) => {
      const [, a, b] = lab(c);
      return (Math.atan2(b, a) * 180) / Math.PI;
    };
    for (const [name, c] of Object.entries(ACCESSIBLE)) {
      const original = (data.okabeIto as Record<string, string>)[name];
      if (!original || name === "black") continue;
      const d = Math.abs(((hue(c) - hue(original) + 540) % 360) - 180);
      expect(d, `${name}: ${c} vs ${original}`).toBeLessThanOrEqual(25);
    }
  });
});

describe("redundant encodings", () => {
  it("gives every mark kind its own shape and a legend label", () => {
    const kinds = Object.keys(MARK_COLORS);
    expect(new Set(kinds.map((k) => MARK_SHAPES[k as keyof typeof MARK_SHAPES])).size).toBe(kinds.length);
    expect(MARK_LABELS.dsack).toBe("D-SACK");
  });
  it("gives the series of one chart distinct dashes", () => {
    const s = SERIES_STYLES;
    expect(new Set([s.cwnd.dash, s.ssthresh.dash, s.pipe.dash]).size).toBe(3);
    expect(new Set([s.srtt.dash, s.rto.dash]).size).toBe(2);
  });
  it("gives every categorical slot a distinct dash, none the baseline's solid line", () => {
    expect(CATEGORICAL_DASHES).toHaveLength(CATEGORICAL.length);
    expect(new Set(CATEGORICAL_DASHES).size).toBe(CATEGORICAL.length);
    // a variant's line differs from the baseline's by dash as well as colour
    expect(CATEGORICAL_DASHES).not.toContain(BASELINE_DASH);
  });
});

/** A file of the frontend (Vitest's working directory) as text, read with Node's fs: the
 * stylesheet itself, as Vitest hands CSS imports over empty (the project has no @types/node). */
function readText(path: string): string {
  const { process } = globalThis as unknown as {
    process: { cwd(): string; getBuiltinModule(id: "node:fs"): { readFileSync(path: string, encoding: "utf8"): string } };
  };
  return process.getBuiltinModule("node:fs").readFileSync(`${process.cwd()}/${path}`, "utf8");
}

describe("the stylesheet's mark colours", () => {
  it("are palette.json's, one variable per mark kind", () => {
    const css = readText("src/styles.css");
    const vars = Object.fromEntries([...css.matchAll(/--mark-([a-z]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2].toLowerCase()]));
    expect(vars).toEqual(Object.fromEntries(Object.entries(MARK_COLORS).map(([k, v]) => [k, v.toLowerCase()])));
  });
});

describe("variantColors", () => {
  it("greys the baseline and colours the rest in order", () => {
    const c = variantColors(["base", "A", "B"], "base");
    expect(c.base).toBe(BASELINE_COLOR);
    expect(c.A).toBe(CATEGORICAL[0]);
    expect(c.B).toBe(CATEGORICAL[1]);
  });
  it("gives a mechanism the colour of its catalogue place, whatever else is compared", () => {
    const slot = (v: string) => ({ rto: 0, tlp: 2, tlpr: 3 })[v] ?? -1;
    const a = variantColors(["rto", "tlp", "tlpr"], "rto", slot);
    const b = variantColors(["tlpr", "custom", "tlp"], "custom", slot);
    expect(b.tlp).toBe(a.tlp);
    expect(b.tlpr).toBe(a.tlpr);
    // a variant without a slot takes a colour no mechanism holds
    const c = variantColors(["x", "tlp"], "none", slot);
    expect(c.x).not.toBe(c.tlp);
  });
  it("pairs each variant's colour with its slot's dash", () => {
    const slot = (v: string) => ({ tlp: 2, tlpr: 3 })[v] ?? -1;
    const s = variantStyles(["rto", "tlp", "tlpr"], "rto", slot);
    const c = variantColors(["rto", "tlp", "tlpr"], "rto", slot);
    expect(s.tlp).toEqual({ color: c.tlp, dash: CATEGORICAL_DASHES[2] });
    expect(s.tlpr).toEqual({ color: c.tlpr, dash: CATEGORICAL_DASHES[3] });
    expect(s.rto.color).toBe(BASELINE_COLOR);
  });
});

describe("variantCues", () => {
  it("gives every categorical slot its own marker, none the baseline's square", () => {
    expect(CATEGORICAL_MARKERS).toHaveLength(CATEGORICAL.length);
    expect(new Set(CATEGORICAL_MARKERS).size).toBe(CATEGORICAL.length);
    expect(CATEGORICAL_MARKERS).not.toContain(BASELINE_MARKER);
  });
  it("adds the slot's marker to variantStyles' colour and dash, the baseline keeping grey, solid and square", () => {
    const slot = (v: string) => ({ tlp: 2, tlpr: 3 })[v] ?? -1;
    const cues = variantCues(["rto", "tlp", "tlpr", "x"], "rto", slot);
    const styles = variantStyles(["rto", "tlp", "tlpr", "x"], "rto", slot);
    for (const v of ["rto", "tlp", "tlpr", "x"]) expect({ color: cues[v].color, dash: cues[v].dash }).toEqual(styles[v]);
    expect(cues.rto).toEqual({ color: BASELINE_COLOR, dash: BASELINE_DASH, marker: BASELINE_MARKER });
    expect(cues.tlp.marker).toBe(CATEGORICAL_MARKERS[2]);
    expect(cues.tlpr.marker).toBe(CATEGORICAL_MARKERS[3]);
    // the variant without a slot takes the first free one: colour, dash and marker alike
    expect(cues.x).toEqual({ color: CATEGORICAL[0], dash: CATEGORICAL_DASHES[0], marker: CATEGORICAL_MARKERS[0] });
    expect(new Set(Object.values(cues).map((c) => c.marker)).size).toBe(4);
  });
});
