/** (r) The gallery's time plots (Kato et al. Fig. 5): open the card, Reproduce
 * (Eifel, the paper's three measurement runs), and see the panels the paper
 * draws — one run's sequence/ACK numbers and the cwnd of each of the three
 * runs — each from the run the comparison stored, with the handover's band
 * behind it and the paper's finding quoted beside the figure. */
import { type Comparison, expect, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

interface Card {
  id: string;
  figure: string;
  variants: Record<string, unknown>;
  replications: number;
  n_runs: number;
  chart: { kind: string; t_from_s: number; t_to_s: number };
  panels: { id: string; label: string; variant: string; replication: number; plot: string }[];
  findings: { id: string; quote: string; status: string }[];
}

const CARD = "kato-fig5";

test("gallery: reproduce Kato et al. Fig. 5, a cwnd line per run over the handover band", async ({ page, api, request }) => {
  test.setTimeout(240_000);
  const res = await request.get(`/api/v1/gallery/${CARD}`);
  expect(res.ok()).toBe(true);
  const card = (await res.json()) as Card;
  expect(card.chart.kind).toBe("timeseries");
  expect(Object.keys(card.variants)).toEqual(["Eifel"]);
  expect(card.n_runs).toBe(3);

  await openApp(page, "/gallery");
  const item = page.getByTestId(`gallery-card-${CARD}`);
  await item.getByRole("button", { name: `Reproduce ${card.figure}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${CARD}\\?comparison=[0-9a-f-]{36}$`));
  const id = new URL(page.url()).searchParams.get("comparison") as string;
  const comparison: Comparison = await api.waitComparison(id);
  const runs = comparison.cells[0].variants.Eifel.runs as string[];
  expect(runs).toHaveLength(3);

  const view = page.getByTestId("gallery-card-view");
  await expect(view.getByTestId("gallery-provisional")).toHaveCount(0, { timeout: 60_000 });
  await expect(view.getByTestId("gallery-time-window")).toContainText(`window ${card.chart.t_from_s}–${card.chart.t_to_s} s`);
  // (a) the sequence/ACK plot of run 1: the run view's diagram, over the band
  const seq = view.getByTestId("gallery-time-sequence");
  await expect(seq).toHaveCount(1);
  await expect(seq.getByTestId("period-band").first()).toBeVisible({ timeout: 30_000 });
  await expect(seq.getByTestId("period-band").first()).toHaveAttribute("data-stage", "schedule");
  // (b)-(d): the cwnd of each run, one line, over the band
  const cwnd = view.getByTestId("gallery-time-series");
  await expect(cwnd).toHaveCount(3);
  for (const rep of [0, 1, 2]) {
    const panel = view.locator(`[data-testid="gallery-time-series"][data-replication="${rep}"]`);
    await expect(panel.getByTestId("period-band").first()).toBeVisible();
    await expect(panel.getByTestId(`gallery-series-${card.panels[rep + 1].id}`)).toBeVisible();
    await expect(panel.getByRole("img").first()).toHaveAttribute("aria-label", new RegExp(`Eifel, run ${rep + 1}: cwnd \\(packets\\)`));
    await expect(panel.locator('path[data-series="cwnd"]')).toHaveCount(1);
    // Eifel's undo marked on the cwnd chart as on the run view's: runs 1 and 3 undo on the first ACK after the
    // spike, run 2 finds the RTO genuine (test_gallery_kato.py fig5_long_gap)
    await expect(panel.getByTestId("series-mark-spurious")).toHaveCount(rep === 1 ? 0 : 1);
  }
  // the panels are named as the paper names them, each exportable
  for (const p of card.panels) await expect(view.locator(`.gallery-panel[data-panel="${p.id}"] figcaption`)).toContainText(p.label);
  // the paper's finding, quoted beside the figure with Rexmit's status
  const finding = view.locator('[data-testid="gallery-finding"][data-finding="long-gap"]');
  await expect(finding).toContainText("Eifel generates a long time gap");
  await expect(finding).toHaveAttribute("data-status", card.findings.find((f) => f.id === "long-gap")!.status);
  await shot(page, "r-kato-fig5");
});

test("gallery: Kato et al. Fig. 4 as the paper draws it, sequence/ACK and cwnd per detector over the spike", async ({ page, api }) => {
  test.setTimeout(240_000);
  await openApp(page, "/gallery/kato-fig4-time");
  const view = page.getByTestId("gallery-card-view");
  await view.getByRole("button", { name: "Reproduce Fig. 4", exact: true }).click();
  await expect(page).toHaveURL(/\/gallery\/kato-fig4-time\?comparison=[0-9a-f-]{36}$/);
  await api.waitComparison(new URL(page.url()).searchParams.get("comparison") as string);
  await expect(view.getByTestId("gallery-provisional")).toHaveCount(0, { timeout: 60_000 });
  // (a)/(c)/(e) sequence/ACK, (b)/(d)/(f) cwnd, of Eifel, DSACK and F-RTO
  for (const v of ["Eifel", "DSACK", "F-RTO"]) {
    await expect(view.locator(`[data-testid="gallery-time-sequence"][data-variant="${v}"]`)).toHaveCount(1);
    const cwnd = view.locator(`[data-testid="gallery-time-series"][data-variant="${v}"]`);
    await expect(cwnd).toHaveCount(1);
    // the spike alone: the handover table's band spans its rows' times, 10-11.46 s (packets arriving then are
    // held until 15 s; the diagram shows them leave there)
    await expect(cwnd.getByTestId("period-band").first()).toHaveAttribute("data-t0", "10000", { timeout: 30_000 });
    await expect(cwnd.getByTestId("period-band").first()).toHaveAttribute("data-t1", "11460");
  }
  await expect(view.getByTestId("gallery-time-window")).toContainText("window 10–18 s; the paper's 10–13 s");
  await shot(page, "r-kato-fig4");
});
