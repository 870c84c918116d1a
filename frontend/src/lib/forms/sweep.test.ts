import presets from "./fixtures/presets.json";
import raw from "./fixtures/catalogue.json";
import type { PresetPublic } from "../../client/types.gen";
import { defaultScenario, parseCatalogue } from "./catalogue";
import { setPath } from "./paths";
import { buildComparisonBody } from "./requests";
import {
  axesOfGrid,
  checkAxis,
  estimateRuns,
  fieldOfPath,
  gridErrorPath,
  newAxis,
  planSweep,
  rangeValues,
  runLimit,
  selectorMatches,
  type SweepAxis,
  sweepableFields,
  tokens,
} from "./sweep";

const cat = parseCatalogue(raw);
const sc = defaultScenario(cat);
const two = defaultScenario(cat, 2);
const axis = (path: string, text = "", chosen: string[] = []): SweepAxis => ({ path, text, chosen });
const field = (path: string, scenario: unknown = sc) => fieldOfPath(cat, scenario, path)!;
/** the catalogue's row for a template, straight from the JSON */
const rawParam = (path: string) => raw.parameters.find((p) => p.path === path)!;

describe("sweepable fields", () => {
  it("offers every number and choice of the parameter table, at the API's grid scopes", () => {
    const fields = sweepableFields(cat, sc);
    const paths = fields.map((f) => f.path);
    // both directions, or one: the selector syntax the presets' grids use
    expect(paths).toEqual(expect.arrayContaining(["path.*.delay_ms", "path.forward.delay_ms", "path.reverse.delay_ms", "path.forward.loss.count", "flows[*].receiver.ack_policy", "flows[*].tcp.timer", "flows[*].tcp.fack", "duration_s"]));
    // every number or choice row of the table is there, in catalogue order; sets, the seed and the fields of
    // list items the default scenario has none of (loss rules, handover table rows) are not; then every
    // parameter a mechanism picked by a flow's key declares itself (a stage's only where a stage is listed)
    const templates = [...new Set(fields.map((f) => f.param.path))];
    const table = raw.parameters.filter((p) => p.type !== "set" && p.key !== "seed" && !p.path.replace(/^flows\[\]/, "").includes("[]")).map((p) => p.path);
    const own = raw.families.flatMap((f) => f.members.flatMap((m) => (m.params ?? []).map((p) => p.path))).filter((p) => !p.includes(".stages[]."));
    expect(own.length).toBeGreaterThan(10);
    expect(templates).toEqual([...table, ...own]);
    expect(paths).not.toContain("seed");
    // a set (tcp.spurious) is not swept; its sibling enum tcp.spurious_response is
    expect(paths.some((p) => p.endsWith("tcp.spurious"))).toBe(false);
    expect(paths.some((p) => p.endsWith("tcp.spurious_response"))).toBe(true);
    // labelled by the catalogue and the scope
    expect(field("path.*.delay_ms").label).toBe(`${rawParam("path.{forward,reverse}.delay_ms").label} (both directions)`);
    expect(field("path.reverse.delay_ms").label).toBe(`${rawParam("path.{forward,reverse}.delay_ms").label} (reverse)`);
    expect(field("flows[*].tcp.mss").label).toBe(rawParam("flows[].tcp.mss").label);
  });

  it("types numbers and choices; a switch is a choice of off and on", () => {
    expect(field("path.*.delay_ms")).toMatchObject({ kind: "number", numberType: "float" });
    expect(field("path.forward.loss.count")).toMatchObject({ kind: "number", numberType: "int" });
    expect(field("flows[*].receiver.ack_policy")).toMatchObject({ kind: "choice", choices: rawParam("flows[].receiver.ack_policy").choices });
    expect(field("flows[*].tcp.timer").choices).toEqual(rawParam("flows[].tcp.timer").choices);
    expect(field("flows[*].tcp.fack").choices).toEqual([false, true]);
  });

  it("offers each flow and each positioned rule once there are several or some", () => {
    expect(sweepableFields(cat, sc).some((f) => f.path === "flows[0].tcp.mss")).toBe(false);
    const paths = sweepableFields(cat, two).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["flows[*].tcp.mss", "flows[0].tcp.mss", "flows[1].tcp.mss"]));
    expect(field("flows[1].tcp.mss", two).label).toMatch(/\(flow 1\)$/);
    expect(paths.some((p) => p.includes("rules"))).toBe(false);
    const withRule = { ...sc, path: { ...(sc.path as object), forward: { loss: { model: "positioned", rules: [{ segment: 3 }] } } } };
    expect(sweepableFields(cat, withRule).map((f) => f.path)).toContain("path.forward.loss.rules[*].segment");
  });

  it("reads any selector a catalogue template accepts, as a preset's grid uses them", () => {
    expect(selectorMatches("flows[].app.segments", "flows[0:40].app.segments")).toBe(true);
    expect(selectorMatches("path.{forward,reverse}.delay_ms", "path.*.delay_ms")).toBe(true);
    expect(selectorMatches("path.{forward,reverse}.delay_ms", "path.sideways.delay_ms")).toBe(false);
    expect(selectorMatches("flows[].app.segments", "flows.app.segments")).toBe(false);
    const sliced = field("flows[0:40].app.segments");
    expect(sliced.label).toMatch(/\(flows 0–39\)$/);
    expect(fieldOfPath(cat, sc, "flows[*].tcp.no_such")).toBeNull();
    expect(fieldOfPath(cat, sc, "seed")).toBeNull();
  });
});

/** a family's member and one of its own parameters, straight from the JSON */
const rawMember = (family: string, member: string) => raw.families.find((f) => f.name === family)!.members.find((m) => m.name === member)!;
const rawOwn = (family: string, member: string, key: string) => (rawMember(family, member).params as { key: string; label: string; min: number; max: number; choices?: string[] | null }[]).find((p) => p.key === key)!;
const familyLabel = (family: string) => raw.families.find((f) => f.name === family)!.label;
/** the default scenario with these stages in each direction */
const withStages = (forward: object[], reverse: object[]) => setPath(setPath(sc, "path.forward.stages", forward), "path.reverse.stages", reverse);

describe("a mechanism's own parameters", () => {
  it("offers a picked member's parameters at every flow scope, labelled and grouped by their member", () => {
    const alpha = field("flows[*].tcp.cc_params.vegas.alpha");
    const vegas = rawMember("cc", "vegas");
    const own = rawOwn("cc", "vegas", "alpha");
    expect(alpha).toMatchObject({ kind: "number", numberType: "int", label: `${vegas.label}: ${own.label}`, group: `${familyLabel("cc")}: ${vegas.label}` });
    expect([alpha.param.min, alpha.param.max]).toEqual([own.min, own.max]);
    // read when the flow's cc is vegas: the table's key, in the flow section
    expect(alpha.param).toMatchObject({ section: "flow", key: "tcp.cc_params.vegas.alpha", appliesTo: { key: "tcp.cc", values: ["vegas"], family: "cc" } });
    // choices and switches of members: RTOR's rule, RACK's switches
    expect(field("flows[*].tcp.timer_params.rtor.rule")).toMatchObject({ kind: "choice", choices: rawOwn("timer", "rtor", "rule").choices });
    expect(field("flows[*].tcp.lossdet_params.rack.reo_timer")).toMatchObject({ kind: "choice", choices: [false, true] });
    // one flow at a time once there are several
    const paths = sweepableFields(cat, two).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["flows[*].tcp.cc_params.cubic.beta_permille", "flows[0].tcp.cc_params.cubic.beta_permille", "flows[1].tcp.cc_params.cubic.beta_permille"]));
    expect(field("flows[1].tcp.cc_params.vegas.gamma", two).label).toBe(`${vegas.label}: ${rawOwn("cc", "vegas", "gamma").label} (flow 1)`);
    // a preset's slice of the flows reads too
    expect(field("flows[0:2].tcp.cc_params.vegas.alpha").label).toMatch(/\(flows 0–1\)$/);
  });

  it("offers a stage's parameters at each stage of its kind the scenario lists, in one or both directions", () => {
    const bern = { kind: "bernoulli", p: 0.01 };
    const scen = withStages([bern, { kind: "tail", count: 2 }], [bern]);
    const paths = sweepableFields(cat, scen).map((f) => f.path);
    const stagePaths = paths.filter((p) => p.includes("stages"));
    // in the family's member order (tail before Bernoulli): stage 1 is the forward tail stage;
    // stage 0 is Bernoulli in both directions: both, or each
    expect(stagePaths).toEqual([
      "path.forward.stages[1].count",
      "path.*.stages[0].p",
      "path.forward.stages[0].p",
      "path.reverse.stages[0].p",
      "path.*.stages[0].spare_retransmissions",
      "path.forward.stages[0].spare_retransmissions",
      "path.reverse.stages[0].spare_retransmissions",
    ]);
    const p = field("path.forward.stages[0].p", scen);
    const member = rawMember("stage", "bernoulli");
    expect(p).toMatchObject({ kind: "number", numberType: "float", label: `${member.label}: ${rawOwn("stage", "bernoulli", "p").label} (forward, stage 0)` });
    expect(p.group).toMatch(new RegExp(`: ${member.label}$`));
    expect(field("path.*.stages[0].p", scen).label).toMatch(/\(both directions, stage 0\)$/);
    // Gilbert-Elliott's four, only where it is listed
    const ge = withStages([], [{ kind: "gilbert_elliott", p: 0.1, r: 0.5, loss_good: 0, loss_bad: 1 }]);
    expect(sweepableFields(cat, ge).filter((f) => f.path.includes("stages")).map((f) => f.path)).toEqual(
      ["p", "r", "loss_good", "loss_bad", "spare_retransmissions"].map((k) => `path.reverse.stages[0].${k}`),
    );
    // no stages, no stage fields; a stage the scenario does not list is no field
    expect(sweepableFields(cat, sc).some((f) => f.path.includes("stages"))).toBe(false);
    expect(fieldOfPath(cat, scen, "path.forward.stages[1].p")).toBeNull();
    expect(fieldOfPath(cat, scen, "path.reverse.stages[1].count")).toBeNull();
    // a new axis starts from the stage's value
    expect(newAxis(p, scen).text).toBe("0.01");
  });

  it("checks a member's values against its own limits, every problem at once", () => {
    const alpha = field("flows[*].tcp.cc_params.vegas.alpha");
    const max = rawOwn("cc", "vegas", "alpha").max;
    expect(checkAxis(alpha, axis(alpha.path, `1, 2.5, ${max + 1}, -1`)).errors).toEqual([
      `2.5: must be an integer between 0 and ${max}`,
      `${max + 1}: must be between 0 and ${max} (got ${max + 1})`,
      `-1: must be between 0 and ${max} (got -1)`,
    ]);
    const scen = withStages([{ kind: "bernoulli", p: 0.01 }], []);
    const p = field("path.forward.stages[0].p", scen);
    expect(checkAxis(p, axis(p.path, "0, 0.5, 1.5")).errors).toEqual(["1.5: must be between 0 and 1 (got 1.5)"]);
  });

  it("warns when the member is not run, unless compared, swept or listed", () => {
    const alpha = [axis("flows[*].tcp.cc_params.vegas.alpha", "1, 3")];
    const defaultCc = rawParam("flows[].tcp.cc").default;
    expect(defaultCc).not.toBe("vegas");
    expect(planSweep(cat, sc, alpha).warnings[0]).toBe("the engine reads this only when tcp.cc is vegas: these values change nothing here");
    expect(planSweep(cat, sc, alpha, { key: "tcp.cc", values: ["reno", "vegas"] }).warnings).toEqual({});
    expect(planSweep(cat, sc, [...alpha, axis("flows[*].tcp.cc", "", ["vegas"])]).warnings).toEqual({});
    const vegasFlow = setPath(sc, "flows.0.tcp.cc", "vegas");
    expect(planSweep(cat, vegasFlow, alpha).warnings).toEqual({});
    // RTOR's rule, when the timers compared include RTOR
    const rule = [axis("flows[*].tcp.timer_params.rtor.rule", "", ["section4", "simplified"])];
    expect(planSweep(cat, sc, rule).warnings[0]).toMatch(/tcp\.timer is rtor/);
    expect(planSweep(cat, sc, rule, { key: "tcp.timer", values: ["rto", "rtor"] }).warnings).toEqual({});
  });

  it("reads a detector's own parameter while the set of detectors lists it", () => {
    // no spurious detector declares a parameter of its own today: one made up, as the engine would publish it
    const withOwn = structuredClone(raw);
    const frto = withOwn.families.find((f) => f.name === "spurious")!.members.find((m) => m.name === "frto")!;
    (frto as { params: object[] }).params = [{ key: "window", path: "flows[].tcp.spurious_params.frto.window", type: "int", unit: "segs", default: 2, min: 1, max: 8, label: "Window", doc: "" }];
    const c2 = parseCatalogue(withOwn);
    const s2 = defaultScenario(c2);
    const f = fieldOfPath(c2, s2, "flows[*].tcp.spurious_params.frto.window")!;
    expect(f).toMatchObject({ kind: "number", label: `${frto.label}: Window` });
    expect(sweepableFields(c2, s2).map((x) => x.path)).toContain("flows[*].tcp.spurious_params.frto.window");
    const ax = [axis(f.path, "1, 4")];
    const listing = (names: string[]) => setPath(s2, "flows.0.tcp.spurious", names);
    expect(planSweep(c2, listing([]), ax).warnings[0]).toBe("the engine reads this only when tcp.spurious lists frto: these values change nothing here");
    expect(planSweep(c2, listing(["frto", "dsack"]), ax).warnings).toEqual({});
  });

  it("goes into the grid and the request body, and names its errors as the API does", () => {
    const scen = withStages([{ kind: "bernoulli", p: 0.01 }], []);
    const plan = planSweep(cat, scen, [axis("flows[*].tcp.cc_params.vegas.alpha", "1, 2, 4"), axis("path.forward.stages[0].p", "0, 0.05")], { key: "tcp.cc", values: ["reno", "vegas"] });
    expect(plan.errors).toEqual({});
    expect(plan.grid).toEqual({ "flows[*].tcp.cc_params.vegas.alpha": [1, 2, 4], "path.forward.stages[0].p": [0, 0.05] });
    expect(plan.cells).toBe(6);
    const body = buildComparisonBody({ scenario: scen, mechanisms: { family: "cc", choices: ["reno", "vegas"] }, scope: "flows[*]", replications: 1, grid: plan.grid }, cat);
    expect(body.grid).toEqual(plan.grid);
    expect(gridErrorPath("path.forward.stages[0].p")).toBe("grid.path.forward.stages.0.p");
    expect(gridErrorPath("flows[*].tcp.cc_params.vegas.alpha")).toBe("grid.flows.*.tcp.cc_params.vegas.alpha");
    // a grid opened from a comparison comes back as axes
    expect(axesOfGrid(cat, scen, plan.grid)).toEqual([axis("flows[*].tcp.cc_params.vegas.alpha", "1, 2, 4"), axis("path.forward.stages[0].p", "0, 0.05")]);
  });
});

describe("an axis's values", () => {
  it("splits a list on commas, spaces and semicolons", () => {
    expect(tokens(" 5, 10 20;40,, ")).toEqual(["5", "10", "20", "40"]);
  });

  it("checks numbers against the catalogue's range, integers for an int, and reports every problem at once", () => {
    const delay = field("path.*.delay_ms");
    expect(checkAxis(delay, axis(delay.path, "5, 10, 20.5"))).toEqual({ values: [5, 10, 20.5], errors: [] });
    const max = rawParam("path.{forward,reverse}.delay_ms").max;
    const bad = checkAxis(delay, axis(delay.path, `5, abc, -1, ${max * 2}, 5`));
    expect(bad.values).toEqual([5]);
    expect(bad.errors).toEqual([
      "“abc” is not a number",
      `-1: must be between 0 and ${max} (got -1)`,
      `${max * 2}: must be between 0 and ${max} (got ${max * 2})`,
      "5 is listed twice",
    ]);
    const count = field("path.forward.loss.count");
    expect(checkAxis(count, axis(count.path, "1, 2.5")).errors).toEqual(["2.5: must be an integer between 0 and 1000000"]);
    expect(checkAxis(count, axis(count.path, " ")).errors).toEqual(["list at least one number between 0 and 1000000"]);
    // a special value is a value like any other
    const minRto = field("flows[*].tcp.min_rto_ms");
    expect(checkAxis(minRto, axis(minRto.path, "-1, 200")).errors).toEqual([]);
  });

  it("checks choices against the catalogue's, and needs one", () => {
    const ack = field("flows[*].receiver.ack_policy");
    expect(checkAxis(ack, axis(ack.path, "", ["quick", "delayed"]))).toEqual({ values: ["quick", "delayed"], errors: [] });
    expect(checkAxis(ack, axis(ack.path, "", [])).errors).toEqual(["tick at least one value"]);
    expect(checkAxis(ack, axis(ack.path, "", ["sometimes"])).errors[0]).toMatch(/^sometimes: not offered by the engine/);
    const fack = field("flows[*].tcp.fack");
    expect(checkAxis(fack, axis(fack.path, "", ["false", "true"])).values).toEqual([false, true]);
    expect(checkAxis(null, axis("")).errors).toEqual(["pick a field to vary"]);
  });

  it("fills a range: start to stop inclusive, without floating-point drift", () => {
    expect(rangeValues("10", "40", "10")).toEqual({ values: [10, 20, 30, 40], error: null });
    expect(rangeValues("0", "0.3", "0.1").values).toEqual([0, 0.1, 0.2, 0.3]);
    expect(rangeValues("5", "12", "5").values).toEqual([5, 10]);
    expect(rangeValues("1", "1", "1").values).toEqual([1]);
    expect(rangeValues("1", "x", "1").error).toBe("start, stop and step must be numbers");
    expect(rangeValues("1", "5", "0").error).toBe("step must be above 0");
    expect(rangeValues("5", "1", "1").error).toBe("stop must be at least start");
    expect(rangeValues("0", "1e6", "1").error).toBe("the range gives 1,000,001 values; at most 1,000");
  });

  it("starts a new axis from the scenario's current value, or every choice", () => {
    const delayed = { ...sc, path: { forward: { delay_ms: 33 }, reverse: { delay_ms: 40 } } };
    expect(newAxis(field("path.*.delay_ms", delayed), delayed)).toEqual({ path: "path.*.delay_ms", text: "33", chosen: [] });
    expect(newAxis(field("path.reverse.delay_ms", delayed), delayed).text).toBe("40");
    const ack = field("flows[*].receiver.ack_policy");
    expect(newAxis(ack, sc).chosen).toEqual(rawParam("flows[].receiver.ack_policy").choices);
  });
});

describe("the grid", () => {
  it("builds the API's grid from the axes and counts the cells", () => {
    const plan = planSweep(cat, sc, [axis("path.*.delay_ms", "5, 10, 20"), axis("flows[*].receiver.ack_policy", "", ["delayed", "quick"])]);
    expect(plan.grid).toEqual({ "path.*.delay_ms": [5, 10, 20], "flows[*].receiver.ack_policy": ["delayed", "quick"] });
    expect(plan.cells).toBe(6);
    expect(plan.errors).toEqual({});
    expect(planSweep(cat, sc, []).cells).toBe(1);
  });

  it("reports the errors of every axis at once, and a field swept twice", () => {
    const plan = planSweep(cat, sc, [axis("path.*.delay_ms", "5, x"), axis(""), axis("path.*.delay_ms", "7")]);
    expect(plan.errors[0]).toEqual(["“x” is not a number"]);
    expect(plan.errors[1]).toEqual(["pick a field to vary"]);
    expect(plan.errors[2]).toEqual(["this field is already swept above"]);
    expect(plan.grid).toEqual({ "path.*.delay_ms": [5] });
  });

  it("warns when the engine would not read the field, unless the picker or another axis makes it read", () => {
    // loss.count is read only with the tail model; the default model is none
    const count = [axis("path.forward.loss.count", "1, 2")];
    expect(planSweep(cat, sc, count).warnings[0]).toMatch(/only when model is tail/);
    expect(planSweep(cat, sc, [...count, axis("path.forward.loss.model", "", ["tail"])]).warnings[0]).toBeUndefined();
    const tail = { ...sc, path: { ...(sc.path as object), forward: { loss: { model: "tail" } } } };
    expect(planSweep(cat, tail, count).warnings).toEqual({});
    // rrthresh is read by RTOR: comparing it makes it read
    const rr = [axis("flows[*].tcp.rrthresh", "2, 4")];
    expect(planSweep(cat, sc, rr).warnings[0]).toMatch(/tcp\.timer is rtor/);
    expect(planSweep(cat, sc, rr, { key: "tcp.timer", values: ["rto", "rtor"] }).warnings).toEqual({});
  });

  it("estimates cells x variants x replications against the server's limit", () => {
    expect(estimateRuns(14, 4, 1, 5000)).toEqual({ cells: 14, variants: 4, replications: 1, runs: 56, limit: 5000, over: false });
    expect(estimateRuns(64, 4, 50, 10000)).toMatchObject({ runs: 12800, over: true });
    expect(estimateRuns(3, 0, 0, null)).toMatchObject({ variants: 1, replications: 1, runs: 3, limit: null, over: false });
    expect(runLimit(cat)).toBeNull(); // the engine's own catalogue names no service budget
    expect(runLimit({ limits: { ...cat.limits, max_comparison_runs: 10000 } })).toBe(10000);
  });

  it("opens a preset's grid as axes, and sends it back unchanged", () => {
    const P = presets as unknown as PresetPublic[];
    for (const p of P) {
      const axes = axesOfGrid(cat, p.scenario, p.grid);
      const plan = planSweep(cat, p.scenario, axes);
      expect(plan.errors, p.name).toEqual({});
      expect(plan.grid, p.name).toEqual(p.grid);
    }
    const tail = P.find((p) => p.name === "tail-loss-rtt-sweep")!;
    const axes = axesOfGrid(cat, tail.scenario, tail.grid);
    expect(axes[0]).toEqual({ path: "path.*.delay_ms", text: "5, 10, 20, 40, 80, 160, 320", chosen: [] });
    expect(axes[1]).toEqual({ path: "flows[*].receiver.ack_policy", text: "", chosen: ["delayed", "quick"] });
  });

  it("goes into the comparison's request body", () => {
    const plan = planSweep(cat, sc, [axis("path.*.delay_ms", "5, 10"), axis("path.forward.loss.count", "1, 2, 3")]);
    const body = buildComparisonBody({ scenario: sc, mechanisms: { family: "timer", choices: ["rto", "tlp"] }, scope: "flows[*]", replications: 2, grid: plan.grid }, cat);
    expect(body.grid).toEqual({ "path.*.delay_ms": [5, 10], "path.forward.loss.count": [1, 2, 3] });
    expect(Object.keys(body.variants)).toHaveLength(2);
    expect(body.replications).toBe(2);
    expect(buildComparisonBody({ scenario: sc, mechanisms: { family: "timer", choices: ["rto"] }, scope: "flows[*]", replications: 1, grid: {} }, cat).grid).toBeUndefined();
  });

  it("names an axis as the API's errors do", () => {
    expect(gridErrorPath("path.*.delay_ms")).toBe("grid.path.*.delay_ms");
    expect(gridErrorPath("flows[*].receiver.ack_policy")).toBe("grid.flows.*.receiver.ack_policy");
    expect(gridErrorPath("flows[0:40].app.segments")).toBe("grid.flows.0:40.app.segments");
  });
});
