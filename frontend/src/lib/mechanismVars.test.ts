import { describe, expect, it } from "vitest";
import { type CatalogueParam, parseCatalogue } from "./forms/catalogue";
import { memberOf, varsForFlow } from "./mechanismVars";

const raw = {
  vars: [
    { id: 0, family: "cc", member: "westwood", name: "bwe_bytes_per_s", label: "Bandwidth estimate", unit: "bytes/s", doc: "Westwood+ estimate" },
    { id: 1, family: "cc", member: "vegas", name: "diff_bytes", label: "Vegas diff", unit: "bytes", doc: "" },
    { id: 2, family: "cc", member: "vegas", name: "base_rtt_ns", label: "", unit: "ns", doc: "" },
    { id: 3, family: "timer", member: "rtor", name: "rtor_x", label: "RTOR thing", unit: "ns", doc: "" },
    { family: "cc", name: "no member" },
    7,
  ],
};
const cat = parseCatalogue(raw);
const param = (path: string, def: unknown): CatalogueParam => ({ section: "tcp", key: path.split(".").at(-1) ?? "", path, type: "enum", unit: "", default: def, min: null, max: null, choices: null, doc: "", appliesTo: null });
const scen = (...tcps: Record<string, unknown>[]) => ({ flows: tcps.map((tcp) => ({ tcp })) });

describe("catalogue vars", () => {
  it("keeps well-formed rows, label falls back to the name", () => {
    expect(cat.vars.map((v) => v.name)).toEqual(["bwe_bytes_per_s", "diff_bytes", "base_rtt_ns", "rtor_x"]);
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
    expect(varsForFlow(cat.vars, scen({ cc: "vegas" }), 0).map((v) => v.name)).toEqual(["diff_bytes", "base_rtt_ns"]);
    expect(varsForFlow(cat.vars, scen({ cc: "westwood", timer: "rtor" }), 0).map((v) => v.name)).toEqual(["bwe_bytes_per_s", "rtor_x"]);
  });
  it("looks at the chosen flow only", () => {
    const s = scen({ cc: "reno" }, { cc: "westwood" });
    expect(varsForFlow(cat.vars, s, 0)).toEqual([]);
    expect(varsForFlow(cat.vars, s, 1).map((v) => v.name)).toEqual(["bwe_bytes_per_s"]);
    expect(varsForFlow(cat.vars, s, 5)).toEqual([]);
  });
  it("falls back to the catalogue default when the scenario does not name the family", () => {
    const params = [param("flows[].tcp.cc", "westwood"), param("flows[].tcp.timer", "rto")];
    expect(varsForFlow(cat.vars, scen({}), 0, params).map((v) => v.name)).toEqual(["bwe_bytes_per_s"]);
    expect(memberOf(scen({}), 0, "timer", params)).toBe("rto");
    expect(memberOf(scen({}), 0, "cc")).toBeNull();
  });
  it("tolerates a malformed scenario", () => {
    expect(varsForFlow(cat.vars, null, 0)).toEqual([]);
    expect(varsForFlow(cat.vars, { flows: [null] }, 0)).toEqual([]);
    expect(varsForFlow(cat.vars, { flows: [{ tcp: { cc: 3 } }] }, 0)).toEqual([]);
  });
});
