import { dropsToRules, estimateSegmentIndex, MAX_RULES, planRerun, segmentIndexMap, type PositionedRule } from "./segmentIndex";
import { toEvents } from "./events";
import { apiEvent, BASELINE_TAIL, TLP_TAIL } from "./fixtures";

/** path.forward.loss of a scenario. */
const lossOf = (sc: Record<string, unknown>) => (sc as { path: { forward: { loss: Record<string, unknown> } } }).path.forward.loss;

describe("segment indexing", () => {
  const map = segmentIndexMap(TLP_TAIL.events, 0);
  it("counts the flow's new segments from 1 in send order", () => {
    expect(map.size).toBe(10);
    expect(map.get(0)).toBe(1);
    expect(map.get(1448)).toBe(2);
    expect(map.get(13032)).toBe(10);
  });
  it("gives a retransmission or probe the index of its original segment and its transmission number", () => {
    const probe = TLP_TAIL.events.find((e) => e.kind === "probe")!;
    expect([map.get(probe.seq), probe.transmission]).toEqual([10, 2]);
    const rtx = BASELINE_TAIL.events.find((e) => e.kind === "retransmit")!;
    expect([segmentIndexMap(BASELINE_TAIL.events, 0).get(rtx.seq), rtx.transmission]).toEqual([10, 2]);
  });
  it("counts a probe of new data as a new segment, and ignores other flows", () => {
    const evs = toEvents([
      apiEvent({ t_ns: 0, kind: "send", seq: 0, arg: 1000, transmission: 1 }),
      apiEvent({ t_ns: 1, flow: 1, kind: "send", seq: 0, arg: 500, transmission: 1 }),
      apiEvent({ t_ns: 2, kind: "probe", seq: 1000, arg: 300, transmission: 1 }),
      apiEvent({ t_ns: 3, kind: "retransmit", seq: 0, arg: 1000, transmission: 2 }),
      apiEvent({ t_ns: 4, kind: "send", seq: 1300, arg: 1000, transmission: 1 }),
    ]);
    const m = segmentIndexMap(evs, 0);
    expect([...m.entries()]).toEqual([[0, 1], [1000, 2], [1300, 3]]);
    expect(m.get(evs[3].seq)).toBe(1); // the retransmission of segment 1
    expect(m.get(evs[1].seq)).toBe(1); // same seq in flow 1: each flow has its own map
  });
  it("estimates from the MSS when the sends are not all known", () => {
    expect(estimateSegmentIndex(0, 1448)).toBe(1);
    expect(estimateSegmentIndex(13032, 1448)).toBe(10);
  });
});

describe("dropsToRules", () => {
  it("turns the tail drop into the positioned rule that reproduces it", () => {
    expect(dropsToRules(TLP_TAIL.events)).toEqual([{ flow: 0, segment: 10, transmission: 1, action: "drop", delay_ms: 0 }]);
  });
  it("matches a dropped retransmission to its transmission number and skips queue drops", () => {
    const evs = toEvents([
      apiEvent({ t_ns: 0, kind: "send", seq: 0, arg: 1000, transmission: 1 }),
      apiEvent({ t_ns: 0, kind: "send", seq: 1000, arg: 1000, transmission: 1 }),
      apiEvent({ t_ns: 0, kind: "drop", seq: 1000, arg: 1000, reason: "queue", direction: "forward" }),
      apiEvent({ t_ns: 5, kind: "retransmit", seq: 1000, arg: 1000, transmission: 2 }),
      apiEvent({ t_ns: 5, kind: "drop", seq: 1000, arg: 1000, reason: "loss_model", direction: "forward" }),
      apiEvent({ t_ns: 6, kind: "drop", seq: 77, arg: 0, reason: "loss_model", direction: "reverse" }),
    ]);
    expect(dropsToRules(evs)).toEqual([{ flow: 0, segment: 2, transmission: 2, action: "drop", delay_ms: 0 }]);
  });
});

describe("planRerun", () => {
  const rule: PositionedRule = { flow: 0, segment: 3, transmission: 1, action: "drop", delay_ms: 0 };
  it("keeps the tail loss by converting it to positioned rules", () => {
    const plan = planRerun(TLP_TAIL.scenario, rule, dropsToRules(TLP_TAIL.events));
    const loss = lossOf(plan.scenario);
    expect(loss.model).toBe("positioned");
    expect(loss.rules).toEqual([{ flow: 0, segment: 10, transmission: 1, action: "drop", delay_ms: 0 }, rule]);
    expect(plan.note).toContain("tail");
    expect(plan.note).toContain("converted");
    // the run's scenario is not modified
    expect(lossOf(TLP_TAIL.scenario).model).toBe("tail");
  });
  it("replaces a model whose drops are unknown, and says so", () => {
    const plan = planRerun(TLP_TAIL.scenario, rule, null);
    expect((lossOf(plan.scenario).rules as unknown[]).length).toBe(1);
    expect(plan.note).toContain("replaced");
  });
  it("appends to positioned rules, replacing a rule on the same transmission", () => {
    const sc = { path: { forward: { loss: { model: "positioned", rules: [{ flow: 0, segment: 3, transmission: 1, action: "delay", delay_ms: 50 }, { flow: 0, segment: 5, transmission: 1, action: "drop", delay_ms: 0 }] } } } };
    const plan = planRerun(sc, rule, null);
    expect(plan.rules).toEqual([{ flow: 0, segment: 5, transmission: 1, action: "drop", delay_ms: 0 }, rule]);
    expect(plan.note).toContain("replaced");
  });
  it("adds a loss section when there is none", () => {
    const plan = planRerun({ flows: [{}] }, { ...rule, action: "delay", delay_ms: 300 }, null);
    expect(lossOf(plan.scenario)).toEqual({ model: "positioned", rules: [{ flow: 0, segment: 3, transmission: 1, action: "delay", delay_ms: 300 }] });
  });
  it("replaces a random model with too many drops for the rule limit", () => {
    const many = Array.from({ length: MAX_RULES + 5 }, (_, k) => ({ flow: 0, segment: k + 10, transmission: 1, action: "drop" as const, delay_ms: 0 }));
    const plan = planRerun({ path: { forward: { loss: { model: "bernoulli", p: 0.01 } } } }, rule, many);
    expect(plan.rules).toEqual([rule]);
    expect(plan.note).toContain("limit");
  });
  it("freezes the observed drops of a random model when they fit", () => {
    const plan = planRerun({ path: { forward: { loss: { model: "bernoulli", p: 0.01 } } } }, rule, [{ flow: 0, segment: 7, transmission: 1, action: "drop", delay_ms: 0 }]);
    expect(plan.rules).toHaveLength(2);
    expect(plan.note).toContain("Random losses after them are not modelled");
  });
});
