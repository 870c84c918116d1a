import { ApiError } from "../../lib/api";
import { gridCancelled } from "../../lib/stats/fixtures/contract";
import { json, renderHook, stubFetch } from "./testing";
import { cancelComparison, useCancelComparison } from "./useCancelComparison";

describe("cancelComparison", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("POSTs to the contract's URL and answers the comparison as it now is", async () => {
    const calls = stubFetch((req) => (req.method === "POST" && new URL(req.url).pathname === "/api/v1/comparisons/c%201/cancel" ? json(gridCancelled()) : undefined));
    const c = await cancelComparison("c 1");
    expect(calls.map((x) => [x.method, new URL(x.url).pathname])).toEqual([["POST", "/api/v1/comparisons/c%201/cancel"]]);
    expect(c.state).toBe("cancelled");
  });

  it("fails with the server's message and status (an unknown comparison: 404)", async () => {
    stubFetch(() => json({ detail: "comparison x not found" }, 404));
    const err = await cancelComparison("x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("comparison x not found");
    expect((err as ApiError).status).toBe(404);
  });
});

describe("useCancelComparison", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the answer in the cache that useComparison polls", async () => {
    stubFetch((req) => (req.method === "POST" ? json(gridCancelled()) : undefined));
    const { useQueryClient } = await import("@tanstack/react-query");
    const { result, unmount } = await renderHook(() => ({ cancel: useCancelComparison("c1"), queries: useQueryClient() }));
    const answer = await result.current.cancel.mutateAsync();
    expect(answer.state).toBe("cancelled");
    expect(result.current.queries.getQueryData(["comparison", "c1"])).toEqual(answer);
    unmount();
  });
});
