import { act } from "react";
import raw from "../../lib/forms/fixtures/catalogue.json";
import { defaultScenario, parseCatalogue } from "../../lib/forms/catalogue";
import { setPath } from "../../lib/forms/paths";
import { ScenarioBuilder } from "./ScenarioBuilder";
import { flush, json, render, setValue, stubFetch } from "../compare/testing";

const cat = parseCatalogue(raw);
// Kato et al.'s Figure 2 table (reconstructed, presets.py KATO_SPIKE) on the forward path
const KATO = [
  { time_ms: 10000, delay_ms: 0, loss_rate: 0 },
  { time_ms: 10000, delay_ms: 5000, loss_rate: 0 },
  { time_ms: 11460, delay_ms: 3550, loss_rate: 0 },
  { time_ms: 11460, delay_ms: 0, loss_rate: 0 },
];

function builder() {
  let sc = defaultScenario(cat) as Record<string, unknown>;
  sc = setPath(sc, "path.forward.stages", [{ kind: "schedule" }]) as Record<string, unknown>;
  sc = setPath(sc, "path.forward.schedule", KATO) as Record<string, unknown>;
  return <ScenarioBuilder catalogue={cat} initial={{ scenario: sc, mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />;
}
const byLabel = (root: HTMLElement, path: string) => root.querySelector(`[aria-label="${path}"]`) as HTMLInputElement | null;
const button = (root: HTMLElement, text: string) => [...root.querySelectorAll("button")].find((b) => b.textContent === text) as HTMLButtonElement;
/** type into a textarea as React hears it */
function typeInto(el: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}
const rowsOf = (root: HTMLElement) => root.querySelectorAll('[data-testid="schedule-forward"] [data-testid="schedule-row"]');
const chart = (root: HTMLElement) => root.querySelector('[data-testid="schedule-chart-forward"]') as SVGElement;

describe("the handover table editor", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
    history.replaceState(null, "", "/");
  });

  it("edits rows with the catalogue's limits, and the live chart follows", async () => {
    stubFetch(() => undefined);
    const r = await render(builder());
    expect(rowsOf(r.container)).toHaveLength(4);
    const delay = byLabel(r.container, "path.forward.schedule.1.delay_ms")!;
    expect([delay.value, delay.min, delay.max]).toEqual(["5000", "0", "600000"]);
    expect(chart(r.container).getAttribute("data-peak-delay")).toBe("5000");
    expect(chart(r.container).getAttribute("aria-label")).toBe("Handover table of the forward path: delay up to 5,000 ms, loss up to 0 %, over 4 rows");
    await act(async () => setValue(delay, "7000"));
    expect(chart(r.container).getAttribute("data-peak-delay")).toBe("7000");
    // out of the catalogue's range: a hint beside the field
    await act(async () => setValue(byLabel(r.container, "path.forward.schedule.2.loss_rate")!, "2"));
    expect(r.container.querySelector('[data-testid="field-hint"]')?.textContent).toMatch(/between 0 and 1/);
    await act(async () => button(r.container, "Add row").click());
    expect(rowsOf(r.container)).toHaveLength(5);
    await act(async () => (r.container.querySelector('[aria-label="Remove table row 5 (forward)"]') as HTMLButtonElement).click());
    expect(rowsOf(r.container)).toHaveLength(4);
    r.unmount();
  });

  it("takes pasted CSV, listing every problem at once, and replaces the table when there is none", async () => {
    stubFetch(() => undefined);
    const r = await render(builder());
    const area = r.container.querySelector('[data-testid="schedule-csv-forward"]') as HTMLTextAreaElement;
    await act(async () => typeInto(area, "0,0,0\n-5,10,0\n100,x,0"));
    await act(async () => button(r.container, "Use these rows").click());
    const problems = [...r.container.querySelectorAll('[data-testid="schedule-csv-errors-forward"] li')].map((li) => li.textContent);
    expect(problems).toEqual(["line 2: time_ms: -5 is outside [0, 3600000]", "line 2: time_ms: -5 is before the previous row's 0 (rows go in time order)", 'line 3: delay_ms: "x" is not a number']);
    expect(rowsOf(r.container)).toHaveLength(4);
    await act(async () => typeInto(area, "time_ms,delay_ms,loss_rate\n2000,0,0\n2000,300,0.1\n4000,0,0"));
    await act(async () => button(r.container, "Use these rows").click());
    expect(rowsOf(r.container)).toHaveLength(3);
    expect(byLabel(r.container, "path.forward.schedule.1.delay_ms")!.value).toBe("300");
    expect(chart(r.container).getAttribute("data-peak-loss")).toBe("0.1");
    r.unmount();
  });

  it("shows every 422 of the table beside its field at once", async () => {
    stubFetch((req) =>
      req.url.endsWith("/api/v1/runs")
        ? json(
            {
              detail: [
                { loc: ["body", "scenario", "path", "forward", "schedule", 2, "time_ms"], msg: "rows must be in time order", type: "value_error.scenario" },
                { loc: ["body", "scenario", "path", "forward", "schedule", 3, "loss_rate"], msg: "must be between 0 and 1 (got 3)", type: "value_error.scenario" },
              ],
            },
            422,
          )
        : undefined,
    );
    const r = await render(builder());
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    const errors = [...r.container.querySelectorAll('[data-testid="field-error"]')];
    expect(errors.map((e) => e.textContent)).toEqual(["rows must be in time order", "must be between 0 and 1 (got 3)"]);
    expect(byLabel(r.container, "path.forward.schedule.2.time_ms")!.getAttribute("aria-invalid")).toBe("true");
    expect(byLabel(r.container, "path.forward.schedule.3.loss_rate")!.getAttribute("aria-invalid")).toBe("true");
    r.unmount();
  });
});
