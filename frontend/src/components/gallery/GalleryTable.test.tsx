import { act } from "react";
import raw from "../../lib/forms/fixtures/catalogue.json";
import { parseCatalogue } from "../../lib/forms/catalogue";
import { comparison, GOODPUT, tableCard, withCi } from "../../lib/galleryTesting";
import { captureDownloads, exportPart, json, render, stubFetch, svgTexts } from "../compare/testing";
import { GalleryFigure } from "./GalleryFigure";

const CARD = tableCard();
const CATALOGUE = parseCatalogue(raw as never);
const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

/** A blob's text (jsdom's Blob has no text()). */
const blobText = (b: Blob) =>
  new Promise<string>((resolve) => {
    const fr = new FileReader();
    fr.onload = () => resolve(String(fr.result));
    fr.readAsText(b);
  });

/** The cell of `table` in row (group, variant) and column (its shown header). */
function cellAt(table: Element, group: string, variant: string, column: string): HTMLTableCellElement {
  const row = table.querySelector(`[data-testid="paper-table-row"][data-group="${group}"][data-variant="${variant}"]`)!;
  return row.querySelector<HTMLTableCellElement>(`[data-testid="paper-table-cell"][data-x="${column}"]`)!;
}

describe("GalleryTable: a table card drawn in the paper's shape", () => {
  beforeEach(() => {
    stubFetch((req) => (new URL(req.url).pathname === "/api/v1/presets" ? json([{ name: CARD.preset, scenario: { seed: 1 } }]) : undefined));
    history.replaceState(null, "", `/gallery/${CARD.id}?comparison=c1`);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it("is a real table per panel: caption, column and row-group headers with scopes, Rexmit's mean with its CI and n, the paper's value and the difference", async () => {
    const r = await render(<GalleryFigure card={CARD} comparison={withCi(comparison(CARD, GOODPUT))} catalogue={CATALOGUE} />);
    const figures = [...r.container.querySelectorAll('[data-testid="paper-table"]')];
    expect(figures.map((f) => f.getAttribute("data-panel"))).toEqual(["original", "optimised"]);
    const table = figures[0].querySelector("table")!;
    expect(text(table.querySelector("caption"))).toBe(
      "Rexmit's Table 6: Original (Throughput of CC x loss recovery): Throughput (Mb/s) per loss rate (%), one row per variant and congestion control; mean with its 95% confidence interval",
    );
    // the header: the rows' names (the catalogue's family of the variants), the columns' name over the loss rates in %
    const head = [...table.querySelectorAll("thead th")].map((th) => [text(th), th.getAttribute("scope")]);
    expect(head).toEqual([
      ["Congestion control", "col"],
      ["Recovery", "col"],
      ["Loss rate (%)", "colgroup"],
      ["0.01", "col"],
      ["0.1", "col"],
    ]);
    // the x header spans the column group of the loss rates
    expect([...table.querySelectorAll("colgroup")].map((g) => g.getAttribute("span"))).toEqual(["2", "2"]);
    // a <tbody> per congestion control, its header spanning its four rows
    const groups = [...table.querySelectorAll("tbody")];
    expect(groups.map((g) => g.querySelector('th[scope="rowgroup"]')?.textContent)).toEqual(["cubic", "veno"]);
    expect(groups[0].querySelector('th[scope="rowgroup"]')!.getAttribute("rowspan")).toBe("4");
    expect([...groups[1].querySelectorAll('th[scope="row"]')].map(text)).toEqual(["RH", "PRR", "QARR", "BARR"]);
    // CUBIC + RH at 0.01 %: 16.9 Mb/s, CI 16.9 ± 1.2706 = [15.6, 18.2], n = 2; the paper's 17.0: −0.1 Mb/s, −0.1 / 17 = −0.6 %
    const rh = cellAt(table, "cubic", "RH", "0.01");
    expect([...rh.children].map(text)).toEqual(["16.9", "[15.6, 18.2]", "n = 2", "Experimental: 17.0 Δ −0.1 (−0.6%)"]);
    expect(Number(rh.getAttribute("data-mean"))).toBeCloseTo(16.9, 9);
    expect(Number(rh.getAttribute("data-low"))).toBeCloseTo(15.6294, 9);
    // Veno + BARR at 0.1 %: 16.7 against 16.5: +0.2 (+1.2 %)
    expect(text(cellAt(table, "veno", "BARR", "0.1").querySelector('[data-testid="paper-table-paper"]'))).toBe("Experimental: 16.5 Δ +0.2 (+1.2%)");
    // the value the OCR lost: "—", no difference, and a note saying so
    expect(text(cellAt(table, "cubic", "QARR", "0.1").querySelector('[data-testid="paper-table-paper"]'))).toBe("Experimental: —");
    expect(text(figures[0].querySelector('[data-testid="paper-table-lost"]'))).toBe("“—”: the paper's experimental value is lost in the OCR'd text (1 cell).");
    expect(text(figures[0].querySelector('[data-testid="paper-table-pub-note"]'))).toBe(
      "Experimental (§V.A): CUBIC+QARR at 0.1 %: the OCR put a stray 17.6(88.0%) between the PRR row's values.",
    );
    // cells no entry names show Rexmit's alone
    expect(cellAt(table, "cubic", "PRR", "0.01").querySelector('[data-testid="paper-table-paper"]')).toBeNull();
    // the second panel: its own entry (Veno + PRR at 0.1 %: 14.5 vs 18.0: −3.5, −19 %), no note of a lost value
    const opt = figures[1].querySelector("table")!;
    expect(text(cellAt(opt, "veno", "PRR", "0.1").querySelector('[data-testid="paper-table-paper"]'))).toBe("Experimental: 18.0 Δ −3.5 (−19%)");
    expect(figures[1].querySelector('[data-testid="paper-table-lost"]')).toBeNull();
    expect(r.container.querySelector('[data-testid="paper-table-provisional"]')).toBeNull();
    r.unmount();
  });

  it("says provisional n/N while runs are unfinished, and pending where a cell has none", async () => {
    // CUBIC's runs finished, Veno's not: 2 loss rates x 2 switches x 4 variants x 2 replications = 32 of 64
    const partial = comparison(CARD, (p, v) => (p["flows[*].tcp.cc"] === "cubic" ? GOODPUT(p, v) : null));
    const r = await render(<GalleryFigure card={CARD} comparison={withCi(partial)} catalogue={CATALOGUE} />);
    const figure = r.container.querySelector('[data-testid="paper-table"]')!;
    expect(text(figure.querySelector('[data-testid="paper-table-provisional"]'))).toBe("(provisional · 32/64 runs)");
    expect(figure.querySelector("table")!.getAttribute("data-provisional")).toBe("true");
    expect(text(cellAt(figure, "veno", "RH", "0.01"))).toBe("pending");
    expect(text(cellAt(figure, "cubic", "RH", "0.01").querySelector(".pt-mean"))).toBe("16.9");
    r.unmount();
  });

  it("exports its CSV, and an SVG with title, legend, the table's text and the page's caption", async () => {
    const saved: Blob[] = [];
    const lastSvg = captureDownloads();
    const create = URL.createObjectURL;
    URL.createObjectURL = (b: Blob) => {
      saved.push(b);
      return create(b);
    };
    const r = await render(<GalleryFigure card={CARD} comparison={withCi(comparison(CARD, GOODPUT))} catalogue={CATALOGUE} />);
    await act(async () => r.container.querySelector<HTMLButtonElement>('button[aria-label="Download the Table 6 table “Original” as CSV"]')!.click());
    const csv = (await blobText(saved[saved.length - 1])).split("\r\n");
    expect(csv[0]).toBe(
      "table,flows[*].tcp.cc,variant,path.forward.loss.p,Loss rate (%),n,mean (Mb/s),ci95_low (Mb/s),ci95_high (Mb/s),paper_Experimental (Mb/s),diff_Experimental (Mb/s),diff_Experimental_relative",
    );
    expect(csv[1].split(",").slice(0, 6)).toEqual(["Rexmit's Table 6: Original", "cubic", "RH", "0.0001", "0.01", "2"]);
    await act(async () => r.container.querySelector<HTMLButtonElement>('button[aria-label="Export the Table 6 table “Original” as SVG"]')!.click());
    const doc = await lastSvg();
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(svgTexts(exportPart(doc, "title")).join(" ")).toBe("Rexmit's Table 6: Original");
    expect(svgTexts(exportPart(doc, "legend"))).toEqual(["RH", "PRR (baseline)", "QARR", "BARR"]);
    const chart = svgTexts(exportPart(doc, "chart"));
    expect(chart.slice(0, 6)).toEqual(["Loss rate (%)", "Congestion control", "Recovery", "0.01", "0.1", "cubic"]);
    expect(chart).toContain("16.9 [15.6, 18.2]");
    expect(chart).toContain("Experimental: 17.0 Δ −0.1 (−0.6%)");
    expect(chart).toContain("Experimental: —");
    expect(svgTexts(exportPart(doc, "caption")).join(" ")).toContain("Rexmit's reproduction of Table 6 of A. Author: A Paper, §V.A, Table 6.");
    r.unmount();
  });
});
