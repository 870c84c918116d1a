import { act } from "react";
import type { ComparisonPublic } from "../../client/types.gen";
import catalogueJson from "../../lib/forms/fixtures/catalogue.json";
import { CC, comparison, GOODPUT, LOSS, OPP, tableCard, withCi } from "../../lib/galleryTesting";
import grid from "../../lib/stats/fixtures/comparison-grid.json";
import { CompareDashboard } from "./CompareDashboard";
import { displayUnit, tableAxes } from "./ComparePaperTable";
import { flush, json, render as renderNow, stubFetch } from "./testing";

// RH/PRR/QARR/BARR over a grid of loss rate x congestion control x opportunistic retransmission, 2 replications
// (galleryTesting's tableCard and GOODPUT: each cell's throughput derived there)
const CARD = tableCard();
const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

async function render(node: React.ReactNode) {
  const r = await renderNow(node);
  await flush(2);
  return r;
}

function at(url: string) {
  history.replaceState(null, "", url);
}

const button = (root: Element, name: string) => [...root.querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement | undefined;

function change(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

describe("tableAxes and displayUnit", () => {
  it("reads the columns and rows from the URL, defaulting to the first and second grid keys; rows never repeat the columns", () => {
    const keys = [LOSS, CC, OPP];
    expect(tableAxes(keys, null, null)).toEqual({ x: LOSS, rows: CC });
    expect(tableAxes(keys, OPP, null)).toEqual({ x: OPP, rows: LOSS });
    expect(tableAxes(keys, CC, OPP)).toEqual({ x: CC, rows: OPP });
    expect(tableAxes(keys, CC, CC)).toEqual({ x: CC, rows: LOSS });
    expect(tableAxes(keys, LOSS, "none")).toEqual({ x: LOSS, rows: null });
    expect(tableAxes(keys, "no.such.key", "neither")).toEqual({ x: LOSS, rows: CC });
    expect(tableAxes([LOSS], null, null)).toEqual({ x: LOSS, rows: null });
    expect(displayUnit("bps")).toEqual({ unit: "Mb/s", scale: 1e-6 });
    expect(displayUnit("ms")).toEqual({ unit: "ms", scale: 1 });
  });
});

describe("CompareDashboard: the paper-shaped table", () => {
  beforeEach(() => {
    stubFetch((req) => (new URL(req.url).pathname === "/api/v1/mechanisms" ? json(catalogueJson) : undefined));
    at("/compare/x");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("toggles to a table per other grid value: rows the variants split by a grid key, columns a grid key's values, cells mean [95% CI] and n", async () => {
    const r = await render(<CompareDashboard comparison={withCi(comparison(CARD, GOODPUT))} />);
    await act(async () => button(r.container, "Paper table")!.click());
    expect(new URLSearchParams(location.search).get("stat")).toBe("table");
    expect(r.container.querySelector('[data-testid="fct-bars"]')).toBeNull();
    const tables = [...r.container.querySelectorAll('[data-testid="compare-paper-table"] table')];
    // the third key (opportunistic retransmission) makes one table per value
    expect(tables).toHaveLength(2);
    expect(text(tables[0].querySelector("caption"))).toBe(
      "Goodput (Mb/s) per loss probability or p(good → bad) (p) (forward) and congestion control (every flow), one row per variant at opportunistic_rtx = false; mean with its 95% confidence interval",
    );
    // columns: the loss probability's values (unscaled: the compare page has no paper unit), named as the catalogue names the field; rows: the catalogue's family
    expect([...tables[0].querySelectorAll("thead th")].map(text)).toEqual(["Congestion control (every flow)", "Recovery", "Loss probability or P(good → bad) (p) (forward)", "0.0001", "0.001"]);
    // Veno + QARR at 0.1 % loss, opportunistic retransmission off: 18.8 - 1 - 1 = 16.8 Mb/s, CI ± 1.2706: [15.5, 18.1], n = 2
    const row = tables[0].querySelector('[data-testid="paper-table-row"][data-group="veno"][data-variant="QARR"]')!;
    const cell = row.querySelector('[data-testid="paper-table-cell"][data-x="0.001"]')!;
    expect([...cell.children].map(text)).toEqual(["16.8", "[15.5, 18.1]", "n = 2"]);
    // with it on: + 0.5
    const on = tables[1].querySelector('[data-testid="paper-table-row"][data-group="veno"][data-variant="QARR"] [data-testid="paper-table-cell"][data-x="0.001"]')!;
    expect(text(on.querySelector(".pt-mean"))).toBe("17.3");
    r.unmount();
  });

  it("takes columns, rows and metric from the URL, and writes the reader's choice back", async () => {
    at(`/compare/x?stat=table&tx=${encodeURIComponent(OPP)}&trows=none`);
    const r = await render(<CompareDashboard comparison={withCi(comparison(CARD, GOODPUT))} />);
    const root = r.container.querySelector('[data-testid="compare-paper-table"]')!;
    // columns off/on; no row split: one table per (loss, cc) = 4, each a row per variant
    const tables = [...root.querySelectorAll("table")];
    expect(tables).toHaveLength(4);
    expect([...tables[0].querySelectorAll('[data-testid="paper-table-column"]')].map(text)).toEqual(["off", "on"]);
    expect([...tables[0].querySelectorAll('th[scope="row"]')].map(text)).toEqual(["RH", "PRR", "QARR", "BARR"]);
    expect(tables[0].querySelector('th[scope="rowgroup"]')).toBeNull();
    // CUBIC at 0.01 %: RH 16.9 off, 17.4 on
    expect([...tables[0].querySelectorAll('[data-variant="RH"] .pt-mean')].map(text)).toEqual(["16.9", "17.4"]);
    await act(async () => change(root.querySelector<HTMLSelectElement>('select[aria-label="Table rows split by"]')!, CC));
    expect(new URLSearchParams(location.search).get("trows")).toBe(CC);
    expect(r.container.querySelectorAll('[data-testid="compare-paper-table"] table')).toHaveLength(2);
    await act(async () => change(root.querySelector<HTMLSelectElement>('select[aria-label="Table columns"]')!, LOSS));
    const sp = new URLSearchParams(location.search);
    expect([sp.get("tx"), sp.get("trows")]).toEqual([LOSS, CC]);
    r.unmount();
  });

  it("marks the table provisional n/N while runs are unfinished", async () => {
    // Veno's runs not finished: 32 of 64
    const partial = withCi(comparison(CARD, (p, v) => (p[CC] === "cubic" ? GOODPUT(p, v) : null)));
    at("/compare/x?stat=table");
    const r = await render(<CompareDashboard comparison={partial} />);
    const first = r.container.querySelector('[data-testid="compare-paper-table"] [data-testid="paper-table"]')!;
    expect(text(first.querySelector('[data-testid="paper-table-provisional"]'))).toBe("(provisional · 32/64 runs)");
    expect(text(first.querySelector('[data-group="veno"][data-variant="RH"] [data-testid="paper-table-cell"]'))).toBe("pending");
    r.unmount();
  });

  it("offers no table for a comparison without a grid (stat=table falls back to the bars)", async () => {
    const one = { ...(grid as unknown as ComparisonPublic), spec: { ...(grid.spec as object), grid: {} }, cells: [grid.cells[0]] } as ComparisonPublic;
    at("/compare/x?stat=table");
    const r = await render(<CompareDashboard comparison={one} />);
    expect(button(r.container, "Paper table")).toBeUndefined();
    expect(r.container.querySelector('[data-testid="compare-paper-table"]')).toBeNull();
    expect(r.container.querySelector('[data-testid="fct-bars"]')).not.toBeNull();
    r.unmount();
  });
});
