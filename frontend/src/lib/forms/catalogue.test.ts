import raw from "./fixtures/catalogue.json";
import { defaultItem, defaultScenario, expandTemplate, fieldSpec, findContainer, findParam, labelFor, parseAppliesTo, parseCatalogue, sectionFields, specialOf, suggestionFor } from "./catalogue";
import { getPath } from "./paths";
import { withDetectors } from "./testing";

const cat = parseCatalogue(raw);

describe("catalogue -> field specs", () => {
  it("parses every parameter and mechanism family", () => {
    expect(cat.params.length).toBe(raw.parameters.length);
    expect(cat.mechanisms.timer.map((m) => m.name)).toEqual(["rto", "rtor", "tlp", "tlpr", "tlp_rfc8985"]);
    expect(cat.mechanisms.cc.map((m) => m.name)).toContain("cubic");
    expect(cat.engineVersion).toBe(raw.engine_version);
  });

  it("skips malformed rows", () => {
    const c = parseCatalogue({ parameters: [{ key: "x" }, null, { key: "a", path: "a", type: "int", min: "no" }], mechanisms: { timer: [{ doc: "no name" }] } });
    expect(c.params).toHaveLength(1);
    expect(c.params[0].min).toBeNull();
    expect(c.mechanisms.timer).toEqual([]);
    expect(parseCatalogue(null).params).toEqual([]);
  });

  it("expands directions and list indices into the API's dotted paths", () => {
    expect(expandTemplate("flows[].tcp.mss", { index: { flows: 0 } })).toBe("flows.0.tcp.mss");
    expect(expandTemplate("path.{forward,reverse}.rate_bps", { dir: "reverse" })).toBe("path.reverse.rate_bps");
    expect(expandTemplate("path.{forward,reverse}.loss.rules[].segment", { dir: "forward", index: { rules: 2 } })).toBe(
      "path.forward.loss.rules.2.segment",
    );
    expect(expandTemplate("path.{forward,reverse}.delay_ms")).toBe("path.forward.delay_ms");
  });

  it("types inputs from the metadata", () => {
    const mss = fieldSpec(findParam(cat, "flow", "tcp.mss")!, { index: { flows: 0 } });
    expect(mss).toMatchObject({ path: "flows.0.tcp.mss", kind: "number", numberType: "int", min: 64, max: 65495, step: 1, unit: "bytes", default: 1448, label: "MSS" });
    expect(mss.doc).toMatch(/maximum segment size/i);
    const delay = fieldSpec(findParam(cat, "direction", "delay_ms")!, { dir: "forward" });
    expect(delay).toMatchObject({ kind: "number", numberType: "float", step: "any", unit: "ms" });
    const timer = fieldSpec(findParam(cat, "flow", "tcp.timer")!, { index: { flows: 1 } });
    expect(timer).toMatchObject({ path: "flows.1.tcp.timer", kind: "select", choices: ["rto", "rtor", "tlp", "tlpr", "tlp_rfc8985"] });
    expect(timer.min).toBeUndefined(); // enum indices are not a range
    const sack = fieldSpec(findParam(cat, "flow", "tcp.sack")!);
    expect(sack.kind).toBe("checkbox");
  });

  it("generates one field per parameter of a section, in catalogue order", () => {
    const fwd = sectionFields(cat, "direction", { dir: "forward" }).map((f) => f.path);
    expect(fwd).toEqual([
      "path.forward.rate_bps",
      "path.forward.delay_ms",
      "path.forward.buffer_pkts",
      "path.forward.buffer_bytes",
      "path.forward.link_buffer_bytes",
      "path.forward.sender_rate_bps",
    ]);
    const rule = sectionFields(cat, "rule", { dir: "reverse", index: { rules: 1 } }).map((f) => f.path);
    expect(rule[0]).toBe("path.reverse.loss.rules.1.flow");
  });

  it("labels every field as the catalogue does, the same key differently per section", () => {
    for (const p of raw.parameters) expect(fieldSpec(findParam(cat, p.section, p.key)!).label).toBe(p.label);
    expect(fieldSpec(findParam(cat, "rule", "delay_ms")!).label).toBe("Extra delay");
    expect(fieldSpec(findParam(cat, "direction", "delay_ms")!).label).toBe("One-way delay");
    // Gilbert-Elliott's r is no bare "r"
    expect(fieldSpec(findParam(cat, "loss", "r")!).label).toMatch(/bad → good/);
    // a server from before labels: the key, readable
    const old = parseCatalogue({ ...raw, parameters: raw.parameters.map(({ label: _, ...p }) => p) });
    expect(fieldSpec(findParam(old, "flow", "tcp.min_rto_ms")!).label).toBe("Min rto");
    expect(labelFor("tcp.some_new_thing_ms")).toBe("Some new thing");
  });

  it("reads the special values of a number: what -1 or 0 mean", () => {
    const minRto = fieldSpec(findParam(cat, "flow", "tcp.min_rto_ms")!);
    const rawMin = raw.parameters.find((p) => p.key === "tcp.min_rto_ms")!;
    expect(minRto.special).toEqual(rawMin.special);
    expect(specialOf(minRto.special, -1)?.label).toMatch(/1000 ms rfc6298, 200 ms linux/);
    expect(specialOf(minRto.special, 200)).toBeUndefined();
    expect(specialOf(minRto.special, "-1")).toBeUndefined();
    expect(specialOf(fieldSpec(findParam(cat, "direction", "rate_bps")!).special, 0)?.label).toMatch(/^unlimited/);
    // none: no list
    expect(fieldSpec(findParam(cat, "flow", "tcp.mss")!).special).toBeUndefined();
    // malformed entries are dropped
    const odd = parseCatalogue({
      ...raw,
      parameters: raw.parameters.map((p) => (p.key === "tcp.hz" ? { ...p, special: [{ value: "0", label: "x" }, { value: 0 }, { value: 0, label: "off" }] } : p)),
    });
    expect(findParam(odd, "flow", "tcp.hz")!.special).toEqual([{ value: 0, label: "off" }]);
  });

  it("reads the profiles and the suggested values", () => {
    expect(cat.profiles.map((p) => p.name)).toEqual(raw.profiles.map((p) => p.name));
    const l317 = cat.profiles.find((p) => p.name === "linux-3.17")!;
    expect(l317.overrides["flows[*].tcp.fack"]).toBe(true);
    expect(l317.label).toMatch(/3\.17/);
    const ge = suggestionFor(cat, "path.{forward,reverse}.loss.model", "gilbert_elliott")!;
    expect(ge.set).toEqual({ p: 0.0046, r: 0.3, loss_good: 0, loss_bad: 1 });
    expect(suggestionFor(cat, "path.{forward,reverse}.loss.model", "bernoulli")).toBeUndefined();
    const bare = parseCatalogue({ ...raw, profiles: undefined, suggested: [{ path: 3 }] });
    expect(bare.profiles).toEqual([]);
    expect(bare.suggested).toEqual([]);
  });

  it("builds the default scenario from the defaults", () => {
    const sc = defaultScenario(cat);
    expect(getPath(sc, "flows.0.tcp.mss")).toBe(1448);
    expect(getPath(sc, "flows.0.tcp.timer")).toBe("rto");
    expect(getPath(sc, "path.reverse.loss.model")).toBe("none");
    expect(getPath(sc, "path.forward.loss.rules")).toBeUndefined();
    // a handover table has no row until one is added: a row no stage reads is an error (the engine's validation)
    expect(getPath(sc, "path.forward.schedule")).toBeUndefined();
    expect(getPath(sc, "path.reverse.schedule")).toBeUndefined();
    expect(getPath(sc, "seed")).toBe(1);
    expect((sc.flows as unknown[]).length).toBe(1);
    expect((defaultScenario(cat, 3).flows as unknown[]).length).toBe(3);
  });

  it("builds list items from the defaults", () => {
    expect(defaultItem(cat, "rules")).toEqual({ flow: 0, segment: 1, count: 1, transmission: 1, action: "drop", delay_ms: 0 });
    expect(getPath(defaultItem(cat, "flows"), "receiver.delack_ms")).toBe(200);
  });

  it("reads applies_to as {key, values, family}", () => {
    for (const p of raw.parameters) {
      const parsed = findParam(cat, p.section, p.key)!.appliesTo;
      expect(parsed, p.path).toEqual(p.applies_to);
    }
    const fack = findParam(cat, "flow", "tcp.fack")!.appliesTo!;
    expect(fack.key).toBe("tcp.lossdet");
    expect(fack.family).toBe("lossdet");
    const count = findParam(cat, "loss", "count")!.appliesTo!;
    expect(count.key).toBe("model");
    expect(count.family).toBeNull();
  });

  it("reads applies_to defensively", () => {
    expect(parseAppliesTo({ key: "model", values: ["tail", 3, ""], family: null })).toEqual({ key: "model", values: ["tail"], family: null });
    expect(parseAppliesTo({ key: "tcp.timer", values: ["rtor"], family: "timer" })).toEqual({ key: "tcp.timer", values: ["rtor"], family: "timer" });
    // a missing or empty family is no family
    expect(parseAppliesTo({ key: "k", values: ["v"] })).toEqual({ key: "k", values: ["v"], family: null });
    expect(parseAppliesTo({ key: "k", values: ["v"], family: "" })).toEqual({ key: "k", values: ["v"], family: null });
    // the old shape, no values, no key, not an object: always applies
    expect(parseAppliesTo({ family: "timer", members: ["rtor"] })).toBeNull();
    expect(parseAppliesTo({ key: "k", values: [] })).toBeNull();
    expect(parseAppliesTo({ key: "", values: ["v"] })).toBeNull();
    expect(parseAppliesTo("timer:rtor")).toBeNull();
    expect(parseAppliesTo(null)).toBeNull();
  });

  it("reads the scenario tree's containers", () => {
    expect(cat.containers.map((c) => c.path)).toEqual(raw.containers.map((c) => c.path));
    for (const c of raw.containers) {
      const parsed = findContainer(cat, c.section, c.key)!;
      expect(parsed).toMatchObject({ type: c.type, of: c.of, minItems: c.min_items, maxItems: c.max_items, unit: c.unit, doc: c.doc, appliesTo: c.applies_to });
    }
    const rules = raw.containers.find((c) => c.type === "list" && c.section === "loss")!;
    expect(rules.applies_to).not.toBeNull();
    const bad = parseCatalogue({ containers: [{ key: "a", path: "a", type: "tree" }, { key: "b", type: "list" }, 3, { key: "c", path: "c", type: "int_list", min: 1, max: "x" }] });
    expect(bad.containers).toEqual([expect.objectContaining({ key: "c", type: "int_list", of: null, min: 1, max: null, minItems: null, appliesTo: null })]);
    expect(parseCatalogue({}).containers).toEqual([]);
  });

  it("reads a tagged list's family, and the members' own parameters", () => {
    for (const c of raw.containers.filter((x) => x.type === "tagged_list")) {
      expect(findContainer(cat, c.section, c.key)).toMatchObject({ type: "tagged_list", family: c.family });
      expect(cat.families.some((f) => f.name === c.family)).toBe(true);
    }
    for (const f of raw.families) {
      for (const m of f.members) {
        const parsed = cat.families.find((x) => x.name === f.name)!.members.find((x) => x.name === m.name)!;
        expect((parsed.params ?? []).map((p) => [p.key, p.path, p.type, p.min, p.max, p.default]), `${f.name}/${m.name}`).toEqual(
          m.params.map((p) => [p.key, p.path, p.type, p.min, p.max, p.default]),
        );
      }
    }
    expect(raw.families.some((f) => f.members.some((m) => m.params.length > 0))).toBe(true);
  });

  it("reads the families with their labels, and labels a family's choice as its family", () => {
    expect(cat.families.map((f) => [f.name, f.label, f.key])).toEqual(raw.families.map((f) => [f.name, f.label, f.key]));
    for (const f of raw.families.filter((x) => x.key !== null)) {
      const spec = fieldSpec(findParam(cat, "flow", f.key as string)!, { index: { flows: 0 } });
      expect(spec.label).toBe(f.label);
      for (const m of f.members) expect(spec.choiceLabels?.[m.name]).toBe(m.label);
    }
    // a parameter no family chooses keeps its own label and no choice labels
    const policy = fieldSpec(findParam(cat, "flow", "receiver.ack_policy")!);
    expect(policy.label).toBe("ACK policy");
    expect(policy.choiceLabels).toBeUndefined();
    // a catalogue without families: the key's own label
    const bare = parseCatalogue({ ...raw, families: undefined });
    expect(bare.families).toEqual([]);
    expect(fieldSpec(findParam(bare, "flow", "tcp.lossdet")!).label).toBe(raw.families.find((f) => f.key === "tcp.lossdet")!.label);
    expect(parseCatalogue({ ...raw, families: [{ name: "" }, { name: "x", key: 3, members: [{ doc: "no name" }] }] }).families).toEqual([
      { name: "x", label: "x", key: null, doc: "", members: [] },
    ]);
  });

  it("types a set as a set: its choices, and how many names it takes", () => {
    const rawSet = raw.parameters.find((p) => p.type === "set")!;
    expect(rawSet).toBeDefined();
    const spec = fieldSpec(findParam(cat, rawSet.section, rawSet.key)!, { index: { flows: 2 } });
    expect(spec).toMatchObject({ path: "flows.2.tcp.spurious", kind: "set", choices: rawSet.choices, min: rawSet.min, max: rawSet.max, default: rawSet.default });
    expect(spec.kind).not.toBe("number");
    expect(spec.numberType).toBeUndefined();
    expect(spec.step).toBeUndefined();
    // the default scenario holds the set's default list
    expect(getPath(defaultScenario(cat), "flows.0.tcp.spurious")).toEqual(rawSet.default);
    // with choices and a family that picks them, the choices are labelled by its members
    const c = parseCatalogue(withDetectors(raw));
    const detectors = fieldSpec(findParam(c, "flow", "tcp.spurious")!);
    expect(detectors).toMatchObject({ kind: "set", choices: ["frto", "eifel", "dsack"], min: 0, max: 2, label: "Spurious-timeout detection" });
    expect(detectors.choiceLabels).toEqual({ frto: "F-RTO", eifel: "Eifel", dsack: "DSACK undo" });
  });

  it("labels choices that are a family's members even when no key picks the family (a loss model's stages)", () => {
    const stage = raw.families.find((f) => f.name === "stage")!;
    expect(stage.key).toBeNull();
    const model = fieldSpec(findParam(cat, "loss", "model")!, { dir: "forward" });
    // every loss model is labelled by its stage; stages that are only list items (delay_spike, outage) are no loss model
    const models = stage.members.filter((m) => model.choices?.includes(m.name));
    expect(models.map((m) => m.name)).toEqual(expect.arrayContaining(["positioned", "tail", "bernoulli", "gilbert_elliott"]));
    for (const m of models) expect(model.choiceLabels?.[m.name]).toBe(m.label);
    // "none" is no stage: no label; and the field keeps its own label, not the family's
    expect(model.choiceLabels?.none).toBeUndefined();
    expect(model.label).toBe(raw.parameters.find((p) => p.section === "loss" && p.key === "model")!.label);
    expect(model.label).not.toBe(stage.label);
    // a choice list no family's members fit has no labels
    expect(fieldSpec(findParam(cat, "rule", "action")!).choiceLabels).toBeUndefined();
  });
});
