import { applyOverrides, deletePath, getPath, leafPaths, parseSelector, setPath, splitPath } from "./paths";

describe("dotted paths", () => {
  const sc = { path: { forward: { delay_ms: 20 } }, flows: [{ tcp: { mss: 1448 } }, { tcp: { mss: 536 } }] };

  it("splits indices as numbers", () => {
    expect(splitPath("flows.0.tcp.mss")).toEqual(["flows", 0, "tcp", "mss"]);
    expect(splitPath("")).toEqual([]);
  });

  it("reads nested values and misses safely", () => {
    expect(getPath(sc, "flows.1.tcp.mss")).toBe(536);
    expect(getPath(sc, "path.forward.delay_ms")).toBe(20);
    expect(getPath(sc, "flows.5.tcp.mss")).toBeUndefined();
    expect(getPath(sc, "path.forward.delay_ms.x")).toBeUndefined();
  });

  it("sets immutably, creating arrays for index segments", () => {
    const out = setPath(sc, "flows.0.tcp.mss", 20);
    expect(out.flows[0].tcp.mss).toBe(20);
    expect(sc.flows[0].tcp.mss).toBe(1448);
    expect(out.flows[1]).toBe(sc.flows[1]); // untouched branches are shared
    const fresh = setPath({}, "path.forward.loss.rules.0.segment", 3) as Record<string, unknown>;
    expect(Array.isArray(getPath(fresh, "path.forward.loss.rules"))).toBe(true);
    expect(getPath(fresh, "path.forward.loss.rules.0.segment")).toBe(3);
  });

  it("deletes keys and splices array items", () => {
    expect(deletePath(sc, "flows.0").flows).toEqual([{ tcp: { mss: 536 } }]);
    expect(deletePath(sc, "path.forward.delay_ms").path.forward).toEqual({});
    expect(sc.flows).toHaveLength(2);
  });

  it("lists leaf paths", () => {
    expect(leafPaths(sc)).toEqual(["path.forward.delay_ms", "flows.0.tcp.mss", "flows.1.tcp.mss"]);
  });
});

describe("override selectors (as the API applies them)", () => {
  const sc = {
    path: { forward: { delay_ms: 40 }, reverse: { delay_ms: 40 } },
    flows: [0, 1, 2, 3].map((i) => ({ tcp: { timer: "rto", mss: 1448 + i } })),
  };

  it("parses the selector kinds", () => {
    expect(parseSelector("flows[*].tcp.timer")[0]).toEqual({ kind: "all", key: "flows" });
    expect(parseSelector("flows[0:2].app")[0]).toEqual({ kind: "slice", key: "flows", from: 0, to: 2 });
    expect(parseSelector("flows[3].tcp")[0]).toEqual({ kind: "index", key: "flows", index: 3 });
    expect(parseSelector("path.*.delay_ms")[1]).toEqual({ kind: "wild" });
    expect(() => parseSelector("flows[a].x")).toThrow();
  });

  it("applies [*], slices, indices and wildcards", () => {
    const all = applyOverrides(sc, { "flows[*].tcp.timer": "tlp" });
    expect(all.flows.map((f) => f.tcp.timer)).toEqual(["tlp", "tlp", "tlp", "tlp"]);
    const some = applyOverrides(sc, { "flows[0:2].tcp.timer": "tlpr", "flows[-1].tcp.mss": 9000 });
    expect(some.flows.map((f) => f.tcp.timer)).toEqual(["tlpr", "tlpr", "rto", "rto"]);
    expect(some.flows[3].tcp.mss).toBe(9000);
    const both = applyOverrides(sc, { "path.*.delay_ms": 5 });
    expect(both.path).toEqual({ forward: { delay_ms: 5 }, reverse: { delay_ms: 5 } });
    expect(sc.flows[0].tcp.timer).toBe("rto");
  });

  it("creates plain keys that do not exist yet", () => {
    expect(applyOverrides({}, { "path.forward.loss.count": 3 })).toEqual({ path: { forward: { loss: { count: 3 } } } });
    expect(applyOverrides(sc, null)).toBe(sc);
  });
});
