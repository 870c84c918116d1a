import { act } from "react";
import raw from "../../lib/forms/fixtures/catalogue.json";
import presets from "../../lib/forms/fixtures/presets.json";
import type { PresetPublic } from "../../lib/api";
import { flush, json, render, stubFetch } from "../compare/testing";
import { PresetGallery } from "./PresetGallery";

const P = presets as unknown as PresetPublic[];
const tail = P.find((p) => p.name === "tail-loss-rtt-sweep")!;
const web = P.find((p) => p.name === "web-objects")!;
const card = (root: HTMLElement, p: PresetPublic) => root.querySelector(`[data-testid="preset-card-${p.name}"]`)!;

describe("PresetGallery", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
    history.replaceState(null, "", "/");
  });

  it("tells random-loss presets from deterministic ones by the catalogue, and compares with as many seeds", async () => {
    const calls = stubFetch((req) => {
      if (req.url.endsWith("/api/v1/mechanisms")) return json(raw);
      if (req.url.endsWith("/api/v1/comparisons")) return json({ id: "c1" }, 202);
      return undefined;
    });
    const r = await render(<PresetGallery presets={[tail, web]} error={null} />);
    await flush();
    expect(card(r.container, tail).querySelector(".preset-kind")?.textContent).toBe("deterministic");
    expect(card(r.container, web).querySelector(".preset-kind")?.textContent).toBe(`random loss · ${Math.min(5, web.replications)} seeds`);
    await act(async () => (card(r.container, web).querySelector(`[aria-label="Compare ${web.title}"]`) as HTMLButtonElement).click());
    await flush();
    expect(calls.find((c) => c.url.endsWith("/api/v1/comparisons"))?.body).toMatchObject({ base: { preset: web.name }, replications: Math.min(5, web.replications) });
    expect(location.pathname).toBe("/compare/c1");
    r.unmount();
  });

  it("says nothing about randomness, and does not compare, before the catalogue arrives", async () => {
    stubFetch(() => json({ detail: "down" }, 503));
    const r = await render(<PresetGallery presets={[web]} error={null} />);
    await flush();
    expect(card(r.container, web).querySelector(".preset-kind")).toBeNull();
    expect((card(r.container, web).querySelector(`[aria-label="Compare ${web.title}"]`) as HTMLButtonElement).disabled).toBe(true);
    r.unmount();
  });
  it("says that Compare runs one cell, and links the preset's figure in the paper gallery", async () => {
    stubFetch((req) => {
      if (req.url.endsWith("/api/v1/mechanisms")) return json(raw);
      if (req.url.endsWith("/api/v1/gallery")) return json([{ id: "tail-loss-fig1", preset: tail.name, figure: "Fig. 1" }]);
      return undefined;
    });
    const r = await render(<PresetGallery presets={[tail, web]} error={null} />);
    await flush();
    const note = card(r.container, tail).querySelector('[data-testid="preset-grid-note"]')!;
    expect(note.textContent).toContain("Compare runs one cell (the base scenario), not the figure's grid.");
    expect(note.querySelector("a")?.getAttribute("href")).toBe("/gallery/tail-loss-fig1");
    expect(note.querySelector("a")?.textContent).toBe("Reproduce Fig. 1 in the paper gallery");
    // a preset without a card still says what Compare runs
    expect(card(r.container, web).querySelector('[data-testid="preset-grid-note"] a')).toBeNull();
    r.unmount();
  });
});
