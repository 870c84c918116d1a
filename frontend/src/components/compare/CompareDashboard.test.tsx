import { act } from "react";
import grid from "../../lib/stats/fixtures/comparison-grid.json";
import type { ComparisonPublic } from "../../client/types.gen";
import { gridDone, gridRunning, replicatedDone } from "../../lib/stats/fixtures/contract";
import { CompareDashboard } from "./CompareDashboard";
import { flush, render, stubFetch, withProviders } from "./testing";

const comparison = grid as unknown as ComparisonPublic;
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
    expect(r.container.querySelectorAll('[data-testid="chart-ecdf"] path[data-variant]')).toHaveLength(variants.length);
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
      expect(row.querySelector("circle title")!.textContent).toContain("paired over 1 common seed");
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
    // 700 less the card's 32 px, for the bars and for each half of the pair
    expect(r.container.querySelector('[data-testid="fct-bars"]')!.getAttribute("width")).toBe("668");
    expect(r.container.querySelector('[data-testid="chart-ecdf"]')!.getAttribute("width")).toBe("668");
    expect(r.container.querySelector('[data-testid="chart-box"]')!.getAttribute("width")).toBe("668");
    rect.mockRestore();
    await flush();
    r.unmount();
  });
});
