import grid from "../../lib/stats/fixtures/comparison-grid.json";
import { FrozenRun, ShareView, viewStateSearch } from "../../routes/ShareView";
import type { RunPublic } from "../../client/types.gen";
import { flush, json, render, stubFetch } from "./testing";

const SHARE = {
  slug: "AbC123xyz789",
  kind: "comparison",
  target_id: grid.id,
  created_at: "2026-11-21T06:48:58Z",
  payload: { comparison: grid },
  view_state: { v: "baseline,TLP", cell: "1" },
};

describe("ShareView", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
    history.replaceState(null, "", "/");
  });

  it("renders a frozen comparison read-only and restores its view state into the URL", async () => {
    history.replaceState(null, "", `/s/${SHARE.slug}`);
    stubFetch((req) => (req.url.endsWith(`/api/v1/shares/${SHARE.slug}`) ? json(SHARE) : undefined));
    const r = await render(<ShareView slug={SHARE.slug} />);
    await flush();
    const sp = new URLSearchParams(location.search);
    expect(sp.get("v")).toBe("baseline,TLP");
    expect(sp.get("cell")).toBe("1");
    const view = r.container.querySelector('[data-testid="share-view"]')!;
    expect(view.querySelector('[data-testid="share-banner"]')?.textContent).toMatch(/Frozen permalink.*engine version 0\.1\.0/s);
    const bars = [...view.querySelectorAll('[data-testid="fct-bar"]')];
    expect(new Set(bars.map((b) => b.getAttribute("data-variant")))).toEqual(new Set(["baseline", "TLP"]));
    const labels = [...view.querySelectorAll("button")].map((b) => b.textContent);
    expect(labels).toContain("Fork");
    expect(labels).not.toContain("Share");
    r.unmount();
  });

  it("says so when the permalink does not exist", async () => {
    stubFetch(() => undefined);
    const r = await render(<ShareView slug="missing" />);
    await flush();
    expect(r.container.querySelector('[role="alert"]')?.textContent).toMatch(/does not exist/);
    r.unmount();
  });

  it("keeps parameters already in the URL and ignores empty ones", () => {
    const search = viewStateSearch("?cell=2", { cell: "1", v: null, from_ms: 50, to_ms: 300, nested: { a: 1 } });
    expect(search).toBe("?cell=2&from_ms=50&to_ms=300");
    expect(viewStateSearch("?cell=2", { cell: "1" })).toBeNull();
    expect(viewStateSearch("", { v: "baseline,TLP", cell: "1", from_ms: 5 }, ["v", "cell"])).toBe("?v=baseline%2CTLP&cell=1");
  });

  it("falls back to a metrics table for a frozen run", async () => {
    const run = { id: "r1", seed: 1, state: "succeeded", error: null, metrics: [{ fct_ms: 360, completed: true, request_ms: [360] }] } as unknown as RunPublic;
    const r = await render(<FrozenRun run={run} />);
    expect(r.container.querySelector('[data-testid="metric-0-fct_ms"]')?.textContent).toBe("360");
    expect(r.container.querySelector('[data-testid="metric-0-completed"]')?.textContent).toBe("yes");
    expect(r.container.querySelector('a[href="/runs/r1"]')).not.toBeNull();
    r.unmount();
  });
});
