import { act } from "react";
import { flush, json, render, stubFetch } from "../compare/testing";
import { LineageLinks } from "./LineageLinks";

const P = "11111111-1111-4111-8111-111111111111";
const C = "22222222-2222-4222-8222-222222222222";
const D = "44444444-4444-4444-8444-444444444444";

const child = (id: string, status = "succeeded") => ({ id, status, created_at: "2026-08-21T12:00:00Z", seed: 1, parent_run_id: P, summary: "", link: `/runs/${id}`, url: `/runs/${id}` });

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("LineageLinks", () => {
  it("renders nothing for a run with neither parent nor re-runs, and asks nothing", async () => {
    const calls = stubFetch(() => undefined);
    const r = await render(<LineageLinks run={{ id: P, parent_run_id: null, children: 0 }} />);
    await flush();
    expect(r.container.innerHTML).toBe("");
    expect(calls).toEqual([]);
    r.unmount();
  });

  it("links a re-run to its parent and to the before/after view", async () => {
    stubFetch(() => undefined);
    const r = await render(<LineageLinks run={{ id: C, parent_run_id: P, children: 0 }} />);
    const nav = r.container.querySelector('nav[aria-label="Lineage"]')!;
    expect(nav.querySelector(`a[href="/runs/${P}"]`)?.textContent).toBe(`run ${P.slice(0, 8)}`);
    expect(nav.querySelector(`a[href="/runs/${C}/vs/${P}"]`)?.textContent).toBe("before / after");
    expect(nav.querySelector('[data-testid="lineage-children"]')).toBeNull();
    r.unmount();
  });

  it("lists a parent's re-runs from the server, a page at a time", async () => {
    const calls = stubFetch((req) => {
      const u = new URL(req.url);
      if (u.pathname !== "/api/v1/runs" || u.searchParams.get("parent_run_id") !== P) return undefined;
      return u.searchParams.get("cursor") ? json({ items: [child(D, "running")], next_cursor: null, limit: 10 }) : json({ items: [child(C)], next_cursor: "more", limit: 10 });
    });
    const r = await render(<LineageLinks run={{ id: P, parent_run_id: null, children: 2 }} />);
    await flush();
    const kids = r.container.querySelector('[data-testid="lineage-children"]')!;
    expect(kids.textContent).toMatch(/^2 re-runs:/);
    expect(kids.querySelector(`a[href="/runs/${C}"]`)).not.toBeNull();
    expect(kids.querySelector(`a[href="/runs/${C}/vs/${P}"]`)).not.toBeNull();
    expect(new URL(calls[0].url).searchParams.get("limit")).toBe("10");
    const more = kids.querySelector("button")!;
    expect(more.textContent).toBe("more re-runs");
    await act(async () => more.click());
    await flush();
    expect(kids.querySelector(`a[href="/runs/${D}/vs/${P}"]`)).not.toBeNull();
    expect([...kids.querySelectorAll('[data-testid="history-status"]')].map((s) => s.textContent)).toEqual(["succeeded", "running"]);
    expect(kids.querySelector("button")).toBeNull();
    r.unmount();
  });
});
