import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { RunPublic } from "../../lib/api";
import { TLP_TAIL } from "../../lib/chart-math/fixtures";
import catalogue from "../../lib/forms/fixtures/catalogue.json";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement["getContext"];

import { RunsService, UtilsService } from "../../lib/api";

// the generated client's static methods, replaced for every test (the SDK object is shared by lib/api)
const readTrace = vi.fn();
const readSeries = vi.fn();
const readRun = vi.fn();
beforeEach(() => {
  vi.spyOn(RunsService, "readTrace").mockImplementation(readTrace);
  vi.spyOn(RunsService, "readSeries").mockImplementation(readSeries);
  vi.spyOn(RunsService, "readRun").mockImplementation(readRun);
});

import { RunDashboard } from "./RunDashboard";
import { RunView } from "../../routes/RunView";
import { withProviders } from "../compare/testing";

const RUN: RunPublic = {
  id: "17cdfe27-1686-4364-b4d1-cc1ac62a12d8",
  state: "succeeded",
  progress: 1,
  seed: 1,
  engine_version: "0.1.0",
  scenario: TLP_TAIL.scenario,
  metrics: TLP_TAIL.metrics,
  summary: { events: 22, truncated: false, sim_end_ns: 600_000_000, trace_events: 54 },
  error: null,
  attempts: 1,
  timings: { created_at: "", started_at: "", finished_at: "", queue_ms: 1, engine_ms: 0.4 },
};

const SERIES = {
  flow: 0, from_ns: null, to_ns: null, events: 54,
  series: {
    cwnd: { unit: "bytes", t_ns: [0, 160e6, 600e6], values: [14480, 18824, 18824], change_points: 3, downsampled: false },
    ssthresh: { unit: "bytes", t_ns: [0, 600e6], values: [null, null], change_points: 2, downsampled: false },
    pipe: { unit: "bytes", t_ns: [0, 80e6, 600e6], values: [0, 14480, 0], change_points: 3, downsampled: false },
    srtt: { unit: "us", t_ns: [0, 80e6], values: [null, 80000], change_points: 2, downsampled: false },
    rto: { unit: "us", t_ns: [0, 80e6], values: [1000000, 280000], change_points: 2, downsampled: false },
  },
};

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  history.replaceState(null, "", "/runs/x");
  readTrace.mockResolvedValue({ data: { ...TLP_TAIL.window, events: TLP_TAIL.raw } });
  readSeries.mockResolvedValue({ data: SERIES });
  readRun.mockResolvedValue({ data: RUN });
  host = document.createElement("div");
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
  readTrace.mockReset();
  readSeries.mockReset();
  readRun.mockReset();
});

const $ = (id: string) => host.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;
const count = (id: string) => host.querySelectorAll(`[data-testid="${id}"]`).length;
const button = (name: string) => host.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement;
async function flush() {
  for (let k = 0; k < 5; k++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}

describe("RunDashboard", () => {
  it("renders metrics, the diagram and the log from the API's data", async () => {
    act(() => root.render(withProviders(<RunDashboard run={RUN} />)));
    await flush();
    expect(readTrace).toHaveBeenCalledWith(expect.objectContaining({ path: { run_id: RUN.id }, query: expect.objectContaining({ max_points: 4000 }) }));
    expect($("metrics-table")).not.toBeNull();
    expect($("metric-0-fct_ms")!.textContent).toBe("360");
    expect($("metric-0-probe_count")!.textContent).toBe("1");
    expect(count("mark-probe")).toBe(1);
    expect(host.querySelectorAll('[data-testid="event-log"] tbody tr[data-i]').length).toBeGreaterThan(20);
    expect($("window-status")!.textContent).toContain("54 events");
    expect($("chart-cwnd")!.querySelector('path[data-series="cwnd"]')!.getAttribute("d")).toMatch(/^M/);
    expect(host.textContent).toContain("Share");
  });

  it("steps through the events with Next event and Show all", async () => {
    act(() => root.render(withProviders(<RunDashboard run={RUN} />)));
    await flush();
    const probe = TLP_TAIL.events.find((e) => e.kind === "probe")!;
    act(() => button("Next event").click());
    expect($("step-position")!.textContent).toBe("event 1 of 54");
    expect(count("mark-probe")).toBe(0);
    expect($("event-details")!.textContent).toContain("SYN sent");
    for (let k = 0; k < probe.i; k++) act(() => button("Next event").click());
    expect($("step-position")!.textContent).toBe(`event ${probe.i + 1} of 54`);
    expect(count("mark-probe")).toBe(1);
    expect($("event-details")!.textContent).toContain("TLP probe: several segments outstanding");
    act(() => button("Show all events").click());
    expect($("step-position")!.textContent).toBe("54 events");
  });

  it("presents: the diagram and the why panel alone, 18 px chart text, the keys on show; arrows step, Esc leaves", async () => {
    history.replaceState(null, "", `/runs/${RUN.id}?present=1`);
    act(() => root.render(withProviders(<RunDashboard run={RUN} />)));
    await flush();
    const present = host.querySelector('[aria-label="Presentation mode"]')!;
    expect(present).not.toBeNull();
    // the diagram and the why panel; no log, no series, no metrics
    expect(count("chart-time-sequence")).toBe(1);
    expect(count("event-details")).toBe(1);
    expect(count("event-log")).toBe(0);
    expect(count("chart-cwnd")).toBe(0);
    expect($("chart-time-sequence")!.dataset.fontSize).toBe("18");
    // the keys are listed, and the diagram has the focus
    expect($("presentation-keys")!.textContent).toMatch(/←→ step.*Space play\/pause.*\+− zoom.*Esc leave/);
    expect(document.activeElement).toBe($("chart-time-sequence"));
    const key = (k: string) => act(() => document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true })));
    // → steps (on the focused diagram: to the next drawn event), revealing the run
    key("ArrowRight");
    expect($("present-position")!.textContent).toBe("event 1 of 54");
    expect($("event-details")!.textContent).toContain("SYN sent");
    key("ArrowRight");
    expect($("present-position")!.textContent).toMatch(/^event \d+ of 54/);
    key("Escape");
    await flush();
    expect(location.search).toBe("");
    expect(host.querySelector('[aria-label="Presentation mode"]')).toBeNull();
    expect(count("event-log")).toBe(1);
    // back in the page, the toggle has the focus and enters the mode again
    const toggle = Array.from(host.querySelectorAll("button")).find((b) => b.textContent === "Present")!;
    expect(document.activeElement).toBe(toggle);
    act(() => toggle.click());
    await flush();
    expect(location.search).toBe("?present=1");
  });

  it("plays and pauses", async () => {
    vi.useFakeTimers();
    try {
      act(() => root.render(withProviders(<RunDashboard run={RUN} />)));
      await act(async () => { await vi.runOnlyPendingTimersAsync(); });
      await act(async () => { await vi.runOnlyPendingTimersAsync(); });
      act(() => button("Play").click());
      await act(async () => { await vi.advanceTimersByTimeAsync(600 * 3 + 10); });
      act(() => button("Pause").click());
      expect($("step-position")!.textContent).toBe("event 4 of 54");
    } finally {
      vi.useRealTimers();
    }
  });

  it("selecting a log row explains it; read-only hides re-running and sharing", async () => {
    act(() => root.render(withProviders(<RunDashboard run={RUN} readOnly />)));
    await flush();
    const drop = TLP_TAIL.events.find((e) => e.kind === "drop")!;
    const row = host.querySelector(`[data-testid="event-log"] tr[data-i="${drop.i}"]`) as HTMLElement;
    act(() => row.click());
    expect($("event-details")!.textContent).toContain("Dropped by the loss model (tail)");
    expect(row.className).toContain("sel");
    expect(host.querySelector(".rv-row-action")).toBeNull();
    expect(host.textContent).not.toContain("Drop or delay this transmission");
    expect(Array.from(host.querySelectorAll("button")).some((b) => b.textContent === "Share")).toBe(false);
  });

  it("takes the time window from the URL", async () => {
    history.replaceState(null, "", "/runs/x?from_ms=50&to_ms=300&compress=1");
    act(() => root.render(withProviders(<RunDashboard run={RUN} />)));
    await flush();
    expect(readTrace).toHaveBeenCalledWith(expect.objectContaining({ query: expect.objectContaining({ from_ms: 50, to_ms: 300 }) }));
    expect($("window-status")!.textContent).toContain("50 ms – 300 ms");
    expect((host.querySelector('input[aria-label="Idle threshold (ms)"]') as HTMLInputElement).value).toBe("160");
  });

  it("opens the drop/delay menu from the log", async () => {
    readTrace.mockImplementation(async (opts: { query?: { kinds?: string } }) => {
      const kinds = opts.query?.kinds?.split(",");
      const raw = kinds ? TLP_TAIL.raw.filter((r) => kinds.includes(String(r.kind))) : TLP_TAIL.raw;
      return { data: { ...TLP_TAIL.window, events: raw, returned: raw.length, downsampled: false } };
    });
    act(() => root.render(withProviders(<RunDashboard run={RUN} />)));
    await flush();
    const send = TLP_TAIL.events.filter((e) => e.kind === "send")[3];
    const action = host.querySelector(`[data-testid="event-log"] tr[data-i="${send.i}"] .rv-row-action`) as HTMLButtonElement;
    act(() => action.click());
    await flush();
    const menu = host.querySelector('[role="dialog"]') as HTMLElement;
    expect(menu.textContent).toContain("Segment #4, 1st transmission");
    expect(menu.textContent).toContain("converted to positioned rules");
    expect(Array.from(menu.querySelectorAll('[role="menuitem"]')).map((b) => b.textContent)).toEqual(["Drop this transmission", "Delay by 80 ms"]);
  });

  it("draws one card per variable of the flow's mechanisms, as the catalogue declares them", async () => {
    const vars = [
      { id: 0, family: "cc", member: "westwood", name: "bwe_bytes_per_s", label: "Bandwidth estimate", unit: "bytes/s", doc: "the estimate" },
      { id: 1, family: "cc", member: "vegas", name: "diff_bytes", label: "Vegas diff", unit: "bytes", doc: "" },
    ];
    // the families say where a flow picks its member of each (cc at tcp.cc)
    vi.spyOn(UtilsService, "readMechanisms").mockResolvedValue({ data: { vars, families: catalogue.families } } as never);
    const bwe = { unit: "bytes/s", t_ns: [0, 100e6, 300e6], values: [0, 1e6, 1.2e6], change_points: 3, downsampled: false };
    readSeries.mockImplementation(async (o: { query?: { names?: string } }) => ({ data: o.query?.names ? { ...SERIES, series: { bwe_bytes_per_s: bwe } } : SERIES }));
    const scenario = TLP_TAIL.scenario as { flows: { tcp: Record<string, unknown> }[] };
    const run = { ...RUN, scenario: { ...scenario, flows: [{ ...scenario.flows[0], tcp: { ...scenario.flows[0].tcp, cc: "westwood" } }] } };
    act(() => root.render(withProviders(<RunDashboard run={run} />)));
    await flush();
    expect(readSeries).toHaveBeenCalledWith(expect.objectContaining({ query: expect.objectContaining({ names: "bwe_bytes_per_s", flow: 0 }) }));
    const card = $("var-card-bwe_bytes_per_s")!;
    expect(card.getAttribute("title")).toBe("the estimate");
    expect(card.querySelector("h2")!.textContent).toBe("Bandwidth estimate");
    expect(card.querySelector('path[data-series="bwe_bytes_per_s"]')!.getAttribute("d")).toMatch(/^M/);
    expect($("var-card-diff_bytes")).toBeNull();
  });

  it("asks for no mechanism variables when the flow's mechanisms declare none", async () => {
    vi.spyOn(UtilsService, "readMechanisms").mockResolvedValue({ data: { vars: [{ id: 0, family: "cc", member: "westwood", name: "bwe_bytes_per_s", label: "B", unit: "", doc: "" }], families: catalogue.families } } as never);
    act(() => root.render(withProviders(<RunDashboard run={RUN} />)));
    await flush();
    expect(host.querySelector('[data-testid^="var-card-"]')).toBeNull();
    expect(readSeries.mock.calls.every((c) => !c[0]?.query?.names)).toBe(true);
  });
});

describe("RunView", () => {
  it("shows progress while the run is queued", async () => {
    readRun.mockResolvedValue({ data: { ...RUN, state: "running", progress: 0.42, metrics: null } });
    act(() => root.render(withProviders(<RunView id={RUN.id} />)));
    await flush();
    expect($("run-state")!.textContent).toBe("running");
    expect(host.querySelector('[role="progressbar"]')!.getAttribute("aria-valuenow")).toBe("42");
  });
  it("shows a failed run's error", async () => {
    readRun.mockResolvedValue({ data: { ...RUN, state: "failed", error: "engine crashed", metrics: null } });
    act(() => root.render(withProviders(<RunView id={RUN.id} />)));
    await flush();
    expect(host.querySelector('[role="alert"]')!.textContent).toContain("engine crashed");
    expect($("run-state")!.textContent).toBe("failed");
  });
  it("shows the dashboard when the run succeeded", async () => {
    act(() => root.render(withProviders(<RunView id={RUN.id} />)));
    await flush();
    expect($("run-state")!.textContent).toBe("succeeded");
    expect(count("mark-probe")).toBe(1);
  });
});
