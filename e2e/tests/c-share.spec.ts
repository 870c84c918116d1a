/** (c) Share: the permalink, opened in a new browser context (no state shared
 * with the first), shows the same numbers and the same view. */
import type { Locator, Page } from "@playwright/test";
import { expect, openApp, idFromUrl, requireChromium, searchParams, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

requireChromium();

/** Every metric-{flow}-{name} cell of the metrics table: testid -> text. */
async function metricCells(scope: Locator): Promise<Record<string, string>> {
  const table = scope.getByTestId("metrics-table");
  await expect(table).toBeVisible();
  await expect(table.getByTestId("metric-0-fct_ms")).not.toHaveText(/^\s*$/);
  const out: Record<string, string> = {};
  for (const cell of await table.locator('[data-testid^="metric-"]').all()) {
    out[(await cell.getAttribute("data-testid"))!] = (await cell.innerText()).trim();
  }
  return out;
}

/** Every fct-bar in page order, as "variant=data-value" (one per variant and cell). */
async function fctBars(scope: Locator): Promise<string[]> {
  const bars = scope.getByTestId("fct-bars").getByTestId("fct-bar");
  await expect(bars).not.toHaveCount(0);
  const out: string[] = [];
  for (const bar of await bars.all()) out.push(`${await bar.getAttribute("data-variant")}=${await bar.getAttribute("data-value")}`);
  return out;
}

function numbers(p: Record<string, string[]>, ...names: string[]): Record<string, number[]> {
  return Object.fromEntries(names.map((n) => [n, (p[n] ?? []).map(Number)]));
}

/** Click Share, return the permalink shown. */
async function share(page: Page, scope: Locator): Promise<string> {
  await scope.getByRole("button", { name: "Share", exact: true }).click();
  const input = page.getByTestId("share-url");
  await expect(input).toHaveValue(/\/s\/[A-Za-z0-9]+$/);
  return input.inputValue();
}

test("share a run: the permalink shows the same metrics and time window", async ({ page, api, browser }) => {
  const id = await api.createRun({ preset: TAIL_LOSS_PRESET, variant: "TLP" });
  await api.waitRun(id);

  await openApp(page, `/runs/${id}?from_ms=50&to_ms=300`);
  const view = page.getByTestId("run-view");
  await expect(view.getByTestId("run-state")).toHaveText("succeeded");
  await expect(view.getByTestId("chart-time-sequence")).toBeVisible();
  const cells = await metricCells(view);
  expect(cells["metric-0-fct_ms"]).toBeTruthy();
  const window = numbers(searchParams(page), "from_ms", "to_ms");
  expect(window, "the run page keeps the time window it was opened with").toEqual({ from_ms: [50], to_ms: [300] });
  const permalink = await share(page, view);
  await shot(page, "c-run-before-share");

  const other = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const p2 = await other.newPage();
    await openApp(p2, permalink);
    const sv = p2.getByTestId("share-view");
    await expect(sv).toBeVisible();
    expect(await metricCells(sv)).toEqual(cells);
    await expect.poll(() => numbers(searchParams(p2), "from_ms", "to_ms"), { message: "the permalink re-applies the time window" })
      .toEqual(window);
    await expect(sv.getByRole("button", { name: "Fork", exact: true })).toBeVisible();
    await shot(p2, "c-run-permalink");
  } finally {
    await other.close();
  }
});

test("share a comparison: the permalink shows the same bars and selection", async ({ page, api, browser }) => {
  test.setTimeout(180_000);
  const preset = await api.preset(TAIL_LOSS_PRESET);
  const id = await api.createComparison({
    base: { preset: TAIL_LOSS_PRESET },
    variants: preset.variants,
    baseline: preset.baseline_variant,
    grid: { "path.*.delay_ms": [10, 80] },
  });
  await api.waitComparison(id);

  // a view that is not the default: the second cell, two of the four variants
  await openApp(page, `/compare/${id}?v=baseline,TLP&cell=1`);
  const view = page.getByTestId("compare-view");
  await expect(view).toBeVisible();
  const bars = await fctBars(view);
  const selection = searchParams(page);
  expect(Object.keys(selection), "the selection lives in the URL (?v=, ?cell=)").toEqual(expect.arrayContaining(["v", "cell"]));
  const permalink = await share(page, view);
  expect(idFromUrl(page, "compare")).toBe(id);
  await shot(page, "c-compare-before-share");

  const other = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const p2 = await other.newPage();
    await openApp(p2, permalink);
    const sv = p2.getByTestId("share-view");
    await expect(sv).toBeVisible();
    await expect.poll(() => fctBars(sv)).toEqual(bars);
    await expect.poll(() => {
      const p = searchParams(p2);
      return { v: p.v, cell: p.cell };
    }, { message: "the permalink re-applies ?v= and ?cell=" }).toEqual({ v: selection.v, cell: selection.cell });
    await expect(sv.getByRole("button", { name: "Fork", exact: true })).toBeVisible();
    await shot(p2, "c-compare-permalink");
  } finally {
    await other.close();
  }
});
