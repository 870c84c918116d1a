/** (s) A grid of an optimisation switch over the recovery family, from the
 * builder (issue #11: "a grid of CC x recovery x optimisation switches works
 * from the UI"), read in the paper's table shape. The mobile-recovery
 * preset (Table 3's testbed: 20 Mb/s, AW = C x U, U = 50 ms) opened in the
 * builder compares RH, PRR, QARR and BARR; shortened to a 3 s bulk transfer
 * with 0.05 % random loss (Table 6's middle loss rate) and 3 replications,
 * so the seeds differ and every cell has a confidence interval; the sweep
 * editor puts tcp.opportunistic_rtx on a grid axis (off, on): 2 cells x 4
 * algorithms x 3 replications = 24 runs. The compare page's "Paper table"
 * (stat=table) then shows one row per algorithm and one column per switch
 * value; with the cells' metric set to goodput, a cell's mean and 95% CI
 * are the API's (stats of metrics.goodput_bps, in Mb/s), and the view
 * survives a reload (its state is in the URL) and fits 1280x720 at 150 %. */
import { expect, idFromUrl, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

const PRESET = "adaptive-recovery-utilisation";
const OPP = "flows[*].tcp.opportunistic_rtx";
const METRIC = "goodput_bps";

interface Stats {
  n: number;
  mean: number | null;
  ci95: [number, number] | null;
}

test("builder: RH/PRR/QARR/BARR over opportunistic retransmission off/on, read in the paper's table", async ({ page, api }) => {
  test.setTimeout(240_000);
  const presets = (await (await page.request.get("/api/v1/presets")).json()) as { name: string; title: string; variants: Record<string, unknown> }[];
  const preset = presets.find((p) => p.name === PRESET)!;
  expect(preset, `GET /presets lists ${PRESET}`).toBeDefined();

  await openApp(page, "/");
  await page.getByRole("button", { name: `Open ${preset.title} in the builder`, exact: true }).click();
  const builder = page.getByTestId("scenario-builder");
  await expect(builder.getByTestId("preset-notice").or(page.getByTestId("preset-notice"))).toBeVisible();
  // the preset compares the four recovery algorithms
  const recovery = builder.getByLabel("flows.0.tcp.recovery", { exact: true });
  await expect
    .poll(() => recovery.locator("option:checked").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).sort()))
    .toEqual(["barr", "prr", "qarr", "rate_halving"]);

  // short and random: 3 s of bulk data, 0.05 % loss, three seeds
  await builder.getByLabel("flows.0.app.duration_s", { exact: true }).fill("3");
  await builder.getByLabel("path.forward.loss.model", { exact: true }).selectOption("bernoulli");
  await builder.getByLabel("path.forward.loss.p", { exact: true }).fill("0.0005");
  await builder.getByLabel("replications", { exact: true }).fill("3");

  // the preset sweeps Table 2's delay U (path.*.delay_ms): drop that axis, so the grid is the switch alone
  await expect(builder.getByLabel("Sweep field 1", { exact: true })).toHaveValue("path.*.delay_ms");
  await builder.getByRole("button", { name: "Remove sweep field 1", exact: true }).click();
  // the switch on a grid axis: off and on, both ticked from the start
  await builder.getByRole("button", { name: "Sweep a field", exact: true }).click();
  await builder.getByLabel("Sweep field 1", { exact: true }).selectOption(OPP);
  const ticks = builder.getByTestId("sweep-axis").locator('input[type="checkbox"]');
  await expect(ticks).toHaveCount(2);
  for (const t of await ticks.all()) await expect(t).toBeChecked();
  await expect(builder.getByTestId("sweep-errors")).toHaveCount(0);
  await expect(builder.getByTestId("sweep-estimate")).toContainText("2 cells × 4 variants × 3 replications = 24 runs");
  await builder.getByRole("button", { name: "Run sweep", exact: true }).click();

  await expect(page).toHaveURL(/\/compare\/[0-9a-f-]{36}/);
  const id = idFromUrl(page, "compare");
  const done = await api.waitComparison(id);
  expect(done.spec.grid).toEqual({ [OPP]: [false, true] });
  // the variants in the order the builder gave them (the API keeps it: JSONB reorders the keys)
  const variants = (done.spec.variant_order as string[] | undefined) ?? Object.keys(done.spec.variants);
  expect(Object.values(done.spec.variants).map((o) => Object.values(o)[0]).sort()).toEqual(["barr", "prr", "qarr", "rate_halving"]);

  // the paper-shaped table: rows the algorithms, columns off / on
  await page.getByRole("button", { name: "Paper table", exact: true }).click();
  await expect(page).toHaveURL(/[?&]stat=table/);
  const view = page.getByTestId("compare-paper-table");
  await view.getByLabel("Table cells metric", { exact: true }).selectOption(METRIC);
  await expect(page).toHaveURL(new RegExp(`[?&]tm=${METRIC}`));
  const table = view.getByTestId("paper-table");
  await expect(table).toHaveCount(1);
  await expect(table.getByTestId("paper-table-column")).toHaveText(["off", "on"]);
  await expect(table.locator('tbody th[scope="row"]')).toHaveText(variants);
  await expect(table.getByTestId("paper-table-provisional")).toHaveCount(0);
  // the table's caption names what it shows
  await expect(table.locator("caption")).toContainText("(Mb/s) per opportunistic retransmission");

  // a cell: QARR's (the third algorithm) with opportunistic retransmission on
  const qarr = variants.find((v) => (done.spec.variants[v] as Record<string, string>)["flows[*].tcp.recovery"] === "qarr")!;
  const cellOn = done.cells.findIndex((c) => c.params[OPP] === true);
  const api_ = (done.cells[cellOn].variants[qarr].metrics as Record<string, Stats>)[METRIC];
  expect(api_.n).toBe(3);
  expect(api_.ci95, "three seeds of random loss: the API gives a CI").not.toBeNull();
  const cell = table.locator(`[data-testid="paper-table-row"][data-variant="${qarr}"] [data-testid="paper-table-cell"][data-x="on"]`);
  await expect(cell).toHaveAttribute("data-n", "3");
  // the API's mean and CI in b/s, shown in Mb/s
  expect(Number(await cell.getAttribute("data-mean"))).toBe((api_.mean as number) * 1e-6);
  expect(Number(await cell.getAttribute("data-low"))).toBe((api_.ci95 as [number, number])[0] * 1e-6);
  expect(Number(await cell.getAttribute("data-high"))).toBe((api_.ci95 as [number, number])[1] * 1e-6);
  // and as text, to the 3 significant digits it prints (a throughput near 18 Mb/s: within 0.05)
  const mean = Number(await cell.locator(".pt-mean").textContent());
  expect(Math.abs(mean - (api_.mean as number) * 1e-6)).toBeLessThanOrEqual(0.05);
  const ci = ((await cell.locator(".pt-ci").textContent()) ?? "").trim();
  const m = /^\[([\d.]+), ([\d.]+)\]$/.exec(ci);
  expect(m, `the cell's CI "${ci}"`).not.toBeNull();
  expect(Math.abs(Number(m![1]) - (api_.ci95 as [number, number])[0] * 1e-6)).toBeLessThanOrEqual(0.05);
  expect(Math.abs(Number(m![2]) - (api_.ci95 as [number, number])[1] * 1e-6)).toBeLessThanOrEqual(0.05);
  await expect(cell.locator(".pt-n")).toHaveText("n = 3");
  await shot(page, "s-orsb-grid-table");

  // the view is the URL's: a reload shows the same table and cell
  await page.reload();
  await expect(page.getByTestId("compare-paper-table").getByTestId("paper-table-column")).toHaveText(["off", "on"]);
  await expect(page.locator(`[data-testid="paper-table-row"][data-variant="${qarr}"] [data-testid="paper-table-cell"][data-x="on"]`)).toHaveAttribute(
    "data-mean",
    String((api_.mean as number) * 1e-6),
  );

  // legible on a projector (1280x720 at 150 %: 853 CSS px): the table scrolls inside its own region, the page does not
  await page.setViewportSize({ width: 853, height: 480 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout: 5_000 })
    .toBeLessThanOrEqual(0);
  await shot(page, "s-orsb-grid-table-853");
});
