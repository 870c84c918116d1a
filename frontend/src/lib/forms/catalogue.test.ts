import raw from "./fixtures/catalogue.json";
import { defaultItem, defaultScenario, expandTemplate, fieldSpec, findParam, labelFor, parseCatalogue, sectionFields } from "./catalogue";
import { getPath } from "./paths";

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
    expect(fwd).toEqual(["path.forward.rate_bps", "path.forward.delay_ms", "path.forward.buffer_pkts", "path.forward.buffer_bytes"]);
    const rule = sectionFields(cat, "rule", { dir: "reverse", index: { rules: 1 } }).map((f) => f.path);
    expect(rule[0]).toBe("path.reverse.loss.rules.1.flow");
  });

  it("labels unknown keys readably", () => {
    expect(labelFor("tcp.some_new_rto_ms")).toBe("Some new RTO");
    expect(labelFor("receiver.ack_policy")).toBe("ACK policy");
    expect(labelFor("delay_ms", "rule")).toBe("Extra delay");
    expect(labelFor("delay_ms", "direction")).toBe("One-way delay");
    expect(labelFor("p", "loss")).toBe("p");
  });

  it("builds the default scenario from the defaults", () => {
    const sc = defaultScenario(cat);
    expect(getPath(sc, "flows.0.tcp.mss")).toBe(1448);
    expect(getPath(sc, "flows.0.tcp.timer")).toBe("rto");
    expect(getPath(sc, "path.reverse.loss.model")).toBe("none");
    expect(getPath(sc, "path.forward.loss.rules")).toBeUndefined();
    expect(getPath(sc, "seed")).toBe(1);
    expect((sc.flows as unknown[]).length).toBe(1);
    expect((defaultScenario(cat, 3).flows as unknown[]).length).toBe(3);
  });

  it("builds list items from the defaults", () => {
    expect(defaultItem(cat, "rules")).toEqual({ flow: 0, segment: 1, transmission: 1, action: "drop", delay_ms: 0 });
    expect(getPath(defaultItem(cat, "flows"), "receiver.delack_ms")).toBe(200);
  });
});
