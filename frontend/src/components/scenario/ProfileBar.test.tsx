import { act } from "react";
import raw from "../../lib/forms/fixtures/catalogue.json";
import { defaultScenario, parseCatalogue } from "../../lib/forms/catalogue";
import { ScenarioBuilder } from "./ScenarioBuilder";
import { flush, json, render, stubFetch } from "../compare/testing";

const cat = parseCatalogue(raw);
const profile = (name: string) => raw.profiles.find((p) => p.name === name)!;
const q = (root: HTMLElement, sel: string) => root.querySelector(sel) as HTMLElement | null;
const byLabel = (root: HTMLElement, path: string) => q(root, `[aria-label="${path}"]`) as HTMLInputElement | HTMLSelectElement | null;
const profileButton = (root: HTMLElement, name: string) => q(root, `[data-profile="${name}"]`) as HTMLButtonElement;

// each test drives the whole builder through many edits: generous time on a loaded machine (no timing is asserted)
describe("ProfileBar", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("says the builder's defaults are the engine's, not the paper's Linux, and starts from Linux 3.17 in one click", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/runs") ? json({ runs: [{ id: "r1", seed: 1, state: "queued", deduplicated: false }] }, 202) : undefined));
    const r = await render(
      <ScenarioBuilder catalogue={cat} initial={{ scenario: defaultScenario(cat), mechanisms: { family: "timer", choices: ["tlp"] }, scope: "flows[*]", replications: 1 }} />,
    );
    const status = q(r.container, '[data-testid="profile-status"]')!;
    expect(status.textContent).toContain(profile("engine").label);
    expect(status.textContent).toContain("RFC 5827");
    expect(profileButton(r.container, "engine").getAttribute("aria-pressed")).toBe("true");
    expect(profileButton(r.container, "linux-3.17").getAttribute("aria-pressed")).toBe("false");
    // the difference is visible: FACK off here, on in the paper's Linux
    const fack = q(r.container, '[data-testid="profile-table"] tr[data-key="flows[*].tcp.fack"]')!;
    expect([...fack.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["off", "on", "off", "off"]);
    expect((byLabel(r.container, "flows.0.tcp.fack") as HTMLInputElement).checked).toBe(false);

    await act(async () => profileButton(r.container, "linux-3.17").click());
    expect(q(r.container, '[data-testid="profile-status"]')!.textContent).toContain(profile("linux-3.17").label);
    expect(profileButton(r.container, "linux-3.17").getAttribute("aria-pressed")).toBe("true");
    expect((byLabel(r.container, "flows.0.tcp.fack") as HTMLInputElement).checked).toBe(true);
    expect((byLabel(r.container, "flows.0.tcp.er_variant") as HTMLSelectElement).value).toBe("linux");
    await act(async () => (byLabel(r.container, "flows.0.tcp.er_delayed") as HTMLInputElement).click());
    // edited: no profile any more, and the edited value stands out
    expect(q(r.container, '[data-testid="profile-status"]')!.textContent).toMatch(/none of the profiles/);
    const delayed = [...q(r.container, 'tr[data-key="flows[*].tcp.er_delayed"]')!.querySelectorAll("td")].map((td) => td.textContent);
    expect(delayed).toEqual(["off", "on", "off", "off"]);
    await act(async () => profileButton(r.container, "linux-3.17").click());
    await act(async () => [...r.container.querySelectorAll("button")].find((b) => b.textContent === "Run scenario")!.click());
    await flush();
    const flow = (calls[0].body as { scenario: { flows: Record<string, Record<string, unknown>>[] } }).scenario.flows[0];
    // every key the profile sets, its TCP settings and its receiver (Linux's quick ACKs in slow start)
    expect(profile("linux-3.17").overrides["flows[*].receiver.ack_policy"]).toBe("linux");
    for (const [k, v] of Object.entries(profile("linux-3.17").overrides)) {
      const [section, name] = k.replace("flows[*].", "").split(".");
      expect(flow[section][name], k).toBe(v);
    }
    // the picked timer stays what the picker says
    expect(flow.tcp.timer).toBe("tlp");
    r.unmount();
  });

  it("moves the picker along when a profile sets the member it picks (Linux 6's timer)", async () => {
    stubFetch(() => undefined);
    const r = await render(
      <ScenarioBuilder catalogue={cat} initial={{ scenario: defaultScenario(cat), mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />,
    );
    await act(async () => profileButton(r.container, "linux-6").click());
    const timers = byLabel(r.container, "flows.0.tcp.timer") as HTMLSelectElement;
    expect([...timers.selectedOptions].map((o) => o.value)).toEqual([profile("linux-6").overrides["flows[*].tcp.timer"]]);
    expect(profileButton(r.container, "linux-6").getAttribute("aria-pressed")).toBe("true");
    r.unmount();
  });
});
