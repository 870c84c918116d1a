import presets from "./fixtures/presets.json";
import raw from "./fixtures/catalogue.json";
import type { PresetPublic } from "../../client/types.gen";
import { parseCatalogue } from "./catalogue";
import { mechanismLabel } from "./mechanisms";
import { buildComparisonBody, buildRunBody, defaultRunVariant, firstSentence, forkFromShare, hasRandomLoss, mechanismInScenario, presetComparisonBody, randomLossChoices } from "./requests";
import { withDetectors } from "./testing";

const cat = parseCatalogue(raw);
/** The same catalogue from an engine that gives no mechanism labels. */
const unlabelled = parseCatalogue({
  ...raw,
  mechanisms: Object.fromEntries(Object.entries(raw.mechanisms).map(([f, ms]) => [f, ms.map(({ label: _, ...m }) => m)])),
});
/** The engine's label for a mechanism, read straight from the JSON. */
const label = (family: keyof typeof raw.mechanisms, name: string) => raw.mechanisms[family].find((m) => m.name === name)!.label;

const P = presets as unknown as PresetPublic[];
const tail = P.find((p) => p.name === "tail-loss-rtt-sweep")!;
const web = P.find((p) => p.name === "web-objects")!;
const scenario = { seed: 7, flows: [{ tcp: { timer: "rto", mss: 1448 } }, { tcp: { timer: "rto" } }] };

describe("request bodies", () => {
  it("runs one mechanism on every flow, one run per seed", () => {
    const body = buildRunBody({ scenario, mechanisms: { family: "timer", choices: ["tlp"] }, scope: "flows[*]", replications: 3 }, cat);
    expect((body.scenario as typeof scenario).flows.map((f) => f.tcp.timer)).toEqual(["tlp", "tlp"]);
    expect(body.seeds).toEqual([7, 8, 9]);
    expect(buildRunBody({ scenario, mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1 }, cat).seeds).toBeUndefined();
    expect(scenario.flows[0].tcp.timer).toBe("rto");
    const cc = buildRunBody({ scenario, mechanisms: { family: "cc", choices: ["cubic"] }, scope: "flows[*]", replications: 1 }, cat);
    expect((cc.scenario as { flows: { tcp: { cc: string } }[] }).flows.map((f) => f.tcp.cc)).toEqual(["cubic", "cubic"]);
  });

  it("compares one variant per mechanism in catalogue order, named by label else name, the family's default the baseline", () => {
    const body = buildComparisonBody({ scenario, mechanisms: { family: "timer", choices: ["tlp", "rto"] }, scope: "flows[0:1]", replications: 2 }, unlabelled);
    expect(body.variants).toEqual({ rto: { "flows[0:1].tcp.timer": "rto" }, tlp: { "flows[0:1].tcp.timer": "tlp" } });
    expect(Object.keys(body.variants)).toEqual(["rto", "tlp"]);
    expect(body.baseline).toBe("rto");
    expect(body.replications).toBe(2);
    expect(body.base).toEqual({ scenario });
    const noDefault = buildComparisonBody({ scenario, mechanisms: { family: "timer", choices: ["tlpr", "tlp"] }, scope: "flows[*]", replications: 0 }, unlabelled);
    expect(noDefault).toMatchObject({ baseline: "tlp", replications: 1 });
    const withLabel = buildComparisonBody({ scenario, mechanisms: { family: "timer", choices: ["tlpr", "rto"] }, scope: "flows[*]", replications: 1 }, cat);
    expect(label("timer", "tlpr")).not.toBe("tlpr");
    expect(Object.keys(withLabel.variants)).toEqual([label("timer", "rto"), label("timer", "tlpr")]);
    expect(withLabel.variants[label("timer", "tlpr")]).toEqual({ "flows[*].tcp.timer": "tlpr" });
    expect(withLabel.baseline).toBe(label("timer", "rto"));
  });

  it("compares detector sets: one variant per combination, lists as overrides, the empty set the baseline", () => {
    const c = parseCatalogue(withDetectors(raw));
    const sc = { seed: 3, flows: [{ tcp: { spurious: ["dsack"] } }] };
    const sel = { family: "spurious", choices: ["eifel", "frto", ""] };
    const body = buildComparisonBody({ scenario: sc, mechanisms: sel, scope: "flows[*]", replications: 1 }, c);
    const lbl = (n: string) => mechanismLabel(c, "spurious", n);
    // in the catalogue's order of combinations: none, F-RTO, Eifel
    expect(Object.keys(body.variants)).toEqual([lbl(""), lbl("frto"), lbl("eifel")]);
    expect(body.variants).toEqual({
      [lbl("")]: { "flows[*].tcp.spurious": [] },
      [lbl("frto")]: { "flows[*].tcp.spurious": ["frto"] },
      [lbl("eifel")]: { "flows[*].tcp.spurious": ["eifel"] },
    });
    // the parameter's default (no detector) is the baseline when chosen
    expect(body.baseline).toBe(lbl(""));
    const pair = buildComparisonBody({ scenario: sc, mechanisms: { family: "spurious", choices: ["eifel+dsack", "eifel"] }, scope: "flows[*]", replications: 1 }, c);
    expect(pair.variants[lbl("eifel+dsack")]).toEqual({ "flows[*].tcp.spurious": ["eifel", "dsack"] });
    expect(pair.baseline).toBe(lbl("eifel"));
    // a run of the empty set writes the empty list (not "nothing chosen")
    const run = buildRunBody({ scenario: sc, mechanisms: { family: "spurious", choices: [""] }, scope: "flows[*]", replications: 1 }, c);
    expect((run.scenario as typeof sc).flows[0].tcp.spurious).toEqual([]);
    // the builder starts from the scenario's own set
    expect(mechanismInScenario(c, sc, "spurious")).toEqual(["dsack"]);
    expect(mechanismInScenario(c, { flows: [{ tcp: {} }] }, "spurious")).toEqual([""]);
  });

  it("runs and compares along the application, at the catalogue's key (app.kind), not tcp.app", () => {
    const key = raw.families.find((f) => f.name === "app")!.key as string;
    const sc = { flows: [{ app: { kind: "fixed" }, tcp: {} }, { app: { kind: "fixed" }, tcp: {} }] };
    const run = buildRunBody({ scenario: sc, mechanisms: { family: "app", choices: ["bulk"] }, scope: "flows[*]", replications: 1 }, cat);
    expect((run.scenario as typeof sc).flows.map((f) => f.app.kind)).toEqual(["bulk", "bulk"]);
    expect((run.scenario as typeof sc).flows.every((f) => !("app" in f.tcp))).toBe(true);
    const body = buildComparisonBody({ scenario: sc, mechanisms: { family: "app", choices: ["requests", "fixed"] }, scope: "flows[*]", replications: 1 }, cat);
    const app = (name: string) => raw.families.find((f) => f.name === "app")!.members.find((m) => m.name === name)!.label;
    expect(body.variants).toEqual({ [app("fixed")]: { [`flows[*].${key}`]: "fixed" }, [app("requests")]: { [`flows[*].${key}`]: "requests" } });
    expect(body.baseline).toBe(app("fixed"));
  });

  it("compares along any family: congestion control", () => {
    const body = buildComparisonBody({ scenario, mechanisms: { family: "cc", choices: ["cubic", "reno"] }, scope: "flows[*]", replications: 1 }, cat);
    expect(body.variants).toEqual({ [label("cc", "reno")]: { "flows[*].tcp.cc": "reno" }, [label("cc", "cubic")]: { "flows[*].tcp.cc": "cubic" } });
    expect(body.baseline).toBe(label("cc", "reno"));
  });
});

describe("presets", () => {
  it("tells deterministic presets from random-loss ones", () => {
    expect(hasRandomLoss(cat, tail.scenario)).toBe(false);
    expect(hasRandomLoss(cat, web.scenario)).toBe(true);
    expect(hasRandomLoss(cat, {})).toBe(false);
  });

  it("knows the random loss models from the catalogue: those that read a probability", () => {
    const model = raw.parameters.find((p) => p.section === "loss" && p.key === "model")!;
    const probabilistic = [...new Set(raw.parameters.filter((p) => p.section === "loss" && p.type === "float" && p.min === 0 && p.max === 1 && p.applies_to).flatMap((p) => p.applies_to!.values))];
    expect(randomLossChoices(cat)[0]).toEqual({ path: model.path, values: probabilistic, default: model.default });
    expect(probabilistic).toEqual(expect.arrayContaining(["bernoulli", "gilbert_elliott"]));
    for (const m of model.choices!) {
      for (const dir of ["forward", "reverse"]) {
        expect(hasRandomLoss(cat, { path: { [dir]: { loss: { model: m } } } }), `${dir} ${m}`).toBe(probabilistic.includes(m));
      }
    }
    // a stage the engine adds, reading a probability, is random at once; one without is not
    const later = parseCatalogue({
      ...raw,
      parameters: [
        ...raw.parameters.map((p) => (p.key === "model" && p.section === "loss" ? { ...p, choices: [...p.choices!, "outage", "spike"] } : p)),
        { ...raw.parameters.find((p) => p.key === "p" && p.section === "loss")!, key: "p_outage", path: "path.{forward,reverse}.loss.p_outage", applies_to: { key: "model", values: ["outage"], family: null } },
        { ...raw.parameters.find((p) => p.key === "count" && p.section === "loss")!, key: "spikes", path: "path.{forward,reverse}.loss.spikes", applies_to: { key: "model", values: ["spike"], family: null } },
      ],
    });
    expect(hasRandomLoss(later, { path: { reverse: { loss: { model: "outage" } } } })).toBe(true);
    expect(hasRandomLoss(later, { path: { reverse: { loss: { model: "spike" } } } })).toBe(false);
    // without the catalogue's loss parameters nothing is known to be random
    expect(hasRandomLoss(parseCatalogue({}), web.scenario)).toBe(false);
  });

  it("knows a listed stage is random when its own parameters include a probability", () => {
    const stages = raw.containers.find((c) => c.type === "tagged_list")!;
    const members = raw.families.find((f) => f.name === stages.family)!.members;
    const random = members.filter((m) => m.params.some((p) => p.type === "float" && p.min === 0 && p.max === 1)).map((m) => m.name);
    expect(random).toEqual(expect.arrayContaining(["bernoulli", "gilbert_elliott"]));
    expect(random).not.toContain("tail");
    expect(randomLossChoices(cat)).toContainEqual({ path: stages.path, values: random, default: [], list: true });
    const listed = (...kinds: string[]) => ({ path: { reverse: { loss: { model: "none" }, stages: kinds.map((kind) => ({ kind })) } } });
    expect(hasRandomLoss(cat, listed("tail"))).toBe(false);
    expect(hasRandomLoss(cat, listed("tail", "bernoulli"))).toBe(true);
    expect(hasRandomLoss(cat, listed())).toBe(false);
    expect(hasRandomLoss(cat, { path: { forward: { stages: "bernoulli" } } })).toBe(false);
  });

  it("builds the one-click comparison: all variants, no grid, 1 or at most 5 replications", () => {
    const t = presetComparisonBody(tail, cat);
    expect(t).toEqual({ base: { preset: tail.name }, variants: tail.variants, baseline: "baseline", replications: 1 });
    expect("grid" in t).toBe(false);
    expect(presetComparisonBody(web, cat).replications).toBe(5);
    expect(presetComparisonBody({ ...web, replications: 3 }, cat).replications).toBe(3);
  });

  it("offers the first non-baseline variant to run", () => {
    expect(defaultRunVariant(tail)).toBe("RTOR");
    expect(defaultRunVariant({ variants: { base: {}, TLP: {} }, baseline_variant: "base" })).toBe("TLP");
    expect(defaultRunVariant({ variants: { only: {} }, baseline_variant: "only" })).toBe("only");
  });

  it("gives a one-line explanation", () => {
    expect(firstSentence("The last n segments are lost. RTOR helps only while ...")).toBe("The last n segments are lost.");
    expect(firstSentence("No full stop")).toBe("No full stop");
  });

});

describe("forking a permalink", () => {
  it("reopens a frozen run's scenario", () => {
    const f = forkFromShare({ kind: "run", payload: { run: { scenario: { flows: [{ tcp: { timer: "tlpr" } }] } } } }, [], cat, "timer");
    expect(f?.mechanisms).toEqual({ family: "timer", choices: ["tlpr"] });
    expect(forkFromShare({ kind: "run", payload: { run: { scenario: { flows: [{ tcp: {} }] } } } }, [], cat, "cc")?.mechanisms).toEqual({ family: "cc", choices: ["reno"] });
    expect(f?.scenario).toEqual({ flows: [{ tcp: { timer: "tlpr" } }] });
  });

  it("rebuilds a comparison's scenario from its preset, overrides and the shared cell", () => {
    const payload = {
      comparison: {
        spec: {
          base: { preset: tail.name, variant: null, scenario: null, overrides: { "flows[*].tcp.mss": 1000 } },
          variants: tail.variants,
          cells: [{ "path.*.delay_ms": 10 }, { "path.*.delay_ms": 80 }],
          replications: 1,
        },
      },
    };
    const f = forkFromShare({ kind: "comparison", payload, view_state: { cell: "1" } }, P, cat, "cc")!;
    expect(f.scenario.path).toMatchObject({ forward: { delay_ms: 80 }, reverse: { delay_ms: 80 } });
    expect((f.scenario.flows as { tcp: { mss: number } }[])[0].tcp.mss).toBe(1000);
    expect(f.mechanisms).toEqual({ family: "timer", choices: ["rto", "rtor", "tlp", "tlpr"] });
    expect(f.note).toContain("delay_ms = 80");
    // no grid in this spec: nothing for the sweep editor
    expect(f.grid).toEqual({});
    const swept = forkFromShare({ kind: "comparison", payload: { comparison: { spec: { ...payload.comparison.spec, grid: tail.grid } } } }, P, cat, "cc")!;
    expect(swept.grid).toEqual(tail.grid);
    expect(forkFromShare({ kind: "comparison", payload: { comparison: { spec: { base: { preset: "nope" } } } } }, P, cat, "timer")).toBeNull();
  });

  it("carries a set's list of names through a frozen run and a comparison's cell", () => {
    const sc = { seed: 3, flows: [{ tcp: { timer: "rto", spurious: ["frto", "dsack"] } }] };
    const run = forkFromShare({ kind: "run", payload: { run: { scenario: JSON.parse(JSON.stringify(sc)) } } }, [], cat, "timer")!;
    expect(run.scenario).toEqual(sc);
    expect(buildRunBody({ scenario: run.scenario, mechanisms: run.mechanisms, scope: run.scope, replications: 1 }, cat).scenario).toEqual(sc);
    const payload = { comparison: { spec: { base: { scenario: sc }, variants: { A: {} }, cells: [{ "flows[*].tcp.spurious": ["eifel"] }], replications: 1 } } };
    const cmp = forkFromShare({ kind: "comparison", payload, view_state: { cell: 0 } }, [], cat, "timer")!;
    expect((cmp.scenario.flows as { tcp: { spurious: unknown } }[])[0].tcp.spurious).toEqual(["eifel"]);
    expect(cmp.note).toContain("flows[*].tcp.spurious = [eifel]");
  });

  it("reopens a comparison along the application as one (its overrides at app.kind)", () => {
    const payload = { comparison: { spec: { base: { scenario }, variants: { A: { "flows[*].app.kind": "bulk" }, B: { "flows[*].app.kind": "requests" } }, cells: [{}], replications: 1 } } };
    expect(forkFromShare({ kind: "comparison", payload }, [], cat, "timer")?.mechanisms).toEqual({ family: "app", choices: ["bulk", "requests"] });
    const run = forkFromShare({ kind: "run", payload: { run: { scenario: { flows: [{ app: { kind: "requests" }, tcp: { app: "bulk" } }] } } } }, [], cat, "app");
    expect(run?.mechanisms).toEqual({ family: "app", choices: ["requests"] });
  });

  it("uses a comparison's own scenario when it has one", () => {
    const f = forkFromShare({ kind: "comparison", payload: { comparison: { spec: { base: { scenario }, variants: { A: { x: 1 } }, cells: [{}], replications: 4 } } } }, [], cat, "timer")!;
    expect(f.scenario).toEqual(scenario);
    expect(f.mechanisms).toEqual({ family: "timer", choices: ["rto"] });
    expect(f.replications).toBe(4);
  });
});
