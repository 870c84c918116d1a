/** (k) The paper gallery: /gallery lists the figures the engine reproduces
 * with their quoted findings; Reproduce on Fig. 2 (deterministic: one run per
 * cell and mechanism) runs the card's full grid as one comparison, and the
 * card's page draws it as the paper does, a bar group per loss count in a
 * panel per ACK policy, each bar the engine's normalized mean, with the
 * paper's finding quoted beside it; the comparison in the URL is a permalink. */
import { type Comparison, expect, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

interface Card {
  id: string;
  figure: string;
  title: string;
  citation: string;
  grid: Record<string, unknown[]>;
  variants: Record<string, unknown>;
  replications: number;
  n_runs: number;
  panels: { id: string; where: Record<string, unknown> }[];
  findings: { id: string; quote: string; status: string; section: string }[];
}

const CARD = "tail-loss-fig2";
const LOSSES = "path.forward.loss.count";

test("gallery: reproduce Fig. 2, bars per loss count in a panel per ACK policy, the paper's finding beside them", async ({ page, api, request }) => {
  test.setTimeout(240_000);
  const res = await request.get("/api/v1/gallery");
  expect(res.ok()).toBe(true);
  const card = ((await res.json()) as Card[]).find((c) => c.id === CARD);
  expect(card, `GET /api/v1/gallery has ${CARD}`).toBeDefined();
  const fig = card as Card;
  const variants = Object.keys(fig.variants);
  const counts = fig.grid[LOSSES] as number[];
  expect(counts).toEqual([1, 2, 3, 4, 5]);

  // the list: figure, title, citation, the quoted finding
  await openApp(page, "/");
  await page.getByRole("navigation").getByRole("link", { name: "Paper gallery" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  const item = page.getByTestId(`gallery-card-${CARD}`);
  await expect(item).toContainText(`${fig.figure} · `);
  await expect(item.getByRole("heading", { name: fig.title })).toBeVisible();
  await expect(item.locator("cite")).toHaveText(fig.citation);
  await expect(item.locator("blockquote")).toContainText(fig.findings[0].quote);
  await expect(item).toContainText(`${fig.n_runs} runs`);

  // Reproduce: the card's full grid, as one comparison
  await item.getByRole("button", { name: `Reproduce ${fig.figure}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${CARD}\\?comparison=[0-9a-f-]{36}$`));
  const id = new URL(page.url()).searchParams.get("comparison") as string;
  const comparison: Comparison = await api.waitComparison(id);
  expect(comparison.spec.grid).toEqual(fig.grid);
  expect(comparison.spec.replications).toBe(fig.replications);
  expect(comparison.cells).toHaveLength(counts.length * 2);

  const view = page.getByTestId("gallery-card-view");
  await expect(view.getByTestId("gallery-provisional")).toHaveCount(0, { timeout: 60_000 });
  const panels = view.getByTestId("gallery-bars");
  await expect(panels).toHaveCount(fig.panels.length);
  for (const panel of fig.panels) {
    const svg = view.locator(`[data-testid="gallery-bars"][data-panel="${panel.id}"]`);
    const groups = svg.getByTestId("gallery-group");
    await expect(groups).toHaveCount(counts.length);
    for (const n of counts) {
      const cell = comparison.cells.find((c) => c.params[LOSSES] === n && Object.entries(panel.where).every(([k, v]) => c.params[k] === v));
      expect(cell, `cell n = ${n} of panel ${panel.id}`).toBeDefined();
      const group = svg.locator(`[data-testid="gallery-group"][data-x="${n}"]`);
      await expect(group.getByTestId("gallery-bar")).toHaveCount(variants.length);
      for (const v of variants) {
        const shown = Number(await group.locator(`[data-testid="gallery-bar"][data-variant="${v}"]`).getAttribute("data-value"));
        expect(shown, `${panel.id} n=${n} ${v}`).toBeCloseTo(cell!.variants[v].normalized_mean as number, 9);
      }
      // §3.1: "with the exception of RTOR when the degree of loss is larger than three"
      const rtor = Number(await group.locator('[data-testid="gallery-bar"][data-variant="RTOR"]').getAttribute("data-value"));
      if (n > 3) expect(rtor, `RTOR at n = ${n}`).toBe(1);
      else expect(rtor, `RTOR at n = ${n}`).toBeLessThan(1);
    }
  }

  // the paper's findings, quoted beside the chart, each marked as Rexmit shows it
  const findings = view.getByTestId("gallery-finding");
  await expect(findings).toHaveCount(fig.findings.length);
  const rtorFinding = view.locator('[data-testid="gallery-finding"][data-finding="rtor-off-above-three"]');
  await expect(rtorFinding).toContainText("with the exception of RTOR when the degree of loss is larger than three");
  await expect(rtorFinding).toHaveAttribute("data-status", "holds");
  await expect(rtorFinding).toContainText("Holds in Rexmit");
  await shot(page, "k-gallery-fig2");

  // a permalink: opening the URL again shows the same figure
  await openApp(page, `/gallery/${CARD}?comparison=${id}`);
  await expect(page.getByTestId("gallery-bars")).toHaveCount(fig.panels.length);
  await expect(page.locator('[data-testid="gallery-bars"][data-panel="top"] [data-testid="gallery-group"][data-x="5"] [data-testid="gallery-bar"][data-variant="RTOR"]')).toHaveAttribute("data-value", "1");
});
