import { act } from "react";
import { flush, json, render, stubFetch } from "../components/compare/testing";
import { History } from "./History";

const P = "11111111-1111-4111-8111-111111111111";
const C = "22222222-2222-4222-8222-222222222222";
const K = "33333333-3333-4333-8333-333333333333";

/** five and a half minutes before the tests start */
const CREATED = new Date(Date.now() - 330_000).toISOString();

const run = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  created_at: CREATED,
  status: "succeeded",
  seed: 1,
  parent_run_id: null,
  summary: `1 flow · fixed 10 seg · run ${id.slice(0, 4)}`,
  link: `/runs/${id}`,
  url: `/runs/${id}`,
  ...extra,
});

const COMPARISON = {
  id: K,
  created_at: "2026-08-21T12:00:00Z",
  status: "running",
  n_runs: 1000,
  progress: 0.45,
  summary: "tail-loss-rtt-sweep · 4 variants × 7 cells × 1 rep · 1000 runs",
  link: `/compare/${K}`,
  url: `/comparisons/${K}`,
};
const SHARE = { slug: "AbC123", kind: "run", target_id: P, created_at: "2026-08-21T12:00:00Z", status: "succeeded", summary: "run · 1 flow", link: "/s/AbC123", url: "/shares/AbC123" };

const page = (items: unknown[], next: string | null = null) => json({ items, next_cursor: next, limit: 20 });
const rows = (el: Element) => [...el.querySelectorAll('[data-testid="history-row"]')].map((r) => r.getAttribute("data-id"));
const tab = (el: Element, name: string) => [...el.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name) as HTMLButtonElement;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  history.replaceState(null, "", "/");
});

describe("History", () => {
  it("lists runs newest first with state, summary, created time and lineage links", async () => {
    history.replaceState(null, "", "/history");
    stubFetch((req) => (new URL(req.url).pathname === "/api/v1/runs" ? page([run(C, { parent_run_id: P, status: "running" }), run(P)]) : undefined));
    const r = await render(<History />);
    await flush();
    const table = r.container.querySelector('table[data-testid="history-runs"]')!;
    expect(table.getAttribute("aria-labelledby")).toBe("history-heading-runs");
    expect(document.getElementById("history-heading-runs")?.textContent).toBe("Runs");
    expect(rows(table)).toEqual([C, P]);
    const child = table.querySelector(`[data-id="${C}"]`)!;
    expect(child.querySelector('[data-testid="history-status"]')?.textContent).toBe("running");
    expect(child.querySelector(`a[href="/runs/${C}"]`)?.textContent).toBe(C.slice(0, 8));
    expect(child.querySelector(`a[href="/runs/${P}"]`)).not.toBeNull();
    expect(child.querySelector(`a[href="/runs/${C}/vs/${P}"]`)?.textContent).toBe("before / after");
    expect(child.textContent).toContain("1 flow · fixed 10 seg");
    const time = child.querySelector("time")!;
    expect(time.textContent).toMatch(/^5 min\. ago\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(time.getAttribute("dateTime")).toBe(CREATED);
    expect(table.querySelector(`[data-id="${P}"]`)?.textContent).toContain("–"); // no parent
    r.unmount();
  });

  it("loads older pages with the server's cursor until the last", async () => {
    history.replaceState(null, "", "/history");
    const calls = stubFetch((req) => {
      const u = new URL(req.url);
      if (u.pathname !== "/api/v1/runs") return undefined;
      return u.searchParams.get("cursor") === "next1" ? page([run(P)]) : page([run(C)], "next1");
    });
    const r = await render(<History />);
    await flush();
    expect(rows(r.container)).toEqual([C]);
    const more = [...r.container.querySelectorAll("button")].find((b) => b.textContent === "Load older runs")!;
    expect(more).toBeDefined();
    await act(async () => more.click());
    await flush();
    expect(rows(r.container)).toEqual([C, P]);
    expect(new URL(calls.at(-1)!.url).searchParams.get("cursor")).toBe("next1");
    expect([...r.container.querySelectorAll("button")].some((b) => b.textContent === "Load older runs")).toBe(false);
    expect(r.container.querySelector('.hist-more [role="status"]')?.textContent).toBe("2 runs shown, the oldest included");
    r.unmount();
  });

  it("keeps the tab in the URL and moves between tabs with the arrow keys", async () => {
    history.replaceState(null, "", "/history?tab=comparisons");
    stubFetch((req) => {
      const path = new URL(req.url).pathname;
      if (path === "/api/v1/comparisons") return page([COMPARISON]);
      if (path === "/api/v1/shares") return page([SHARE]);
      return undefined;
    });
    const r = await render(<History />);
    await flush();
    expect(tab(r.container, "Comparisons").getAttribute("aria-selected")).toBe("true");
    expect(tab(r.container, "Runs").tabIndex).toBe(-1);
    const panel = r.container.querySelector('[role="tabpanel"]')!;
    expect(panel.getAttribute("aria-labelledby")).toBe("history-tab-comparisons");
    expect(panel.querySelector('[data-testid="history-status"]')?.textContent).toBe("running 45 %");
    expect(panel.querySelector(`a[href="/compare/${K}"]`)).not.toBeNull();
    expect(panel.textContent).toContain("1,000");

    await act(async () => tab(r.container, "Comparisons").dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    await flush();
    expect(new URLSearchParams(location.search).get("tab")).toBe("shares");
    expect(document.activeElement).toBe(tab(r.container, "Permalinks"));
    const share = r.container.querySelector('[data-id="AbC123"]')!;
    expect(share.querySelector('a[href="/s/AbC123"]')?.textContent).toBe("/s/AbC123");
    expect(share.querySelector(`a[href="/runs/${P}"]`)).not.toBeNull();

    await act(async () => tab(r.container, "Runs").click());
    expect(new URLSearchParams(location.search).has("tab")).toBe(false);
    r.unmount();
  });

  it("asks for the runs of comparisons when the box is ticked", async () => {
    history.replaceState(null, "", "/history");
    const calls = stubFetch((req) => (new URL(req.url).pathname === "/api/v1/runs" ? page([run(P)]) : undefined));
    const r = await render(<History />);
    await flush();
    expect(new URL(calls[0].url).searchParams.has("comparison_runs")).toBe(false);
    const box = r.container.querySelector('input[type="checkbox"]') as HTMLInputElement;
    await act(async () => box.click());
    await flush();
    expect(new URLSearchParams(location.search).get("comparison_runs")).toBe("1");
    expect(new URL(calls.at(-1)!.url).searchParams.get("comparison_runs")).toBe("true");
    r.unmount();
  });

  it("says when a list is empty", async () => {
    history.replaceState(null, "", "/history?tab=shares");
    stubFetch((req) => (new URL(req.url).pathname === "/api/v1/shares" ? page([]) : undefined));
    const r = await render(<History />);
    await flush();
    expect(r.container.querySelector('[data-testid="history-empty"]')?.textContent).toMatch(/No permalinks yet/);
    expect(r.container.querySelector("table")).toBeNull();
    r.unmount();
  });

  it("says why a list cannot be loaded, and tries again when asked", async () => {
    history.replaceState(null, "", "/history");
    let fail = true;
    stubFetch((req) => {
      if (new URL(req.url).pathname !== "/api/v1/runs") return undefined;
      return fail ? json({ detail: "database unavailable" }, 503) : page([run(P)]);
    });
    const r = await render(<History />);
    await flush();
    const alert = r.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toMatch(/Could not load the runs: database unavailable/);
    fail = false;
    await act(async () => (alert.querySelector("button") as HTMLButtonElement).click());
    await flush();
    expect(rows(r.container)).toEqual([P]);
    r.unmount();
  });
});
