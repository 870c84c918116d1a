import recorded from "./fixtures/catalogue-trace-vocab.json";
import { EMPTY_TRACE_VOCAB, entryOf, parseTraceVocab, spuriousReason, stateLabel, timerLabel, timerNoun } from "./traceVocab";

describe("parseTraceVocab: the names trace events carry, from the catalogue", () => {
  const vocab = parseTraceVocab(recorded);

  it("takes the causes from vocab.causes, in order, with their labels and docs", () => {
    expect(vocab.causes.map((c) => c.name)).toEqual(recorded.vocab.causes.map((c) => c.name));
    expect(entryOf(vocab.causes, "rule3")).toEqual({ name: "rule3", label: "Hole below SACK", doc: recorded.vocab.causes[4].doc });
  });

  it("lists the drop stages as a drop's cause code orders them: the queue, then the stage family's members", () => {
    const stage = recorded.families.find((f) => f.name === "stage")!;
    expect(vocab.dropStages.map((s) => s.name)).toEqual(["queue", ...stage.members.map((m) => m.name)]);
    const queue = recorded.vocab.drop_reasons.find((r) => r.name === "queue")!;
    expect(vocab.dropStages[0]).toEqual({ name: "queue", label: queue.label, doc: queue.doc });
    expect(entryOf(vocab.dropStages, "gilbert_elliott")?.label).toBe(stage.members.find((m) => m.name === "gilbert_elliott")!.label);
  });

  it("reads a catalogue without trace v2's vocabulary, or junk, as empty lists", () => {
    expect(parseTraceVocab({ engine_version: "0.0.1" })).toEqual(EMPTY_TRACE_VOCAB);
    expect(parseTraceVocab(null)).toEqual(EMPTY_TRACE_VOCAB);
    const junk = parseTraceVocab({ vocab: { causes: [1, { name: "" }, { name: "x" }], drop_reasons: "queue" }, families: [{ name: "stage", members: {} }] });
    expect(junk).toEqual({ causes: [{ name: "x", label: "x", doc: "" }], dropStages: [], states: [], timerKinds: [], detectors: [], events: [] });
  });

  it("labels congestion states and timer kinds as the catalogue does, else by their names", () => {
    for (const st of recorded.vocab.states) expect(stateLabel(vocab, st.name)).toBe(st.label);
    for (const tk of recorded.vocab.timer_kinds) expect(timerLabel(vocab, tk.name)).toBe(tk.label);
    expect(vocab.states.map((s) => s.name)).toEqual(recorded.vocab.states.map((s) => s.name));
    // without the catalogue: the raw name
    expect(stateLabel(EMPTY_TRACE_VOCAB, "recovery")).toBe("recovery");
    expect(timerLabel(null, "probe")).toBe("probe");
    expect(stateLabel(vocab, "someday")).toBe("someday");
    // in a sentence: a label that already says "timer" is not doubled
    expect(timerNoun(vocab, "rto")).toBe(`${timerLabel(vocab, "rto")} timer`);
    expect(timerNoun({ timerKinds: [{ name: "probe", label: "Probe timer", doc: "" }] }, "probe")).toBe("Probe timer");
    expect(timerNoun(null, "delack")).toBe("delack timer");
  });

  it("lists the spurious-timeout detectors with the rules their ops tables declare, labelled as the catalogue labels them", () => {
    const spurious = recorded.families.find((f) => f.name === "spurious")!;
    expect(vocab.detectors.map((d) => d.name)).toEqual(spurious.members.map((m) => m.name));
    for (const m of spurious.members) {
      const d = vocab.detectors.find((e) => e.name === m.name)!;
      expect(d.label).toBe(m.label);
      expect(d.rules).toEqual(m.rules.map((r) => ({ name: r.name, label: r.label, doc: r.doc })));
      expect(d.rules.length).toBeGreaterThan(0);
    }
    const frto = spurious.members.find((m) => m.name === "frto")!;
    const rule = frto.rules.find((r) => r.name === "frto_basic_3b")!;
    expect(spuriousReason(vocab, "frto", "frto_basic_3b")).toEqual({
      detector: expect.objectContaining({ name: "frto", label: frto.label, doc: frto.doc }),
      rule: { name: rule.name, label: rule.label, doc: rule.doc },
    });
    // without the catalogue, or for a name it does not list: the raw names
    expect(spuriousReason(null, "frto", "frto_basic_3b")).toEqual({
      detector: { name: "frto", label: "frto", doc: "" },
      rule: { name: "frto_basic_3b", label: "frto_basic_3b", doc: "" },
    });
    expect(spuriousReason(vocab, "eifel", "no_such_rule").rule.label).toBe("no_such_rule");
  });

  it("finds nothing for a name it does not list, or none", () => {
    expect(entryOf(vocab.dropStages, "teleport")).toBeUndefined();
    expect(entryOf(vocab.dropStages, null)).toBeUndefined();
  });
});
