import { act } from "react";
import grid from "../../lib/stats/fixtures/comparison-grid.json";
import type { ComparisonPublic } from "../../client/types.gen";
import { CompareDashboard } from "./CompareDashboard";
import { flush, render, stubFetch } from "./testing";

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
    expect([...r.container.querySelectorAll("button")].some((b) => b.textContent === "Download CSV")).toBe(true);
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
});
