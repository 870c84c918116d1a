import { ApiError, apiError } from "../api";
import { errorsFromDetail, flowOfPath, normaliseLoc, placeErrors } from "./errors";

const RUN_422 = { detail: [{ loc: ["body", "scenario", "flows", 0, "tcp", "mss"], msg: "must be between 64 and 65495 (got 20)", type: "value_error.scenario" }] };
const CMP_422 = { detail: [{ loc: ["body", "variants", "TLP", "scenario", "flows", 0, "tcp", "mss"], msg: "must be between 64 and 65495 (got 20)", type: "value_error.scenario" }] };

describe("error placement", () => {
  it("normalises the API's locations to the builder's input paths", () => {
    expect(normaliseLoc(["body", "scenario", "flows", 0, "tcp", "mss"])).toEqual({ path: "flows.0.tcp.mss", variant: undefined });
    expect(normaliseLoc(["body", "variants", "TLP", "scenario", "path", "forward", "delay_ms"])).toEqual({ path: "path.forward.delay_ms", variant: "TLP" });
    expect(normaliseLoc(["body", "base", "scenario"]).path).toBe("");
    expect(normaliseLoc(["body", "replications"]).path).toBe("replications");
  });

  it("turns any API error into one line of text (lib/api apiError)", () => {
    expect(apiError(RUN_422, "x")).toBe("scenario.flows.0.tcp.mss: must be between 64 and 65495 (got 20)");
    expect(apiError({ detail: [{ msg: "a" }, { loc: ["body", "seeds"], msg: "b" }] }, "x")).toBe("a; seeds: b");
    expect(apiError({ detail: "Run not found" }, "x")).toBe("Run not found");
    expect(apiError(new ApiError("rate limited", 429), "x")).toBe("rate limited");
    expect(apiError(undefined, "could not load the run")).toBe("could not load the run");
    expect(apiError({ detail: [] }, "fallback")).toBe("fallback");
  });

  it("reads 422 bodies and plain messages", () => {
    expect(errorsFromDetail(RUN_422)).toEqual([{ path: "flows.0.tcp.mss", message: "must be between 64 and 65495 (got 20)", variant: undefined }]);
    expect(errorsFromDetail(CMP_422)[0]).toMatchObject({ path: "flows.0.tcp.mss", variant: "TLP" });
    expect(errorsFromDetail({ detail: "rate limited" })).toEqual([{ path: "", message: "rate limited" }]);
    expect(errorsFromDetail(undefined)).toEqual([]);
    // one message per input
    expect(errorsFromDetail({ detail: [...CMP_422.detail, { ...CMP_422.detail[0], loc: ["body", "variants", "RTO", "scenario", "flows", 0, "tcp", "mss"] }] })).toHaveLength(1);
  });

  it("places errors next to inputs, through aliases, else in the summary", () => {
    const errs = [
      { path: "flows.0.tcp.mss", message: "bad mss" },
      { path: "flows.3.tcp.timer", message: "bad timer" },
      { path: "path.forward.loss.p", message: "hidden field" },
      { path: "", message: "whole scenario" },
    ];
    const alias = (p: string) => (/^flows\.\d+\.tcp\.timer$/.test(p) ? "flows.0.tcp.timer" : null);
    const { placed, unplaced } = placeErrors(errs, ["flows.0.tcp.mss", "flows.0.tcp.timer"], alias);
    expect(placed).toEqual({ "flows.0.tcp.mss": "bad mss", "flows.0.tcp.timer": "bad timer" });
    expect(unplaced.map((e) => e.message)).toEqual(["hidden field", "whole scenario"]);
  });

  it("finds the flow an error points into", () => {
    expect(flowOfPath("flows.12.tcp.mss")).toBe(12);
    expect(flowOfPath("flows.2")).toBe(2);
    expect(flowOfPath("path.forward.delay_ms")).toBeNull();
  });
});
