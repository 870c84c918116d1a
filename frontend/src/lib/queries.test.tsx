import { act } from "react";
import { renderHook } from "../components/compare/testing";
import { ComparisonsService, RunsService } from "./api";
import { useComparison, useRun, useTraceWindow } from "./queries";

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
