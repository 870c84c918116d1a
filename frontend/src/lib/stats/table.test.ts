import { CC, comparison, GOODPUT, LOSS, OPP, tableCard, withCi } from "../galleryTesting";
import { cardFigure } from "../gallery";
import { readComparison } from "./comparison";
import { otherCombinations, paperTable, paperTableCsv, shownValue, valuesOf } from "./table";

const CARD = tableCard();
describe("paperTable: a comparison in a paper's table shape", () => {
  const view = readComparison(withCi(comparison(CARD, GOODPUT)));

  it("lists a key's values in grid order and the other keys' combinations", () => {
    expect(valuesOf(view, LOSS)).toEqual([0.0001, 0.001]);
    expect(valuesOf(view, CC)).toEqual(["cubic", "veno"]);
    expect(otherCombinations(view, LOSS, CC)).toEqual([{ [OPP]: false }, { [OPP]: true }]);
    expect(otherCombinations(view, LOSS, null)).toEqual([
      { [CC]: "cubic", [OPP]: false },
      { [CC]: "cubic", [OPP]: true },
      { [CC]: "veno", [OPP]: false },
      { [CC]: "veno", [OPP]: true },
    ]);
    // a header's value: scaled numbers without float noise (0.0001 x 100 = 0.01), switches on/off
    expect([shownValue(0.0001, 100), shownValue(0.001, 100), shownValue(true), shownValue(false), shownValue("cubic")]).toEqual(["0.01", "0.1", "on", "off", "cubic"]);
  });

  it("gives rows (CC x variant), columns (loss rate in %) and cells (mean ± CI in Mb/s) with the paper's values and the differences", () => {
    const fig = cardFigure(CARD, withCi(comparison(CARD, GOODPUT)));
    expect(fig.kind).toBe("table");
    expect(fig.tables.map((t) => [t.id, t.label])).toEqual([
      ["original", "Original"],
      ["optimised", "With the optimisations"],
    ]);
    const t = fig.tables[0].table;
    expect(t.columns.map((c) => c.shown)).toEqual(["0.01", "0.1"]);
    expect(t.rows.map((r) => r.key)).toEqual(["cubic/RH", "cubic/PRR", "cubic/QARR", "cubic/BARR", "veno/RH", "veno/PRR", "veno/QARR", "veno/BARR"]);
    expect(t.rows.map((r) => r.groupStart)).toEqual([true, false, false, false, true, false, false, false]);
    // CUBIC + RH at 0.01 %: 17 - 0.1 = 16.9 Mb/s, CI 16.9 ± 1.2706; the paper's 17.0: Rexmit − paper = −0.1, −0.1 / 17 = −0.588 %
    const rh = t.rows[0].cells[0];
    expect(rh.n).toBe(2);
    expect(rh.mean).toBeCloseTo(16.9, 9);
    expect(rh.ci?.[0]).toBeCloseTo(16.9 - 1.2706, 9);
    expect(rh.ci?.[1]).toBeCloseTo(16.9 + 1.2706, 9);
    expect(rh.paper).toHaveLength(1);
    expect(rh.paper[0].label).toBe("Experimental");
    expect(rh.paper[0].value).toBe(17);
    expect(rh.paper[0].diff).toBeCloseTo(-0.1, 9);
    expect(rh.paper[0].rel).toBeCloseTo(-0.1 / 17, 9);
    // CUBIC + QARR at 0.1 %: the OCR lost the paper's value: no difference
    const qarr = t.rows[2].cells[1];
    expect(qarr.mean).toBeCloseTo(18.8 - 1, 9);
    expect(qarr.paper).toEqual([{ id: "table6-experimental", label: "Experimental", value: null, diff: null, rel: null }]);
    // Veno + BARR at 0.1 %: 18.7 - 1 - 1 = 16.7 against the paper's 16.5: +0.2, +1.21 %
    const barr = t.rows[7].cells[1];
    expect(barr.mean).toBeCloseTo(16.7, 9);
    expect(barr.paper[0].diff).toBeCloseTo(0.2, 9);
    expect(barr.paper[0].rel).toBeCloseTo(0.2 / 16.5, 9);
    // a cell no entry names has no paper value; the other panel's entry is not this panel's
    expect(t.rows[1].cells[0].paper).toEqual([]);
    expect(t.rows[5].cells[1].paper).toEqual([]);
    expect(t.published).toEqual([
      {
        id: "table6-experimental",
        label: "Experimental",
        section: "§V.A",
        quote: "Table 6 – Throughput performance",
        lost: 1,
        note: "CUBIC+QARR at 0.1 %: the OCR put a stray 17.6(88.0%) between the PRR row's values.",
      },
    ]);
    // the optimised panel: opportunistic retransmission adds 0.5 Mb/s; Veno + PRR at 0.1 %: 16 - 1 - 1 + 0.5 = 14.5 vs 18.0
    const opt = fig.tables[1].table;
    expect(opt.rows[5].cells[1].mean).toBeCloseTo(14.5, 9);
    expect(opt.rows[5].cells[1].paper[0].diff).toBeCloseTo(-3.5, 9);
  });

  it("shows cells with no finished run as pending (mean null, n 0), and another metric's statistics when asked", () => {
    // only RH has finished anywhere
    const partial = readComparison(comparison(CARD, (p, v) => (v === "RH" ? GOODPUT(p, v) : null), (p, v) => ({ rtt_spike: [v === "RH" ? 2 : 0, p[CC] === "veno" ? 4 : 2] })));
    const t = paperTable(partial, { x: LOSS, rows: null, where: { [CC]: "veno", [OPP]: false }, metric: "rtt_spike", xScale: 100, valueScale: 1, variants: partial.variants, published: [] });
    expect(t.rows.map((r) => r.key)).toEqual(["RH", "PRR", "QARR", "BARR"]);
    // RH's rtt_spike values at Veno: [2, 4]: mean 3 (the fixture gives no CI for other metrics)
    expect(t.rows[0].cells.map((c) => [c.n, c.mean, c.ci])).toEqual([
      [2, 3, null],
      [2, 3, null],
    ]);
    expect(t.rows[1].cells.map((c) => [c.n, c.mean])).toEqual([
      [0, null],
      [0, null],
    ]);
  });

  it("writes CSV: one line per table, row and column, with the paper's value and the difference", () => {
    const fig = cardFigure(CARD, withCi(comparison(CARD, GOODPUT)));
    const csv = paperTableCsv([{ name: "Original", table: fig.tables[0].table }], { x: LOSS, xShown: "Loss rate (%)", rows: CC, unit: "Mb/s" });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "table,flows[*].tcp.cc,variant,path.forward.loss.p,Loss rate (%),n,mean (Mb/s),ci95_low (Mb/s),ci95_high (Mb/s),paper_Experimental (Mb/s),diff_Experimental (Mb/s),diff_Experimental_relative",
    );
    expect(lines).toHaveLength(1 + 8 * 2);
    const first = lines[1].split(",");
    expect(first.slice(0, 6)).toEqual(["Original", "cubic", "RH", "0.0001", "0.01", "2"]);
    expect(Number(first[6])).toBeCloseTo(16.9, 9);
    expect(Number(first[7])).toBeCloseTo(15.6294, 9);
    expect(Number(first[9])).toBe(17);
    expect(Number(first[10])).toBeCloseTo(-0.1, 9);
    // the lost value: empty paper and difference
    expect(lines[6].split(",").slice(0, 5)).toEqual(["Original", "cubic", "QARR", "0.001", "0.1"]);
    expect(lines[6].split(",").slice(9)).toEqual(["", "", ""]);
  });
});
