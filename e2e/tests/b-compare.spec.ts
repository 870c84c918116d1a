/** (b) Compare the four mechanisms from the preset's Compare button: the
 * normalized FCT bars carry the engine's numbers, in the engine's order. */
import { expect, openApp, idFromUrl, requireChromium, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

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
  expect(Object.keys(cell.variants).sort()).toEqual([...variants].sort());
  const engine: Record<string, number> = {};
  for (const v of variants) {
    const nm = cell.variants[v].normalized_mean;
    expect(nm, `normalized_mean of ${v}`).not.toBeNull();
    engine[v] = nm as number;
  }

  const view = page.getByTestId("compare-view");
  const bars = view.getByTestId("fct-bars").getByTestId("fct-bar");
  await expect(bars).toHaveCount(variants.length);
  const read = async () => {
    const shown: Record<string, number> = {};
    for (const bar of await bars.all()) {
      shown[(await bar.getAttribute("data-variant")) ?? "?"] = Number(await bar.getAttribute("data-value"));
    }
    return shown;
  };
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
