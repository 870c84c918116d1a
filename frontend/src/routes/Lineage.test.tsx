import { act } from "react";
import { App } from "../App";
import { flush, json, render, stubFetch } from "../components/compare/testing";
import baseline from "../lib/chart-math/fixtures/baseline-tail.json";
import tlp from "../lib/chart-math/fixtures/tlp-tail.json";
import catalogue from "../lib/forms/fixtures/catalogue.json";

// jsdom has no canvas: the marks' drawing is tested with a recording context (drawOverlay.test.ts)
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement["getContext"];

// the engine's single-tail-loss run under the RTO timer (the parent) and under TLP (the re-run)
const P = "11111111-1111-4111-8111-111111111111";
const C = "22222222-2222-4222-8222-222222222222";

function runOf(id: string, f: typeof baseline, parent: string | null) {
  return {
    id,
    state: "succeeded",
    progress: 1,
    seed: 1,
    engine_version: "0.1.0",
    scenario: f.scenario,
    metrics: f.metrics,
    summary: {},
    error: null,
    attempts: 1,
    timings: { created_at: "2026-08-21T12:00:00Z", started_at: null, finished_at: null, queue_ms: null, engine_ms: null },
    parent_run_id: parent,
    children: 0,
  };
}

function serve() {
  return stubFetch((req) => {
    const path = new URL(req.url).pathname;
    if (path === "/api/v1/mechanisms") return json(catalogue);
    if (path === `/api/v1/runs/${P}`) return json(runOf(P, baseline, null));
    if (path === `/api/v1/runs/${C}`) return json(runOf(C, tlp as typeof baseline, P));
    if (path === `/api/v1/runs/${P}/trace`) return json(baseline.trace);
    if (path === `/api/v1/runs/${C}/trace`) return json(tlp.trace);
    return undefined;
  });
}

const vocabEvent = (name: string) => (catalogue.vocab.events as { name: string; label: string }[]).find((e) => e.name === name)!.label;
const metric = (name: string) => (catalogue.metrics as { name: string; label: string; unit: string }[]).find((m) => m.name === name)!;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  history.replaceState(null, "", "/");
});

describe("the before/after view (/runs/:id/vs/:parentId)", () => {
  it("overlays both diagrams with a legend, and lists what changed", async () => {
    history.replaceState(null, "", `/runs/${C}/vs/${P}`);
    const calls = serve();
    const r = await render(<App />);
    await flush(10);
    const view = r.container.querySelector('[data-testid="lineage-view"]')!;
    expect(view).not.toBeNull();
    // both traces, of flow 0
    const traces = calls.filter((c) => c.url.includes("/trace")).map((c) => new URL(c.url));
    expect(traces.map((u) => u.pathname).sort()).toEqual([`/api/v1/runs/${P}/trace`, `/api/v1/runs/${C}/trace`]);
    expect(traces.every((u) => u.searchParams.get("flows") === "0")).toBe(true);

    const legend = [...view.querySelectorAll('[data-testid="lineage-legend"] li')].map((li) => li.textContent);
    expect(legend).toEqual(expect.arrayContaining(["before (parent)", "after (re-run)", vocabEvent("probe"), vocabEvent("retransmit"), vocabEvent("drop")]));
    expect(view.querySelector('[data-testid="lineage-overlay"]')?.getAttribute("aria-label")).toMatch(/parent run \(before\) outlined.*re-run \(after\) solid/);
    expect(view.querySelector('[data-testid="overlay-divergence"]')?.getAttribute("data-t")).toBe("320");
    expect(view.querySelector('[data-testid="lineage-summary"]')?.textContent).toBe(
      "The runs agree up to 320 ms; from there 6 marks differ: 2 only after, 2 only before, 2 moved in time.",
    );

    // the scenario: the timer policy is what the re-run changed
    const scenario = view.querySelector('[data-testid="lineage-scenario"]')!;
    expect(scenario.textContent).toContain("flows[0].tcp.timer");
    expect(scenario.textContent).toContain('"rto"');
    expect(scenario.textContent).toContain('"tlp"');

    // metrics named by the catalogue, the changed ones side by side
    const fct = view.querySelector('[data-testid="lineage-metrics"] [data-testid="lineage-metric-fct_ms"]')!;
    expect(fct.querySelector("th")?.textContent).toBe(`${metric("fct_ms").label} (${metric("fct_ms").unit})`);
    expect([...fct.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["742.969", "360", "−383 (−52%) better"]);
    expect(view.querySelector('[data-testid="lineage-metrics"] [data-testid="lineage-metric-retransmissions"]')).toBeNull();
    expect(view.querySelector('[data-testid="lineage-metrics-unchanged"] [data-testid="lineage-metric-retransmissions"]')).not.toBeNull();

    // the rare marks that differ, in words and time
    const marks = [...view.querySelectorAll('[data-testid="lineage-mark"]')];
    const probe = marks.find((m) => m.getAttribute("data-kind") === "probe")!;
    expect(probe.getAttribute("data-status")).toBe("after-only");
    expect(probe.querySelector("th")?.textContent).toBe(`${vocabEvent("probe")} of segment 10 (transmission 2)`);
    expect([...probe.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["–", "320 ms", "only after"]);
    const rtx = marks.find((m) => m.getAttribute("data-kind") === "retransmit")!;
    expect(rtx.getAttribute("data-status")).toBe("before-only");

    // "show" rings the mark in the diagram
    expect(view.querySelector('[data-testid="overlay-highlight"]')).toBeNull();
    const button = probe.querySelector("button")!;
    await act(async () => button.click());
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(view.querySelectorAll('[data-testid="overlay-highlight"]')).toHaveLength(1);
    r.unmount();
  });

  it("zooms both diagrams to a window kept in the URL, fetching the window's traces", async () => {
    history.replaceState(null, "", `/runs/${C}/vs/${P}`);
    const calls = serve();
    const r = await render(<App />);
    await flush(10);
    const view = r.container.querySelector('[data-testid="lineage-view"]')!;
    const figure = () => view.querySelector('[data-testid="lineage-overlay"]')!;
    const windowOf = () => figure().getAttribute("data-window")!.split("-").map(Number);
    const button = (name: string) => [...view.querySelectorAll<HTMLButtonElement>('[data-testid="overlay-zoom"] button')].find((b) => b.textContent === name)!;
    const [w0, w1] = windowOf();
    expect(w0).toBeLessThan(320);
    expect(w1).toBeGreaterThan(320);
    expect(button("Whole runs").disabled).toBe(true);
    expect(view.querySelector('[data-testid="overlay-zoom"]')?.textContent).toContain("whole runs");

    // a quarter of the runs' span around the instant they part (320 ms)
    await act(async () => button("Zoom to where the runs part").click());
    await flush(10);
    const url = new URL(location.href);
    const from = Number(url.searchParams.get("from_ms"));
    const to = Number(url.searchParams.get("to_ms"));
    expect(from).toBeLessThan(320);
    expect(to).toBeGreaterThan(320);
    expect((to - from) / (w1 - w0)).toBeCloseTo(0.25, 6);
    expect(windowOf()).toEqual([from, to]);
    expect(view.querySelector('[data-testid="overlay-divergence"]')).not.toBeNull();
    // both runs' traces of that window, at full resolution
    const windowed = calls.map((c) => new URL(c.url)).filter((u) => u.pathname.endsWith("/trace") && u.searchParams.get("from_ms") !== null);
    expect(windowed.map((u) => u.pathname).sort()).toEqual([`/api/v1/runs/${P}/trace`, `/api/v1/runs/${C}/trace`]);
    expect(windowed.every((u) => Number(u.searchParams.get("from_ms")) === from && Number(u.searchParams.get("to_ms")) === to)).toBe(true);
    // the comparison still reads the whole runs
    expect(view.querySelector('[data-testid="lineage-summary"]')?.textContent).toMatch(/^The runs agree up to 320 ms; from there 6 marks differ/);

    // a window before the runs part shows no parting line; "Whole runs" returns
    history.replaceState(null, "", `/runs/${C}/vs/${P}?from_ms=0&to_ms=100`);
    await act(async () => window.dispatchEvent(new PopStateEvent("popstate")));
    await flush(10);
    expect(windowOf()).toEqual([0, 100]);
    expect(view.querySelector('[data-testid="overlay-divergence"]')).toBeNull();
    await act(async () => button("Whole runs").click());
    await flush(10);
    expect(new URL(location.href).searchParams.get("from_ms")).toBeNull();
    expect(windowOf()).toEqual([w0, w1]);
    r.unmount();
  });

  it("says so when the run was not made from the other", async () => {
    history.replaceState(null, "", `/runs/${P}/vs/${C}`);
    serve();
    const r = await render(<App />);
    await flush(10);
    expect(r.container.querySelector('[data-testid="lineage-not-child"]')?.textContent).toMatch(/was not made from run 22222222/);
    expect(r.container.querySelector('[data-testid="lineage-overlay"]')).not.toBeNull();
    r.unmount();
  });

  it("rejects ids that are not run ids", async () => {
    history.replaceState(null, "", `/runs/${C}/vs/nope`);
    const calls = serve();
    const r = await render(<App />);
    await flush();
    expect(r.container.querySelector('[role="alert"]')?.textContent).toMatch(/Not a pair of run ids/);
    expect(calls.filter((c) => c.url.includes("/runs/"))).toEqual([]);
    r.unmount();
  });

  it("waits for both runs to finish before drawing", async () => {
    history.replaceState(null, "", `/runs/${C}/vs/${P}`);
    stubFetch((req) => {
      const path = new URL(req.url).pathname;
      if (path === `/api/v1/runs/${P}`) return json(runOf(P, baseline, null));
      if (path === `/api/v1/runs/${C}`) return json({ ...runOf(C, tlp as typeof baseline, P), state: "running", progress: 0.4 });
      return undefined;
    });
    const r = await render(<App />);
    await flush();
    const view = r.container.querySelector('[data-testid="lineage-view"]')!;
    expect(view.textContent).toContain("The diagrams appear when both runs have finished.");
    expect([...view.querySelectorAll('[data-testid="history-status"]')].map((s) => s.textContent)).toEqual(["succeeded", "running 40 %"]);
    expect(view.querySelector('[data-testid="lineage-overlay"]')).toBeNull();
    r.unmount();
  });
});
