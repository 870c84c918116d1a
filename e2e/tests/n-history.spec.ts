/** (n) History and lineage: a run and a re-run made from it (parent_run_id),
 * seeded through the API, are listed on /history; the re-run's before/after
 * view overlays both diagrams (legend: before (parent) / after (re-run)) and
 * shows the metrics that changed, with the engine's numbers. */
import type { Locator } from "@playwright/test";
import { expect, openApp, requireChromium, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

requireChromium();

/** A seed no other spec uses, so that neither run is deduplicated into one made elsewhere (a
 * deduplicated run keeps the parent it was created with). */
const SEED = 4242;

/** Pixels of the overlay's canvas near each of two colours (the parent's grey outlines, the
 * re-run's solid marks), each channel within 24 of it. */
async function canvasColours(overlay: Locator, colours: Record<string, string>): Promise<Record<string, number>> {
  return overlay.locator("canvas").evaluate((cv: HTMLCanvasElement, want: Record<string, string>) => {
    const d = (cv.getContext("2d") as CanvasRenderingContext2D).getImageData(0, 0, cv.width, cv.height).data;
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const out: Record<string, number> = {};
    for (const [name, hex] of Object.entries(want)) {
      const [r, g, b] = rgb(hex);
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 200 && Math.abs(d[i] - r) <= 24 && Math.abs(d[i + 1] - g) <= 24 && Math.abs(d[i + 2] - b) <= 24) n++;
      out[name] = n;
    }
    return out;
  }, colours);
}

test("history lists a run and its re-run; the before/after view overlays them and shows what changed", async ({ page, api, request }) => {
  // the parent: one tail loss repaired by the RTO; the re-run: the same with TLP
  const parentId = await api.createRun({ preset: TAIL_LOSS_PRESET, variant: "baseline", seeds: [SEED] });
  const parent = await api.waitRun(parentId);
  const childId = await api.createRun({ preset: TAIL_LOSS_PRESET, variant: "TLP", seeds: [SEED], parent_run_id: parentId });
  const child = await api.waitRun(childId);
  expect(childId).not.toBe(parentId);
  const share = await request.post("/api/v1/shares", { data: { run_id: childId } });
  expect(share.status()).toBe(201);
  const slug = ((await share.json()) as { slug: string }).slug;

  await test.step("/history lists both runs, newest first, the re-run linked to its parent", async () => {
    await openApp(page, "/history");
    const view = page.getByTestId("history-view");
    await expect(view.getByRole("heading", { name: "History", level: 1 })).toBeVisible();
    await expect(view.getByRole("tab", { name: "Runs" })).toHaveAttribute("aria-selected", "true");
    const table = view.getByRole("table", { name: "Runs" });
    const childRow = table.locator(`[data-testid="history-row"][data-id="${childId}"]`);
    const parentRow = table.locator(`[data-testid="history-row"][data-id="${parentId}"]`);
    await expect(childRow).toBeVisible();
    await expect(parentRow).toBeVisible();
    const ids = await table.getByTestId("history-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id")));
    expect(ids.indexOf(childId), "newest first").toBeLessThan(ids.indexOf(parentId));
    await expect(childRow.getByTestId("history-status")).toHaveText("succeeded");
    await expect(childRow.getByRole("link", { name: `Run ${childId}` })).toHaveAttribute("href", `/runs/${childId}`);
    await expect(childRow.getByRole("link", { name: `parent run ${parentId}` })).toHaveAttribute("href", `/runs/${parentId}`);
    await expect(parentRow.getByRole("link", { name: "before / after" })).toHaveCount(0);
    await expect(childRow.locator("time")).toContainText(/just now|sec|min/);
    await shot(page, "n-history-runs");

    // the permalinks tab, by keyboard; the tab is kept in the URL
    await view.getByRole("tab", { name: "Runs" }).focus();
    await page.keyboard.press("End");
    await expect(view.getByRole("tab", { name: "Permalinks" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/[?&]tab=shares/);
    const shareRow = view.locator(`[data-testid="history-row"][data-id="${slug}"]`);
    await expect(shareRow.getByRole("link", { name: `Permalink ${slug}` })).toHaveAttribute("href", `/s/${slug}`);
    await page.keyboard.press("Home");
    await expect(page).not.toHaveURL(/tab=/);
  });

  await test.step("the before/after view: both diagrams, one legend, the metrics that changed", async () => {
    await page.getByTestId("history-runs").locator(`[data-testid="history-row"][data-id="${childId}"]`).getByRole("link", { name: "before / after" }).click();
    await expect(page).toHaveURL(new RegExp(`/runs/${childId}/vs/${parentId}$`));
    const view = page.getByTestId("lineage-view");
    const legend = view.getByRole("list", { name: "Legend" });
    await expect(legend.getByRole("listitem").filter({ hasText: "before (parent)" })).toBeVisible();
    await expect(legend.getByRole("listitem").filter({ hasText: "after (re-run)" })).toBeVisible();
    const overlay = view.getByTestId("lineage-overlay");
    await expect(overlay).toBeVisible();
    // both runs are drawn: their transmissions, drops, ACKs and timers
    expect(Number(await overlay.getAttribute("data-before-marks"))).toBeGreaterThan(10);
    expect(Number(await overlay.getAttribute("data-after-marks"))).toBeGreaterThan(10);
    await expect(view.getByTestId("overlay-divergence")).toBeVisible();
    // the canvas holds both runs' marks, in the colours the legend gives them
    const colours = {
      before: (await legend.locator('[data-legend="before"] rect').getAttribute("stroke")) ?? "",
      after: (await legend.locator('[data-legend="after"] rect').getAttribute("fill")) ?? "",
    };
    expect(colours.before, "the legend's colours are #rrggbb").toMatch(/^#[0-9a-f]{6}$/i);
    expect(colours.after).toMatch(/^#[0-9a-f]{6}$/i);
    expect(colours.before).not.toBe(colours.after);
    const px = await canvasColours(overlay, colours);
    expect(px.before, "pixels of the parent's outlines").toBeGreaterThan(50);
    expect(px.after, "pixels of the re-run's solid marks").toBeGreaterThan(50);

    // the metrics that changed carry the engine's values, parent then re-run
    const fct = view.getByTestId("lineage-metrics").getByTestId("lineage-metric-fct_ms");
    await expect(fct).toBeVisible();
    const before = parent.metrics?.[0].fct_ms as number;
    const after = child.metrics?.[0].fct_ms as number;
    expect(after, "TLP repairs the tail loss sooner than the RTO").toBeLessThan(before);
    expect(Number(await fct.getAttribute("data-before"))).toBe(before);
    expect(Number(await fct.getAttribute("data-after"))).toBe(after);
    await expect(fct).toContainText("better");
    const probes = view.getByTestId("lineage-metrics").getByTestId("lineage-metric-probe_count");
    await expect(probes).toHaveAttribute("data-before", "0");
    await expect(probes).toHaveAttribute("data-after", String(child.metrics?.[0].probe_count));

    // the probe exists only in the re-run, the RTO's retransmission only in the parent
    const marks = view.getByTestId("lineage-marks");
    await expect(marks.locator('[data-testid="lineage-mark"][data-kind="probe"][data-status="after-only"]')).toHaveCount(1);
    await expect(marks.locator('[data-testid="lineage-mark"][data-kind="retransmit"][data-status="before-only"]')).toHaveCount(1);
    await marks.locator('[data-testid="lineage-mark"][data-kind="probe"]').getByRole("button").click();
    await expect(overlay.getByTestId("overlay-highlight")).toHaveCount(1);
    await shot(page, "n-lineage");

    // zoom: a drag across the plot, then the button that frames the parting; both kept in the URL
    const whole = (await overlay.getAttribute("data-window")) ?? "";
    const box = (await overlay.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect(page).toHaveURL(/from_ms=[\d.]+&to_ms=[\d.]+/);
    await expect(overlay).not.toHaveAttribute("data-window", whole);
    const zoom = view.getByRole("group", { name: "Zoom" });
    await zoom.getByRole("button", { name: "Whole runs" }).click();
    await expect(overlay).toHaveAttribute("data-window", whole);
    await zoom.getByRole("button", { name: "Zoom to where the runs part" }).click();
    await expect(page).toHaveURL(/from_ms=/);
    await expect(view.getByTestId("overlay-divergence")).toBeVisible();
    expect(Number(await overlay.getAttribute("data-after-marks")), "the window's trace is drawn").toBeGreaterThan(0);
  });

  await test.step("the run pages name their lineage: the re-run its parent, the parent its re-run", async () => {
    await openApp(page, `/runs/${childId}`);
    const parentLine = page.getByTestId("lineage-parent");
    await expect(parentLine.getByRole("link", { name: `parent run ${parentId}` })).toHaveAttribute("href", `/runs/${parentId}`);
    await parentLine.getByRole("link", { name: "before / after" }).click();
    await expect(page).toHaveURL(new RegExp(`/runs/${childId}/vs/${parentId}$`));
    await openApp(page, `/runs/${parentId}`);
    await expect(page.getByTestId("lineage-children")).toContainText(childId.slice(0, 8));
  });
});
