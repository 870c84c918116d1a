import { act } from "react";
import raw from "../../lib/forms/fixtures/catalogue.json";
import { defaultScenario, parseCatalogue, type Catalogue } from "../../lib/forms/catalogue";
import type { ComparisonCreate } from "../../client/types.gen";
import { ScenarioBuilder } from "./ScenarioBuilder";
import { flush, json, render, setValue, stubFetch } from "../compare/testing";

/** the catalogue as this service serves it: the engine's, with the service's run budget */
const LIMIT = 500;
const cat: Catalogue = (() => {
  const c = parseCatalogue(raw);
  return { ...c, limits: { ...c.limits, max_comparison_runs: LIMIT } };
})();

function builder(choices = ["rto", "tlp"], catalogue = cat, grid?: Record<string, unknown[]>, family = "timer", scenario: Record<string, unknown> = defaultScenario(catalogue)) {
  return <ScenarioBuilder catalogue={catalogue} initial={{ scenario, mechanisms: { family, choices }, scope: "flows[*]", replications: 1, grid }} />;
}
const q = <T extends Element = HTMLElement>(root: HTMLElement, sel: string) => root.querySelector(sel) as T | null;
const byLabel = <T extends Element = HTMLInputElement>(root: HTMLElement, label: string) => q<T>(root, `[aria-label="${label}"]`);
const button = (root: HTMLElement, text: string) => [...root.querySelectorAll("button")].find((b) => b.textContent === text) as HTMLButtonElement;
const estimate = (root: HTMLElement) => q(root, '[data-testid="sweep-estimate"]')!;
const delayLabel = raw.parameters.find((p) => p.path === "path.{forward,reverse}.delay_ms")!.label;
const ackLabel = raw.parameters.find((p) => p.path === "flows[].receiver.ack_policy")!.label;

async function addAxis(root: HTMLElement, n: number, path: string) {
  await act(async () => button(root, n === 1 ? "Sweep a field" : "Add another field").click());
  await act(async () => setValue(byLabel<HTMLSelectElement>(root, `Sweep field ${n}`)!, path));
}

// each test drives the whole builder through many edits: generous time on a loaded machine (no timing is asserted)
describe("SweepEditor", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
    history.replaceState(null, "", "/");
  });

  it("builds a two-field grid, counts its runs live and submits it as a comparison", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/comparisons") ? json({ id: "c-42", n_runs: 24, deduplicated_runs: 0 }, 202) : undefined));
    const r = await render(builder());
    expect(estimate(r.container).textContent).toBe(`1 scenario × 2 variants × 1 replication = 2 runs · this server's limit: ${LIMIT} runs per comparison`);
    await addAxis(r.container, 1, "path.*.delay_ms");
    // a new number axis starts from the scenario's value
    const values = byLabel(r.container, `Values of ${delayLabel} (both directions)`)!;
    expect(values.value).toBe(String(raw.parameters.find((p) => p.path === "path.{forward,reverse}.delay_ms")!.default));
    await act(async () => setValue(values, "5, 10, 20"));
    await addAxis(r.container, 2, "flows[*].receiver.ack_policy");
    // a choice axis starts with every value ticked; untick one
    const boxes = [...r.container.querySelectorAll<HTMLInputElement>(`[aria-label="Values of ${ackLabel}"] input[type="checkbox"]`)];
    expect(boxes.map((b) => b.value)).toEqual(raw.parameters.find((p) => p.path === "flows[].receiver.ack_policy")!.choices);
    expect(boxes.every((b) => b.checked)).toBe(true);
    await act(async () => boxes.find((b) => b.value === "linux")!.click());
    // 3 delays x 2 ACK policies x 2 timers x 2 replications
    await act(async () => setValue(byLabel(r.container, "replications")!, "2"));
    expect(estimate(r.container).textContent).toMatch(/^6 cells × 2 variants × 2 replications = 24 runs/);
    expect(estimate(r.container).getAttribute("data-runs")).toBe("24");
    const submit = button(r.container, "Run sweep");
    expect(submit).toBeDefined();
    await act(async () => submit.click());
    await flush();
    const posted = calls.filter((c) => c.url.endsWith("/api/v1/comparisons"));
    expect(posted).toHaveLength(1);
    const body = posted[0].body as ComparisonCreate;
    expect(body.grid).toEqual({ "path.*.delay_ms": [5, 10, 20], "flows[*].receiver.ack_policy": ["quick", "delayed"] });
    expect(body.replications).toBe(2);
    expect(Object.keys(body.variants)).toHaveLength(2);
    expect(location.pathname).toBe("/compare/c-42");
    r.unmount();
  });

  it("fills a range, and shows every error of every field at once without submitting", async () => {
    const calls = stubFetch(() => undefined);
    const r = await render(builder());
    await addAxis(r.container, 1, "path.*.delay_ms");
    const label = `${delayLabel} (both directions)`;
    await act(async () => q<HTMLElement>(r.container, ".sweep-range summary")!.click());
    await act(async () => setValue(byLabel(r.container, `Range start of ${label}`)!, "10"));
    await act(async () => setValue(byLabel(r.container, `Range stop of ${label}`)!, "40"));
    await act(async () => setValue(byLabel(r.container, `Range step of ${label}`)!, "10"));
    await act(async () => button(r.container, "Fill in").click());
    expect(byLabel(r.container, `Values of ${label}`)!.value).toBe("10, 20, 30, 40");
    expect(q(r.container, '[data-testid="sweep-axis-count"]')!.textContent).toBe("4 values");
    // now break it in three ways, and add a count axis with an integer problem
    await act(async () => setValue(byLabel(r.container, `Values of ${label}`)!, "10, ten, -5, 10"));
    await addAxis(r.container, 2, "path.forward.loss.count");
    const countLabel = raw.parameters.find((p) => p.path === "path.{forward,reverse}.loss.count")!.label;
    await act(async () => setValue(byLabel(r.container, `Values of ${countLabel} (forward)`)!, "1.5"));
    const lists = [...r.container.querySelectorAll('[data-testid="sweep-errors"]')];
    expect(lists.map((l) => [...l.querySelectorAll("li")].map((li) => li.textContent))).toEqual([
      ["“ten” is not a number", `-5: must be between 0 and ${raw.parameters.find((p) => p.path === "path.{forward,reverse}.delay_ms")!.max} (got -5)`, "10 is listed twice"],
      ["1.5: must be an integer between 0 and 1000000"],
    ]);
    expect(lists.every((l) => l.getAttribute("role") === "alert")).toBe(true);
    // the count is not read with the default loss model: said, not blocking
    expect(q(r.container, '[data-testid="sweep-warning"]')!.textContent).toMatch(/only when model is tail/);
    await act(async () => button(r.container, "Run sweep").click());
    await flush();
    expect(calls).toHaveLength(0);
    expect(r.container.querySelector(".submit-help")!.textContent).toBe("Fix the sweep first: 4 errors, shown next to its fields.");
    // removing the broken axes makes it sendable again
    await act(async () => (byLabel<HTMLButtonElement>(r.container, "Remove sweep field 2") as HTMLButtonElement).click());
    await act(async () => setValue(byLabel(r.container, `Values of ${label}`)!, "10, 20"));
    expect(r.container.querySelector('[data-testid="sweep-errors"]')).toBeNull();
    r.unmount();
  });

  it("refuses a sweep over the server's limit before submitting, naming the limit", async () => {
    const calls = stubFetch(() => undefined);
    const r = await render(builder(["rto", "rtor", "tlp", "tlpr"]));
    await addAxis(r.container, 1, "path.*.delay_ms");
    await act(async () => setValue(byLabel(r.container, `Values of ${delayLabel} (both directions)`)!, "5, 10, 20, 40, 80"));
    await act(async () => setValue(byLabel(r.container, "replications")!, "30"));
    // 5 cells x 4 variants x 30 replications = 600 > 500
    expect(estimate(r.container).getAttribute("data-runs")).toBe("600");
    const over = q(r.container, '[data-testid="sweep-over-limit"]')!;
    expect(over.getAttribute("role")).toBe("alert");
    expect(over.textContent).toContain(`600 runs is over this server's limit of ${LIMIT} runs per comparison`);
    await act(async () => button(r.container, "Run sweep").click());
    await flush();
    expect(calls).toHaveLength(0);
    await act(async () => setValue(byLabel(r.container, "replications")!, "25"));
    expect(q(r.container, '[data-testid="sweep-over-limit"]')).toBeNull();
    r.unmount();
  });

  it("without a published limit, submits and shows the server's own error at the sweep", async () => {
    const plain = parseCatalogue(raw); // an engine catalogue naming no run budget
    const msg = "grid cells x variants x replications = 12,000; the limit is 10,000";
    const calls = stubFetch((req) =>
      req.url.endsWith("/api/v1/comparisons")
        ? json(
            {
              detail: [
                { loc: ["body", "replications"], msg, type: "value_error" },
                { loc: ["body", "grid", "path", "*", "delay_ms"], msg: "must list between 1 and 64 values", type: "value_error" },
              ],
            },
            422,
          )
        : undefined,
    );
    const r = await render(builder(["rto", "tlp"], plain));
    await addAxis(r.container, 1, "path.*.delay_ms");
    expect(estimate(r.container).textContent).not.toContain("limit");
    await act(async () => button(r.container, "Run sweep").click());
    await flush();
    expect(calls).toHaveLength(1);
    // both at once: the run budget at replications, the grid's at its axis
    const alerts = [...r.container.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    expect(alerts).toContain(msg);
    expect(q(r.container, '[data-testid="sweep-errors"]')!.textContent).toBe("must list between 1 and 64 values");
    expect(location.pathname).toBe("/");
    r.unmount();
  });

  it("sweeps a mechanism's own parameter and a stage's, listed under their mechanism", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/comparisons") ? json({ id: "c-7", n_runs: 12, deduplicated_runs: 0 }, 202) : undefined));
    const base = defaultScenario(cat);
    const path = base.path as Record<string, Record<string, unknown>>;
    const scenario = { ...base, path: { ...path, forward: { ...path.forward, stages: [{ kind: "bernoulli", p: 0.01 }] } } };
    const r = await render(builder(["reno", "vegas"], cat, undefined, "cc", scenario));
    await addAxis(r.container, 1, "flows[*].tcp.cc_params.vegas.alpha");
    // the option sits in its member's group, named by the catalogue
    const vegas = raw.families.find((f) => f.name === "cc")!.members.find((m) => m.name === "vegas")!;
    const alphaLabel = `${vegas.label}: ${vegas.params!.find((p) => p.key === "alpha")!.label}`;
    const option = q<HTMLOptionElement>(r.container, 'option[value="flows[*].tcp.cc_params.vegas.alpha"]')!;
    expect((option.parentElement as HTMLOptGroupElement).label).toBe(`${raw.families.find((f) => f.name === "cc")!.label}: ${vegas.label}`);
    // starts from the catalogue's default; Vegas is compared, so the values are read: no warning
    const alpha = byLabel(r.container, `Values of ${alphaLabel}`)!;
    expect(alpha.value).toBe(String(vegas.params!.find((p) => p.key === "alpha")!.default));
    await act(async () => setValue(alpha, "1, 3, 2000"));
    await addAxis(r.container, 2, "path.forward.stages[0].p");
    const bern = raw.families.find((f) => f.name === "stage")!.members.find((m) => m.name === "bernoulli")!;
    const pLabel = `${bern.label}: ${bern.params!.find((p) => p.key === "p")!.label} (forward, stage 0)`;
    await act(async () => setValue(byLabel(r.container, `Values of ${pLabel}`)!, "0, 0.05, 2"));
    // both axes' errors at once, each at its field
    const lists = [...r.container.querySelectorAll('[data-testid="sweep-errors"]')].map((l) => l.textContent);
    expect(lists).toEqual(["2000: must be between 0 and 1000 (got 2000)", "2: must be between 0 and 1 (got 2)"]);
    expect(r.container.querySelector('[data-testid="sweep-warning"]')).toBeNull();
    await act(async () => setValue(byLabel(r.container, `Values of ${alphaLabel}`)!, "1, 3"));
    await act(async () => setValue(byLabel(r.container, `Values of ${pLabel}`)!, "0, 0.05, 0.1"));
    expect(estimate(r.container).textContent).toMatch(/^6 cells × 2 variants × 1 replication = 12 runs/);
    await act(async () => button(r.container, "Run sweep").click());
    await flush();
    const posted = calls.filter((c) => c.url.endsWith("/api/v1/comparisons"));
    expect(posted).toHaveLength(1);
    expect((posted[0].body as ComparisonCreate).grid).toEqual({ "flows[*].tcp.cc_params.vegas.alpha": [1, 3], "path.forward.stages[0].p": [0, 0.05, 0.1] });
    r.unmount();
  });

  it("opens a preset's grid as its axes", async () => {
    stubFetch(() => undefined);
    const r = await render(builder(["rto", "tlp"], cat, { "path.*.delay_ms": [5, 10, 20, 40, 80, 160, 320], "flows[*].receiver.ack_policy": ["delayed", "quick"] }));
    const axes = [...r.container.querySelectorAll('[data-testid="sweep-axis"]')];
    expect(axes.map((a) => a.getAttribute("data-path"))).toEqual(["path.*.delay_ms", "flows[*].receiver.ack_policy"]);
    expect(estimate(r.container).textContent).toMatch(/^14 cells × 2 variants × 1 replication = 28 runs/);
    r.unmount();
  });

  it("puts congestion control, the optimisation switches and the send-buffer growth on grid axes while comparing the recovery family (issue #11)", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/comparisons") ? json({ id: "c-orsb", n_runs: 128, deduplicated_runs: 0 }, 202) : undefined));
    const recovery = ["rate_halving", "prr", "qarr", "barr"];
    const r = await render(builder(recovery, cat, undefined, "recovery"));
    const label = (path: string) => raw.parameters.find((p) => p.path === path)!.label;
    const ticks = (path: string) => [...r.container.querySelectorAll<HTMLInputElement>(`[aria-label="Values of ${label(path)}"] input[type="checkbox"]`)];
    // the congestion controls: every one offered, two kept
    await addAxis(r.container, 1, "flows[*].tcp.cc");
    expect(ticks("flows[].tcp.cc").map((b) => b.value)).toEqual(raw.parameters.find((p) => p.path === "flows[].tcp.cc")!.choices);
    for (const b of ticks("flows[].tcp.cc")) if (b.value !== "cubic" && b.value !== "veno") await act(async () => b.click());
    // the two switches: off and on, both ticked from the start
    await addAxis(r.container, 2, "flows[*].tcp.opportunistic_rtx");
    expect(ticks("flows[].tcp.opportunistic_rtx").map((b) => [b.value, b.checked, b.parentElement!.textContent!.trim()])).toEqual([
      ["false", true, "off"],
      ["true", true, "on"],
    ]);
    await addAxis(r.container, 3, "flows[*].tcp.hack1_dupack_rtx");
    // the send buffer's growth factor: Linux's 2 and the paper's 3
    await addAxis(r.container, 4, "flows[*].tcp.sndbuf_growth");
    await act(async () => setValue(byLabel(r.container, `Values of ${label("flows[].tcp.sndbuf_growth")}`)!, "2, 3"));
    // none is said to change nothing: the engine reads each under every recovery algorithm
    expect(r.container.querySelectorAll('[data-testid="sweep-warning"]')).toHaveLength(0);
    expect(r.container.querySelectorAll('[data-testid="sweep-errors"]')).toHaveLength(0);
    // 2 CCs x 2 x 2 x 2 growth factors = 16 cells, x 4 algorithms x 2 replications
    await act(async () => setValue(byLabel(r.container, "replications")!, "2"));
    expect(estimate(r.container).textContent).toMatch(/^16 cells × 4 variants × 2 replications = 128 runs/);
    await act(async () => button(r.container, "Run sweep").click());
    await flush();
    const posted = calls.filter((c) => c.url.endsWith("/api/v1/comparisons"));
    expect(posted).toHaveLength(1);
    const body = posted[0].body as ComparisonCreate;
    // the switches go as booleans, the growth factor as integers: the API applies them as the scenario holds them
    expect(body.grid).toEqual({
      "flows[*].tcp.cc": ["cubic", "veno"],
      "flows[*].tcp.opportunistic_rtx": [false, true],
      "flows[*].tcp.hack1_dupack_rtx": [false, true],
      "flows[*].tcp.sndbuf_growth": [2, 3],
    });
    // one variant per algorithm (in the catalogue's order), each choosing it for every flow
    expect(Object.values(body.variants).flatMap((v) => Object.values(v)).sort()).toEqual([...recovery].sort());
    expect(location.pathname).toBe("/compare/c-orsb");
    r.unmount();
  });
});
