import { toEvents } from "../../lib/chart-math/events";
import { apiEvent, BASELINE_TAIL, TLP_TAIL } from "../../lib/chart-math/fixtures";
import catalogueMetrics from "../../lib/fixtures/catalogue-metrics.json";
import { parseMetrics } from "../../lib/metrics";
import { diffMarks, markIdentity, metricChanges, rareDifferences, scenarioChanges } from "./overlay";

const METRICS = parseMetrics(catalogueMetrics.metrics);

describe("diffMarks on the engine's single-tail-loss traces (parent: RTO, re-run: TLP)", () => {
  const diff = diffMarks(BASELINE_TAIL.events, TLP_TAIL.events);
  const byStatus = (s: string) => diff.pairs.filter((p) => p.status === s).map((p) => `${p.key}@${(p.before ?? p.after)?.t}`);

  it("pairs everything both runs did before the probe timer, at the same instants", () => {
    // ten first transmissions, the tail drop, the SYN-free ACKs up to 360 ms, the first delayed-ACK timer
    expect(diff.counts.same).toBe(10 + 1 + 5 + 1);
    const same = diff.pairs.filter((p) => p.status === "same");
    expect(same.every((p) => p.before?.t === p.after?.t)).toBe(true);
  });

  it("says where the runs part: the probe timer at 320 ms", () => {
    expect(diff.divergence).toBe(320);
  });

  it("finds the probe only in the re-run and the RTO repair only in the parent", () => {
    expect(byStatus("after-only")).toEqual(["timer_fired|probe#0@320", "probe|13032|2#0@320"]);
    expect(byStatus("before-only")).toEqual(["timer_fired|rto#0@702.96875", "retransmit|13032|2#0@702.96875"]);
  });

  it("finds the marks that moved, with how far", () => {
    const moved = diff.pairs.filter((p) => p.status === "moved");
    expect(moved.map((p) => [p.key, p.dt])).toEqual([
      ["timer_fired|delack#1", 560 - 942.96875],
      ["ack|14480#0", 600 - 982.96875],
    ]);
  });

  it("lists only the rare marks that differ, in time order", () => {
    expect(rareDifferences(diff).map((p) => p.key)).toEqual(["timer_fired|probe#0", "probe|13032|2#0", "timer_fired|delack#1", "timer_fired|rto#0", "retransmit|13032|2#0"]);
  });

  it("compares only the rare kinds when asked (a downsampled window)", () => {
    const rare = diffMarks(BASELINE_TAIL.events, TLP_TAIL.events, true);
    expect(rare.rareOnly).toBe(true);
    expect(rare.pairs.every((p) => ["retransmit", "probe", "drop", "timer_fired"].includes(p.kind))).toBe(true);
    expect(rare.counts.same).toBe(2); // the tail drop and the first delayed-ACK timer
  });

  it("finds no difference between a run and itself", () => {
    const d = diffMarks(TLP_TAIL.events, TLP_TAIL.events);
    expect(d.divergence).toBeNull();
    expect(d.counts.moved + d.counts["before-only"] + d.counts["after-only"]).toBe(0);
  });
});

describe("markIdentity", () => {
  const [send2, dup1, dup2, synAck, state] = toEvents([
    apiEvent({ kind: "send", seq: 1448, arg: 1448, transmission: 2 }),
    apiEvent({ kind: "ack_recv", seq: 2896 }),
    apiEvent({ kind: "ack_recv", seq: 2896 }),
    apiEvent({ kind: "ack_recv", seq: 0, syn_ack: true }),
    apiEvent({ kind: "state", prev_state: "open", state: "recovery" } as never),
  ]);
  it("names a transmission by kind, first byte and transmission number", () => {
    expect(markIdentity(send2)).toBe("send|1448|2");
  });
  it("gives duplicate ACKs one identity (told apart by occurrence when paired)", () => {
    expect(markIdentity(dup1)).toBe(markIdentity(dup2));
    const d = diffMarks([dup1, dup2], [dup1]);
    expect(d.pairs.map((p) => [p.key, p.status])).toEqual([
      ["ack|2896#0", "same"],
      ["ack|2896#1", "before-only"],
    ]);
  });
  it("leaves out the SYN-ACK and the kinds the diagram does not compare", () => {
    expect(markIdentity(synAck)).toBeNull();
    expect(markIdentity(state)).toBeNull();
  });
});

describe("metricChanges", () => {
  const rows = metricChanges(BASELINE_TAIL.metrics[0], TLP_TAIL.metrics[0], METRICS);
  const row = (n: string) => rows.find((r) => r.info.name === n)!;

  it("names metrics by the catalogue, in its order", () => {
    expect(row("fct_ms").info.label).toBe(METRICS.find((m) => m.name === "fct_ms")!.label);
    const known = rows.map((r) => r.info.name).filter((n) => METRICS.some((m) => m.name === n));
    expect(known).toEqual(METRICS.map((m) => m.name).filter((n) => known.includes(n)));
  });

  it("computes the change and judges it by higher_is_better", () => {
    expect(row("fct_ms")).toMatchObject({ before: 742.96875, after: 360, changed: true, delta: 360 - 742.96875, verdict: "better" });
    expect(row("fct_ms").relative).toBeCloseTo((360 - 742.96875) / 742.96875);
    expect(row("rto_count")).toMatchObject({ before: 1, after: 0, changed: true });
    expect(row("goodput_bps").verdict).toBe("better");
  });

  it("marks unchanged metrics, lists too", () => {
    expect(row("retransmissions")).toMatchObject({ changed: false, delta: 0, verdict: null });
    expect(row("request_ms").changed).toBe(true);
    expect(row("request_ms").delta).toBeNull();
  });

  it("judges a flag: completing is better", () => {
    const [c] = metricChanges({ completed: false }, { completed: true }, METRICS);
    expect(c).toMatchObject({ changed: true, verdict: "better" });
  });
});

describe("scenarioChanges", () => {
  it("lists the leaves that differ, list items by index", () => {
    const before = { seed: 1, path: { forward: { delay_ms: 40, stages: [{ kind: "tail", count: 1 }] } } };
    const after = { seed: 1, path: { forward: { delay_ms: 40, stages: [{ kind: "tail", count: 1 }, { kind: "positioned", rules: [{ segment: 3 }] }] } } };
    expect(scenarioChanges(before, after)).toEqual([{ path: "path.forward.stages[1]", before: undefined, after: { kind: "positioned", rules: [{ segment: 3 }] } }]);
    expect(scenarioChanges(after, { ...after, seed: 2 })).toEqual([{ path: "seed", before: 1, after: 2 }]);
  });

  it("is empty for equal scenarios", () => {
    expect(scenarioChanges(BASELINE_TAIL.scenario, structuredClone(BASELINE_TAIL.scenario))).toEqual([]);
  });
});
