import raw from "./fixtures/catalogue.json";
import { fieldSpec, findParam, parseCatalogue, sectionFields } from "./catalogue";
import { appliesTo, groupFlowFields, isRelevant, splitLoss } from "./layout";

const cat = parseCatalogue(raw);
const models = findParam(cat, "loss", "model")!.choices!;

describe("which generated fields a choice makes relevant", () => {
  it("reads the choices a doc names", () => {
    expect(appliesTo("tail: how many of the last data segments", models)).toEqual(["tail"]);
    expect(appliesTo("bernoulli: loss probability per packet. gilbert_elliott: probability of moving", models)).toEqual(["bernoulli", "gilbert_elliott"]);
    expect(appliesTo("Index of the flow whose packet the rule acts on.", models)).toBeNull();
  });

  it("shows each loss parameter only for its models", () => {
    const { model, params } = splitLoss(sectionFields(cat, "loss", { dir: "forward" }));
    expect(model?.path).toBe("path.forward.loss.model");
    const shown = (m: string) => params.filter((s) => isRelevant(s, m, models)).map((s) => s.key);
    expect(shown("none")).toEqual([]);
    expect(shown("tail")).toEqual(["count"]);
    expect(shown("bernoulli")).toEqual(["p"]);
    expect(shown("gilbert_elliott")).toEqual(["p", "r", "loss_good", "loss_bad"]);
  });

  it("shows application fields per kind", () => {
    const kinds = findParam(cat, "flow", "app.kind")!.choices!;
    const spec = (k: string) => fieldSpec(findParam(cat, "flow", k)!);
    expect(isRelevant(spec("app.segments"), "fixed", kinds)).toBe(true);
    expect(isRelevant(spec("app.segments"), "bulk", kinds)).toBe(false);
    expect(isRelevant(spec("app.gap_ms"), "requests", kinds)).toBe(true);
    expect(isRelevant(spec("start_ms"), "bulk", kinds)).toBe(true);
  });

  it("groups a flow's parameters", () => {
    const g = groupFlowFields(sectionFields(cat, "flow", { index: { flows: 0 } }), Object.keys(cat.mechanisms));
    expect(g.appKind?.path).toBe("flows.0.app.kind");
    expect(g.mechanisms.map((s) => s.key)).toEqual(["tcp.cc", "tcp.timer", "tcp.recovery"]);
    expect(g.flags.every((s) => s.kind === "checkbox")).toBe(true);
    expect(g.flags.map((s) => s.key)).not.toContain("tcp.fack");
    expect(g.tcp.map((s) => s.key)).toContain("tcp.mss");
    expect(g.receiver.map((s) => s.key)).toEqual(["receiver.ack_policy", "receiver.delack_ms", "receiver.rwnd_bytes"]);
    expect(g.other).toEqual([]);
  });

  it("groups mechanism-specific keys with their family, as applies_to says", () => {
    const g = groupFlowFields(sectionFields(cat, "flow", { index: { flows: 0 } }), Object.keys(cat.mechanisms));
    expect(Object.keys(g.byFamily).sort()).toEqual(["lossdet", "timer"]);
    expect(g.byFamily.timer.map((s) => s.key)).toEqual(["tcp.rrthresh", "tcp.wc_delack_ms"]);
    expect(g.byFamily.timer[1].appliesTo).toEqual({ family: "timer", members: ["tlp", "tlpr", "tlp_rfc8985"] });
    expect(g.byFamily.lossdet.map((s) => s.key)).toContain("tcp.fack");
    expect(g.byFamily.lossdet.map((s) => s.key)).toContain("tcp.dupthresh");
    const grouped = new Set(Object.values(g.byFamily).flat().map((s) => s.path));
    for (const s of [...g.flags, ...g.tcp, ...g.other]) expect(grouped.has(s.path)).toBe(false);
    // a key the catalogue does not tie to a family stays where it was, whatever its doc says
    expect(g.tcp.map((s) => s.key)).toContain("tcp.min_rto_ms");
  });

  it("reads applies_to defensively", () => {
    const c = parseCatalogue({ parameters: [
      { section: "flow", key: "tcp.a", path: "flows[].tcp.a", applies_to: { family: "timer", members: ["rtor", 3] } },
      { section: "flow", key: "tcp.b", path: "flows[].tcp.b", applies_to: { family: "timer", members: [] } },
      { section: "flow", key: "tcp.c", path: "flows[].tcp.c", applies_to: "timer:rtor" },
      { section: "flow", key: "tcp.d", path: "flows[].tcp.d" },
    ] });
    expect(c.params.map((p) => p.appliesTo)).toEqual([{ family: "timer", members: ["rtor"] }, null, null, null]);
  });
});
