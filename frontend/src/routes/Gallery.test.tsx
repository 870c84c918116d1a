import { act } from "react";
import { App } from "../App";
import { sci, signed } from "../components/gallery/GalleryFigure";
import { flush, json, render, stubFetch } from "../components/compare/testing";
import raw from "../lib/forms/fixtures/catalogue.json";
import { cardComparisonBody } from "../lib/gallery";
import { ACK, card, comparison, OWD } from "../lib/galleryTesting";

const CARD = card({
  findings: [
    { id: "rtor", section: "§3.1", quote: "As shown in the graph, RTOR consistently reduces the FCT.", panels: ["top", "bottom"], status: "holds", rexmit: "RTOR is below." },
    { id: "exc", section: "§3.1", quote: "The exception is in the 10 ms case.", panels: ["bottom"], status: "differs", rexmit: "TLP ties at 10 ms." },
  ],
});
const FCT = (p: Record<string, unknown>, v: string) => [v === "baseline" ? 1000 : v === "RTOR" ? 1000 - 2 * Number(p[OWD]) - (p[ACK] === "delayed" ? 200 : 0) : 500];

function api(extra: (req: Request) => Response | undefined = () => undefined) {
  return stubFetch((req) => {
    const path = new URL(req.url).pathname;
    if (path === "/api/v1/gallery") return json([CARD]);
    if (path === "/api/v1/mechanisms") return json(raw);
    return extra(req);
  });
}

async function at(url: string) {
  history.replaceState(null, "", url);
  const r = await render(<App />);
  await flush(8);
  return r;
}

describe("the paper gallery", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
    history.replaceState(null, "", "/");
  });

  it("lists the cards with figure, title, citation and the quoted finding; the nav links to it", async () => {
    api();
    const r = await at("/gallery");
    const el = r.container.querySelector(`[data-testid="gallery-card-${CARD.id}"]`)!;
    expect(el.textContent).toContain("Fig. 1 · §3.1");
    expect(el.textContent).toContain(CARD.title);
    expect(el.querySelector("cite")?.textContent).toBe(CARD.citation);
    expect(el.querySelector("blockquote")?.textContent).toContain("RTOR consistently reduces the FCT.");
    expect(el.textContent).toContain("1 hold");
    expect(el.textContent).toContain("1 differ");
    expect(el.textContent).toContain("12 runs: 4 cells × 3 variants × 1 replication");
    expect([...r.container.querySelectorAll("nav a")].some((a) => a.getAttribute("href") === "/gallery")).toBe(true);
    r.unmount();
  });

  it("Reproduce posts the card's full grid and opens the card with the comparison in the URL", async () => {
    const calls = api((req) => (new URL(req.url).pathname === "/api/v1/comparisons" && req.method === "POST" ? json({ id: "c1", n_runs: 12, deduplicated_runs: 0 }, 202) : undefined));
    const r = await at("/gallery");
    const button = r.container.querySelector(`[aria-label="Reproduce ${CARD.figure}"]`) as HTMLButtonElement;
    await act(async () => button.click());
    await flush();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual(cardComparisonBody(CARD));
    expect(location.pathname + location.search).toBe(`/gallery/${CARD.id}?comparison=c1`);
    r.unmount();
  });

  it("draws a reproduction as the paper does: a bar panel per ACK policy, bars per RTT, the paper's saving beside Rexmit's", async () => {
    const cmp = comparison(CARD, FCT);
    api((req) => (new URL(req.url).pathname === `/api/v1/comparisons/${cmp.id}` ? json(cmp) : undefined));
    const r = await at(`/gallery/${CARD.id}?comparison=${cmp.id}`);
    const panels = [...r.container.querySelectorAll('[data-testid="gallery-bars"]')];
    expect(panels.map((p) => p.getAttribute("data-panel"))).toEqual(["top", "bottom"]);
    const groups = [...panels[0].querySelectorAll('[data-testid="gallery-group"]')];
    expect(groups.map((g) => g.getAttribute("data-x"))).toEqual(["10", "80"]);
    const bar = (g: Element, v: string) => Number(g.querySelector(`[data-testid="gallery-bar"][data-variant="${v}"]`)?.getAttribute("data-value"));
    expect(bar(groups[1], "RTOR")).toBeCloseTo((1000 - 280) / 1000, 12);
    expect(bar(groups[1], "TLP")).toBe(0.5);
    // the paper's saving (1 RTT + 200 ms) is where Rexmit's bar is: a difference of 0 ms
    expect(Number(groups[1].querySelector('[data-testid="gallery-paper-mark"]')?.getAttribute("data-value"))).toBeCloseTo(0.72, 12);
    const table = r.container.querySelector('[data-testid="gallery-saving-table"]')!;
    expect(table.querySelectorAll("tbody tr")).toHaveLength(4);
    expect([...table.querySelectorAll("tbody tr")].map((tr) => tr.lastElementChild?.textContent)).toEqual(["0", "0", "0", "0"]);
    expect(r.container.querySelector('[data-testid="gallery-provisional"]')).toBeNull();
    const findings = [...r.container.querySelectorAll('[data-testid="gallery-finding"]')];
    expect(findings.map((f) => f.getAttribute("data-status"))).toEqual(["holds", "differs"]);
    expect(findings[1].textContent).toContain("“The exception is in the 10 ms case.”");
    expect(findings[1].textContent).toContain("Differs in Rexmit");
    r.unmount();
  });

  it("marks a figure provisional while its runs are running", async () => {
    const cmp = comparison(CARD, (p, v) => (v === "TLP" && p[ACK] === "quick" ? null : FCT(p, v)));
    api((req) => (new URL(req.url).pathname === `/api/v1/comparisons/${cmp.id}` ? json(cmp) : undefined));
    const r = await at(`/gallery/${CARD.id}?comparison=${cmp.id}`);
    expect(r.container.querySelector('[data-testid="gallery-provisional"]')?.textContent).toContain("provisional: 10/12 runs finished");
    r.unmount();
  });

  it("says so when the comparison is not the card's grid, or the card does not exist", async () => {
    const other = comparison(card({ grid: { [OWD]: [40] } }), FCT);
    api((req) => (new URL(req.url).pathname === `/api/v1/comparisons/${other.id}` ? json(other) : undefined));
    let r = await at(`/gallery/${CARD.id}?comparison=${other.id}`);
    expect(r.container.querySelector('[data-testid="gallery-mismatch"]')).not.toBeNull();
    expect(r.container.querySelector('[data-testid="gallery-bars"]')).toBeNull();
    r.unmount();
    r = await at("/gallery/no-such-card");
    expect(r.container.querySelector('[data-testid="gallery-unknown-card"]')?.textContent).toContain("no-such-card");
    r.unmount();
  });
  it("draws CDF panels with the paper's fraction below x and its ratios beside Rexmit's", async () => {
    const cdf = card({
      id: "fig-cdf",
      grid: { [OWD]: [5, 80] },
      chart: { kind: "cdf", x_label: "Object completion time", x_unit: "ms" },
      panels: [
        { id: "c", label: "(c) RTT 10 ms", where: { [OWD]: 5 } },
        { id: "f", label: "(f) RTT 160 ms", where: { [OWD]: 80 } },
      ],
      published: [
        { id: "at1s", kind: "ecdf_at", section: "§3.3", quote: "q", panel: "f", x: 1000, values: { RTOR: 0.84, TLP: 0.74, baseline: 0.7 } },
        { id: "sp", kind: "ratio", section: "§3.3", quote: "q", label: "Spurious", numerator: ["spurious_retransmissions"], denominator: ["segments_sent"], values: { baseline: 1e-3, RTOR: 2e-3, TLP: 4e-3 } },
      ],
    });
    const cmp = comparison(cdf, (p) => (p[OWD] === 5 ? [50, 60] : [500, 900, 1100, 2000]), () => ({ spurious_retransmissions: [1, 0], segments_sent: [100, 100] }));
    stubFetch((req) => {
      const path = new URL(req.url).pathname;
      if (path === "/api/v1/gallery") return json([cdf]);
      if (path === "/api/v1/mechanisms") return json(raw);
      return path === `/api/v1/comparisons/${cmp.id}` ? json(cmp) : undefined;
    });
    const r = await at(`/gallery/${cdf.id}?comparison=${cmp.id}`);
    const panels = [...r.container.querySelectorAll('[data-testid="gallery-cdf"]')];
    expect(panels.map((p) => p.getAttribute("data-panel"))).toEqual(["c", "f"]);
    expect(panels[1].querySelectorAll('[data-testid="gallery-cdf-line"]')).toHaveLength(3);
    expect(panels[1].querySelectorAll('[data-testid="gallery-cdf-marker"]')).toHaveLength(3);
    expect(panels[0].querySelectorAll('[data-testid="gallery-cdf-marker"]')).toHaveLength(0);
    const rows = [...r.container.querySelectorAll('[data-testid="gallery-ecdf-table"] tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
    // half of Rexmit's values are below 1 s for every variant
    expect(rows).toEqual([
      ["RTOR", "≈ 84%", "50%", "−34"],
      ["TLP", "≈ 74%", "50%", "−24"],
      ["baseline", "≈ 70%", "50%", "−20"],
    ]);
    const ratio = [...r.container.querySelectorAll('[data-testid="gallery-ratio-table"] tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
    // 1 spurious per 200 segments in each of the two cells
    expect(ratio[0]).toEqual(["baseline", "1 × 10⁻³", "5 × 10⁻³", "× 5.00"]);
    // the x axis: the card's name for the metric and its unit
    expect([...panels[0].querySelectorAll("text")].some((t) => t.textContent === "Object completion time (ms)")).toBe(true);
    r.unmount();
  });
});

describe("the gallery's numbers", () => {
  it("states a difference with its sign, a float's noise as 0", () => {
    expect([signed(12.46), signed(-3), signed(209.99999999 - 210), signed(0)]).toEqual(["+12.5", "−3", "0", "0"]);
  });
  it("prints the paper's fractions as it does: 3.67 × 10⁻⁴", () => {
    expect([sci(3.67e-4), sci(2.1e-3), sci(0), sci(null)]).toEqual(["3.67 × 10⁻⁴", "2.1 × 10⁻³", "0", "–"]);
  });
});
