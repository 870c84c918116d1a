import v2 from "../../lib/fixtures/catalogue-metrics.json";
import { parseMetrics } from "../../lib/metrics";
import { render } from "../compare/testing";
import { MetricsTable } from "./MetricsTable";

const catalogue = parseMetrics(v2.metrics);
const ROWS = [
  { fct_ms: 342.96875, completed: true, probe_count: 1, tlp_loss_episodes: 1, retransmissions: 1, drops: 1, not_in_catalogue: 3 },
  { fct_ms: null, completed: false, probe_count: 0, tlp_loss_episodes: 0, retransmissions: 0, drops: 0, not_in_catalogue: 4 },
];

function headings(container: HTMLElement) {
  return [...container.querySelectorAll("thead th[data-metric]")].map((th) => ({
    name: th.getAttribute("data-metric"),
    text: th.textContent,
    title: th.getAttribute("title"),
  }));
}

describe("MetricsTable", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("names, orders and explains the metrics as the catalogue does", async () => {
    const r = await render(<MetricsTable metrics={ROWS} flow={0} catalogue={catalogue} />);
    const hs = headings(r.container);
    // catalogue order, then what it does not list
    expect(hs.map((h) => h.name)).toEqual(["completed", "fct_ms", "retransmissions", "probe_count", "tlp_loss_episodes", "drops", "not_in_catalogue"]);
    expect(hs.map((h) => h.text)).toEqual(["Completed", "Completion time (ms)", "Retransmissions", "Loss probes", "Probe repairs the sender inferred", "Drops", "not_in_catalogue"]);
    // no label of its own: none of the old hard-coded headings
    expect(r.container.textContent).not.toMatch(/TLP probes|TLP repairs/);
    // the doc is the tooltip
    const fct = hs.find((h) => h.name === "fct_ms")!;
    expect(fct.title).toContain(v2.metrics.find((m) => m.name === "fct_ms")!.doc);
    expect(hs.find((h) => h.name === "not_in_catalogue")!.title).toBe("not_in_catalogue");
    // cells keep their test ids and values
    expect(r.container.querySelector('[data-testid="metric-0-fct_ms"]')!.textContent).toBe("342.969");
    expect(r.container.querySelector('[data-testid="metric-1-fct_ms"]')!.textContent).toBe("–");
    expect(r.container.querySelector('[data-testid="metric-0-completed"]')!.textContent).toBe("yes");
    r.unmount();
  });

  it("falls back to the metrics' names while the catalogue does not describe them", async () => {
    const r = await render(<MetricsTable metrics={ROWS} flow={0} />);
    const hs = headings(r.container);
    expect(hs.map((h) => h.name)).toEqual(["completed", "drops", "fct_ms", "not_in_catalogue", "probe_count", "retransmissions", "tlp_loss_episodes"]);
    expect(hs.every((h) => h.text === h.name && h.title === h.name)).toBe(true);
    r.unmount();
  });
});
