/** (b) Compare the four mechanisms from the preset's Compare button: the
 * normalized FCT bars carry the engine's numbers, in the engine's order.
 * Then compare along another family through the scenario builder:
 * congestion control, reno vs cubic. */
import { engineValues, expect, openApp, idFromUrl, readBars, requireChromium, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

requireChromium();

/** Variant names ranked by value (largest first; ties by name). */
function ranking(values: Record<string, number>): string[] {
  return Object.entries(values)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name]) => name);
}

test("compare four mechanisms: normalized FCT bars match the engine's metrics", async ({ page, api }) => {
  test.setTimeout(240_000);
  const preset = await api.preset(TAIL_LOSS_PRESET);
  const variants = Object.keys(preset.variants);
  expect(variants).toHaveLength(4);

  await openApp(page, "/");
  const card = page.getByTestId("preset-gallery").getByTestId(`preset-card-${TAIL_LOSS_PRESET}`);
  await card.getByRole("button", { name: `Compare ${preset.title}`, exact: true }).click();
  await expect(page).toHaveURL(/\/compare\/[0-9a-f-]{36}/);
  const id = idFromUrl(page, "compare");

  const comparison = await api.waitComparison(id);
  // the cell on show: ?cell= when it is an index, else the first cell
  const cellParam = new URL(page.url()).searchParams.get("cell");
  const cellIndex = cellParam !== null && /^\d+$/.test(cellParam) ? Number(cellParam) : 0;
  const cell = comparison.cells[cellIndex];
  const engine = engineValues(comparison, cellIndex, variants);

  const view = page.getByTestId("compare-view");
  const bars = view.getByTestId("fct-bars").getByTestId("fct-bar");
  await expect(bars).toHaveCount(variants.length);
  const read = () => readBars(bars);
  // the page polls until every run has finished; wait for its final numbers
  await expect.poll(async () => Object.keys(await read()).sort(), { timeout: 60_000 }).toEqual([...variants].sort());
  await expect
    .poll(async () => {
      const shown = await read();
      return variants.every((v) => Math.abs(shown[v] - engine[v]) <= 1e-9 * Math.max(1, Math.abs(engine[v])));
    }, { timeout: 60_000, message: `fct-bar data-value equals cells[${cellIndex}].variants[v].normalized_mean` })
    .toBe(true);

  const shown = await read();
  for (const v of variants) expect(shown[v], `bar ${v}`).toBeCloseTo(engine[v], 9);
  expect(ranking(shown)).toEqual(ranking(engine));
  console.log(`(b) cell ${cellIndex} ${JSON.stringify(cell.params)}: normalized FCT ${ranking(engine).map((v) => `${v}=${engine[v].toFixed(3)}`).join(" > ")}`);

  await expect(view.getByTestId("chart-ecdf")).toBeVisible();
  await expect(view.getByTestId("chart-box")).toBeVisible();
  await expect(view.getByTestId("compare-table")).toBeVisible();
  await shot(page, "b-compare");
});

test("compare along another family from the builder: congestion control, reno vs cubic", async ({ page, api }) => {
  test.setTimeout(240_000);
  // variants are named by the catalogue's label when it gives one, else by the mechanism's name
  const cc = (await api.mechanisms()).cc ?? [];
  const label = (name: string) => cc.find((m) => m.name === name)?.label || name;
  expect(cc.map((m) => m.name)).toEqual(expect.arrayContaining(["reno", "cubic"]));

  await openApp(page, "/");
  const builder = page.getByTestId("scenario-builder");
  await expect(builder).toBeVisible();
  // the family comes from the engine's catalogue; the picker then lists that family's mechanisms
  await builder.getByTestId("family-picker").selectOption("cc");
  const picker = builder.getByLabel("flows.0.tcp.cc", { exact: true });
  await expect.poll(() => picker.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(cc.map((m) => m.name));
  await picker.selectOption(["reno", "cubic"]);
  // random loss on a longer flow, so that the two windows have something to differ on
  await builder.getByLabel("path.forward.loss.model", { exact: true }).selectOption("bernoulli");
  await builder.getByLabel("path.forward.loss.p", { exact: true }).fill("0.01");
  await builder.getByLabel("flows.0.app.segments", { exact: true }).fill("2000");
  await builder.getByRole("button", { name: "Compare mechanisms", exact: true }).click();
  await expect(page).toHaveURL(/\/compare\/[0-9a-f-]{36}/);
  const id = idFromUrl(page, "compare");

  const comparison = await api.waitComparison(id);
  // what the builder asked for: one variant per mechanism, each overriding flows[*].tcp.cc, reno (the default) the baseline
  const [reno, cubic] = [label("reno"), label("cubic")];
  expect(comparison.spec.variants).toEqual({ [reno]: { "flows[*].tcp.cc": "reno" }, [cubic]: { "flows[*].tcp.cc": "cubic" } });
  expect(comparison.spec.baseline).toBe(reno);
  const variants = [reno, cubic];
  const engine = engineValues(comparison, 0, variants);
  expect(engine[reno]).toBe(1);

  const view = page.getByTestId("compare-view");
  const bars = view.getByTestId("fct-bars").getByTestId("fct-bar");
  await expect(bars).toHaveCount(2);
  await expect
    .poll(async () => {
      const shown = await readBars(bars);
      return variants.every((v) => Math.abs(shown[v] - engine[v]) <= 1e-9 * Math.max(1, Math.abs(engine[v])));
    }, { timeout: 60_000, message: "fct-bar data-value equals cells[0].variants[v].normalized_mean" })
    .toBe(true);
  // each variant is explained from the catalogue, by family and mechanism
  const docs = view.getByTestId("variant-docs");
  await expect(docs.locator(`[data-variant="${cubic}"]`)).toContainText(`Congestion control ${cubic}`);
  await expect(docs.locator(`[data-variant="${reno}"]`)).toContainText(`Congestion control ${reno}`);
  console.log(`(b) cc: normalized FCT ${variants.map((v) => `${v}=${engine[v].toFixed(3)}`).join(", ")}`);
  await shot(page, "b-compare-cc");
});
