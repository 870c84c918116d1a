import { act } from "react";
import raw from "../../lib/forms/fixtures/catalogue.json";
import { defaultScenario, parseCatalogue } from "../../lib/forms/catalogue";
import { mechanismsOf } from "../../lib/forms/mechanisms";
import { withDetectors } from "../../lib/forms/testing";
import { ScenarioBuilder } from "./ScenarioBuilder";
import { flush, json, render, setValue, stubFetch } from "../compare/testing";

const cat = parseCatalogue(raw);
/** The engine's labels, straight from the JSON. */
const family = (name: string) => raw.families.find((f) => f.name === name)!;
const label = (fam: string, name: string) => family(fam).members.find((m) => m.name === name)!.label;
const MSG = "must be between 64 and 65495 (got 20)";

function builder() {
  return <ScenarioBuilder catalogue={cat} initial={{ scenario: defaultScenario(cat), mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />;
}
const byLabel = (root: HTMLElement, path: string) => root.querySelector(`[aria-label="${path}"]`) as HTMLInputElement | HTMLSelectElement | null;
const button = (root: HTMLElement, text: string) => [...root.querySelectorAll("button")].find((b) => b.textContent === text) as HTMLButtonElement;

describe("ScenarioBuilder", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
    history.replaceState(null, "", "/");
  });

  it("generates inputs named by their API paths, with catalogue ranges and docs", async () => {
    stubFetch(() => undefined);
    const r = await render(builder());
    const mss = byLabel(r.container, "flows.0.tcp.mss") as HTMLInputElement;
    expect(mss.type).toBe("number");
    expect(mss.min).toBe("64");
    expect(mss.max).toBe("65495");
    expect(mss.value).toBe("1448");
    for (const p of ["path.forward.rate_bps", "path.reverse.delay_ms", "path.forward.buffer_pkts", "flows.0.receiver.ack_policy", "flows.0.receiver.delack_ms", "flows.0.app.kind", "flows.0.tcp.cc", "flows.0.tcp.sack", "seed", "replications"]) {
      expect(byLabel(r.container, p), p).not.toBeNull();
    }
    const timers = byLabel(r.container, "flows.0.tcp.timer") as HTMLSelectElement;
    expect(timers.multiple).toBe(true);
    expect([...timers.options].map((o) => o.value)).toEqual(["rto", "rtor", "tlp", "tlpr", "tlp_rfc8985"]);
    const tip = mss.closest(".field")!.querySelector('[role="tooltip"]')!;
    expect(tip.textContent).toMatch(/maximum segment size/i);
    // the loss model decides which loss parameters show
    expect(byLabel(r.container, "path.forward.loss.count")).toBeNull();
    await act(async () => setValue(byLabel(r.container, "path.forward.loss.model")!, "tail"));
    expect(byLabel(r.container, "path.forward.loss.count")).not.toBeNull();
    await act(async () => setValue(byLabel(r.container, "path.forward.loss.model")!, "gilbert_elliott"));
    expect(byLabel(r.container, "path.forward.loss.r")).not.toBeNull();
    expect(byLabel(r.container, "path.forward.loss.count")).toBeNull();
    await act(async () => setValue(byLabel(r.container, "path.forward.loss.model")!, "positioned"));
    await act(async () => button(r.container, "Add rule").click());
    expect(byLabel(r.container, "path.forward.loss.rules.0.segment")).not.toBeNull();
    r.unmount();
  });

  it("submits to the server and shows its message right next to the input", async () => {
    const calls = stubFetch((req) =>
      req.url.endsWith("/api/v1/runs") ? json({ detail: [{ loc: ["body", "scenario", "flows", 0, "tcp", "mss"], msg: MSG, type: "value_error.scenario" }] }, 422) : undefined,
    );
    const r = await render(builder());
    const mss = byLabel(r.container, "flows.0.tcp.mss") as HTMLInputElement;
    await act(async () => setValue(mss, "20"));
    // a client-side hint, not an alert
    expect(r.container.querySelector('[data-testid="field-hint"]')?.textContent).toBe(MSG);
    expect(r.container.querySelector('[role="alert"]')).toBeNull();
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    expect(calls).toHaveLength(1);
    expect((calls[0].body as { scenario: { flows: { tcp: { mss: number } }[] } }).scenario.flows[0].tcp.mss).toBe(20);
    const errors = r.container.querySelectorAll('[data-testid="field-error"][role="alert"]');
    expect(errors).toHaveLength(1);
    expect(errors[0].textContent).toBe(MSG);
    expect(mss.parentElement!.contains(errors[0])).toBe(true);
    expect(mss.getAttribute("aria-invalid")).toBe("true");
    expect(location.pathname).toBe("/");
    // editing the field clears its error
    await act(async () => setValue(mss, "1448"));
    expect(r.container.querySelector('[data-testid="field-error"]')).toBeNull();
    r.unmount();
  });

  it("compares the selected timers and places a variant's error on the same input", async () => {
    const calls = stubFetch((req) =>
      req.url.endsWith("/api/v1/comparisons")
        ? json({ detail: [{ loc: ["body", "variants", label("timer", "rto"), "scenario", "path", "forward", "delay_ms"], msg: "must be between 0 and 10000 (got -5)", type: "value_error.scenario" }] }, 422)
        : undefined,
    );
    const r = await render(builder());
    const timers = byLabel(r.container, "flows.0.tcp.timer") as HTMLSelectElement;
    await act(async () => {
      for (const o of timers.options) o.selected = o.value === "rto" || o.value === "tlp";
      timers.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await act(async () => setValue(byLabel(r.container, "path.forward.delay_ms")!, "-5"));
    await act(async () => button(r.container, "Compare mechanisms").click());
    await flush();
    expect(calls[0].body).toMatchObject({ variants: { [label("timer", "rto")]: { "flows[*].tcp.timer": "rto" }, [label("timer", "tlp")]: { "flows[*].tcp.timer": "tlp" } }, baseline: label("timer", "rto"), replications: 1 });
    const err = r.container.querySelector('[data-field="path.forward.delay_ms"] [data-testid="field-error"]');
    expect(err?.textContent).toBe("must be between 0 and 10000 (got -5)");
    r.unmount();
  });

  it("compares along another family: the picker follows the catalogue", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/comparisons") ? json({ id: "cmp1" }, 202) : undefined));
    const r = await render(builder());
    const picker = r.container.querySelector('[data-testid="family-picker"]') as HTMLSelectElement;
    // every family a key picks a member of, the application included, and the one a set picks (compared by combination)
    const picked = raw.families.filter((f) => f.key !== null && f.members.length > 0);
    expect(picked.map((f) => f.name)).toContain("app");
    expect([...picker.options].map((o) => o.value)).toEqual(picked.map((f) => f.name));
    // named by the catalogue's labels
    expect([...picker.options].map((o) => o.textContent)).toEqual(picked.map((f) => f.label));
    // congestion control is an ordinary field while the picker compares timers, and the other way round
    expect((byLabel(r.container, "flows.0.tcp.cc") as HTMLSelectElement).multiple).toBe(false);
    await act(async () => setValue(picker, "cc"));
    const cc = byLabel(r.container, "flows.0.tcp.cc") as HTMLSelectElement;
    expect(cc.multiple).toBe(true);
    expect([...cc.options].map((o) => o.value)).toEqual(family("cc").members.map((m) => m.name));
    expect(r.container.querySelector(`label[for="${cc.id}"]`)?.textContent).toBe(`${family("cc").label}: mechanisms to compare`);
    expect([...cc.selectedOptions].map((o) => o.value)).toEqual(["reno"]);
    const timer = byLabel(r.container, "flows.0.tcp.timer") as HTMLSelectElement;
    expect(timer.multiple).toBe(false);
    await act(async () => {
      for (const o of cc.options) o.selected = o.value === "reno" || o.value === "cubic";
      cc.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(r.container.querySelector(".submit-help")?.textContent).toContain(`${label("cc", "reno")} vs ${label("cc", "cubic")}`);
    await act(async () => button(r.container, "Compare mechanisms").click());
    await flush();
    expect(calls[0].body).toMatchObject({ variants: { [label("cc", "reno")]: { "flows[*].tcp.cc": "reno" }, [label("cc", "cubic")]: { "flows[*].tcp.cc": "cubic" } }, baseline: label("cc", "reno") });
    expect(location.pathname).toBe("/compare/cmp1");
    r.unmount();
  });

  it("compares along the application at its catalogue key, showing what each compared kind reads", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/comparisons") ? json({ id: "cmp2" }, 202) : undefined));
    const r = await render(builder());
    const key = family("app").key as string;
    const path = `flows.0.${key}`;
    // an ordinary field of the application while the picker compares timers
    expect((byLabel(r.container, path) as HTMLSelectElement).multiple).toBe(false);
    await act(async () => setValue(r.container.querySelector('[data-testid="family-picker"]') as HTMLSelectElement, "app"));
    const kinds = byLabel(r.container, path) as HTMLSelectElement;
    expect(kinds.multiple).toBe(true);
    expect(r.container.querySelectorAll(`[aria-label="${path}"]`)).toHaveLength(1);
    expect(r.container.querySelector(`[aria-label="flows.0.tcp.app"]`)).toBeNull();
    expect([...kinds.options].map((o) => o.value)).toEqual(family("app").members.map((m) => m.name));
    await act(async () => {
      for (const o of kinds.options) o.selected = o.value === "fixed" || o.value === "bulk";
      kinds.dispatchEvent(new Event("change", { bubbles: true }));
    });
    // the application group says where its kind is chosen, and shows the fields both kinds read
    expect(r.container.querySelector('[data-testid="app-kind-picked"]')?.textContent).toContain(`${label("app", "fixed")}, ${label("app", "bulk")}`);
    const reads = (k: string) => raw.parameters.filter((p) => p.applies_to?.key === key && p.applies_to.values.includes(k)).map((p) => `flows.0.${p.key}`);
    for (const p of [...reads("fixed"), ...reads("bulk")]) expect(byLabel(r.container, p), p).not.toBeNull();
    for (const p of reads("requests")) expect(byLabel(r.container, p), p).toBeNull();
    await act(async () => button(r.container, "Compare mechanisms").click());
    await flush();
    expect(calls[0].body).toMatchObject({
      variants: { [label("app", "fixed")]: { [`flows[*].${key}`]: "fixed" }, [label("app", "bulk")]: { [`flows[*].${key}`]: "bulk" } },
      baseline: label("app", "fixed"),
    });
    expect(location.pathname).toBe("/compare/cmp2");
    r.unmount();
  });

  it("offers the presets' sets as quick picks", async () => {
    stubFetch(() => undefined);
    const r = await render(
      <ScenarioBuilder
        catalogue={cat}
        initial={{ scenario: defaultScenario(cat), mechanisms: { family: "cc", choices: ["reno"] }, scope: "flows[*]", replications: 1 }}
        quickPicks={[{ family: "timer", choices: ["rto", "tlp"], presets: ["P"] }]}
      />,
    );
    await act(async () => button(r.container, `${family("timer").label}: ${label("timer", "rto")}, ${label("timer", "tlp")}`).click());
    const timers = byLabel(r.container, "flows.0.tcp.timer") as HTMLSelectElement;
    expect([...timers.selectedOptions].map((o) => o.value)).toEqual(["rto", "tlp"]);
    r.unmount();
  });

  it("names families and their members by the catalogue's labels", async () => {
    stubFetch(() => undefined);
    const r = await render(builder());
    // a family's choice is an ordinary field labelled as its family, its options by member labels
    const cc = byLabel(r.container, "flows.0.tcp.cc") as HTMLSelectElement;
    expect(r.container.querySelector(`[data-field="flows.0.tcp.cc"] label`)?.textContent).toBe(family("cc").label);
    expect([...cc.options].map((o) => o.textContent)).toEqual(family("cc").members.map((m) => `${m.label} (${m.name})`));
    expect(r.container.querySelector(`[data-field="flows.0.app.kind"] label`)?.textContent).toBe(family("app").label);
    // member-only keys go under their family's label, with the members that read them
    const groups = raw.parameters.filter((p) => p.section === "flow" && p.key.startsWith("tcp.") && p.applies_to?.family);
    const names = [...new Set(groups.map((p) => p.applies_to!.family as string))];
    expect(names.length).toBeGreaterThan(0);
    for (const fam of names) {
      const box = r.container.querySelector(`[data-testid="family-options-${fam}"]`)!;
      expect(box.querySelector("h4")?.textContent).toBe(`${family(fam).label} options (flow 0)`);
      const readers = [...new Set(groups.filter((p) => p.applies_to!.family === fam).flatMap((p) => p.applies_to!.values))];
      expect(box.querySelector("p")?.textContent).toBe(`Read only by ${readers.map((m) => label(fam, m)).join("; ")}`);
      for (const p of groups.filter((q) => q.applies_to!.family === fam)) expect(box.querySelector(`[aria-label="flows.0.${p.key}"]`), p.key).not.toBeNull();
    }
    r.unmount();
  });

  it("keeps rules the loss model does not read, says so, and lets them go", async () => {
    stubFetch(() => undefined);
    const r = await render(builder());
    const model = () => byLabel(r.container, "path.forward.loss.model")!;
    expect(r.container.querySelector('[data-testid="rules-forward"]')).toBeNull();
    await act(async () => setValue(model(), "positioned"));
    expect(r.container.querySelector('[data-testid="rules-unread"]')).toBeNull();
    await act(async () => button(r.container, "Add rule").click());
    await act(async () => setValue(model(), "tail"));
    const rules = r.container.querySelector('[data-testid="rules-forward"]')!;
    expect(rules.querySelector('[data-testid="rules-unread"]')?.textContent).toContain("positioned");
    expect(byLabel(r.container, "path.forward.loss.rules.0.segment")).not.toBeNull();
    await act(async () => (rules.querySelector('[aria-label="Remove rule 1 (forward)"]') as HTMLButtonElement).click());
    expect(r.container.querySelector('[data-testid="rules-forward"]')).toBeNull();
    r.unmount();
  });

  it("says whether the application kind reads a flow's app.sizes", async () => {
    stubFetch(() => undefined);
    const sc = defaultScenario(cat);
    const flows = sc.flows as { app: Record<string, unknown> }[];
    flows[0].app = { ...flows[0].app, kind: "requests", sizes: [1000, 2000, 3000] };
    const r = await render(<ScenarioBuilder catalogue={cat} initial={{ scenario: sc, mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />);
    const note = () => r.container.querySelector('[data-testid="app-sizes"]');
    expect(note()?.textContent).toContain("lists 3 explicit object sizes");
    expect(note()?.textContent).toContain("take precedence");
    await act(async () => setValue(byLabel(r.container, "flows.0.app.kind")!, "bulk"));
    expect(note()?.textContent).toContain("does not read");
    await act(async () => button(r.container, "Remove them").click());
    expect(note()).toBeNull();
    r.unmount();
  });

  it("shows a set with nothing to choose as a note, never as an input that takes numbers", async () => {
    stubFetch(() => undefined);
    // the engine's set with its members taken away (as tcp.spurious was before any detector)
    const set = raw.parameters.find((p) => p.type === "set")!;
    const bare = parseCatalogue({
      ...raw,
      parameters: raw.parameters.map((p) => (p === set ? { ...p, choices: [], default: [] } : p)),
      families: raw.families.map((f) => (f.key === set.key ? { ...f, members: [] } : f)),
    });
    const r = await render(
      <ScenarioBuilder catalogue={bare} initial={{ scenario: defaultScenario(bare), mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />,
    );
    const path = `flows.0.${set.key}`;
    const box = r.container.querySelector(`[data-field="${path}"]`)!;
    expect(box).not.toBeNull();
    expect(box.querySelector("input, select")).toBeNull();
    expect(byLabel(r.container, path)).toBeNull();
    expect(box.querySelector('[data-testid="set-empty"]')?.textContent).toMatch(/no choice/);
    expect(r.container.querySelector(`input[type="number"][data-path="${path}"]`)).toBeNull();
    r.unmount();
  });

  it("compares along detector sets: the combinations from the catalogue, each variant a list, none the baseline", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/comparisons") ? json({ id: "cmp-det" }, 202) : undefined));
    const c = parseCatalogue(withDetectors(raw, 2));
    const r = await render(<ScenarioBuilder catalogue={c} initial={{ scenario: defaultScenario(c), mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />);
    const picker = r.container.querySelector('[data-testid="family-picker"]') as HTMLSelectElement;
    await act(async () => setValue(picker, "spurious"));
    // the multi-select now lists combinations, labelled by the members' catalogue labels
    const sets = byLabel(r.container, "flows.0.tcp.spurious") as HTMLSelectElement;
    expect(sets.multiple).toBe(true);
    const lbl = (n: string) => mechanismsOf(c, "spurious").find((m) => m.name === n)?.label ?? n;
    const none = `No ${c.families.find((f) => f.name === "spurious")!.label.toLowerCase()}`;
    expect([...sets.options].map((o) => o.value)).toEqual(["", "frto", "eifel", "dsack", "frto+eifel", "frto+dsack", "eifel+dsack"]);
    expect([...sets.options].map((o) => o.textContent)).toEqual([none, lbl("frto"), lbl("eifel"), lbl("dsack"), `${lbl("frto")} + ${lbl("eifel")}`, `${lbl("frto")} + ${lbl("dsack")}`, `${lbl("eifel")} + ${lbl("dsack")}`]);
    // the scenario's own set (none) starts selected; the per-flow checkboxes give way to the picker
    expect([...sets.selectedOptions].map((o) => o.value)).toEqual([""]);
    expect(r.container.querySelectorAll('[aria-label="flows.0.tcp.spurious"]').length).toBe(1);
    await act(async () => {
      for (const o of sets.options) o.selected = ["", "frto", "eifel", "eifel+dsack"].includes(o.value);
      sets.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await act(async () => button(r.container, "Compare mechanisms").click());
    await flush();
    const body = calls.find((x) => x.url.endsWith("/api/v1/comparisons"))!.body as { variants: Record<string, unknown>; baseline: string };
    expect(body.variants).toEqual({
      [none]: { "flows[*].tcp.spurious": [] },
      [lbl("frto")]: { "flows[*].tcp.spurious": ["frto"] },
      [lbl("eifel")]: { "flows[*].tcp.spurious": ["eifel"] },
      [`${lbl("eifel")} + ${lbl("dsack")}`]: { "flows[*].tcp.spurious": ["eifel", "dsack"] },
    });
    expect(body.baseline).toBe(none);
    expect(location.pathname).toBe("/compare/cmp-det");
    r.unmount();
  });

  it("renders a set as checkboxes labelled by its members, writes a list of names and keeps to its count", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/runs") ? json({ runs: [{ id: "s1", seed: 1, state: "queued", deduplicated: false }] }, 202) : undefined));
    const c = parseCatalogue(withDetectors(raw, 2));
    const r = await render(<ScenarioBuilder catalogue={c} initial={{ scenario: defaultScenario(c), mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />);
    const group = byLabel(r.container, "flows.0.tcp.spurious") as unknown as HTMLFieldSetElement;
    expect(group.tagName).toBe("FIELDSET");
    const boxes = () => [...group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes().map((b) => b.value)).toEqual(["frto", "eifel", "dsack"]);
    expect(boxes().map((b) => b.parentElement!.textContent!.trim())).toEqual(["F-RTO (frto)", "Eifel (eifel)", "DSACK undo (dsack)"]);
    expect(boxes().every((b) => !b.checked && !b.disabled)).toBe(true);
    await act(async () => boxes()[2].click());
    await act(async () => boxes()[0].click());
    // at the maximum, the unticked box cannot be ticked
    expect(boxes().map((b) => [b.checked, b.disabled])).toEqual([[true, false], [false, true], [true, false]]);
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    expect((calls.find((x) => x.url.endsWith("/api/v1/runs"))!.body as { scenario: { flows: { tcp: { spurious: unknown } }[] } }).scenario.flows[0].tcp.spurious).toEqual(["frto", "dsack"]);
    r.unmount();
  });

  it("offers the engine's own detectors, labelled from its catalogue, in any combination: all of them, or none (conventional)", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/runs") ? json({ runs: [{ id: "s2", seed: 1, state: "queued", deduplicated: false }] }, 202) : undefined));
    const family = raw.families.find((f) => f.name === "spurious")!;
    const param = raw.parameters.find((p) => p.key === "tcp.spurious")!;
    const r = await render(<ScenarioBuilder catalogue={cat} initial={{ scenario: defaultScenario(cat), mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />);
    const group = byLabel(r.container, "flows.0.tcp.spurious")!;
    const boxes = () => [...group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    // every member of the catalogue's spurious family, in its order, by its label; none ticked by default
    expect(boxes().map((b) => b.value)).toEqual(family.members.map((m) => m.name));
    expect(boxes().map((b) => b.parentElement!.textContent!.trim())).toEqual(family.members.map((m) => `${m.label} (${m.name})`));
    expect(param.default).toEqual([]);
    expect(boxes().every((b) => !b.checked)).toBe(true);
    // all of them at once (the engine allows up to its max)
    expect(family.members.length).toBeLessThanOrEqual(param.max as number);
    for (const b of boxes()) await act(async () => b.click());
    expect(boxes().every((b) => b.checked && !b.disabled)).toBe(true);
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    const sent = () => calls.filter((x) => x.url.endsWith("/api/v1/runs")).map((x) => (x.body as { scenario: { flows: { tcp: { spurious: unknown } }[] } }).scenario.flows[0].tcp.spurious);
    expect(sent().at(-1)).toEqual(family.members.map((m) => m.name));
    // and none again: the conventional recovery, an empty list
    for (const b of boxes()) await act(async () => b.click());
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    expect(sent().at(-1)).toEqual([]);
    r.unmount();
  });

  it("keeps a set's names the engine does not offer, ticked, so that they can go", async () => {
    stubFetch(() => undefined);
    const c = parseCatalogue(withDetectors(raw, 2));
    const sc = defaultScenario(c);
    (sc.flows as { tcp: Record<string, unknown> }[])[0].tcp.spurious = ["rack", "eifel"];
    const r = await render(<ScenarioBuilder catalogue={c} initial={{ scenario: sc, mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />);
    const group = byLabel(r.container, "flows.0.tcp.spurious")!;
    const box = (v: string) => group.querySelector<HTMLInputElement>(`input[value="${v}"]`)!;
    expect([...group.querySelectorAll<HTMLInputElement>("input")].map((b) => [b.value, b.checked])).toEqual([["frto", false], ["eifel", true], ["dsack", false], ["rack", true]]);
    expect(box("frto").disabled).toBe(true);
    await act(async () => box("rack").click());
    expect(group.querySelector('input[value="rack"]')).toBeNull();
    expect(box("frto").disabled).toBe(false);
    r.unmount();
  });

  it("keeps the stages a scenario lists after the loss model, says so, and submits them", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/runs") ? json({ runs: [{ id: "r9", seed: 1, state: "queued", deduplicated: false }] }, 202) : undefined));
    const sc = defaultScenario(cat) as { path: { forward: Record<string, unknown> } };
    sc.path.forward.stages = [{ kind: "bernoulli", p: 0.01 }];
    const r = await render(<ScenarioBuilder catalogue={cat} initial={{ scenario: sc, mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }} />);
    const kind = byLabel(r.container, "path.forward.stages.0.kind") as HTMLSelectElement;
    expect(kind.selectedOptions[0].textContent).toBe(label("stage", "bernoulli"));
    expect((byLabel(r.container, "path.forward.stages.0.p") as HTMLInputElement).value).toBe("0.01");
    expect(r.container.querySelector('[data-testid="listed-reverse"] li')).toBeNull();
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    expect((calls.find((x) => x.url.endsWith("/api/v1/runs"))!.body as { scenario: typeof sc }).scenario.path.forward.stages).toEqual([{ kind: "bernoulli", p: 0.01 }]);
    r.unmount();
  });

  it("edits listed stages: add one, change its kind (its own fields follow), remove one, up to max_items", async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/runs") ? json({ runs: [{ id: "r9", seed: 1, state: "queued", deduplicated: false }] }, 202) : undefined));
    const stages = raw.containers.find((c) => c.type === "tagged_list")!;
    const members = family("stage").members;
    const ge = members.find((m) => m.name === "gilbert_elliott")!;
    const r = await render(builder());
    const add = r.container.querySelector('[aria-label="Add a reverse stages item"]') as HTMLButtonElement;
    // positioned acts on the loss rules: not a kind a listed stage may be
    await act(async () => add.click());
    const kind = byLabel(r.container, "path.reverse.stages.0.kind") as HTMLSelectElement;
    expect([...kind.options].map((o) => o.value)).not.toContain("positioned");
    expect(kind.value).toBe([...kind.options][0].value);
    await act(async () => setValue(kind, "gilbert_elliott"));
    for (const p of ge.params) expect(byLabel(r.container, `path.reverse.stages.0.${p.key}`), p.key).not.toBeNull();
    await act(async () => setValue(byLabel(r.container, "path.reverse.stages.0.p")!, "0.05"));
    for (let i = 1; i < stages.max_items!; i++) await act(async () => add.click());
    expect(r.container.querySelectorAll('[data-testid="listed-reverse"] li')).toHaveLength(stages.max_items!);
    expect(add.disabled).toBe(true);
    for (let i = stages.max_items! - 1; i >= 1; i--) {
      await act(async () => (r.container.querySelector(`[aria-label="Remove stages ${i + 1} (reverse)"]`) as HTMLButtonElement).click());
    }
    expect(add.disabled).toBe(false);
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    const sent = (calls.find((x) => x.url.endsWith("/api/v1/runs"))!.body as { scenario: { path: { reverse: { stages: unknown[] } } } }).scenario.path.reverse.stages;
    // a Gilbert-Elliott stage starts at the catalogue's suggested values (about 1.5 % loss), not at zero loss
    const suggested = raw.suggested.find((x) => x.path === `${stages.path}[].kind` && x.value === "gilbert_elliott")!.set;
    // (a parameter without a suggested value, spare_retransmissions, keeps its default)
    expect(sent).toEqual([{ kind: "gilbert_elliott", ...Object.fromEntries(ge.params.map((p) => [p.key, p.key === "p" ? 0.05 : ((suggested as Record<string, unknown>)[p.key] ?? p.default)])) }]);
    r.unmount();
  });

  it("shows what a special value means instead of its number, and lets it be chosen or left", { timeout: 30_000 }, async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/runs") ? json({ runs: [{ id: "r1", seed: 1, state: "queued", deduplicated: false }] }, 202) : undefined));
    const r = await render(builder());
    const minRto = raw.parameters.find((p) => p.key === "tcp.min_rto_ms")!;
    expect(minRto.default).toBe(-1);
    const input = byLabel(r.container, "flows.0.tcp.min_rto_ms") as HTMLInputElement;
    const toggle = () => input.closest(".field")!.querySelector<HTMLInputElement>('[data-testid="special-toggle"] input')!;
    // -1 is not shown: its meaning is
    expect(input.value).toBe("");
    expect(input.placeholder).toBe(minRto.special[0].label);
    expect(toggle().checked).toBe(true);
    expect(input.closest(".field")!.querySelector('[data-testid="special-toggle"]')!.textContent).toContain(minRto.special[0].label);
    // unticking asks for a number; typing one unticks for good
    await act(async () => toggle().click());
    expect(toggle().checked).toBe(false);
    expect(input.closest(".field")!.querySelector('[data-testid="field-hint"]')!.textContent).toMatch(/^enter a number/);
    await act(async () => setValue(input, "200"));
    expect(input.value).toBe("200");
    expect(toggle().checked).toBe(false);
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    expect((calls[0].body as { scenario: { flows: { tcp: { min_rto_ms: number } }[] } }).scenario.flows[0].tcp.min_rto_ms).toBe(200);
    // back to the profile's default in one click
    await act(async () => toggle().click());
    expect(input.value).toBe("");
    expect(toggle().checked).toBe(true);
    // a number without special values has no toggle
    expect((byLabel(r.container, "flows.0.tcp.mss") as HTMLInputElement).closest(".field")!.querySelector('[data-testid="special-toggle"]')).toBeNull();
    r.unmount();
  });

  it("fills Gilbert-Elliott in with the paper's 1.5 % loss and labels p and r for what they are", { timeout: 30_000 }, async () => {
    const calls = stubFetch((req) => (req.url.endsWith("/api/v1/runs") ? json({ runs: [{ id: "r1", seed: 1, state: "queued", deduplicated: false }] }, 202) : undefined));
    const r = await render(builder());
    const suggested = raw.suggested.find((x) => x.path === "path.{forward,reverse}.loss.model")!;
    await act(async () => setValue(byLabel(r.container, "path.forward.loss.model")!, "gilbert_elliott"));
    for (const [k, v] of Object.entries(suggested.set)) expect(Number((byLabel(r.container, `path.forward.loss.${k}`) as HTMLInputElement).value), k).toBe(v);
    const note = r.container.querySelector('[data-testid="suggestion-forward"]')!;
    expect(note.textContent).toContain("1.51 %");
    expect(r.container.querySelector('[data-testid="suggestion-reverse"]')).toBeNull();
    const labelOf = (path: string) => byLabel(r.container, path)!.closest(".field")!.querySelector("label")!.textContent;
    expect(labelOf("path.forward.loss.p")).toMatch(/good → bad/);
    expect(labelOf("path.forward.loss.r")).toMatch(/bad → good/);
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    const loss = (calls[0].body as { scenario: { path: { forward: { loss: Record<string, unknown> } } } }).scenario.path.forward.loss;
    expect(loss).toMatchObject({ model: "gilbert_elliott", ...suggested.set });
    // Bernoulli's p is its loss probability, and gets no suggestion
    await act(async () => setValue(byLabel(r.container, "path.forward.loss.model")!, "bernoulli"));
    expect(labelOf("path.forward.loss.p")).toBe(raw.families.find((f) => f.name === "stage")!.members.find((m) => m.name === "bernoulli")!.params[0].label);
    expect(r.container.querySelector('[data-testid="suggestion-forward"]')).toBeNull();
    r.unmount();
  });

  it("navigates to the new run on success", async () => {
    stubFetch((req) => (req.url.endsWith("/api/v1/runs") ? json({ runs: [{ id: "abc", seed: 1, state: "queued", deduplicated: false }] }, 202) : undefined));
    const r = await render(builder());
    await act(async () => button(r.container, "Run scenario").click());
    await flush();
    expect(location.pathname).toBe("/runs/abc");
    r.unmount();
  });
});
