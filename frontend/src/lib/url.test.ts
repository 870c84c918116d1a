import { withParams } from "./url";

describe("withParams", () => {
  it("sets, replaces and removes parameters, keeping the others' order and encoding", () => {
    expect(withParams("?v=baseline%2CTLP&cell=1", { cell: "2" })).toBe("?v=baseline%2CTLP&cell=2");
    expect(withParams("?v=a&cell=1", { v: null, from_ms: "5" })).toBe("?cell=1&from_ms=5");
    expect(withParams("?flow=1", { flow: "" })).toBe("");
    expect(withParams("", { unit: undefined })).toBe("");
  });
});
