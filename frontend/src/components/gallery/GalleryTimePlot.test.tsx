/** A time-plot card (Kato et al. Figs. 4-10) drawn from the runs "Reproduce" stored:
 * one panel per (variant, replication, plot), the run view's charts, the spike band behind them. */
import raw from "../../lib/forms/fixtures/catalogue.json";
import { apiEvent } from "../../lib/chart-math/fixtures";
import { parseCatalogue } from "../../lib/forms/catalogue";
import { cardFigure, seriesDivisor, timeWindowMs, timeWindowText } from "../../lib/gallery";
import { card, comparison } from "../../lib/galleryTesting";
import { flush, json, render, stubFetch } from "../compare/testing";
import { BASELINE_COLOR, CATEGORICAL } from "../charts/palette";
import { GalleryFigure } from "./GalleryFigure";

const CATALOGUE = parseCatalogue(raw as never);
const SPIKE = { "flows[*].tcp.spurious": ["eifel"] };
// Fig. 5's shape: Eifel only, three runs; (a) the sequence plot of run 1, (b)-(d) cwnd of runs 1-3
const FIG5 = card({
  id: "kato-fig5",
  paper: "spurious-timeout-detection-lte-handover",
  figure: "Fig. 5",
  preset: "lte-handover-spike-loss",
  variants: { Eifel: SPIKE },
  baseline_variant: "Eifel",
  grid: { duration_s: [20] },
  replications: 3,
  n_runs: 3,
  metric: "bytes_delivered",
  chart: {
    kind: "timeseries",
    t_from_s: 10,
    t_to_s: 20,
    measure_from_s: 15,
    paper_window_s: [10, 20],
    x_label: "Elapsed time",
    x_unit: "s",
    plots: { sequence: { label: "Sequence/ACK number", unit: "MB" }, cwnd: { label: "cwnd", unit: "packets" } },
  },
  panels: [
    { id: "a", label: "(a) Eifel: sequence/ACK numbers, run 1", where: {}, variant: "Eifel", replication: 0, plot: "sequence" },
    { id: "b", label: "(b) Eifel: cwnd, run 1", where: {}, variant: "Eifel", replication: 0, plot: "cwnd" },
    { id: "c", label: "(c) Eifel: cwnd, run 2", where: {}, variant: "Eifel", replication: 1, plot: "cwnd" },
    { id: "d", label: "(d) Eifel: cwnd, run 3", where: {}, variant: "Eifel", replication: 2, plot: "cwnd" },
  ],
  findings: [],
  published: [],
} as never);

const RUNS = ["r-1", "r-2", "r-3"];

/** The comparison of FIG5 with its three runs stored (or still running). */
function fig5Comparison(finished: boolean) {
  const c = comparison(FIG5, () => [12e6]);
  (c.cells[0] as { variants: Record<string, { runs: string[] }> }).variants.Eifel.runs = RUNS;
  c.counts = { ...c.counts, succeeded: finished ? 3 : 1, queued: finished ? 0 : 2 };
  c.finished = finished ? 3 : 1;
  c.provisional = !finished;
  c.state = finished ? "succeeded" : "running";
  return c;
}

// the handover table's period as the trace gives it: its rows' span, 10 s to 20 s (the spike, then loss until 20 s)
const PERIOD = apiEvent({ kind: "path_period", t_ns: 10e9, start_ns: 10e9, end_ns: 20e9, direction: "forward", stage: "schedule" } as never);
// run k's cwnd (bytes): 59.6 packets before the spike, 1 after the RTO at 14.26 s, restored to 60.6 at 15.071 s
const MSS = 1448;
// Eifel's verdict on the first ACK after the spike (runs 1 and 3; run 2 finds the RTO genuine)
const UNDO = apiEvent({
  kind: "spurious",
  t_ns: 15.071e9,
  detector: "eifel",
  rule: "eifel_ts_older",
  response: "revert",
  ack: 15_001_448,
  cwnd_bytes: 60 * MSS,
  ssthresh_bytes: 60 * MSS,
  old_cwnd_bytes: MSS,
  old_ssthresh_bytes: 2 * MSS,
  state: "open",
} as never);
const cwndOf = (k: number) => ({ unit: "bytes", t_ns: [10e9, 14.26e9, 15.071e9, 20e9], values: [86300, MSS, (60 + k) * MSS, (60 + k) * MSS], change_points: 4, downsampled: false });

function routes() {
  const seen: string[] = [];
  stubFetch((req) => {
    const u = new URL(req.url);
    seen.push(`${u.pathname}?${u.searchParams.toString()}`);
    const m = u.pathname.match(/^\/api\/v1\/runs\/(r-\d)(\/\w+)?$/);
    if (u.pathname === "/api/v1/presets") return json([{ name: FIG5.preset, scenario: { seed: 1 } }]);
    if (!m) return undefined;
    const k = RUNS.indexOf(m[1]);
    if (!m[2]) return json({ id: m[1], state: "succeeded", scenario: { seed: 1 + k, flows: [{ tcp: { mss: MSS } }], path: {} } });
    if (m[2] === "/series") return json({ flow: 0, from_ns: 10e9, to_ns: 20e9, events: 4, series: { cwnd: cwndOf(k) } });
    if (m[2] === "/trace" && u.searchParams.get("kinds") === "path_period,spurious") return json({ events: k === 1 ? [PERIOD] : [PERIOD, UNDO], downsampled: false });
    if (m[2] === "/trace")
      return json({
        events: [
          apiEvent({ kind: "send", t_ns: 10.001e9, seq: 15_000_000, arg: MSS } as never),
          apiEvent({ kind: "ack_recv", t_ns: 15.071e9, seq: 15_001_448 } as never),
        ],
        downsampled: false,
      });
    return undefined;
  });
  return seen;
}

describe("time-plot cards", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it("picks each panel's run by variant and replication, in the card's window and units", () => {
    const fig = cardFigure(FIG5, fig5Comparison(true));
    expect(fig.kind).toBe("timeseries");
    expect(fig.times.map((p) => [p.id, p.variant, p.replication, p.plot, p.runId, p.plotUnit])).toEqual([
      ["a", "Eifel", 0, "sequence", "r-1", "MB"],
      ["b", "Eifel", 0, "cwnd", "r-1", "packets"],
      ["c", "Eifel", 1, "cwnd", "r-2", "packets"],
      ["d", "Eifel", 2, "cwnd", "r-3", "packets"],
    ]);
    expect(timeWindowMs(FIG5)).toEqual([10000, 20000]);
    expect(timeWindowText(FIG5)).toBe("window 10–20 s");
    expect(timeWindowText({ chart: { ...FIG5.chart, t_to_s: 18, paper_window_s: [10, 13] } })).toBe("window 10–18 s; the paper's 10–13 s");
    // cwnd in packets: bytes over the MSS (Kato et al. count packets); µs in ms
    expect(seriesDivisor("bytes", "packets", 1448)).toBe(1448);
    expect(seriesDivisor("us", "ms", 1448)).toBe(1000);
    expect(seriesDivisor("bytes", "bytes", 1448)).toBe(1);
  });

  it("waits for the comparison, then draws a cwnd line per run and the sequence diagram, each over the handover band", async () => {
    const seen = routes();
    const waiting = await render(<GalleryFigure card={FIG5} comparison={fig5Comparison(false)} catalogue={CATALOGUE} />);
    await flush();
    expect(waiting.container.querySelectorAll('[data-testid="gallery-time-waiting"]')).toHaveLength(4);
    expect(seen.filter((s) => s.startsWith("/api/v1/runs"))).toEqual([]);
    waiting.unmount();

    const r = await render(<GalleryFigure card={FIG5} comparison={fig5Comparison(true)} catalogue={CATALOGUE} />);
    await flush(20);
    const series = [...r.container.querySelectorAll('[data-testid="gallery-time-series"]')];
    expect(series.map((s) => s.getAttribute("data-replication"))).toEqual(["0", "1", "2"]);
    for (const s of series) {
      // one cwnd line, named by its variant and run, over the handover's band (10-20 s)
      expect(s.querySelectorAll('path[data-series="cwnd"]')).toHaveLength(1);
      const band = s.querySelector('[data-testid="period-band"]')!;
      expect([band.getAttribute("data-stage"), band.getAttribute("data-t0"), band.getAttribute("data-t1")]).toEqual(["schedule", "10000", "20000"]);
    }
    expect(series[1].textContent).toContain("cwnd (Eifel, run 2)");
    // the verdicts, marked on the cwnd chart as on the run view's: runs 1 and 3 undo, run 2 does not
    expect(series.map((s) => s.querySelectorAll('[data-testid="series-mark-spurious"]').length)).toEqual([1, 0, 1]);
    expect(series[0].textContent).toContain("Eifel");
    // the accessible name says what each chart is
    expect(series[2].querySelector("[aria-label]")?.getAttribute("aria-label")).toContain("Eifel, run 3: cwnd (packets)");
    const seq = r.container.querySelector('[data-testid="gallery-time-sequence"]')!;
    expect(seq.getAttribute("data-variant")).toBe("Eifel");
    expect(seq.querySelector('[data-testid="period-band"]')).not.toBeNull();
    // the runs' windows, asked of the API: the card's window, flow 0, the series by name
    expect(seen).toContain("/api/v1/runs/r-2/series?from_ms=10000&to_ms=20000&max_points=2000&flow=0&names=cwnd");
    expect(seen.some((s) => s.startsWith("/api/v1/runs/r-1/trace?from_ms=10000&to_ms=20000"))).toBe(true);
    // one run per panel: no baseline in the legend, the variant's own cue (not the baseline's grey)
    expect(r.container.querySelector('.gallery-legend li[data-variant="Eifel"]')!.textContent).toBe("Eifel");
    const line = series[0].querySelector('path[data-series="cwnd"]')!;
    expect(line.getAttribute("stroke")).not.toBe(BASELINE_COLOR);
    expect(CATEGORICAL).toContain(line.getAttribute("stroke"));
    // the window, and each panel's export names it
    expect(r.container.querySelector('[data-testid="gallery-time-window"]')!.textContent).toContain("window 10–20 s");
    expect([...r.container.querySelectorAll(".gallery-panel")].map((p) => p.getAttribute("data-panel"))).toEqual(["a", "b", "c", "d"]);
    expect(r.container.querySelector('.gallery-panel[data-panel="c"] button[aria-label*="SVG"]')).not.toBeNull();
    r.unmount();
  });
});
