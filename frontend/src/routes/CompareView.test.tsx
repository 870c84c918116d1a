import { act } from "react";
import type { ComparisonPublic } from "../client/types.gen";
import { flush, json, render, stubFetch } from "../components/compare/testing";
import { gridCancelled, gridRunning } from "../lib/stats/fixtures/contract";
import { CompareView } from "./CompareView";

const buttons = (root: HTMLElement, text: string) => [...root.querySelectorAll("button")].filter((b) => b.textContent === text);

/** GET /comparisons/{id} answers `current()`; POST .../cancel answers `onCancel()`. */
function server(id: string, current: () => ComparisonPublic, onCancel: () => Response) {
  return stubFetch((req) => {
    const path = new URL(req.url).pathname;
    if (req.method === "GET" && path === `/api/v1/comparisons/${id}`) return json(current());
    if (req.method === "POST" && path === `/api/v1/comparisons/${id}/cancel`) return onCancel();
    return undefined;
  });
}

describe("CompareView: Cancel", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("asks first, then drops the queued runs and shows what was kept and what was dropped", async () => {
    const id = gridRunning().id;
    let cancelled = false;
    const calls = server(
      id,
      () => (cancelled ? gridCancelled() : gridRunning()),
      () => {
        cancelled = true;
        return json(gridCancelled());
      },
    );
    history.replaceState(null, "", `/compare/${id}`);
    const r = await render(<CompareView id={id} />);
    await flush();
    expect(r.container.querySelector('[data-testid="compare-eta"]')?.textContent).toContain("about 1 min 20 s left");

    // "Keep running" asks nothing of the server
    await act(async () => buttons(r.container, "Cancel…")[0].click());
    const confirm = r.container.querySelector('fieldset.cancel-confirm')!;
    expect(confirm.querySelector("legend")!.textContent).toBe("Cancel the comparison?");
    expect(confirm.textContent).toContain("Drop the 6 queued runs? The 4 finished runs stay stored");
    await act(async () => buttons(r.container, "Keep running")[0].click());
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(r.container.querySelector("fieldset.cancel-confirm")).toBeNull();

    await act(async () => buttons(r.container, "Cancel…")[0].click());
    await act(async () => buttons(r.container, "Drop queued runs")[0].click());
    await flush();
    expect(calls.filter((c) => c.method === "POST").map((c) => new URL(c.url).pathname)).toEqual([`/api/v1/comparisons/${id}/cancel`]);
    const note = r.container.querySelector('[data-testid="compare-cancelled"]')!;
    expect(note.getAttribute("role")).toBe("status");
    expect(note.textContent).toBe("Cancelled. 6 of 12 runs finished and are stored; 6 queued runs were dropped. The statistics cover the finished runs.");
    // done: no progress, no Cancel, nothing provisional
    expect(r.container.querySelector('[data-testid="compare-progress"]')).toBeNull();
    expect(buttons(r.container, "Cancel…")).toHaveLength(0);
    expect(r.container.querySelector('[data-testid="provisional-badge"]')).toBeNull();
    r.unmount();
  });

  it("says why Cancel failed and keeps the comparison as it was", async () => {
    const id = gridRunning().id;
    server(id, gridRunning, () => json({ detail: "Too many requests: try again in 20 s" }, 429));
    history.replaceState(null, "", `/compare/${id}`);
    const r = await render(<CompareView id={id} />);
    await flush();
    await act(async () => buttons(r.container, "Cancel…")[0].click());
    await act(async () => buttons(r.container, "Drop queued runs")[0].click());
    await flush();
    expect(r.container.querySelector('fieldset.cancel-confirm [role="alert"]')!.textContent).toBe("Too many requests: try again in 20 s");
    expect(r.container.querySelector('[data-testid="compare-cancelled"]')).toBeNull();
    expect(r.container.querySelector('[data-testid="provisional-badge"]')!.textContent).toBe("provisional · 4/12 runs");
    r.unmount();
  });

  it("shows, after Cancel, the runs still running until they finish", async () => {
    const id = gridRunning().id;
    const cancelling = { ...gridCancelled(), provisional: true, finished: 4, eta_s: 2, counts: { queued: 0, running: 2, succeeded: 4, failed: 0, cancelled: 6 } } as ComparisonPublic;
    server(id, () => cancelling, () => json(cancelling));
    history.replaceState(null, "", `/compare/${id}`);
    const r = await render(<CompareView id={id} />);
    await flush();
    expect(r.container.querySelector('[data-testid="compare-cancelled"]')!.textContent).toContain("2 still running will finish");
    // N is what will finish: 12 less the 6 dropped
    expect(r.container.querySelector('[data-testid="provisional-badge"]')!.textContent).toBe("provisional · 4/6 runs");
    expect(r.container.querySelector('[data-testid="compare-progress"]')!.textContent).toContain("6 dropped");
    expect(buttons(r.container, "Cancel…")).toHaveLength(0); // already cancelled
    r.unmount();
  });
});
