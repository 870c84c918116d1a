/** (t) A gallery card drawn as the paper's table (issue #9's gallery, issue
 * #11's comparison table in the paper's shape): Reproduce on the
 * mobile-recovery paper's Table 2 (deterministic: one run per cell and
 * algorithm) runs the card's full grid as one comparison, and the card's page
 * draws a table per panel (opportunistic retransmission off / on), rows the
 * four recovery algorithms, columns the round-trip delay U (the grid's one-way
 * delay x 2), each cell Rexmit's mean with, under it, the paper's numerical
 * and experimental values and the difference Rexmit - paper.  The numbers are
 * read against the comparison's own (GET /comparisons/{id}) and the card's
 * published values (GET /gallery), not written here. */
import { type Comparison, expect, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

interface Cells {
  id: string;
  kind: string;
  label: string;
  panel: string;
  values: { variant: string; where: Record<string, unknown>; value: number | null }[];
}
interface Card {
  id: string;
  figure: string;
  grid: Record<string, unknown[]>;
  variants: Record<string, unknown>;
  panels: { id: string; where: Record<string, unknown> }[];
  chart: { kind: string; x: string; x_scale: number; value_scale: number };
  published: Cells[];
}

const CARD = "orsb-table2";

test("gallery: reproduce the mobile-recovery paper's Table 2, drawn as the paper's table with its published values beside Rexmit's", async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(240_000);
  const res = await request.get("/api/v1/gallery");
  expect(res.ok()).toBe(true);
  const card = ((await res.json()) as Card[]).find((c) => c.id === CARD) as Card;
  expect(card, `GET /api/v1/gallery has ${CARD}`).toBeDefined();
  expect(card.chart.kind).toBe("table");
  const x = card.chart.x;
  const xs = card.grid[x] as number[];
  const variants = Object.keys(card.variants);

  await openApp(page, "/gallery");
  const item = page.getByTestId(`gallery-card-${CARD}`);
  await item.getByRole("button", { name: `Reproduce ${card.figure}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${CARD}\\?comparison=[0-9a-f-]{36}$`));
  const id = new URL(page.url()).searchParams.get("comparison") as string;
  const comparison: Comparison = await api.waitComparison(id);

  const view = page.getByTestId("gallery-card-view");
  await expect(view.getByTestId("paper-table-provisional")).toHaveCount(0, { timeout: 60_000 });
  await expect(view.getByTestId("paper-table")).toHaveCount(card.panels.length);
  let compared = 0;
  for (const panel of card.panels) {
    const table = view.locator(`[data-testid="paper-table"][data-panel="${panel.id}"]`);
    // a real table: one column per delay (shown as the round trip), one row per algorithm
    await expect(table.getByRole("table")).toBeVisible();
    await expect(table.getByTestId("paper-table-column")).toHaveText(xs.map((v) => String(v * card.chart.x_scale)));
    await expect(table.getByTestId("paper-table-row")).toHaveCount(variants.length);
    const pubs = card.published.filter((p) => p.kind === "cells" && p.panel === panel.id);
    expect(pubs.length, `panel ${panel.id} has the paper's values`).toBeGreaterThan(0);
    for (const v of variants) {
      const row = table.locator(`[data-testid="paper-table-row"][data-variant="${v}"]`);
      for (const xv of xs) {
        const cell = comparison.cells.find((c) => c.params[x] === xv && Object.entries(panel.where).every(([k, w]) => c.params[k] === w));
        expect(cell, `the comparison's cell ${x} = ${xv}, panel ${panel.id}`).toBeDefined();
        const { stats } = cell?.variants[v] as unknown as { stats: { mean: number } };
        const mean = stats.mean * card.chart.value_scale;
        const td = row.locator(`[data-testid="paper-table-cell"][data-x="${xv * card.chart.x_scale}"]`);
        expect(Number(await td.getAttribute("data-mean")), `${panel.id} ${v} at ${xv}`).toBeCloseTo(mean, 9);
        // the paper's value for this cell, by label, with Rexmit - paper
        for (const pub of pubs) {
          const published = pub.values.find((p) => p.variant === v && p.where[x] === xv);
          if (!published || published.value === null) continue;
          const shown = td.locator(`[data-testid="paper-table-paper"][data-label="${pub.label}"]`);
          await expect(shown).toHaveAttribute("data-value", String(published.value));
          expect(Number(await shown.getAttribute("data-diff")), `${pub.label} ${panel.id} ${v} at ${xv}`).toBeCloseTo(mean - published.value, 9);
          compared += 1;
        }
      }
    }
  }
  // every algorithm at every delay in both panels has a numerical and an experimental value in the paper
  expect(compared).toBe(card.panels.length * variants.length * xs.length * 2);
  await shot(page, "t-gallery-table2");
});
