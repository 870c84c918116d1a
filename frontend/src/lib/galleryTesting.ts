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
      if (vals) done += 1;
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

