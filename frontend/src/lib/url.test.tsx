import { act } from "react";
import { renderHook } from "../components/compare/testing";
import { useSearchState, withParams } from "./url";

describe("withParams", () => {
  it("sets, replaces and removes parameters, keeping the others' order and encoding", () => {
    expect(withParams("?v=baseline%2CTLP&cell=1", { cell: "2" })).toBe("?v=baseline%2CTLP&cell=2");
    expect(withParams("?v=a&cell=1", { v: null, from_ms: "5" })).toBe("?cell=1&from_ms=5");
    expect(withParams("?flow=1", { flow: "" })).toBe("");
    expect(withParams("", { unit: undefined })).toBe("");
  });
});

describe("useSearchState", () => {
  // The router (BrowserRouter, as in the app) renders a new location in a transition, so two writes
  // in one tick both start from the parameters of the last render.  Each write must keep what the
  // one before it wrote: a zoom's window and then Esc leaving presentation mode (issue #9) lost the
  // window (location.search ended "" instead of "?from_ms=10&to_ms=20").
  it("keeps every write of one tick, whichever hook wrote it", async () => {
    window.history.replaceState(null, "", "/runs/1?present=1&flow=2");
    // two hooks under one router, as the run view's state and its presentation mode are
    const { result, unmount } = await renderHook(() => [useSearchState(), useSearchState()] as const);
    const [a, b] = [() => result.current[0], () => result.current[1]];
    await act(async () => {
      a()[1]({ from_ms: "10", to_ms: "20" });
      b()[1]({ present: null });
      a()[1]({ flow: "3" });
    });
    expect(window.location.search).toBe("?flow=3&from_ms=10&to_ms=20");
    expect(a()[0].toString()).toBe("flow=3&from_ms=10&to_ms=20");
    expect(b()[0].toString()).toBe("flow=3&from_ms=10&to_ms=20");
    // a later write starts from what is shown
    await act(async () => b()[1]({ to_ms: null }));
    expect(window.location.search).toBe("?flow=3&from_ms=10");
    unmount();
  });
});
