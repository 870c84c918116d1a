import grid from "../../lib/stats/fixtures/comparison-grid.json";
import v2 from "../../lib/fixtures/catalogue-metrics.json";
import type { ComparisonPublic } from "../../client/types.gen";
import { parseMetrics } from "../../lib/metrics";
import { readComparison } from "../../lib/stats/comparison";
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
      colors={{}}
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
