import presets from "./fixtures/presets.json";
import type { PresetPublic } from "../../client/types.gen";
import {
  buildComparisonBody,
  buildRunBody,
  defaultRunVariant,
  firstSentence,
  forkFromShare,
  hasRandomLoss,
  orderTimers,
  presetComparisonBody,
  submitModes,
  timerOfVariant,
} from "./requests";

const P = presets as unknown as PresetPublic[];
const tail = P.find((p) => p.name === "tail-loss-rtt-sweep")!;
const web = P.find((p) => p.name === "web-objects")!;
const scenario = { seed: 7, flows: [{ tcp: { timer: "rto", mss: 1448 } }, { tcp: { timer: "rto" } }] };

describe("request bodies", () => {
  it("runs one timer on every flow, one run per seed", () => {
    const body = buildRunBody({ scenario, timers: ["tlp"], timerScope: "flows[*]", replications: 3 });
    expect((body.scenario as typeof scenario).flows.map((f) => f.tcp.timer)).toEqual(["tlp", "tlp"]);
    expect(body.seeds).toEqual([7, 8, 9]);
    expect(buildRunBody({ scenario, timers: ["rto"], timerScope: "flows[*]", replications: 1 }).seeds).toBeUndefined();
    expect(scenario.flows[0].tcp.timer).toBe("rto");
  });

  it("compares one variant per timer, RTO the baseline", () => {
    const body = buildComparisonBody({ scenario, timers: ["tlp", "rto"], timerScope: "flows[0:1]", replications: 2 });
    expect(body.variants).toEqual({ RTO: { "flows[0:1].tcp.timer": "rto" }, TLP: { "flows[0:1].tcp.timer": "tlp" } });
    expect(body.baseline).toBe("RTO");
    expect(body.replications).toBe(2);
    expect(body.base).toEqual({ scenario });
    expect(buildComparisonBody({ scenario, timers: ["tlpr", "tlp"], timerScope: "flows[*]", replications: 0 })).toMatchObject({ baseline: "TLP", replications: 1 });
  });

  it("orders timers as the catalogue does and knows which buttons apply", () => {
    expect(orderTimers(["tlpr", "rto", "x", "x"], ["rto", "rtor", "tlp", "tlpr"])).toEqual(["rto", "tlpr", "x"]);
    expect(submitModes(["rto"])).toEqual({ run: true, compare: false });
    expect(submitModes(["rto", "tlp"])).toEqual({ run: false, compare: true });
  });
});

describe("presets", () => {
  it("tells deterministic presets from random-loss ones", () => {
    expect(hasRandomLoss(tail.scenario)).toBe(false);
    expect(hasRandomLoss(web.scenario)).toBe(true);
    expect(hasRandomLoss({})).toBe(false);
  });

  it("builds the one-click comparison: all variants, no grid, 1 or at most 5 replications", () => {
    const t = presetComparisonBody(tail);
    expect(t).toEqual({ base: { preset: tail.name }, variants: tail.variants, baseline: "baseline", replications: 1 });
    expect("grid" in t).toBe(false);
    expect(presetComparisonBody(web).replications).toBe(5);
    expect(presetComparisonBody({ ...web, replications: 3 }).replications).toBe(3);
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

  it("reads timer-only variants", () => {
    expect(timerOfVariant({ "flows[*].tcp.timer": "tlp" })).toEqual({ timer: "tlp", scope: "flows[*]" });
    expect(timerOfVariant({ "flows[0:40].tcp.timer": "rtor" })).toEqual({ timer: "rtor", scope: "flows[0:40]" });
    expect(timerOfVariant({ "flows.tcp.timer": "x", other: 1 })).toBeNull();
  });
});

describe("forking a permalink", () => {
  it("reopens a frozen run's scenario", () => {
    const f = forkFromShare({ kind: "run", payload: { run: { scenario: { flows: [{ tcp: { timer: "tlpr" } }] } } } }, []);
    expect(f?.timers).toEqual(["tlpr"]);
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
    const f = forkFromShare({ kind: "comparison", payload, view_state: { cell: "1" } }, P)!;
    expect(f.scenario.path).toMatchObject({ forward: { delay_ms: 80 }, reverse: { delay_ms: 80 } });
    expect((f.scenario.flows as { tcp: { mss: number } }[])[0].tcp.mss).toBe(1000);
    expect(f.timers).toEqual(["rto", "rtor", "tlp", "tlpr"]);
    expect(f.note).toContain("delay_ms = 80");
    expect(forkFromShare({ kind: "comparison", payload: { comparison: { spec: { base: { preset: "nope" } } } } }, P)).toBeNull();
  });

  it("uses a comparison's own scenario when it has one", () => {
    const f = forkFromShare({ kind: "comparison", payload: { comparison: { spec: { base: { scenario }, variants: { A: { x: 1 } }, cells: [{}], replications: 4 } } } }, [])!;
    expect(f.scenario).toEqual(scenario);
    expect(f.timers).toEqual(["rto"]);
    expect(f.replications).toBe(4);
  });
});
