import { act } from "react";
import { renderHook } from "../components/compare/testing";
import { ComparisonsService, RunsService, SharesService } from "./api";
import { useComparison, useHistory, useRun, useTraceWindow } from "./queries";

afterEach(() => vi.restoreAllMocks());

const wait = (ms: number) => act(async () => new Promise((r) => setTimeout(r, ms)));

describe("useRun", () => {
  it("polls until the run reaches a terminal state, then stops", async () => {
    const states = ["queued", "running", "succeeded"];
    const readRun = vi.spyOn(RunsService, "readRun").mockImplementation((async () => ({ data: { id: "r", state: states.shift() ?? "succeeded" } })) as never);
    const { result, unmount } = await renderHook(() => useRun("r", 5));
    await vi.waitFor(() => expect(result.current.run?.state).toBe("succeeded"));
    const calls = readRun.mock.calls.length;
    expect(calls).toBe(3);
    await wait(40);
    expect(readRun.mock.calls.length).toBe(calls);
    unmount();
  });

  it("stops polling a run that Cancel dropped: cancelled is final", async () => {
    const states = ["queued", "cancelled"];
    const readRun = vi.spyOn(RunsService, "readRun").mockImplementation((async () => ({ data: { id: "r", state: states.shift() ?? "cancelled" } })) as never);
    const { result, unmount } = await renderHook(() => useRun("r", 5));
    await vi.waitFor(() => expect(result.current.run?.state).toBe("cancelled"));
    const calls = readRun.mock.calls.length;
    expect(calls).toBe(2);
    await wait(40);
    expect(readRun.mock.calls.length).toBe(calls);
    unmount();
  });

  it("says why a run cannot be loaded, without retrying a 404", async () => {
    const readRun = vi
      .spyOn(RunsService, "readRun")
      .mockImplementation((async () => ({ error: { detail: "Run not found" }, response: new Response(null, { status: 404 }) })) as never);
    const { result, unmount } = await renderHook(() => useRun("r", 5));
    await vi.waitFor(() => expect(result.current.error).toBe("Run not found"));
    expect(readRun).toHaveBeenCalledTimes(1);
    unmount();
  });
});

describe("useComparison", () => {
  it("polls until no run changes any more: a cancelled comparison's running runs still finish", async () => {
    // the API's issue #9 fields: after Cancel the state is "cancelled" while running runs are still provisional
    const answers = [
      { id: "c", state: "running", provisional: true },
      { id: "c", state: "cancelled", provisional: true },
      { id: "c", state: "cancelled", provisional: false },
    ];
    const read = vi.spyOn(ComparisonsService, "readComparison").mockImplementation((async () => ({ data: answers.shift() ?? { id: "c", state: "cancelled", provisional: false } })) as never);
    const { result, unmount } = await renderHook(() => useComparison("c", 5));
    await vi.waitFor(() => expect((result.current.comparison as { provisional?: boolean } | null)?.provisional).toBe(false));
    expect(read.mock.calls.length).toBe(3);
    await wait(40);
    expect(read.mock.calls.length).toBe(3);
    unmount();
  });

  it("stops at a terminal state when the API does not send provisional (before issue #9's backend)", async () => {
    const states = ["queued", "succeeded"];
    const read = vi.spyOn(ComparisonsService, "readComparison").mockImplementation((async () => ({ data: { id: "c", state: states.shift() ?? "succeeded" } })) as never);
    const { result, unmount } = await renderHook(() => useComparison("c", 5));
    await vi.waitFor(() => expect(result.current.comparison?.state).toBe("succeeded"));
    await wait(40);
    expect(read.mock.calls.length).toBe(2);
    unmount();
  });
});

describe("useTraceWindow", () => {
  it("keeps the previous window on screen until the next one arrives", async () => {
    let release: () => void = () => undefined;
    vi.spyOn(RunsService, "readTrace").mockImplementation((async (opts: { query: { from_ms?: number } }) => {
      if (opts.query.from_ms === 50) await new Promise<void>((r) => (release = r));
      const t = opts.query.from_ms ?? 0;
      return { data: { events: [{ t_ns: t * 1e6, flow: 0, kind: "send", seq: 0, arg: 1 }], downsampled: false, returned: 1, total_in_window: 1 } };
    }) as never);
    let from: number | null = null;
    const { result, rerender, unmount } = await renderHook(() => useTraceWindow("r", from, from === null ? null : 300, null));
    await vi.waitFor(() => expect(result.current.events.map((e) => e.t)).toEqual([0]));
    const firstKey = result.current.key;
    from = 50;
    await rerender();
    expect(result.current.loading).toBe(true);
    expect(result.current.events.map((e) => e.t)).toEqual([0]);
    expect(result.current.key).toBe(firstKey);
    await act(async () => release());
    await vi.waitFor(() => expect(result.current.events.map((e) => e.t)).toEqual([50]));
    expect(result.current.key).not.toBe(firstKey);
    expect(result.current.loading).toBe(false);
    unmount();
  });
});

describe("useHistory", () => {
  const run = (id: string, status = "succeeded") => ({ id, status, created_at: "2026-08-21T12:00:00Z", summary: id, link: `/runs/${id}`, url: `/runs/${id}`, seed: 1, parent_run_id: null });

  it("pages through the server with next_cursor, older pages appended", async () => {
    const listRuns = vi.spyOn(RunsService, "listRuns").mockImplementation((async (opts: { query: { cursor?: string } }) =>
      opts.query.cursor === "c1"
        ? { data: { items: [run("c")], next_cursor: null, limit: 2 } }
        : { data: { items: [run("a"), run("b")], next_cursor: "c1", limit: 2 } }) as never);
    const { result, unmount } = await renderHook(() => useHistory("runs", { limit: 2 }));
    await vi.waitFor(() => expect(result.current.items.map((r) => r.id)).toEqual(["a", "b"]));
    expect(result.current.hasMore).toBe(true);
    expect(listRuns.mock.calls[0][0]).toMatchObject({ query: { limit: 2, cursor: undefined } });
    await act(async () => result.current.loadMore());
    await vi.waitFor(() => expect(result.current.items.map((r) => r.id)).toEqual(["a", "b", "c"]));
    expect(listRuns.mock.calls.at(-1)?.[0]).toMatchObject({ query: { limit: 2, cursor: "c1" } });
    expect(result.current.hasMore).toBe(false);
    unmount();
  });

  it("asks for the re-runs of a run, and for comparisons' runs only when told to", async () => {
    const listRuns = vi.spyOn(RunsService, "listRuns").mockImplementation((async () => ({ data: { items: [], next_cursor: null, limit: 20 } })) as never);
    const a = await renderHook(() => useHistory("runs", { parentRunId: "p" }));
    await vi.waitFor(() => expect(a.result.current.loaded).toBe(true));
    expect(listRuns.mock.calls[0][0]).toMatchObject({ query: { parent_run_id: "p", comparison_runs: undefined } });
    a.unmount();
    const b = await renderHook(() => useHistory("runs", { comparisonRuns: true }));
    await vi.waitFor(() => expect(b.result.current.loaded).toBe(true));
    expect(listRuns.mock.calls[1][0]).toMatchObject({ query: { comparison_runs: true } });
    b.unmount();
  });

  it("reads the comparisons' and the permalinks' lists from their own endpoints", async () => {
    const comparisons = vi.spyOn(ComparisonsService, "listComparisons").mockImplementation((async () => ({ data: { items: [{ id: "k", status: "succeeded" }], next_cursor: null, limit: 20 } })) as never);
    const shares = vi.spyOn(SharesService, "listShares").mockImplementation((async () => ({ data: { items: [{ slug: "s", status: "succeeded" }], next_cursor: null, limit: 20 } })) as never);
    const c = await renderHook(() => useHistory("comparisons"));
    const s = await renderHook(() => useHistory("shares"));
    await vi.waitFor(() => expect(c.result.current.items.map((x) => x.id)).toEqual(["k"]));
    await vi.waitFor(() => expect(s.result.current.items.map((x) => x.slug)).toEqual(["s"]));
    expect(comparisons).toHaveBeenCalledTimes(1);
    expect(shares).toHaveBeenCalledTimes(1);
    c.unmount();
    s.unmount();
  });

  it("says why a list cannot be loaded, without retrying a 422", async () => {
    const listRuns = vi
      .spyOn(RunsService, "listRuns")
      .mockImplementation((async () => ({ error: { detail: [{ loc: ["query", "cursor"], msg: "not a cursor of this list" }] }, response: new Response(null, { status: 422 }) })) as never);
    const { result, unmount } = await renderHook(() => useHistory("runs"));
    await vi.waitFor(() => expect(result.current.error).toBe("query.cursor: not a cursor of this list"));
    expect(result.current.loaded).toBe(true);
    expect(listRuns).toHaveBeenCalledTimes(1);
    unmount();
  });

  it("refreshes while a listed run is unfinished, then stops", async () => {
    const states = ["queued", "running", "succeeded"];
    const listRuns = vi.spyOn(RunsService, "listRuns").mockImplementation((async () => ({ data: { items: [run("a", states.shift() ?? "succeeded")], next_cursor: null, limit: 20 } })) as never);
    const { result, unmount } = await renderHook(() => useHistory("runs", { pollMs: 5 }));
    await vi.waitFor(() => expect(result.current.items[0]?.status).toBe("succeeded"));
    const calls = listRuns.mock.calls.length;
    expect(calls).toBe(3);
    await wait(40);
    expect(listRuns.mock.calls.length).toBe(calls);
    unmount();
  });

  it("does not ask while disabled", async () => {
    const listRuns = vi.spyOn(RunsService, "listRuns");
    const { result, unmount } = await renderHook(() => useHistory("runs", { enabled: false }));
    await wait(20);
    expect(listRuns).not.toHaveBeenCalled();
    expect(result.current.items).toEqual([]);
    unmount();
  });
});
