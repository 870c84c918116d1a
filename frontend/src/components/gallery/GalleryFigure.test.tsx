import { act } from "react";
import raw from "../../lib/forms/fixtures/catalogue.json";
import { parseCatalogue } from "../../lib/forms/catalogue";
import { card, comparison, OWD } from "../../lib/galleryTesting";
import { captureDownloads, exportPart, flush, json, render, stubFetch, svgTexts } from "../compare/testing";
import { withDetectors } from "../../lib/forms/testing";
import { GalleryFigure, galleryCues } from "./GalleryFigure";

const BARS = card();
const FCT = (p: Record<string, unknown>, v: string) => [v === "baseline" ? 1000 : v === "RTOR" ? 1000 - 2 * Number(p[OWD]) - 200 : 500];
const CATALOGUE = parseCatalogue(raw as never);
const CDF = card({
  id: "fig-cdf",
  figure: "Fig. 3",
  chart: { kind: "cdf", x: null, x_label: "FCT", x_unit: "ms", x_scale: 1 },
  panels: [{ id: "p40", label: "One-way delay 40 ms", where: { [OWD]: 40, "flows[*].receiver.ack_policy": "delayed" } }],
  published: [{ id: "e", kind: "ecdf_at", section: "§3.2", quote: "q", panel: "p40", x: 800, values: { TLP: 0.9 } }],
} as never);

// the F-RTO paper's Figs. 6-8: one cell, a box per variant over the replications
const BOX = card({
  id: "fig-box",
  figure: "Table 1, Fig. 6",
  grid: { [OWD]: [40] },
  replications: 5,
  chart: { kind: "box", x: null, x_label: "Time", x_unit: "ms", x_scale: 1 },
  panels: [{ id: "all", label: "Sudden delays", where: {} }],
  published: [],
} as never);
const TIMES = (_p: Record<string, unknown>, v: string) => (v === "baseline" ? [100, 200, 300, 400, 500] : [10, 20, 30, 40, 50]);

/** the legend's glyph of each variant: marker shape and dash */
function legendGlyphs(root: Element): Record<string, { marker: string | null; dash: string | null }> {
  return Object.fromEntries(
    [...root.querySelectorAll(".gallery-legend li[data-variant]")].map((li) => {
      const svg = li.querySelector("svg")!;
      return [li.getAttribute("data-variant"), { marker: svg.getAttribute("data-marker"), dash: svg.getAttribute("data-dash") }];
    }),
  );
}

describe("GalleryFigure: accessible, self-contained figures", () => {
  beforeEach(() => {
    // the presets: the preset's seed, for the caption
    stubFetch((req) => (new URL(req.url).pathname === "/api/v1/presets" ? json([{ name: BARS.preset, scenario: { seed: 4 } }]) : undefined));
    history.replaceState(null, "", `/gallery/${BARS.id}?comparison=c1`);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it("draws a marker under each bar, the one its legend shows, and names each panel with its values", async () => {
    const r = await render(<GalleryFigure card={BARS} comparison={comparison(BARS, FCT)} catalogue={CATALOGUE} />);
    const glyphs = legendGlyphs(r.container);
    expect(Object.keys(glyphs)).toEqual(["baseline", "RTOR", "TLP"]);
    expect(new Set(Object.values(glyphs).map((g) => g.marker)).size).toBe(3);
    for (const bar of r.container.querySelectorAll('[data-testid="gallery-bar"]')) {
      const v = bar.getAttribute("data-variant")!;
      expect(bar.querySelector('[data-testid="gallery-marker"]')!.getAttribute("data-marker")).toBe(glyphs[v].marker);
    }
    const panels = [...r.container.querySelectorAll('[data-testid="gallery-bars"]')];
    expect(panels).toHaveLength(2);
    for (const p of panels) expect(p.getAttribute("role")).toBe("group");
    expect(panels[1].getAttribute("aria-label")).toBe(
      "quickACKs: Completion time normalized to baseline per RTT (ms), 3 variants; at 10 ms: baseline 1.00, RTOR 0.79 (the paper's saving: 0.99), TLP 0.50; " +
        "at 80 ms: baseline 1.00, RTOR 0.72 (the paper's saving: 0.92), TLP 0.50.",
    );
    r.unmount();
  });

  it("reaches every bar with the keyboard: its tooltip and name give variant, value, 95% CI, n and the paper's value", async () => {
    const comp = comparison(BARS, FCT);
    // an interval for TLP at 10 ms under delACKs (cell 0: one-way 5 ms, delayed ACKs), as the API gives it
    const cell0 = (comp.cells as { params: Record<string, unknown>; variants: Record<string, Record<string, unknown>> }[]).find((c) => c.params[OWD] === 5 && c.params["flows[*].receiver.ack_policy"] === "delayed")!;
    cell0.variants.TLP.normalized_ci95 = [0.46, 0.54];
    const r = await render(<GalleryFigure card={BARS} comparison={comp} catalogue={CATALOGUE} />);
    const panel = r.container.querySelector<SVGSVGElement>('[data-testid="gallery-bars"][data-panel="top"]')!;
    const bars = [...panel.querySelectorAll<SVGGElement>('[data-testid="gallery-bar"]')];
    const tip = () => [...panel.querySelectorAll('[data-testid="gallery-tip"] text')].map((t) => t.textContent);
    const key = (el: Element, k: string) => act(() => el.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true })));
    // groups sorted by RTT (10, 80 ms), bars in variant order: one tab stop, the first bar
    expect(bars.map((b) => `${b.closest('[data-testid="gallery-group"]')!.getAttribute("data-x")} ${b.getAttribute("data-variant")}`)).toEqual(["10 baseline", "10 RTOR", "10 TLP", "80 baseline", "80 RTOR", "80 TLP"]);
    expect(bars.map((b) => b.getAttribute("tabindex"))).toEqual(["0", "-1", "-1", "-1", "-1", "-1"]);
    expect(tip()).toEqual([]);
    await act(async () => bars[0].focus());
    expect(tip()).toEqual(["baseline at RTT 10 ms", "1.00 × baseline (the baseline)", "n = 1", "the paper states no value here"]);
    expect(panel.querySelector('[data-testid="gallery-focus-ring"]')).not.toBeNull();
    // → twice: TLP at 10 ms, with its interval drawn and said
    await key(bars[0], "ArrowRight");
    await key(document.activeElement!, "ArrowRight");
    expect(document.activeElement).toBe(bars[2]);
    expect(tip()).toEqual(["TLP at RTT 10 ms", "0.50 × baseline, 95% CI 0.46–0.54", "n = 1", "the paper states no value here"]);
    expect(bars[2].getAttribute("aria-label")).toBe(tip().join("; "));
    const ci = bars[2].querySelector('[data-testid="gallery-ci"]')!;
    expect([ci.getAttribute("data-low"), ci.getAttribute("data-high")]).toEqual(["0.46", "0.54"]);
    expect(bars.map((b) => b.getAttribute("tabindex"))).toEqual(["-1", "-1", "0", "-1", "-1", "-1"]);
    // ↓ to the next group's first bar, → to RTOR: the paper's value beside Rexmit's
    await key(bars[2], "ArrowDown");
    expect(document.activeElement).toBe(bars[3]);
    await key(bars[3], "ArrowRight");
    // RTOR at RTT 80 ms: (1000 - 80 - 200) / 1000; the paper's saving of 1 RTT + 200 ms over the baseline's 1000 ms: 0.72
    expect(tip()).toEqual(["RTOR at RTT 80 ms", "0.72 × baseline, no CI (n < 2)", "n = 1", "the paper's stated saving puts it at 0.72"]);
    // Home, End; past the end nothing moves
    await key(bars[4], "Home");
    expect(document.activeElement).toBe(bars[0]);
    await key(bars[0], "End");
    expect(document.activeElement).toBe(bars[5]);
    await key(bars[5], "ArrowRight");
    expect(document.activeElement).toBe(bars[5]);
    // Escape hides the tooltip; leaving the chart too
    await key(bars[5], "Escape");
    expect(tip()).toEqual([]);
    await act(async () => bars[5].blur());
    expect(panel.querySelector('[data-testid="gallery-focus-ring"]')).toBeNull();
    r.unmount();
  });

  it("exports a panel with its title, every variant and the paper's mark in the legend, and a caption naming paper, grid, seeds, engine and permalink", async () => {
    const lastDownload = captureDownloads();
    const r = await render(<GalleryFigure card={BARS} comparison={comparison(BARS, FCT)} catalogue={CATALOGUE} />);
    await flush();
    const button = r.container.querySelector<HTMLButtonElement>('button[aria-label="Export the Fig. 1 panel “quickACKs” as SVG"]')!;
    await act(async () => button.click());
    const doc = await lastDownload();
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(svgTexts(exportPart(doc, "title")).join(" ")).toBe("Rexmit's Fig. 1 (bars): quickACKs");
    const legend = exportPart(doc, "legend")!;
    expect(svgTexts(legend)).toEqual(["baseline (baseline)", "RTOR", "TLP", "the paper's stated saving"]);
    const glyphs = legendGlyphs(r.container);
    expect([...legend.querySelectorAll("path[data-marker]")].map((p) => p.getAttribute("data-marker"))).toEqual(["baseline", "RTOR", "TLP"].map((v) => glyphs[v].marker));
    expect(legend.querySelector("line")!.getAttribute("stroke-dasharray")).toBe("4 2");
    // the panel's own bars, not the other panel's
    expect(exportPart(doc, "chart")!.querySelectorAll('[data-testid="gallery-bars"]')).toHaveLength(0); // (the svg's children are inlined)
    expect(exportPart(doc, "chart")!.querySelectorAll('[data-testid="gallery-bar"]')).toHaveLength(6);
    const caption = svgTexts(exportPart(doc, "caption")).join(" ");
    expect(caption).toContain("Rexmit's reproduction of Fig. 1 of A. Author: A Paper, §3.1, Fig. 1.");
    expect(caption).toContain("preset tail-loss-rtt-sweep");
    expect(caption).toContain("4 cells × 3 variants × 1 replication (seed 4) = 12 runs · engine test");
    expect(svgTexts(exportPart(doc, "caption")).join("").replace(/\s/g, "")).toContain(`Permalink:${location.href}`);
    r.unmount();
  });

  it("draws a box chart as the F-RTO paper's figures: one box per variant from the cell's statistics, with the legend's marker", async () => {
    const r = await render(<GalleryFigure card={BOX} comparison={comparison(BOX, TIMES)} catalogue={CATALOGUE} />);
    const chart = r.container.querySelector('[data-testid="chart-box"]')!;
    expect(chart.getAttribute("role")).toBe("img");
    const boxes = [...chart.querySelectorAll('[data-testid="box"]')];
    expect(boxes.map((b) => b.getAttribute("data-variant"))).toEqual(["baseline", "RTOR", "TLP"]);
    // the median of 100..500 and of 10..50, read from the cell's statistics
    expect(Number(boxes[0].getAttribute("data-median"))).toBe(300);
    expect(Number(boxes[2].getAttribute("data-median"))).toBe(30);
    const glyphs = legendGlyphs(r.container);
    for (const b of boxes) expect(b.querySelector('[data-testid="box-marker"]')!.getAttribute("data-marker")).toBe(glyphs[b.getAttribute("data-variant")!].marker);
    expect(r.container.querySelector('[data-testid="gallery-bars"]')).toBeNull();
    r.unmount();
  });

  it("draws each CDF line in its variant's dash, as the legend does, distinct between variants", async () => {
    const lastDownload = captureDownloads();
    const r = await render(<GalleryFigure card={CDF} comparison={comparison(CDF, FCT)} />);
    const glyphs = legendGlyphs(r.container);
    const lines = [...r.container.querySelectorAll('[data-testid="gallery-cdf-line"]')];
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l.getAttribute("stroke-dasharray") ?? "").toBe(glyphs[l.getAttribute("data-variant")!].dash);
    expect(new Set(Object.values(glyphs).map((g) => g.dash)).size).toBe(3);
    const svg = r.container.querySelector('[data-testid="gallery-cdf"]')!;
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toContain("TLP below 800: the paper ≈ 90%, Rexmit 100%");
    await act(async () => r.container.querySelector<HTMLButtonElement>("button[aria-label$=' as SVG']")!.click());
    const doc = await lastDownload();
    expect(svgTexts(exportPart(doc, "legend"))).toEqual(["baseline (baseline)", "RTOR", "TLP", "the paper's value", "Rexmit's value"]);
    expect(exportPart(doc, "legend")!.querySelectorAll("line")).toHaveLength(3);
    r.unmount();
  });
});

describe("galleryCues: detector-set variants (Kato et al.'s cards)", () => {
  // the variants of the lte-handover presets: each a list at tcp.spurious
  const SETS: Record<string, string[]> = {
    conventional: [],
    Eifel: ["eifel"],
    DSACK: ["dsack"],
    "F-RTO": ["frto"],
    "Eifel+DSACK": ["eifel", "dsack"],
    "Eifel+F-RTO": ["eifel", "frto"],
    "DSACK+F-RTO": ["dsack", "frto"],
  };
  const variants = Object.fromEntries(Object.entries(SETS).map(([v, s]) => [v, { "flows[*].tcp.spurious": s }]));
  const kato = card({ id: "kato-fig11", variants, baseline_variant: "conventional" } as never);
  const cat = parseCatalogue(withDetectors(raw as never, 2) as never);

  it("gives every combination its own cue, the same whatever the variants' order", () => {
    const names = Object.keys(SETS);
    const cues = galleryCues(kato, names, cat);
    // the baseline grey, then six distinct colours and markers for the six combinations
    expect(new Set(names.map((v) => cues[v].color)).size).toBe(7);
    expect(new Set(names.map((v) => cues[v].marker)).size).toBe(7);
    // a combination keeps its cue in a comparison that lists the variants the other way round
    const reversed = galleryCues(kato, [...names].reverse(), cat);
    for (const v of names) expect(reversed[v], v).toEqual(cues[v]);
    // a pair's member order in the preset does not matter: "DSACK+F-RTO" lists dsack first, its combination is frto+dsack
    const swapped = card({ id: "k2", variants: { ...variants, "DSACK+F-RTO": { "flows[*].tcp.spurious": ["frto", "dsack"] } }, baseline_variant: "conventional" } as never);
    expect(galleryCues(swapped, names, cat)["DSACK+F-RTO"]).toEqual(cues["DSACK+F-RTO"]);
  });
});
