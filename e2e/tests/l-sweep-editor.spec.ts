/** (l) The builder's sweep editor: a two-field grid (one-way delay in both
 * directions, typed; tail losses, from the range helper) over two timers,
 * the run-count estimate with the server's limit, then Run sweep: the
 * comparison page of a comparison with exactly cells x variants x
 * replications runs and the grid as typed. Also: the builder says its
 * defaults are the engine's, not the paper's Linux 3.17. */
import { expect, idFromUrl, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

interface Param {
  path: string;
  label: string;
}

test("sweep editor: a 2-field grid, its estimate, and a comparison with that many runs", async ({ page, api }) => {
  test.setTimeout(240_000);
  const cat = (await api.catalogue()) as { parameters: Param[]; limits: Record<string, number>; profiles: { name: string; label: string }[] };
  const label = (path: string) => cat.parameters.find((p) => p.path === path)?.label ?? path;
  const limit = cat.limits.max_comparison_runs;
  expect(limit, "GET /mechanisms publishes the service's run budget").toBeGreaterThan(0);

  await openApp(page, "/");
  const builder = page.getByTestId("scenario-builder");
  await expect(builder).toBeVisible();
  // the defaults say which profile they are
  const engineProfile = cat.profiles.find((p) => p.name === "engine")!;
  await expect(builder.getByTestId("profile-status")).toContainText(engineProfile.label);

  // two timers, a tail-loss model whose count the sweep varies
  await builder.getByLabel("flows.0.tcp.timer", { exact: true }).selectOption(["rto", "tlp"]);
  await builder.getByLabel("path.forward.loss.model", { exact: true }).selectOption("tail");
  const estimate = builder.getByTestId("sweep-estimate");
  await expect(estimate).toContainText("1 scenario × 2 variants × 1 replication = 2 runs");
  await expect(estimate).toContainText(`limit: ${limit.toLocaleString("en")} runs per comparison`);

  // field 1: the one-way delay of both directions, typed as a list
  await builder.getByRole("button", { name: "Sweep a field", exact: true }).click();
  await builder.getByLabel("Sweep field 1", { exact: true }).selectOption("path.*.delay_ms");
  const delayLabel = `${label("path.{forward,reverse}.delay_ms")} (both directions)`;
  await builder.getByLabel(`Values of ${delayLabel}`, { exact: true }).fill("10, 40");
  // field 2: the forward tail losses, from the range helper
  await builder.getByRole("button", { name: "Add another field", exact: true }).click();
  await builder.getByLabel("Sweep field 2", { exact: true }).selectOption("path.forward.loss.count");
  const countLabel = `${label("path.{forward,reverse}.loss.count")} (forward)`;
  const axis2 = builder.getByTestId("sweep-axis").nth(1);
  await axis2.getByText("Range…").click();
  await axis2.getByLabel(`Range start of ${countLabel}`, { exact: true }).fill("1");
  await axis2.getByLabel(`Range stop of ${countLabel}`, { exact: true }).fill("3");
  await axis2.getByLabel(`Range step of ${countLabel}`, { exact: true }).fill("1");
  await axis2.getByRole("button", { name: "Fill in", exact: true }).click();
  await expect(builder.getByLabel(`Values of ${countLabel}`, { exact: true })).toHaveValue("1, 2, 3");

  // an error shows at once and blocks nothing else: fix it
  await builder.getByLabel(`Values of ${delayLabel}`, { exact: true }).fill("10, forty");
  await expect(builder.getByTestId("sweep-errors")).toHaveText("“forty” is not a number");
  await builder.getByLabel(`Values of ${delayLabel}`, { exact: true }).fill("10, 40");
  await expect(builder.getByTestId("sweep-errors")).toHaveCount(0);

  // 2 delays x 3 counts = 6 cells, x 2 timers x 1 replication
  const cells = 6;
  const runs = cells * 2;
  await expect(estimate).toContainText(`${cells} cells × 2 variants × 1 replication = ${runs} runs`);
  await shot(page, "l-sweep-editor");
  await builder.getByRole("button", { name: "Run sweep", exact: true }).click();

  await expect(page).toHaveURL(/\/compare\/[0-9a-f-]{36}/);
  const id = idFromUrl(page, "compare");
  const created = await api.comparison(id);
  expect(created.spec.grid).toEqual({ "path.*.delay_ms": [10, 40], "path.forward.loss.count": [1, 2, 3] });
  expect(Object.keys(created.spec.variants)).toHaveLength(2);
  const done = await api.waitComparison(id);
  expect(done.cells).toHaveLength(cells);
  expect((done as unknown as { n_runs: number }).n_runs).toBe(runs);
  // the page says how many runs the comparison has
  const view = page.getByTestId("compare-view");
  await expect(view).toContainText(new RegExp(`\\b${runs} runs\\b`));
  // one run per cell and variant (one replication), every cell of the grid as typed
  for (const c of done.cells) for (const v of Object.values(c.variants)) expect(v.runs ?? []).toHaveLength(1);
  expect(done.cells.map((c) => [c.params["path.*.delay_ms"], c.params["path.forward.loss.count"]])).toEqual([
    [10, 1],
    [10, 2],
    [10, 3],
    [40, 1],
    [40, 2],
    [40, 3],
  ]);
  await shot(page, "l-sweep-editor-compare");
});
