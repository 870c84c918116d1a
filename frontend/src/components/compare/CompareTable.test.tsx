import grid from "../../lib/stats/fixtures/comparison-grid.json";
import v2 from "../../lib/fixtures/catalogue-metrics.json";
import type { ComparisonPublic } from "../../client/types.gen";
import { parseMetrics } from "../../lib/metrics";
import { readComparison } from "../../lib/stats/comparison";
import { gridDone, gridRunning, replicatedDone } from "../../lib/stats/fixtures/contract";
import { CompareTable } from "./CompareTable";
import { render } from "./testing";

const view = readComparison(grid as unknown as ComparisonPublic);
const catalogue = parseMetrics(v2.metrics);

function table(metric: string, cat?: typeof catalogue) {
  return render(
    <CompareTable
      view={view}
      variants={view.variants}
      metric={metric}
      onMetric={() => undefined}
      metrics={["fct_ms", "segments_sent", "request_ms"]}
      selectedCell={0}
      cues={{}}
      catalogue={cat}
    />,
  );
}

describe("CompareTable: metrics from the catalogue", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("lists metrics by their catalogue labels, with the doc as tooltip, and judges by higher_is_better", async () => {
    const r = await table("fct_ms", catalogue);
    const options = [...r.container.querySelectorAll<HTMLOptionElement>('select[aria-label="Table metric"] option')];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ["fct_ms", "Completion time (compared)"],
      ["segments_sent", "Segments sent"],
      ["request_ms", "request_ms"],
    ]);
    expect(options[0].title).toMatch(/^Flow completion time/);
    expect(r.container.querySelector("thead")!.textContent).toContain("mean (ms)");
    // fct_ms: lower is better, so a faster variant is green ("better")
    const diffs = [...r.container.querySelectorAll('[data-testid="compare-diff"]')].map((td) => td.className);
    expect(diffs.some((c) => /\bbetter\b/.test(c))).toBe(true);
    expect(r.container.textContent).toContain("lower is better for Completion time");
    r.unmount();
  });

  it("makes no verdict for a metric without a better direction, nor while the catalogue lacks metrics", async () => {
    for (const [metric, cat, says] of [["segments_sent", catalogue, "neither direction"], ["fct_ms", undefined, "does not say"]] as const) {
      const r = await table(metric, cat);
      const diffs = [...r.container.querySelectorAll('[data-testid="compare-diff"]')].map((td) => td.className);
      expect(diffs.some((c) => /\b(better|worse)\b/.test(c))).toBe(false);
      expect(r.container.textContent).toContain(says);
      r.unmount();
    }
  });
});

describe("CompareTable: confidence intervals and paired differences", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  const show = (c: ComparisonPublic, metric = "fct_ms") => {
    const v = readComparison(c);
    return render(
      <CompareTable view={v} variants={v.variants} metric={metric} onMetric={() => undefined} metrics={["fct_ms", "goodput_bps"]} selectedCell={0} cues={{}} catalogue={catalogue} />,
    );
  };
  const cellOf = (root: HTMLElement, variant: string, testid: string) =>
    root.querySelector(`[data-testid="compare-row"][data-variant="${variant}"] [data-testid="${testid}"]`) as HTMLElement;

  it("gives the normalized mean with its 95% CI, and the paired difference over common seeds with its CI", async () => {
    const r = await show(replicatedDone());
    const norm = cellOf(r.container, "TLP", "compare-normalized");
    expect(norm.textContent).toBe("0.67 [0.41, 1.30]");
    expect(Number(norm.dataset.low)).toBe(0.4127);
    const paired = cellOf(r.container, "TLP", "compare-paired");
    expect(paired.textContent).toBe("−1,504 [−4,100, 1,093]−33% · paired over 3 common seeds");
    expect(paired.dataset.n).toBe("3");
    // lower completion time is better; the interval holds 0, so not significant
    expect(paired.className).toMatch(/\bbetter\b/);
    expect(paired.className).not.toMatch(/\bsignificant\b/);
    expect(paired.title).toBe("paired over 3 common seeds");
    expect(cellOf(r.container, "baseline", "compare-normalized").textContent).toBe("1.00");
    expect(cellOf(r.container, "baseline", "compare-paired").textContent).toBe("—");
    // the raw CI is still the API's stats.ci95
    expect(cellOf(r.container, "TLP", "compare-ci").textContent).toBe("2,788 – 3,236");
    expect(r.container.querySelector("thead")!.textContent).toContain("paired Δ vs baseline [95% CI]");
    r.unmount();
  });

  it("says n < 2 where one seed gives no interval, and marks a significant paired difference", async () => {
    const r = await show(gridDone());
    const paired = cellOf(r.container, "TLP", "compare-paired");
    expect(paired.textContent).toContain("(n < 2)");
    expect(paired.textContent).toContain("paired over 1 common seed");
    expect(cellOf(r.container, "TLP", "compare-normalized").textContent).toBe("0.48"); // no CI from one run
    r.unmount();

    const sure = replicatedDone() as unknown as { cells: { variants: Record<string, Record<string, unknown>> }[] };
    sure.cells[0].variants.TLP.paired = { n: 3, mean_diff: -1503.8, ci95: [-1900, -1100], normalized_diff: -0.333 };
    const r2 = await show(sure as unknown as ComparisonPublic);
    expect(cellOf(r2.container, "TLP", "compare-paired").className).toMatch(/\bsignificant\b/);
    r2.unmount();
  });

  it("leaves the API's normalized CI and paired columns to the compared metric", async () => {
    const r = await show(replicatedDone(), "goodput_bps");
    expect(cellOf(r.container, "TLP", "compare-paired").textContent).toBe("–");
    expect(cellOf(r.container, "TLP", "compare-normalized").textContent).not.toContain("[");
    expect(r.container.textContent).toContain("computed for the compared metric");
    r.unmount();
  });

  it("says so when the server sends no paired comparison (before issue #9's backend)", async () => {
    const r = await show(grid as unknown as ComparisonPublic);
    const paired = cellOf(r.container, "TLP", "compare-paired");
    expect(paired.textContent).toBe("–");
    expect(paired.title).toBe("this server sends no paired comparison");
    expect(cellOf(r.container, "TLP", "compare-normalized").textContent).toBe("0.48");
    r.unmount();
  });

  it("is marked provisional, for eyes and screen readers, while runs are unfinished", async () => {
    const r = await show(gridRunning());
    const table = r.container.querySelector('[data-testid="compare-table"]')!;
    expect(table.getAttribute("data-provisional")).toBe("true");
    expect(table.querySelector("caption")!.textContent).toContain("Provisional: 4 of 12 runs finished");
    expect(r.container.querySelector('[data-testid="provisional-badge"]')!.textContent).toBe("provisional · 4/12 runs");
    r.unmount();
    const done = await show(gridDone());
    expect(done.container.querySelector('[data-testid="compare-table"]')!.hasAttribute("data-provisional")).toBe(false);
    expect(done.container.querySelector('[data-testid="provisional-badge"]')).toBeNull();
    done.unmount();
  });
});
