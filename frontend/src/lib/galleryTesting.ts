/** Test data for the gallery: a card shaped like GET /gallery's and a
 * comparison of its grid shaped like GET /comparisons/{id}'s, built from a
 * function of (cell, variant). */
import type { ComparisonPublic } from "../client/types.gen";
import type { GalleryCard } from "./gallery";

export const ACK = "flows[*].receiver.ack_policy";
export const OWD = "path.*.delay_ms";
export const VARIANTS = { baseline: { "flows[*].tcp.timer": "rto" }, RTOR: { "flows[*].tcp.timer": "rtor" }, TLP: { "flows[*].tcp.timer": "tlp" } };

export function card(over: Partial<GalleryCard> = {}): GalleryCard {
  return {
    id: "fig-bars",
    paper: "tail-loss-recovery-rtor-tlp-tlpr",
    paper_citation: "A. Author: A Paper",
    figure: "Fig. 1",
    section: "§3.1",
    title: "bars",
    caption: "Normalized FCT",
    citation: "A. Author: A Paper, §3.1, Fig. 1",
    preset: "tail-loss-rtt-sweep",
    variants: VARIANTS,
    baseline_variant: "baseline",
    grid: { [OWD]: [40, 5], [ACK]: ["delayed", "quick"] },
    replications: 1,
    replications_note: "",
    metric: "fct_ms",
    flows: null,
    flow_filter: null,
    n_runs: 12,
    chart: { kind: "bars", x: OWD, x_label: "RTT", x_unit: "ms", x_scale: 2 },
    panels: [
      { id: "top", label: "delACKs", where: { [ACK]: "delayed" } },
      { id: "bottom", label: "quickACKs", where: { [ACK]: "quick" } },
    ],
    findings: [
      { id: "a", section: "§3.1", quote: "q", panels: null, status: "holds", rexmit: "r" },
      { id: "b", section: "§3.1", quote: "q", panels: ["top"], status: "differs", rexmit: "r" },
      { id: "c", section: "§3.1", quote: "q", panels: ["top"], status: "holds", rexmit: "r" },
    ],
    published: [
      {
        id: "saving",
        kind: "saving",
        section: "§3.1",
        quote: "q",
        variant: "RTOR",
        at_least: false,
        per_panel: { top: { rtts: 1, plus_ms: 200 }, bottom: { rtts: 1, plus_ms: 0 } },
      },
    ],
    notes: [],
    ...over,
  };
}

export const LOSS = "path.forward.loss.p";
export const CC = "flows[*].tcp.cc";
export const OPP = "flows[*].tcp.opportunistic_rtx";
export const RECOVERY = {
  RH: { "flows[*].tcp.recovery": "rate_halving" },
  PRR: { "flows[*].tcp.recovery": "prr" },
  QARR: { "flows[*].tcp.recovery": "qarr" },
  BARR: { "flows[*].tcp.recovery": "barr" },
};

/** A table card as table-contract.md declares it, shaped like the mobile-recovery paper's Table 6 (rows: congestion
 * control x loss recovery; columns: loss rate in %; cells: throughput in Mb/s), with one panel per setting of
 * opportunistic retransmission (Tables 6 and 8: original, with the optimisations) and the paper's values of the
 * first as a `cells` entry (CUBIC+QARR at 0.1 % lost by the OCR: null). */
export function tableCard(over: Partial<GalleryCard> = {}): GalleryCard {
  return card({
    id: "orsb-table6",
    paper: "opportunistic-retransmission-sndbuf",
    figure: "Table 6",
    section: "§V.A",
    title: "Throughput of CC x loss recovery",
    caption: "Table 6 – Throughput performance",
    citation: "A. Author: A Paper, §V.A, Table 6",
    preset: "adaptive-recovery-utilisation",
    variants: RECOVERY,
    baseline_variant: "PRR",
    grid: { [LOSS]: [0.0001, 0.001], [CC]: ["cubic", "veno"], [OPP]: [false, true] },
    replications: 2,
    metric: "goodput_bps",
    n_runs: 2 * 2 * 2 * 4 * 2,
    chart: {
      kind: "table",
      x: LOSS,
      x_label: "Loss rate",
      x_unit: "%",
      x_scale: 100,
      rows: CC,
      rows_label: "Congestion control",
      value_label: "Throughput",
      value_unit: "Mb/s",
      value_scale: 1e-6,
    },
    panels: [
      { id: "original", label: "Original", where: { [OPP]: false } },
      { id: "optimised", label: "With the optimisations", where: { [OPP]: true } },
    ],
    findings: [],
    published: [
      {
        id: "table6-experimental",
        kind: "cells",
        section: "§V.A",
        quote: "Table 6 – Throughput performance",
        label: "Experimental",
        panel: "original",
        values: [
          { variant: "RH", where: { [LOSS]: 0.0001, [CC]: "cubic" }, value: 17.0 },
          { variant: "QARR", where: { [LOSS]: 0.001, [CC]: "cubic" }, value: null },
          { variant: "BARR", where: { [LOSS]: 0.001, [CC]: "veno" }, value: 16.5 },
        ],
        note: "CUBIC+QARR at 0.1 %: the OCR put a stray 17.6(88.0%) between the PRR row's values.",
      },
      {
        id: "table8-experimental",
        kind: "cells",
        section: "§V.C",
        quote: "Table 8 – Performance impact of the proposed optimization algorithms",
        label: "Experimental",
        panel: "optimised",
        values: [{ variant: "PRR", where: { [LOSS]: 0.001, [CC]: "veno" }, value: 18.0 }],
      },
    ],
    ...over,
  });
}

/** tableCard's runs: each variant's mean throughput (b/s) in a cell, made up so each cell has its own value:
 * RH 17, PRR 16, QARR 18.8, BARR 18.7 Mb/s, less 1 Mb/s per 0.1 % of loss, 1 Mb/s less under Veno, 0.5 Mb/s more
 * with opportunistic retransmission; two replications: mean - 0.1 Mb/s and mean + 0.1 Mb/s. */
const TABLE_BASE: Record<string, number> = { RH: 17e6, PRR: 16e6, QARR: 18.8e6, BARR: 18.7e6 };
const tableMean = (p: Record<string, unknown>, v: string) => TABLE_BASE[v] - Number(p[LOSS]) * 1e9 - (p[CC] === "veno" ? 1e6 : 0) + (p[OPP] ? 0.5e6 : 0);
export const GOODPUT = (p: Record<string, unknown>, v: string) => [tableMean(p, v) - 0.1e6, tableMean(p, v) + 0.1e6];
/** The API's Student-t 95% CI of GOODPUT's mean: s = 0.1e6 · √2, half = t(0.975, 1 df) · s / √2 = 12.706 × 0.1e6. */
export const GOODPUT_CI_HALF = 12.706 * 0.1e6;

/** `c` with the compared metric's 95% CI, as the API gives it, on every cell with n >= 2: mean ± half. */
export function withCi(c: ComparisonPublic, half = GOODPUT_CI_HALF): ComparisonPublic {
  for (const cell of c.cells as { variants: Record<string, { stats: { n: number; mean: number | null; ci95: unknown } }> }[])
    for (const v of Object.values(cell.variants)) if (v.stats.n >= 2 && v.stats.mean !== null) v.stats.ci95 = [v.stats.mean - half, v.stats.mean + half];
  return c;
}

type Stat = { n: number; mean: number | null };
function stats(values: number[]): Stat & Record<string, unknown> {
  const n = values.length;
  const mean = n ? values.reduce((a, b) => a + b, 0) / n : null;
  return { n, mean, median: mean, p5: mean, p95: mean, std: 0, ci95: null };
}

/** A comparison of `c`'s grid: fct(params, variant) gives each run's values; null = not finished. */
export function comparison(c: GalleryCard, fct: (params: Record<string, unknown>, v: string) => number[] | null, metrics: (params: Record<string, unknown>, v: string) => Record<string, number[]> = () => ({})): ComparisonPublic {
  const keys = Object.keys(c.grid);
  const cells: Record<string, unknown>[] = [{}];
  for (const k of keys) {
    const next: Record<string, unknown>[] = [];
    for (const cell of cells) for (const v of c.grid[k]) next.push({ ...cell, [k]: v });
    cells.splice(0, cells.length, ...next);
  }
  let done = 0;
  const out = cells.map((params, i) => {
    const base = fct(params, c.baseline_variant);
    const baseMean = base?.length ? base.reduce((a, b) => a + b, 0) / base.length : null;
    const variants: Record<string, unknown> = {};
    for (const v of Object.keys(c.variants)) {
      const vals = fct(params, v);
      // the cell's runs of this variant: one per replication
      if (vals) done += c.replications;
      const st = stats(vals ?? []);
      const sorted = (vals ?? []).slice().sort((a, b) => a - b);
      variants[v] = {
        stats: st,
        normalized_mean: st.mean !== null && baseMean ? st.mean / baseMean : null,
        ecdf: sorted.map((x, j) => [x, (j + 1) / sorted.length]),
        metrics: Object.fromEntries(Object.entries(metrics(params, v)).map(([m, xs]) => [m, stats(vals ? xs : [])])),
        runs: [],
      };
    }
    return { cell: i, params, variants };
  });
  const n = cells.length * Object.keys(c.variants).length * c.replications;
  return {
    id: "00000000-0000-0000-0000-000000000001",
    engine_version: "test",
    spec: { base: { preset: c.preset }, grid: c.grid, replications: c.replications, metric: c.metric, flow_filter: c.flow_filter, variants: c.variants, variant_order: Object.keys(c.variants), baseline: c.baseline_variant },
    n_runs: n,
    progress: done / n,
    state: done === n ? "succeeded" : "running",
    counts: { queued: n - done, running: 0, succeeded: done, failed: 0, cancelled: 0 },
    provisional: done < n,
    finished: done,
    eta_s: null,
    links: { runs_csv: "/api/v1/comparisons/00000000-0000-0000-0000-000000000001/runs.csv", summary_csv: "/api/v1/comparisons/00000000-0000-0000-0000-000000000001/export?format=csv" },
    cells: out,
  };
}

