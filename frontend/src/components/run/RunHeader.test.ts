import raw from "../../lib/forms/fixtures/catalogue.json";
import { parseCatalogue } from "../../lib/forms/catalogue";
import { describeScenario, endedAsPlanned, exportRefusal } from "./RunHeader";

const cat = parseCatalogue(raw);
const family = (name: string) => raw.families.find((f) => f.name === name)!;
const member = (fam: string, name: string) => family(fam).members.find((m) => m.name === name)!;

describe("describeScenario", () => {
  const sc = { flows: [{ tcp: { cc: "cubic", timer: "tlp" }, app: { kind: "fixed", segments: 10, bytes: 0 } }], path: { forward: { delay_ms: 10 }, reverse: { delay_ms: 10 } } };

  it("names flow 0's mechanisms by their families' and their own catalogue labels", () => {
    const chips = describeScenario(sc, cat);
    expect(chips).toContain(`${family("cc").label}: ${member("cc", "cubic").label}`);
    expect(chips).toContain(`${family("timer").label}: ${member("timer", "tlp").label}`);
    // no chip spells a family's raw name
    expect(chips.some((c) => c.startsWith("cc ") || c.startsWith("timer "))).toBe(false);
  });

  it("names the application by the catalogue, with what its kind reads", () => {
    const chips = describeScenario(sc, cat);
    // app.segments is what one object reads; app.bytes = 0 says nothing
    expect(chips).toContain(`${family("app").label}: ${member("app", "fixed").label} (Flow size = 10 segments)`);
    const bulk = describeScenario({ ...sc, flows: [{ app: { kind: "bulk", duration_s: 2, segments: 10 } }] }, cat);
    expect(bulk).toContain(`${family("app").label}: ${member("app", "bulk").label} (Write for = 2 s)`);
    expect(bulk.join(" ")).not.toContain("segments");
  });

  it("names each direction's loss stage by the catalogue's label, with what it reads", () => {
    const stage = (name: string) => member("stage", name).label;
    // a loss model's parameter is named as that model's stage names its own (the catalogue's labels)
    const own = (name: string, key: string) => member("stage", name).params.find((p) => p.key === key)!.label;
    const withLoss = (forward: Record<string, unknown>, reverse: Record<string, unknown> = {}) =>
      describeScenario({ ...sc, path: { forward: { delay_ms: 10, loss: forward }, reverse: { delay_ms: 10, loss: reverse } } }, cat);
    // a switch shows only when it is on
    expect(withLoss({ model: "bernoulli", p: 0.01 })).toContain(`${stage("bernoulli")} (${own("bernoulli", "p")} = 0.01)`);
    expect(withLoss({ model: "bernoulli", p: 0.01, spare_retransmissions: true })).toContain(
      `${stage("bernoulli")} (${own("bernoulli", "p")} = 0.01, ${own("bernoulli", "spare_retransmissions")} = true)`,
    );
    expect(withLoss({ model: "tail", count: 2 })).toContain(`${stage("tail")} (Tail losses = 2 segments)`);
    expect(withLoss({ model: "positioned", rules: [{}, {}, {}] })).toContain(`${stage("positioned")} (3 rules)`);
    const ge = withLoss({ model: "gilbert_elliott", p: 0.1, r: 0.4 }).find((c) => c.startsWith(stage("gilbert_elliott")))!;
    expect(ge).toContain(`${own("gilbert_elliott", "p")} = 0.1`);
    expect(ge).toContain(`${own("gilbert_elliott", "r")} = 0.4`);
    expect(withLoss({ model: "none" })).toContain("no loss model");
    // the reverse direction is named only when it has a stage
    const rev = withLoss({ model: "none" }, { model: "tail", count: 1 });
    expect(rev).toContain(`reverse: ${stage("tail")} (Tail losses = 1 segments)`);
    expect(withLoss({ model: "tail" }).some((c) => c.startsWith("reverse"))).toBe(false);
  });

  it("names the stages a direction lists after its loss model, with their own parameters", () => {
    const stages = raw.containers.find((c) => c.type === "tagged_list")!;
    const bern = member(stages.family as string, "bernoulli") as { label: string; params: { key: string; default: unknown }[] };
    expect(bern.params.map((p) => p.key)).toContain("p");
    const chips = describeScenario({ ...sc, path: { forward: { delay_ms: 10, loss: { model: "tail", count: 1 }, stages: [{ kind: "bernoulli", p: 0.02 }] }, reverse: { delay_ms: 10, stages: [{ kind: "tail" }] } } }, cat);
    const fwd = chips.find((c) => c.startsWith(`+ ${bern.label}`));
    expect(fwd).toContain("= 0.02");
    expect(chips.some((c) => c.startsWith(`reverse: + ${member("stage", "tail").label}`))).toBe(true);
    expect(chips).toContain(`${member("stage", "tail").label} (Tail losses = 1 segments)`);
  });

  it("names no mechanism, loss model or application before the catalogue arrives", () => {
    const chips = describeScenario(sc, null);
    expect(chips.some((c) => c.includes(member("cc", "cubic").label))).toBe(false);
    expect(chips.some((c) => c.includes(member("app", "fixed").label) || c.includes("loss"))).toBe(false);
    expect(chips).toContain("RTT 20 ms");
  });
});

describe("endedAsPlanned", () => {
  const bulk = (duration_s: number, start_ms = 0) => ({ app: { kind: "bulk", duration_s }, start_ms });
  const run = (flows: unknown[], completed: boolean[], summary: Record<string, unknown>) => ({
    scenario: { duration_s: 2, flows },
    summary,
    metrics: completed.map((c) => ({ completed: c })),
  });
  const cut = { truncated: true, truncated_reason: "duration_s" };

  it("a bulk transfer meant to write until the end ended as planned", () => {
    expect(endedAsPlanned(run([bulk(2)], [false], cut))).toBe(true);
    expect(endedAsPlanned(run([bulk(1.5, 500)], [false], cut))).toBe(true);
  });
  it("a flow cut before its plan, a fixed object left unfinished or another budget stopped early", () => {
    expect(endedAsPlanned(run([bulk(1)], [false], cut))).toBe(false);
    expect(endedAsPlanned(run([bulk(2), { app: { kind: "fixed" } }], [false, false], cut))).toBe(false);
    expect(endedAsPlanned(run([bulk(2)], [false], { truncated: true, truncated_reason: "max_events" }))).toBe(false);
    expect(endedAsPlanned(run([bulk(2)], [false], { truncated: false }))).toBe(false);
  });
  it("finished flows do not count against it", () => {
    expect(endedAsPlanned(run([bulk(2), { app: { kind: "fixed" } }], [false, true], cut))).toBe(true);
  });
});

describe("exportRefusal", () => {
  it("says why a trace over the server's export limit has no download links, and is silent otherwise", () => {
    const limits = { max_comparison_runs: 10000, export_max_events: 4_000_000 };
    const why = exportRefusal({ trace_events: 26_200_000 }, limits)!;
    expect(why).toContain((26_200_000).toLocaleString());
    expect(why).toContain((4_000_000).toLocaleString());
    expect(exportRefusal({ trace_events: 4_000_000 }, limits)).toBeNull(); // at the limit: exported
    expect(exportRefusal({ trace_events: 12 }, limits)).toBeNull();
    // a server that publishes no limit, or a run without a trace count: the links stay
    expect(exportRefusal({ trace_events: 26_200_000 }, { max_comparison_runs: 10000 })).toBeNull();
    expect(exportRefusal({}, limits)).toBeNull();
  });
});
