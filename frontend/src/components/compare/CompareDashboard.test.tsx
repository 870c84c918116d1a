import { act } from "react";
import grid from "../../lib/stats/fixtures/comparison-grid.json";
import type { ComparisonPublic } from "../../client/types.gen";
import tail from "../../lib/chart-math/fixtures/baseline-tail.json";
import catalogueJson from "../../lib/forms/fixtures/catalogue.json";
import { parseCatalogue } from "../../lib/forms/catalogue";
import { mechanismOfVariant, mechanismsOf } from "../../lib/forms/mechanisms";
import { variantCues } from "../charts/palette";
import { gridDone, gridRunning, replicatedDone } from "../../lib/stats/fixtures/contract";
import { CompareDashboard } from "./CompareDashboard";
import { captureDownloads, exportPart, flush, json, render as renderNow, stubFetch, svgTexts, withProviders } from "./testing";

const comparison = grid as unknown as ComparisonPublic;

/** Render, then let the catalogue request settle: the charts wait for it (or its failure: these tests
 * serve none), so that no chart is drawn in colours the catalogue would change. */
async function render(node: React.ReactNode) {
  const r = await renderNow(node);
  await flush(2);
  return r;
}
const variants = Object.keys(grid.spec.variants);

function at(url: string) {
  history.replaceState(null, "", url);
}

describe("CompareDashboard", () => {
  beforeEach(() => {
    stubFetch(() => undefined); // the sequence diagrams' trace requests: 404, shown as unavailable
    at("/compare/x");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("draws one normalized bar per variant and cell, in the spec's order, with the engine's values", async () => {
    const r = await render(<CompareDashboard comparison={comparison} />);
    const bars = [...r.container.querySelectorAll('[data-testid="fct-bars"] [data-testid="fct-bar"]')];
    expect(bars).toHaveLength(3 * variants.length);
    for (let c = 0; c < 3; c++) {
      const inCell = bars.filter((b) => b.getAttribute("data-cell") === String(c));
      expect(inCell.map((b) => b.getAttribute("data-variant"))).toEqual(variants);
      for (const b of inCell) {
        const v = b.getAttribute("data-variant")!;
        const expected = (grid.cells[c].variants as Record<string, { normalized_mean: number }>)[v].normalized_mean;
        expect(Number(b.getAttribute("data-value"))).toBe(expected);
        expect(b.querySelector("text")!.textContent).toBe(expected.toFixed(2)); // the visible label
      }
    }
    expect(r.container.querySelectorAll('[data-testid="chart-ecdf"] [data-testid="ecdf-line"]')).toHaveLength(variants.length);
    expect(r.container.querySelectorAll('[data-testid="chart-box"] [data-testid="box"]')).toHaveLength(variants.length);
    const rows = r.container.querySelectorAll('[data-testid="compare-table"] tbody tr');
    expect(rows).toHaveLength(3 * variants.length);
    expect(r.container.querySelector('[role="progressbar"]')).toBeNull();
    expect([...r.container.querySelectorAll("button")].some((b) => b.textContent === "Share")).toBe(true);
    await flush();
    r.unmount();
  });

  it("shows only the variants and the cell chosen in the URL, and writes toggles back", async () => {
    at("/compare/x?v=baseline,TLP&cell=2");
    const consoleError = vi.spyOn(console, "error");
    const r = await render(<CompareDashboard comparison={comparison} />);
    const bars = [...r.container.querySelectorAll('[data-testid="fct-bar"]')];
    expect(new Set(bars.map((b) => b.getAttribute("data-variant")))).toEqual(new Set(["baseline", "TLP"]));
    expect((r.container.querySelector('select[aria-label="Grid cell"]') as HTMLSelectElement).value).toBe("2");
    expect(r.container.querySelector(".cell-title")?.textContent).toContain("count = 3");
    const tlpr = r.container.querySelector('button.variant-toggle[data-variant="TLPR"]') as HTMLButtonElement;
    expect(tlpr.getAttribute("aria-pressed")).toBe("false");
    await act(async () => tlpr.click());
    expect(new URLSearchParams(location.search).get("v")?.split(",").sort()).toEqual(["TLP", "TLPR", "baseline"]);
    await flush();
    // a third variant's panel does not change the size of any hook's dependency list
    expect(consoleError.mock.calls.map((c) => String(c[0])).filter((m) => m.includes("changed size between renders"))).toEqual([]);
    consoleError.mockRestore();
    r.unmount();
  });

  it("shows progress with counts while runs finish, and no Share when read-only", async () => {
    const running = { ...comparison, state: "running", progress: 0.25, counts: { queued: 6, running: 3, succeeded: 3, failed: 0 } } as ComparisonPublic;
    const r = await render(<CompareDashboard comparison={running} readOnly />);
    const bar = r.container.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute("aria-valuenow")).toBe("3");
    expect(bar.getAttribute("aria-valuemax")).toBe("12");
    expect(r.container.querySelector('[data-testid="compare-progress"]')?.textContent).toContain("3 / 12");
    expect([...r.container.querySelectorAll("button")].some((b) => b.textContent === "Share")).toBe(false);
    expect([...r.container.querySelectorAll("button")].some((b) => b.textContent === "Summary CSV")).toBe(true);
    // today's API sends no provisional/eta_s: the state says provisional, no ETA is made up, no Cancel is offered
    expect(r.container.querySelector('[data-testid="provisional-badge"]')?.textContent).toBe("provisional · 3/12 runs");
    expect(r.container.querySelector('[data-testid="compare-eta"]')).toBeNull();
    expect([...r.container.querySelectorAll("button")].some((b) => b.textContent?.startsWith("Cancel"))).toBe(false);
    r.unmount();
  });

  it("has a clear empty state before any run has finished", async () => {
    const empty = {
      ...comparison,
      state: "queued",
      counts: { queued: 12, running: 0, succeeded: 0, failed: 0 },
      cells: comparison.cells.map((c) => ({ ...c, variants: Object.fromEntries(variants.map((v) => [v, { stats: { n: 0 }, normalized_mean: null, ecdf: [], metrics: {}, runs: [] }])) })),
    } as ComparisonPublic;
    const r = await render(<CompareDashboard comparison={empty} />);
    expect(r.container.querySelector('[data-testid="compare-empty"]')?.textContent).toMatch(/Waiting/);
    expect(r.container.querySelector('[data-testid="fct-bars"]')).toBeNull();
    r.unmount();
  });

  it("draws the 95% CI of each normalized mean as a whisker, none for the baseline", async () => {
    const r = await render(<CompareDashboard comparison={replicatedDone()} />);
    const tlp = r.container.querySelector('[data-testid="fct-bar"][data-variant="TLP"]')!;
    const ci = tlp.querySelector('[data-testid="fct-ci"]')!;
    expect(Number(ci.getAttribute("data-low"))).toBe(0.4127);
    expect(Number(ci.getAttribute("data-high"))).toBe(1.2964);
    const [stem] = ci.querySelectorAll("line");
    // the whisker spans more than the bar's top, and the value's label sits above it
    const barTop = Number(tlp.querySelector("rect")!.getAttribute("y"));
    expect(Number(stem.getAttribute("y1"))).toBeLessThan(barTop);
    expect(Number(stem.getAttribute("y2"))).toBeGreaterThan(barTop);
    expect(Number(tlp.querySelector("text")!.getAttribute("y"))).toBeLessThan(Number(stem.getAttribute("y1")));
    expect(tlp.querySelector("title")!.textContent).toBe("TLP: 0.67 × baseline, 95% CI 0.41–1.30");
    expect(r.container.querySelector('[data-testid="fct-bar"][data-variant="baseline"] [data-testid="fct-ci"]')).toBeNull();
    expect(r.container.querySelector('[data-testid="fct-bars"]')!.getAttribute("aria-label")).toContain("95% confidence intervals");
    // done: nothing provisional
    expect(r.container.querySelector('[data-testid="provisional-badge"]')).toBeNull();
    expect(r.container.querySelector("[data-provisional]")).toBeNull();
    await flush();
    r.unmount();
  });

  it("marks every statistic provisional while runs are unfinished, with an ETA and Cancel, and unmarks it when done", async () => {
    const r = await render(<CompareDashboard comparison={gridRunning()} />);
    const badges = [...r.container.querySelectorAll('[data-testid="provisional-badge"]')];
    // the header (a live status) and the table; the charts carry it in their SVG (and so in exports)
    expect(badges.map((b) => b.getAttribute("role"))).toEqual(["status", "note"]);
    for (const b of badges) {
      expect(b.textContent).toBe("provisional · 4/12 runs");
      expect(b.getAttribute("aria-label")).toBe("Provisional: 4 of 12 runs finished; these statistics change until every run has finished");
    }
    const svg = r.container.querySelector('[data-testid="fct-bars"]')!;
    expect(svg.getAttribute("data-provisional")).toBe("true");
    expect(svg.getAttribute("aria-label")).toContain("Provisional: 4 of 12 runs finished");
    expect(svg.querySelector('[data-testid="fct-provisional"]')!.textContent).toBe("provisional · 4/12 runs");
    const bars = [...svg.querySelectorAll('[data-testid="fct-bar"]')];
    expect(bars).toHaveLength(variants.length); // only cell 0 has finished runs
    for (const b of bars) {
      expect(b.getAttribute("data-provisional")).toBe("true");
      const [fill, hatch] = b.querySelectorAll("rect");
      expect(fill.getAttribute("fill-opacity")).toBe("0.45");
      expect(hatch.getAttribute("fill")).toMatch(/^url\(#hatch-/);
      expect(svg.querySelector(`pattern[id="${hatch.getAttribute("fill")!.slice(5, -1)}"]`)).not.toBeNull();
      expect(b.querySelector("title")!.textContent).toContain("provisional · 4/12 runs");
    }
    for (const id of ["chart-ecdf", "chart-box"]) {
      const chart = r.container.querySelector(`[data-testid="${id}"]`)!;
      expect(chart.getAttribute("data-provisional")).toBe("true");
      expect(chart.textContent).toContain("provisional · 4/12 runs");
    }
    expect(r.container.querySelector('[data-testid="compare-table"]')!.getAttribute("data-provisional")).toBe("true");
    expect(r.container.querySelector('[data-testid="compare-eta"]')!.textContent).toBe(" · about 1 min 20 s left");
    expect([...r.container.querySelectorAll("button")].some((b) => b.textContent === "Cancel…")).toBe(true);

    // every run finished: the marks go
    await act(async () => r.root.render(withProviders(<CompareDashboard comparison={gridDone()} />)));
    await flush(2);
    expect(r.container.querySelector('[data-testid="provisional-badge"]')).toBeNull();
    expect(r.container.querySelector("[data-provisional]")).toBeNull();
    expect(r.container.querySelector('[data-testid="fct-bars"] pattern')).toBeNull();
    expect(r.container.querySelector('[data-testid="compare-progress"]')).toBeNull();
    expect(r.container.querySelectorAll('[data-testid="fct-bar"]')).toHaveLength(3 * variants.length);
    await flush();
    r.unmount();
  });

  it("switches the bars to the paired differences over common seeds, in the URL", async () => {
    const c = gridDone();
    const r = await render(<CompareDashboard comparison={c} />);
    const pairedButton = [...r.container.querySelectorAll("button")].find((b) => b.textContent === "Paired differences")!;
    expect(pairedButton.getAttribute("aria-pressed")).toBe("false");
    await act(async () => pairedButton.click());
    expect(new URLSearchParams(location.search).get("stat")).toBe("paired");
    expect(r.container.querySelector('[data-testid="fct-bars"]')).toBeNull();
    const rows = [...r.container.querySelectorAll('[data-testid="paired-chart"] [data-testid="paired-row"]')];
    expect(rows).toHaveLength(3 * (variants.length - 1));
    for (const row of rows) {
      const v = row.getAttribute("data-variant")!;
      const cell = Number(row.getAttribute("data-cell"));
      const sent = ((c.cells[cell] as { variants: Record<string, { paired: { normalized_diff: number } }> }).variants[v]).paired;
      expect(Number(row.getAttribute("data-value"))).toBe(sent.normalized_diff);
      expect(row.getAttribute("data-n")).toBe("1");
      expect(row.querySelector('[data-testid="paired-marker"] title')!.textContent).toContain("paired over 1 common seed");
      expect(row.textContent).toContain("n = 1");
    }
    expect(r.container.querySelector("figcaption")!.textContent).toContain("paired over 1 common seed (n at each row's right)");
    await act(async () => [...r.container.querySelectorAll("button")].find((b) => b.textContent === "Normalized means")!.click());
    expect(new URLSearchParams(location.search).get("stat")).toBeNull();
    expect(r.container.querySelector('[data-testid="fct-bars"]')).not.toBeNull();
    await flush();
    r.unmount();
  });

  it("links the summary CSV and the per-run CSV", async () => {
    const r = await render(<CompareDashboard comparison={comparison} />);
    const links = Object.fromEntries([...r.container.querySelectorAll("a.button-link")].map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toEqual({
      "Summary CSV": `/api/v1/comparisons/${grid.id}/export?format=csv`,
      "Per-run CSV": `/api/v1/comparisons/${grid.id}/runs.csv`,
    });
    await flush();
    r.unmount();
  });

  it("draws the charts at the width they get once the first results arrive, not at a fallback wider than the window", async () => {
    // jsdom has no layout: every block measures 700 px wide
    const rect = vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue({ width: 700, height: 300, x: 0, y: 0, top: 0, left: 0, right: 700, bottom: 300, toJSON: () => ({}) } as DOMRect);
    const empty = {
      ...gridRunning(),
      counts: { queued: 12, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
      finished: 0,
      cells: comparison.cells.map((c) => ({ ...c, variants: Object.fromEntries(variants.map((v) => [v, { stats: { n: 0 }, normalized_mean: null, ecdf: [], metrics: {}, runs: [] }])) })),
    } as ComparisonPublic;
    const r = await render(<CompareDashboard comparison={empty} />);
    expect(r.container.querySelector('[data-testid="fct-bars"]')).toBeNull();
    await act(async () => r.root.render(withProviders(<CompareDashboard comparison={gridRunning()} />)));
    await flush(2);
    // 700 less the card's 32 px, for the bars and for each half of the pair
    expect(r.container.querySelector('[data-testid="fct-bars"]')!.getAttribute("width")).toBe("668");
    expect(r.container.querySelector('[data-testid="chart-ecdf"]')!.getAttribute("width")).toBe("668");
    expect(r.container.querySelector('[data-testid="chart-box"]')!.getAttribute("width")).toBe("668");
    rect.mockRestore();
    await flush();
    r.unmount();
  });
});


describe("CompareDashboard: accessible, self-contained charts", () => {
  beforeEach(() => stubFetch(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it("exports each chart with its title, a legend entry for every shown variant with its cue, and the comparison's caption", async () => {
    at("/compare/x?cell=1");
    const lastDownload = captureDownloads();
    const c = gridDone();
    const r = await render(<CompareDashboard comparison={c} />);
    const exportButtons = [...r.container.querySelectorAll<HTMLButtonElement>("button[aria-label$=' as SVG']")];
    expect(exportButtons).toHaveLength(4); // bars, ECDF, box plot, the sequence diagrams

    // the bars: title, one legend entry per variant with its marker, the caption and permalink
    await act(async () => exportButtons[0].click());
    const bars = await lastDownload();
    expect(bars.querySelector("parsererror")).toBeNull();
    expect(svgTexts(exportPart(bars, "title")).join(" ")).toMatch(/, normalized to baseline$/);
    const toggles = [...r.container.querySelectorAll<HTMLButtonElement>("button.variant-toggle")];
    const glyphMarker = (v: string) => toggles.find((b) => b.dataset.variant === v)!.querySelector("svg")!.getAttribute("data-marker");
    const legend = exportPart(bars, "legend")!;
    expect(svgTexts(legend)).toEqual(["TLP", "RTOR", "TLPR", "baseline (baseline)"]);
    const legendMarkers = [...legend.querySelectorAll("path[data-marker]")].map((p) => p.getAttribute("data-marker"));
    expect(legendMarkers).toEqual(["TLP", "RTOR", "TLPR", "baseline"].map(glyphMarker));
    expect(new Set(legendMarkers).size).toBe(4);
    // the chart's own bars carry the same markers
    for (const v of variants) {
      const marks = [...exportPart(bars, "chart")!.querySelectorAll(`[data-testid="fct-bar"][data-variant="${v}"] [data-testid="fct-marker"]`)];
      expect(marks).toHaveLength(3);
      for (const m of marks) expect(m.getAttribute("data-marker")).toBe(glyphMarker(v));
    }
    const caption = svgTexts(exportPart(bars, "caption")).join(" ");
    expect(caption).toContain(`Comparison ${grid.id}: Preset tail-loss-n-degree`);
    expect(caption).toContain("Grid: count = 1, 2, 3 (3 cells)");
    expect(caption).toContain("3 cells × 4 variants × 1 replication (the base scenario's seed) = 12 runs · engine 0.1.0");
    expect(svgTexts(exportPart(bars, "caption")).join("").replace(/\s/g, "")).toContain(`Permalink:${location.href}`);
    // the cell buttons are the page's, not the figure's
    expect(bars.querySelector("button, [data-export='skip']")).toBeNull();

    // the ECDF of the chosen cell: its cell in the title, dashed lines with their markers in the legend
    await act(async () => exportButtons[1].click());
    const ecdf = await lastDownload();
    expect(svgTexts(exportPart(ecdf, "title")).join(" ")).toMatch(/^ECDF of .*, cell count = 2$/);
    const lines = [...exportPart(ecdf, "legend")!.querySelectorAll("line")];
    expect(lines).toHaveLength(4);
    const glyphDash = (v: string) => toggles.find((b) => b.dataset.variant === v)!.querySelector("svg")!.getAttribute("data-dash") ?? "";
    expect(lines.map((l) => l.getAttribute("stroke-dasharray") ?? "")).toEqual(["TLP", "RTOR", "TLPR", "baseline"].map(glyphDash));
    expect(svgTexts(exportPart(ecdf, "caption")).join(" ")).toContain("engine 0.1.0");
    await flush();
    r.unmount();
  });

  it("names each variant's mechanism once, also the empty detector set that already names its family", async () => {
    stubFetch((req) => (new URL(req.url).pathname === "/api/v1/mechanisms" ? json(catalogueJson) : undefined));
    const c = gridDone();
    const names = Object.keys(c.spec.variants as Record<string, unknown>);
    // the fixture's variants, re-pointed at detector sets: the baseline runs none, the next F-RTO
    c.spec = { ...c.spec, variants: { [names[0]]: { "flows[*].tcp.spurious": [] }, [names[1]]: { "flows[*].tcp.spurious": ["frto"] } } };
    const r = await render(<CompareDashboard comparison={c} />);
    await flush(5);
    const item = (v: string) => r.container.querySelector(`[data-testid="variant-docs"] [data-variant="${v}"]`)?.textContent ?? "";
    expect(item(names[0])).toMatch(/^[^:]+: No spurious-timeout detection( —|$)/);
    expect(item(names[0])).not.toMatch(/detection No spurious/i);
    expect(item(names[1])).toMatch(/: Spurious-timeout detection F-RTO/);
    r.unmount();
  });

  it("draws every chart once, in each mechanism's catalogue colour: nothing while the catalogue loads, no other colour first", async () => {
    at("/compare/x");
    let answer: (r: Response) => void = () => {};
    const catalogue = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    stubFetch((req) => (new URL(req.url).pathname === "/api/v1/mechanisms" ? catalogue : undefined));
    const r = await render(<CompareDashboard comparison={gridDone()} />);
    // every fill a bar or marker of a variant ever takes, from the first render on
    const fills: Record<string, Set<string>> = {};
    const record = () => {
      for (const g of r.container.querySelectorAll('[data-testid="fct-bar"]')) {
        const v = g.getAttribute("data-variant")!;
        fills[v] = fills[v] ?? new Set();
        for (const el of g.querySelectorAll("rect[fill], path[fill]")) if (el.getAttribute("fill")?.startsWith("#")) fills[v].add(el.getAttribute("fill")!.toLowerCase());
      }
    };
    const watch = new MutationObserver(record);
    watch.observe(r.container, { subtree: true, childList: true, attributes: true, attributeFilter: ["fill"] });
    record();
    expect(r.container.querySelector('[data-testid="fct-bars"]')).toBeNull();
    expect(r.container.querySelector('[data-testid="compare-catalogue-loading"]')!.textContent).toMatch(/Loading the engine catalogue/);
    await act(async () => answer(json(catalogueJson)));
    await flush(3);
    record();
    watch.disconnect();
    expect(r.container.querySelector('[data-testid="compare-catalogue-loading"]')).toBeNull();
    // each variant's colour: its timer's place in the catalogue's family (the baseline's grey), and never another
    const cat = parseCatalogue(catalogueJson);
    const spec = gridDone().spec as { variants: Record<string, unknown> };
    const cues = variantCues(variants, "baseline", (v) => {
      const m = mechanismOfVariant(spec.variants[v], cat)!;
      return mechanismsOf(cat, m.family).findIndex((x) => x.name === m.name);
    });
    expect(Object.keys(fills).sort()).toEqual([...variants].sort());
    for (const v of variants) expect([...fills[v]], v).toEqual([cues[v].color.toLowerCase()]);
    // the slots differ from the spec's order, so a first drawing in that order would have shown
    expect(variantCues(variants, "baseline").TLP.color).not.toBe(cues.TLP.color);
    r.unmount();
  });

  it("exports the stacked sequence diagrams as one figure: its flow and cell, each panel's variant and marker, their runs' seeds and the caption", async () => {
    at("/compare/x?cell=1");
    // jsdom has no canvas: the diagrams' marks are drawn on none, and each canvas reads as an empty PNG
    const { getContext, toDataURL } = HTMLCanvasElement.prototype;
    HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement["getContext"];
    HTMLCanvasElement.prototype.toDataURL = () => "data:image/png;base64,";
    // every run: the engine's one-tail-loss trace, its scenario at seed 7
    stubFetch((req) => {
      const path = new URL(req.url).pathname;
      if (/^\/api\/v1\/runs\/[^/]+\/trace$/.test(path)) return json(tail.trace);
      if (/^\/api\/v1\/runs\/[^/]+$/.test(path)) return json({ id: path.split("/").pop(), state: "succeeded", scenario: { ...tail.scenario, seed: 7 } });
      return undefined;
    });
    const lastDownload = captureDownloads();
    const r = await render(<CompareDashboard comparison={gridDone()} />);
    await flush(10);
    const stack = r.container.querySelector('[data-testid="sequence-stack"]')!;
    expect(stack.querySelectorAll('[data-testid="chart-time-sequence"]')).toHaveLength(4);
    const button = stack.querySelector<HTMLButtonElement>('button[aria-label="Export the time-sequence diagrams as SVG"]')!;
    expect(stack.querySelector('button[aria-label="Export the time-sequence diagrams as PNG"]')).not.toBeNull();
    await act(async () => button.click());
    const doc = await lastDownload();
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(svgTexts(exportPart(doc, "title")).join(" ")).toBe("Time-sequence diagrams of flow 0: the first run of each variant, cell count = 2");
    // each panel's label, in the page's order, with the marker its toggle shows; the diagrams with their own legends
    const chart = exportPart(doc, "chart")!;
    const labels = [...chart.querySelectorAll("text")].map((t) => t.textContent);
    const shown = ["TLP", "RTOR", "TLPR", "baseline"];
    expect(labels.filter((t) => shown.includes(t ?? ""))).toEqual(shown);
    const toggles = [...r.container.querySelectorAll<HTMLButtonElement>("button.variant-toggle")];
    const glyphMarker = (v: string) => toggles.find((b) => b.dataset.variant === v)!.querySelector("svg")!.getAttribute("data-marker");
    expect([...chart.querySelectorAll("path[data-marker]")].map((m) => m.getAttribute("data-marker"))).toEqual(shown.map(glyphMarker));
    expect(chart.querySelectorAll("[data-legend]")).toHaveLength(4);
    expect(chart.querySelectorAll("image")).toHaveLength(4); // each diagram's canvas of marks, embedded
    // the diagrams draw their own legend: no variant legend above them; the caption names the runs' seeds and the comparison
    expect(exportPart(doc, "legend")).toBeNull();
    const caption = svgTexts(exportPart(doc, "caption")).join(" ");
    expect(caption).toMatch(/^Panels, top to bottom, on one shared time axis \(\d+–\d+ ms\): TLP: seed 7 · RTOR: seed 7 · TLPR: seed 7 · baseline: seed 7\./);
    expect(caption).toContain(`Comparison ${grid.id}: Preset tail-loss-n-degree`);
    expect(caption).toContain("engine 0.1.0");
    expect(svgTexts(exportPart(doc, "caption")).join("").replace(/\s/g, "")).toContain(`Permalink:${location.href}`);
    Object.assign(HTMLCanvasElement.prototype, { getContext, toDataURL });
    r.unmount();
  });

  it("names every chart with a text summary of its values, as one image with nothing focusable inside", async () => {
    at("/compare/x");
    const r = await render(<CompareDashboard comparison={gridRunning()} />);
    const images = [...r.container.querySelectorAll("svg[role='img']")];
    expect(images.map((s) => s.getAttribute("data-testid"))).toEqual(["fct-bars", "chart-ecdf", "chart-box"]);
    for (const img of images) {
      expect(img.getAttribute("aria-label")!.length).toBeGreaterThan(40);
      expect(img.querySelector("button, a, [tabindex], [role='button']")).toBeNull();
    }
    const [bars, ecdf, box] = images.map((s) => s.getAttribute("aria-label"));
    expect(bars).toContain("count = 1: TLP 0.48, RTOR 0.62, TLPR 0.38, baseline 1.00; count = 2: TLP pending");
    expect(bars).toContain("Provisional: 4 of 12 runs finished");
    expect(ecdf).toMatch(/^ECDF of .* per variant in cell count = 1: TLP median 360 .*provisional · 4\/12 runs\.$/);
    expect(box).toMatch(/^Box plots of .* per variant in cell count = 1: TLP median 360/);
    // the other charts' glyphs (every legend of the page) are hidden from assistive technology
    for (const g of r.container.querySelectorAll("svg.variant-glyph")) expect(g.getAttribute("aria-hidden")).toBe("true");
    await flush();
    r.unmount();
  });

  it("gives each variant a second cue: a marker under its bars, a dash and a median marker on its ECDF line", async () => {
    at("/compare/x");
    const r = await render(<CompareDashboard comparison={gridDone()} />);
    const markers = new Map<string, string>();
    for (const m of r.container.querySelectorAll('[data-testid="fct-bar"]')) {
      const marker = m.querySelector('[data-testid="fct-marker"]')!.getAttribute("data-marker")!;
      const v = m.getAttribute("data-variant")!;
      expect(markers.get(v) ?? marker).toBe(marker);
      markers.set(v, marker);
    }
    expect(new Set(markers.values()).size).toBe(variants.length);
    // a line's dash and marker tell it apart even where its colour does not: no two lines share both
    const lines = [...r.container.querySelectorAll('[data-testid="ecdf-line"]')].map((l) => {
      const v = l.getAttribute("data-variant")!;
      const marker = r.container.querySelector(`[data-testid="ecdf-marker"][data-variant="${v}"]`)!.getAttribute("data-marker");
      expect(marker).toBe(markers.get(v));
      return `${l.getAttribute("stroke-dasharray") ?? ""}|${marker}`;
    });
    expect(lines).toHaveLength(variants.length);
    expect(new Set(lines).size).toBe(variants.length);
    await flush();
    r.unmount();
  });

  it("lets the keyboard choose a cell from the bars: a button per group, named by its values, whose tooltip shows while focused", async () => {
    at("/compare/x");
    const r = await render(<CompareDashboard comparison={gridDone()} />);
    const buttons = [...r.container.querySelectorAll<HTMLButtonElement>('[data-testid="fct-cell-button"]')];
    expect(buttons).toHaveLength(3);
    expect(buttons.map((b) => b.getAttribute("aria-pressed"))).toEqual(["true", "false", "false"]);
    for (const b of buttons) expect(b.tabIndex).toBe(0);
    expect(buttons[2].getAttribute("aria-label")).toBe("count = 3: TLP 0.45, RTOR 0.73, TLPR 0.37, baseline 1.00. Show its distribution below.");
    expect(r.container.querySelector('[data-testid="fct-tooltip"]')).toBeNull();
    await act(async () => buttons[2].focus());
    const tip = r.container.querySelector('[data-testid="fct-tooltip"]')!;
    expect(tip.textContent).toContain("count = 3");
    expect(tip.textContent).toContain("TLPR: 0.37");
    // the tooltip's glyphs are the bars' markers
    expect(tip.querySelectorAll("svg[data-marker]")).toHaveLength(variants.length);
    await act(async () => buttons[2].click());
    expect(new URLSearchParams(location.search).get("cell")).toBe("2");
    expect(r.container.querySelector(".cell-title")?.textContent).toContain("count = 3");
    await act(async () => buttons[2].blur());
    expect(r.container.querySelector('[data-testid="fct-tooltip"]')).toBeNull();
    await flush();
    r.unmount();
  });
});
