import raw from "./fixtures/catalogue.json";
import { defaultScenario, type FieldSpec, findParam, parseCatalogue, sectionFields } from "./catalogue";
import { appliesWhen, builderLayout, comparedOf, defaultTaggedItem, familyKeys, governingValue, groupFlowFields, heldSuggestion, isRelevant, labelByChoice, siblingPath, splitChoice } from "./layout";
import { setPath } from "./paths";

const cat = parseCatalogue(raw);
const keys = familyKeys(cat);

/** The engine's own applies_to for a parameter, straight from the JSON. */
type RawApplies = { key: string; values: string[]; family: string | null } | null;
const rawParam = (section: string, key: string) => raw.parameters.find((p) => p.section === section && p.key === key)!;
const rawApplies = (section: string, key: string) => rawParam(section, key).applies_to as RawApplies;
/** Which of a section's keys the engine reads when `sibling` holds `value`. */
const readBy = (section: string, sibling: string, value: string) =>
  raw.parameters
    .filter((p) => p.section === section && p.key !== sibling)
    .filter((p) => {
      const a = p.applies_to as RawApplies;
      return a === null || a.key !== sibling || a.values.includes(value);
    })
    .map((p) => p.key);

/** A small catalogue: a loss section whose prose says one thing and whose applies_to another. */
const mini = parseCatalogue({
  parameters: [
    { section: "direction", key: "delay_ms", path: "path.{forward,reverse}.delay_ms", type: "float", default: 10, applies_to: null },
    { section: "loss", key: "model", path: "path.{forward,reverse}.loss.model", type: "enum", choices: ["off", "burst", "random"], default: "off", applies_to: null },
    { section: "loss", key: "n", path: "path.{forward,reverse}.loss.n", type: "int", default: 1, doc: "off: never read", applies_to: { key: "model", values: ["burst"], family: null } },
    { section: "loss", key: "q", path: "path.{forward,reverse}.loss.q", type: "float", default: 0, doc: "", applies_to: { key: "model", values: ["burst", "random"], family: null } },
    { section: "loss", key: "seed", path: "path.{forward,reverse}.loss.seed", type: "int", default: 0, doc: "burst: a doc naming a model", applies_to: null },
    { section: "item", key: "at", path: "path.{forward,reverse}.loss.items[].at", type: "int", default: 3, applies_to: null },
    { section: "flow", key: "app.kind", path: "flows[].app.kind", type: "enum", choices: ["one", "many"], default: "one", applies_to: null },
    { section: "flow", key: "app.count", path: "flows[].app.count", type: "int", default: 2, applies_to: { key: "app.kind", values: ["many"], family: "app" } },
    { section: "flow", key: "tcp.x", path: "flows[].tcp.x", type: "int", default: 0, applies_to: { key: "tcp.cc", values: ["b"], family: "cc" } },
    { section: "flow", key: "tcp.cc", path: "flows[].tcp.cc", type: "enum", choices: ["a", "b"], default: "a", applies_to: null },
  ],
  containers: [
    { section: "loss", key: "items", path: "path.{forward,reverse}.loss.items", type: "list", of: "item", min_items: 0, max_items: 2, unit: "", doc: "burst: the items", applies_to: { key: "model", values: ["burst"], family: null } },
    { section: "flow", key: "app.sizes", path: "flows[].app.sizes", type: "int_list", of: null, min_items: 1, max_items: 9, unit: "bytes", doc: "", applies_to: { key: "app.kind", values: ["many"], family: "app" } },
  ],
  mechanisms: { cc: [{ name: "a", doc: "" }, { name: "b", doc: "" }] },
  families: [{ name: "cc", label: "Congestion", key: "tcp.cc", doc: "", members: [] }],
});
const sc = (...sets: [string, unknown][]) => sets.reduce<Record<string, unknown>>((s, [p, v]) => setPath(s, p, v), {});

describe("a field's relevance, from the catalogue's applies_to", () => {
  it("finds the sibling a field's applies_to names", () => {
    expect(siblingPath("flows.3.app.segments", "app.segments", "app.kind")).toBe("flows.3.app.kind");
    expect(siblingPath("path.reverse.loss.count", "count", "model")).toBe("path.reverse.loss.model");
    expect(siblingPath("path.forward.loss.rules", "rules", "model")).toBe("path.forward.loss.model");
    expect(siblingPath("seed", "seed", "trace")).toBe("trace");
    expect(siblingPath("flows.0.tcp.mss", "app.kind", "x")).toBeNull();
  });

  it("applies when the sibling holds one of the values, always without applies_to", () => {
    const a = { key: "model", values: ["tail", "bernoulli"], family: null };
    expect(appliesWhen(a, "tail")).toBe(true);
    expect(appliesWhen(a, "bernoulli")).toBe(true);
    expect(appliesWhen(a, "none")).toBe(false);
    expect(appliesWhen(a, undefined)).toBe(false);
    expect(appliesWhen(null, undefined)).toBe(true);
  });

  it("reads the sibling's value from the scenario, else its catalogue default", () => {
    const n = sectionFields(mini, "loss", { dir: "reverse" }).find((s) => s.key === "n")!;
    expect(governingValue(mini, {}, n)).toBe("off");
    expect(governingValue(mini, sc(["path.reverse.loss.model", "burst"]), n)).toBe("burst");
    // the other direction's model is not this field's sibling
    expect(governingValue(mini, sc(["path.forward.loss.model", "burst"]), n)).toBe("off");
    expect(isRelevant(mini, sc(["path.reverse.loss.model", "burst"]), n)).toBe(true);
    expect(isRelevant(mini, sc(["path.reverse.loss.model", "random"]), n)).toBe(false);
  });

  it("shows a loss model's fields by applies_to, whatever the docs say", () => {
    const shown = (model: string | undefined) => {
      const s = model === undefined ? {} : sc(["path.forward.loss.model", model]);
      const d = builderLayout(mini, s, 0).directions.find((x) => x.dir === "forward")!;
      return { model: d.model?.key, params: d.lossParams.map((p) => p.key) };
    };
    expect(shown(undefined)).toEqual({ model: "model", params: ["seed"] });
    expect(shown("burst")).toEqual({ model: "model", params: ["n", "q", "seed"] });
    expect(shown("random")).toEqual({ model: "model", params: ["q", "seed"] });
  });

  it("finds the selector as the key the others' applies_to read", () => {
    const { model, params } = splitChoice(sectionFields(mini, "loss", { dir: "forward" }));
    expect(model?.path).toBe("path.forward.loss.model");
    expect(params.map((p) => p.key)).toEqual(["n", "q", "seed"]);
    const none = splitChoice(sectionFields(mini, "direction", { dir: "forward" }));
    expect(none.model).toBeUndefined();
  });

  it("shows the engine's loss fields exactly for the models that read them", () => {
    const models = findParam(cat, "loss", "model")!.choices!;
    expect(models.length).toBeGreaterThan(2);
    for (const m of models) {
      for (const dir of ["forward", "reverse"]) {
        const d = builderLayout(cat, sc([`path.${dir}.loss.model`, m]), 0).directions.find((x) => x.dir === dir)!;
        expect(d.model?.path).toBe(`path.${dir}.loss.model`);
        expect(d.lossParams.map((p) => p.key), `${dir} ${m}`).toEqual(readBy("loss", "model", m));
      }
    }
    // the engine ties the tail count to the tail model only
    expect(rawApplies("loss", "count")?.values).toEqual(["tail"]);
  });

  it("shows the engine's application fields exactly for the kinds that read them", () => {
    const kinds = findParam(cat, "flow", "app.kind")!.choices!;
    for (const k of kinds) {
      const l = builderLayout(cat, sc(["flows.1.app.kind", k]), 1);
      const expected = readBy("flow", "app.kind", k).filter((key) => key.startsWith("app.") || !key.includes("."));
      expect(l.appFields.map((s) => s.key), k).toEqual(expected);
      expect(l.appFields.every((s) => s.path.startsWith("flows.1."))).toBe(true);
    }
  });
});

describe("lists from the catalogue's containers", () => {
  it("offers rules only when the model reads them, and keeps unread ones removable", () => {
    const fwd = (s: unknown) => builderLayout(mini, s, 0).directions.find((x) => x.dir === "forward")!;
    expect(fwd({}).rules).toBeNull();
    const empty = fwd(sc(["path.forward.loss.model", "burst"])).rules!;
    expect(empty).toMatchObject({ path: "path.forward.loss.items", name: "items", items: [], relevant: true, maxItems: 2 });
    const two = fwd(sc(["path.forward.loss.model", "burst"], ["path.forward.loss.items", [{ at: 1 }, { at: 2 }]])).rules!;
    expect(two.items.map((item) => item.map((f) => f.path))).toEqual([["path.forward.loss.items.0.at"], ["path.forward.loss.items.1.at"]]);
    const unread = fwd(sc(["path.forward.loss.model", "random"], ["path.forward.loss.items", [{ at: 1 }]])).rules!;
    expect(unread).toMatchObject({ relevant: false, readWhen: ["burst"] });
    expect(unread.items).toHaveLength(1);
    // the reverse direction has its own list
    expect(builderLayout(mini, sc(["path.forward.loss.model", "burst"]), 0).directions.find((x) => x.dir === "reverse")!.rules).toBeNull();
  });

  it("reads the engine's positioned rules as its rules container says", () => {
    const c = raw.containers.find((x) => x.section === "loss" && x.type === "list")!;
    const reads = (c.applies_to as RawApplies)!.values;
    for (const m of findParam(cat, "loss", "model")!.choices!) {
      const d = builderLayout(cat, sc(["path.reverse.loss.model", m]), 0).directions.find((x) => x.dir === "reverse")!;
      expect(d.rules !== null, m).toBe(reads.includes(m));
    }
    const d = builderLayout(cat, sc(["path.reverse.loss.model", reads[0]], ["path.reverse.loss.rules", [{}]]), 0).directions.find((x) => x.dir === "reverse")!;
    expect(d.rules?.items[0].map((f) => f.key)).toEqual(raw.parameters.filter((p) => p.section === c.of).map((p) => p.key));
    expect(d.rules?.maxItems).toBe(c.max_items);
  });

  it("says whether a flow's app.sizes is read", () => {
    expect(builderLayout(mini, {}, 0).sizes).toMatchObject({ path: "flows.0.app.sizes", count: null, relevant: false, readWhen: ["many"] });
    expect(builderLayout(mini, sc(["flows.2.app.kind", "many"], ["flows.2.app.sizes", [5, 6, 7]]), 2).sizes).toMatchObject({ path: "flows.2.app.sizes", count: 3, relevant: true });
    expect(builderLayout(mini, sc(["flows.0.app.sizes", [5]]), 0).sizes).toMatchObject({ count: 1, relevant: false });
    const engine = (raw.containers.find((x) => x.key === "app.sizes")!.applies_to as RawApplies)!;
    const l = builderLayout(cat, sc(["flows.0.app.kind", engine.values[0]], ["flows.0.app.sizes", [1000]]), 0);
    expect(l.sizes).toMatchObject({ count: 1, relevant: true });
    expect(builderLayout(parseCatalogue({ ...raw, containers: [] }), {}, 0).sizes).toBeNull();
  });
});

describe("a flow's groups", () => {
  const flowFields = (c = cat) => sectionFields(c, "flow", { index: { flows: 0 } });

  it("puts each kind of field in one group", () => {
    const g = groupFlowFields(flowFields(), keys);
    expect(g.appKind?.path).toBe("flows.0.app.kind");
    // every family's choosing key but the application's, which heads the application's fields
    expect(keys).toContain("app.kind");
    expect(g.mechanisms.map((s) => s.key)).toEqual(keys.filter((k) => k !== "app.kind"));
    expect(g.flags.length).toBeGreaterThan(0);
    expect(g.flags.every((s) => s.kind === "checkbox" && s.appliesTo === null)).toBe(true);
    expect(g.tcp.map((s) => s.key)).toContain("tcp.mss");
    expect(g.receiver.map((s) => s.key)).toEqual(raw.parameters.filter((p) => p.key.startsWith("receiver.")).map((p) => p.key));
    expect(g.other).toEqual([]);
    const all = [g.appKind, ...g.app, ...g.receiver, ...g.mechanisms, ...g.flags, ...g.tcp, ...Object.values(g.byFamily).flat(), ...g.other];
    expect(all.map((s) => s?.path).sort()).toEqual(flowFields().map((s) => s.path).sort());
  });

  it("groups mechanism-specific keys with their family, as applies_to.family says", () => {
    const g = groupFlowFields(flowFields(), keys);
    const tcpFamilies = new Set(raw.parameters.filter((p) => p.key.startsWith("tcp.")).flatMap((p) => ((p.applies_to as RawApplies)?.family ? [(p.applies_to as RawApplies)!.family as string] : [])));
    expect(new Set(Object.keys(g.byFamily))).toEqual(tcpFamilies);
    for (const [fam, specs] of Object.entries(g.byFamily)) {
      for (const s of specs) {
        expect(s.appliesTo?.family).toBe(fam);
        expect(s.appliesTo).toEqual(rawApplies("flow", s.key));
      }
    }
    // the application's own fields stay with the application, though their family is "app"
    expect(g.app.some((s) => s.appliesTo?.family)).toBe(true);
    expect(g.byFamily.app).toBeUndefined();
    // a key the catalogue does not tie to a family stays where it was
    expect(g.tcp.map((s) => s.key)).toContain("tcp.min_rto_ms");
  });

  it("keeps a family's choosing key with the mechanisms and its member-only keys apart", () => {
    const g = groupFlowFields(flowFields(mini), ["tcp.cc"]);
    expect(g.mechanisms.map((s) => s.key)).toEqual(["tcp.cc"]);
    expect(g.byFamily).toEqual({ cc: [expect.objectContaining({ key: "tcp.x" })] });
    expect(g.app.map((s) => s.key)).toEqual(["app.count"]);
  });
});

describe("the directions", () => {
  it("describe themselves as the catalogue's containers do", () => {
    const l = builderLayout(cat, {}, 0);
    for (const d of l.directions) {
      const c = raw.containers.find((x) => x.type === "object" && x.of === "direction" && x.path.endsWith(`.${d.dir}`))!;
      expect(d.doc, d.dir).toBe(c.doc);
      expect(d.doc).not.toBe("");
    }
    expect(l.directions.map((d) => d.dir)).toEqual(["forward", "reverse"]);
    expect(builderLayout(mini, {}, 0).directions.map((d) => d.doc)).toEqual(["", ""]);
  });

  it("lists a direction's stages with each kind's own fields, and the kinds an item may be", () => {
    const c = raw.containers.find((x) => x.type === "tagged_list")!;
    const members = raw.families.find((f) => f.name === c.family)!.members;
    const stage = (name: string) => members.find((m) => m.name === name)!.label;
    const s = sc(["path.reverse.stages", [{ kind: "bernoulli", p: 0.1 }, { kind: "tail" }, { kind: "later" }]]);
    const l = builderLayout(cat, s, 0);
    const fwd = l.directions.find((d) => d.dir === "forward")!.listed;
    expect(fwd).toHaveLength(1);
    expect(fwd[0]).toMatchObject({ path: "path.forward.stages", key: c.key, family: c.family, items: [], maxItems: c.max_items, doc: c.doc });
    // every member but the one the loss rules are read for (positioned acts on them)
    const rulesFor = raw.containers.find((x) => x.key === "rules")!.applies_to!.values;
    expect(fwd[0].kinds.map((k) => k.name)).toEqual(members.map((m) => m.name).filter((n) => !rulesFor.includes(n)));
    expect(fwd[0].kinds.map((k) => k.name)).not.toContain("positioned");
    const rev = l.directions.find((d) => d.dir === "reverse")!.listed[0];
    expect(rev.items.map((it) => it.label)).toEqual([stage("bernoulli"), stage("tail"), "later"]);
    expect(rev.items[0].kindPath).toBe("path.reverse.stages.0.kind");
    expect(rev.items[0].fields.map((f) => f.path)).toEqual(["path.reverse.stages.0.p", "path.reverse.stages.0.spare_retransmissions"]);
    expect(rev.items[1].fields.map((f) => f.path)).toEqual(members.find((m) => m.name === "tail")!.params.map((p) => `path.reverse.stages.1.${p.key}`));
    expect(rev.items[2].fields).toEqual([]);
    // their inputs are on screen, so the server's errors land on them
    expect(l.shown).toContain("path.reverse.stages.0.p");
    expect(l.shown).toContain("path.reverse.stages.2.kind");
  });

  it("makes a new stage of a kind with that member's own defaults", () => {
    const ge = raw.families.find((f) => f.name === "stage")!.members.find((m) => m.name === "gilbert_elliott")!;
    expect(defaultTaggedItem(cat, "stage", "gilbert_elliott")).toEqual({ kind: "gilbert_elliott", ...Object.fromEntries(ge.params.map((p) => [p.key, p.default])) });
    expect(defaultTaggedItem(cat, "stage", "nope")).toEqual({ kind: "nope" });
  });

  it("makes a new Gilbert-Elliott stage at the catalogue's suggested values, not at zero loss", () => {
    const stages = raw.containers.find((c) => c.type === "tagged_list")!;
    const suggested = raw.suggested.find((x) => x.path === `${stages.path}[].kind`)!;
    expect(suggested.value).toBe("gilbert_elliott");
    expect(defaultTaggedItem(cat, "stage", "gilbert_elliott", stages.path)).toMatchObject({ kind: "gilbert_elliott", ...suggested.set });
    // a kind without a suggestion keeps its defaults
    expect(defaultTaggedItem(cat, "stage", "bernoulli", stages.path)).toEqual(defaultTaggedItem(cat, "stage", "bernoulli"));
  });

  it("labels a loss model's fields as the chosen model's stage labels its own", () => {
    const members = raw.families.find((f) => f.name === "stage")!.members;
    const own = (m: string, k: string) => members.find((x) => x.name === m)!.params.find((p) => p.key === k)!.label;
    const at = (model: string) => builderLayout(cat, setPath(defaultScenario(cat), "path.forward.loss.model", model), 0).directions[0];
    const p = (model: string) => at(model).lossParams.find((s) => s.key === "p")!.label;
    expect(p("gilbert_elliott")).toBe(own("gilbert_elliott", "p"));
    expect(p("gilbert_elliott")).toMatch(/good → bad/);
    expect(p("bernoulli")).toBe(own("bernoulli", "p"));
    expect(p("bernoulli")).not.toBe(p("gilbert_elliott"));
    expect(at("gilbert_elliott").lossParams.find((s) => s.key === "r")!.label).toMatch(/bad → good/);
    // unknown choices: the field's own label
    expect(labelByChoice(cat, sectionFields(cat, "loss", { dir: "forward" }), "nope").map((s) => s.label)).toEqual(sectionFields(cat, "loss", { dir: "forward" }).map((s) => s.label));
  });

  it("says when a direction's loss holds the values the catalogue suggests for its model", () => {
    let sc = setPath(defaultScenario(cat), "path.forward.loss.model", "gilbert_elliott");
    expect(builderLayout(cat, sc, 0).directions[0].suggestion).toBeUndefined();
    const suggested = raw.suggested.find((x) => x.path === "path.{forward,reverse}.loss.model")!;
    for (const [k, v] of Object.entries(suggested.set)) sc = setPath(sc, `path.forward.loss.${k}`, v);
    const model = builderLayout(cat, sc, 0).directions[0].model!;
    expect(heldSuggestion(cat, sc, model)?.doc).toBe(suggested.doc);
    expect(builderLayout(cat, sc, 0).directions[0].suggestion?.label).toBe(suggested.label);
    expect(builderLayout(cat, sc, 0).directions[1].suggestion).toBeUndefined();
    // one value changed: no longer the suggestion
    expect(builderLayout(cat, setPath(sc, "path.forward.loss.r", 0.5), 0).directions[0].suggestion).toBeUndefined();
  });
});

describe("the members compared", () => {
  it("shows the fields any compared member reads, whatever the scenario holds", () => {
    const compared = comparedOf(cat, { family: "app", choices: ["fixed", "bulk"] })!;
    expect(compared).toEqual({ key: raw.families.find((f) => f.name === "app")!.key, values: ["fixed", "bulk"] });
    const s = sc(["flows.0.app.kind", "requests"], ["flows.0.app.sizes", [10]]);
    const l = builderLayout(cat, s, 0, compared);
    const expected = [...new Set([...readBy("flow", "app.kind", "fixed"), ...readBy("flow", "app.kind", "bulk")])].filter((k) => k.startsWith("app.") || !k.includes("."));
    expect(l.appFields.map((f) => f.key).sort()).toEqual(expected.sort());
    expect(l.appFields.map((f) => f.key)).not.toContain("app.requests");
    // the sizes only requests reads are not read by what is compared
    expect(l.sizes).toMatchObject({ count: 1, relevant: false });
    // without a comparison along the application, the scenario's kind decides
    expect(builderLayout(cat, s, 0, comparedOf(cat, { family: "timer", choices: ["rto"] })).appFields.map((f) => f.key)).toContain("app.requests");
    // a family no key picks, or nothing chosen, compares nothing
    expect(comparedOf(cat, { family: "stage", choices: ["tail"] })).toBeNull();
    expect(comparedOf(cat, { family: "app", choices: [] })).toBeNull();
  });

  it("reads a compared key only within a flow", () => {
    const n = sectionFields(mini, "loss", { dir: "forward" }).find((x) => x.key === "n")!;
    expect(isRelevant(mini, {}, n, { key: "model", values: ["burst"] })).toBe(false);
    const count = sectionFields(mini, "flow", { index: { flows: 0 } }).find((x) => x.key === "app.count")!;
    expect(isRelevant(mini, {}, count, { key: "app.kind", values: ["one", "many"] })).toBe(true);
    expect(isRelevant(mini, {}, count, { key: "app.kind", values: ["one"] })).toBe(false);
  });
});

describe("the layout's error targets", () => {
  it("lists every input on screen and nothing hidden", () => {
    const s = sc(["path.forward.loss.model", "tail"], ["flows.0.app.kind", "bulk"]);
    const l = builderLayout(cat, s, 0);
    expect(l.shown).toContain("path.forward.loss.count");
    expect(l.shown).not.toContain("path.reverse.loss.count");
    expect(l.shown).not.toContain("flows.0.app.segments");
    expect(new Set(l.shown).size).toBe(l.shown.length);
    const every = (specs: FieldSpec[]) => specs.every((x) => l.shown.includes(x.path));
    expect(every(l.appFields) && every(l.scenario) && every(l.flow.receiver)).toBe(true);
  });
});
