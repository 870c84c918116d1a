import { describe, expect, it } from "vitest";
import catalogueJson from "./forms/fixtures/catalogue.json";
import { parseCatalogue } from "./forms/catalogue";
import { memberOf, varsForFlow } from "./mechanismVars";

const raw = {
  vars: [
    { id: 0, family: "cc", member: "westwood", name: "bwe_bytes_per_s", label: "Bandwidth estimate", unit: "bytes/s", doc: "Westwood+ estimate" },
    { id: 1, family: "cc", member: "vegas", name: "diff_bytes", label: "Vegas diff", unit: "bytes", doc: "" },
    { id: 2, family: "cc", member: "vegas", name: "base_rtt_ns", label: "", unit: "ns", doc: "" },
    { id: 3, family: "timer", member: "rtor", name: "rtor_x", label: "RTOR thing", unit: "ns", doc: "" },
    { id: 4, family: "app", member: "requests", name: "objects_left", label: "Objects left", unit: "", doc: "" },
    { family: "cc", name: "no member" },
    7,
  ],
  families: [
    { name: "cc", label: "Congestion control", key: "tcp.cc", members: [] },
    { name: "timer", label: "Timer", key: "tcp.timer", members: [] },
    { name: "app", label: "Application", key: "app.kind", members: [] },
  ],
  parameters: [
    { section: "flow", key: "tcp.cc", path: "flows[].tcp.cc", type: "enum", choices: ["reno", "westwood", "vegas"], default: "westwood" },
    { section: "flow", key: "tcp.timer", path: "flows[].tcp.timer", type: "enum", choices: ["rto", "rtor"], default: "rto" },
    { section: "flow", key: "app.kind", path: "flows[].app.kind", type: "enum", choices: ["fixed", "requests"], default: "fixed" },
  ],
};
const cat = parseCatalogue(raw);
/** The same, without defaults: only what the scenario names counts. */
const bare = parseCatalogue({ ...raw, parameters: [] });
const scen = (...tcps: Record<string, unknown>[]) => ({ flows: tcps.map((tcp) => ({ tcp })) });

describe("catalogue vars", () => {
  it("keeps well-formed rows, label falls back to the name", () => {
    expect(cat.vars.map((v) => v.name)).toEqual(["bwe_bytes_per_s", "diff_bytes", "base_rtt_ns", "rtor_x", "objects_left"]);
    expect(cat.vars[2].label).toBe("base_rtt_ns");
    expect(cat.vars[0]).toMatchObject({ family: "cc", member: "westwood", unit: "bytes/s", doc: "Westwood+ estimate" });
  });
  it("is empty when the API does not list vars", () => {
    expect(parseCatalogue({}).vars).toEqual([]);
    expect(parseCatalogue({ vars: "soon" }).vars).toEqual([]);
  });
});

describe("varsForFlow", () => {
  it("picks the variables of the flow's members, in catalogue order", () => {
    expect(varsForFlow(cat.vars, scen({ cc: "vegas" }), 0, bare).map((v) => v.name)).toEqual(["diff_bytes", "base_rtt_ns"]);
    expect(varsForFlow(cat.vars, scen({ cc: "westwood", timer: "rtor" }), 0, bare).map((v) => v.name)).toEqual(["bwe_bytes_per_s", "rtor_x"]);
  });
  it("reads each family's member where the catalogue's key says, not at tcp.<family>", () => {
    const s = { flows: [{ tcp: { cc: "reno", app: "requests" }, app: { kind: "requests" } }] };
    expect(memberOf(s, 0, "app", bare)).toBe("requests");
    expect(varsForFlow(cat.vars, s, 0, bare).map((v) => v.name)).toEqual(["objects_left"]);
    // tcp.app is no key of the catalogue's: it picks nothing
    expect(memberOf({ flows: [{ tcp: { app: "requests" } }] }, 0, "app", bare)).toBeNull();
    // a family no key picks has no member in a flow
    expect(memberOf(s, 0, "stage", cat)).toBeNull();
  });
  it("looks at the chosen flow only", () => {
    const s = scen({ cc: "reno" }, { cc: "westwood" });
    expect(varsForFlow(cat.vars, s, 0, bare)).toEqual([]);
    expect(varsForFlow(cat.vars, s, 1, bare).map((v) => v.name)).toEqual(["bwe_bytes_per_s"]);
    expect(varsForFlow(cat.vars, s, 5, cat)).toEqual([]);
  });
  it("falls back to the catalogue default when the scenario does not name the family", () => {
    expect(varsForFlow(cat.vars, scen({}), 0, cat).map((v) => v.name)).toEqual(["bwe_bytes_per_s"]);
    expect(memberOf(scen({}), 0, "timer", cat)).toBe("rto");
    expect(memberOf(scen({}), 0, "app", cat)).toBe("fixed");
    expect(memberOf(scen({}), 0, "cc", bare)).toBeNull();
  });
  it("reads the engine's own families", () => {
    const engine = parseCatalogue(catalogueJson);
    const app = catalogueJson.families.find((f) => f.name === "app")!;
    const other = app.members.find((m) => m.name !== engine.params.find((p) => p.key === app.key)!.default)!.name;
    expect(memberOf({ flows: [{ app: { kind: other } }] }, 0, "app", engine)).toBe(other);
  });
  it("tolerates a malformed scenario", () => {
    expect(varsForFlow(cat.vars, null, 0, cat)).toEqual([]);
    expect(varsForFlow(cat.vars, { flows: [null] }, 0, cat)).toEqual([]);
    expect(varsForFlow(cat.vars, { flows: [{ tcp: { cc: 3 } }] }, 0, bare)).toEqual([]);
  });
});
