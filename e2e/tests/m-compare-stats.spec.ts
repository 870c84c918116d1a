/** (m) Statistics a paper can use, on the compare page (issue #9, points 3, 4, 7):
 * 95% CIs in the summary table and on the normalized bars, the paired
 * difference over common seeds, "provisional n/N" on every statistic while
 * runs are unfinished, ETA and Cancel, the per-run CSV, and a page that does
 * not overflow at 1,024 px (nor at 1280x720 under 150% zoom: 853 px).
 *
 * Every figure the page shows is checked against what GET /comparisons/{id}
 * sends (normalized_ci95, paired, provisional, finished, eta_s, links). */
import type { Page } from "@playwright/test";
import { type Api, type Comparison, expect, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

interface Paired {
  n: number;
  mean_diff: number;
  ci95: [number, number] | null;
  normalized_diff: number | null;
}
interface StatsVariant {
  stats: { n: number; mean: number | null; ci95: [number, number] | null };
  normalized_mean: number | null;
  normalized_ci95: [number, number] | null;
  paired: Paired | null;
}
type StatsComparison = Omit<Comparison, "cells"> & {
  n_runs: number;
  counts: Record<string, number>;
  provisional: boolean;
  finished: number;
  eta_s: number | null;
  links: { runs_csv: string; summary_csv: string };
  cells: { params: Record<string, unknown>; variants: Record<string, StatsVariant> }[];
};

/** GET /comparisons/{id}, checked to carry the statistics fields this spec reads. */
async function read(api: Api, id: string): Promise<StatsComparison> {
  const c = (await api.comparison(id)) as unknown as StatsComparison;
  expect(typeof c.provisional, "GET /comparisons/{id} sends provisional").toBe("boolean");
  return c;
}

/** The page is no wider than the window: no horizontal scrolling of the document (once the
 * charts have taken their new width: they follow their box through a ResizeObserver). On
 * failure the message names the elements that reach past the window. */
async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      const de = document.documentElement;
      const wide = Array.from(document.querySelectorAll<HTMLElement>("body *"))
        .filter((el) => el.getBoundingClientRect().right > de.clientWidth + 0.5)
        .filter((el) => !el.closest(".table-scroll")) // the table scrolls inside its own region
        .slice(0, 6)
        .map((el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : el.className ? `.${String(el.className).split(" ")[0]}` : ""}`);
      return { scroll: de.scrollWidth, client: de.clientWidth, wide };
    });
  let m = await measure();
  await expect
    .poll(async () => (m = await measure()).scroll - m.client, { timeout: 5_000, message: `${what}: document scrollWidth <= clientWidth` })
    .toBeLessThanOrEqual(0)
    .catch((e: unknown) => {
      throw new Error(`${what}: document scrollWidth ${m.scroll} > clientWidth ${m.client}; past the window: ${m.wide.join(", ")}\n${e}`);
    });
}

/** A number as the table prints it: "2,788" -> 2788, "−1,504" -> -1504. */
function num(text: string): number {
  return Number(text.replace(/,/g, "").replace(/\u2212/g, "-").trim());
}

/** 3 variants x 2 cells x 5 seeds of a 30-segment flow under 5% random loss: seeds differ, so CIs are real intervals. */
const SMALL = {
  base: { preset: "tail-loss-rtt-sweep", overrides: { "path.forward.loss": { model: "bernoulli", p: 0.05 }, "flows[*].app.segments": 30 } },
  variants: { baseline: { "flows[*].tcp.timer": "rto" }, TLP: { "flows[*].tcp.timer": "tlp" }, TLPR: { "flows[*].tcp.timer": "tlpr" } },
  baseline: "baseline",
  grid: { "path.*.delay_ms": [20, 80] },
  replications: 5,
};

test("the summary table gives 95% CIs, the bars their whiskers, and the page fits 1,024 px", async ({ page, api }) => {
  test.setTimeout(240_000);
  const id = await api.createComparison(SMALL);
  await api.waitComparison(id);
  const c = await read(api, id);

  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page, `/compare/${id}`);
  const view = page.getByTestId("compare-view");
  const table = view.getByTestId("compare-table");
  await expect(table.getByTestId("compare-row")).toHaveCount(2 * 3);
  await expect(view.getByTestId("provisional-badge")).toHaveCount(0); // every run has finished

  for (const [ci, cell] of c.cells.entries()) {
    for (const [name, v] of Object.entries(cell.variants)) {
      const row = table.locator(`[data-testid="compare-row"][data-cell="${ci}"][data-variant="${name}"]`);
      // the raw 95% CI: the API's stats.ci95, to the 4 significant digits printed
      const sent = v.stats.ci95;
      expect(sent, `cells[${ci}].${name}.stats.ci95 (5 seeds)`).not.toBeNull();
      const [lo, hi] = (await row.getByTestId("compare-ci").innerText()).split(" – ").map(num);
      expect(Math.abs(lo - sent![0])).toBeLessThanOrEqual(5e-4 * Math.max(1, Math.abs(sent![0])));
      expect(Math.abs(hi - sent![1])).toBeLessThanOrEqual(5e-4 * Math.max(1, Math.abs(sent![1])));
      // the normalized mean, with the API's CI of it when the API sends one
      const norm = row.getByTestId("compare-normalized");
      await expect(norm).toHaveText(new RegExp(`^${v.normalized_mean!.toFixed(2)}`));
      const bar = view.locator(`[data-testid="fct-bar"][data-cell="${ci}"][data-variant="${name}"]`);
      const paired = row.getByTestId("compare-paired");
      if (v.normalized_ci95) {
        expect(Number(await norm.getAttribute("data-low"))).toBe(v.normalized_ci95[0]);
        expect(Number(await norm.getAttribute("data-high"))).toBe(v.normalized_ci95[1]);
        await expect(norm).toContainText(`[${v.normalized_ci95[0].toFixed(2)}, ${v.normalized_ci95[1].toFixed(2)}]`);
        const whisker = bar.getByTestId("fct-ci");
        expect(Number(await whisker.getAttribute("data-low"))).toBe(Math.min(...v.normalized_ci95));
        expect(Number(await whisker.getAttribute("data-high"))).toBe(Math.max(...v.normalized_ci95));
      } else {
        // with 5 seeds a side only the baseline has none
        expect(name, `cells[${ci}].${name}.normalized_ci95`).toBe(SMALL.baseline);
        await expect(norm).not.toContainText("[");
        await expect(bar.getByTestId("fct-ci")).toHaveCount(0);
      }
      if (v.paired) {
        await expect(paired).toHaveAttribute("data-n", String(v.paired.n));
        await expect(paired).toContainText(`paired over ${v.paired.n} common seed`);
        expect(Number(await paired.getAttribute("data-mean-diff"))).toBe(v.paired.mean_diff);
      } else {
        await expect(paired).toHaveText(name === SMALL.baseline ? "—" : "–");
      }
    }
  }

  // the links: the summary CSV and the per-run CSV (seed, cell, variant, every metric)
  await expect(view.getByRole("link", { name: "Summary CSV" })).toHaveAttribute("href", c.links.summary_csv);
  const runsLink = view.getByRole("link", { name: "Per-run CSV" });
  await expect(runsLink).toHaveAttribute("href", c.links.runs_csv);
  const res = await page.request.get((await runsLink.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  const [header, ...rows] = (await res.text()).trim().split(/\r?\n/);
  expect(header.split(",").slice(0, 2)).toEqual(["run_index", "cell"]);
  for (const col of ["variant", "replication", "seed", "run_id", "fct_ms"]) expect(header.split(",")).toContain(col);
  expect(rows.length).toBeGreaterThanOrEqual(c.n_runs); // one row per (run, flow)

  // no horizontal overflow at 1,024 px, in both bar views, nor at 1280x720 under 150% zoom (853 x 480 CSS px)
  await expectNoOverflow(page, "1024 px, normalized bars");
  await view.getByRole("button", { name: "Paired differences" }).click();
  await expect(page).toHaveURL(/[?&]stat=paired/);
  await expect(view.getByTestId("paired-chart").getByTestId("paired-row")).toHaveCount(2 * 2);
  await expectNoOverflow(page, "1024 px, paired view");
  await shot(page, "m-compare-stats-1024-paired");
  await view.getByRole("button", { name: "Normalized means" }).click();
  await page.setViewportSize({ width: 853, height: 480 });
  await expect(view.getByTestId("fct-bars")).toBeVisible();
  await expectNoOverflow(page, "853 px (1280 px at 150%)");
  // the summary table scrolls inside its own region, which the keyboard reaches
  await expect(view.getByRole("region", { name: "Summary table" })).toHaveAttribute("tabindex", "0");
  await shot(page, "m-compare-stats-853");
});

test("while runs are unfinished every statistic is marked provisional, with ETA and Cancel", async ({ page, api }) => {
  test.setTimeout(300_000);
  // 8,000 web-objects runs (each 164 objects over 6 connections): batched sweeps finish 120 in
  // about a second, so the sweep must be large enough to still be running when the page opens;
  // Cancel below cuts it short
  const N = 8000;
  const id = await api.createComparison({
    base: { preset: "web-objects" },
    variants: { baseline: { "flows[*].tcp.timer": "rto" }, TLP: { "flows[*].tcp.timer": "tlp" } },
    baseline: "baseline",
    replications: N / 2,
  });
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page, `/compare/${id}`);
  const view = page.getByTestId("compare-view");
  const badge = view.getByRole("status").filter({ hasText: /^provisional · / });
  await expect(badge).toHaveText(new RegExp(`^provisional · [\\d,]+/${N.toLocaleString("en-US")} runs$`));
  await expect(badge).toHaveAttribute(
    "aria-label",
    new RegExp(`^Provisional: [\\d,]+ of ${N.toLocaleString("en-US")} runs finished; these statistics change until every run has finished$`),
  );
  // the first bars are drawn hatched and pale, marked, while runs are still unfinished
  await expect(view.locator('[data-testid="fct-bar"][data-provisional="true"]').first()).toBeVisible({ timeout: 60_000 });
  await expect(view.getByTestId("compare-table")).toHaveAttribute("data-provisional", "true");
  await expectNoOverflow(page, "1024 px while running");
  await shot(page, "m-compare-stats-provisional");

  // ETA from the API's eta_s, then Cancel, confirmed: queued runs dropped, finished ones kept
  await expect(view.getByTestId("compare-eta")).toHaveText(/ · (about .+ left|less than a second left|time left: estimating…)$/);
  await view.getByRole("button", { name: "Cancel…" }).click();
  const confirm = view.getByRole("group", { name: "Cancel the comparison?" });
  await expect(confirm).toContainText(/Drop the [\d,]+ queued runs\?/);
  await confirm.getByRole("button", { name: "Drop queued runs" }).click();
  const note = view.getByTestId("compare-cancelled");
  await expect(note).toBeVisible();
  let c!: StatsComparison;
  await expect.poll(async () => (c = await read(api, id)).provisional, { timeout: 120_000 }).toBe(false);
  expect(c.state).toBe("cancelled");
  const finished = c.counts.succeeded + c.counts.failed;
  expect(finished + c.counts.cancelled).toBe(c.n_runs);
  await expect(note).toContainText(`${finished.toLocaleString("en-US")} of ${N.toLocaleString("en-US")} runs finished and are stored`);
  await expect(note).toContainText(`${c.counts.cancelled.toLocaleString("en-US")} queued run`);
  console.log(`(m) cancelled: ${finished} runs kept, ${c.counts.cancelled} dropped`);
  // done: the marks go
  await expect(view.getByTestId("provisional-badge")).toHaveCount(0, { timeout: 30_000 });
  await expect(view.locator("[data-provisional]")).toHaveCount(0);
  await expect(view.getByTestId("compare-progress")).toHaveCount(0);
  await shot(page, "m-compare-stats-done");
});
