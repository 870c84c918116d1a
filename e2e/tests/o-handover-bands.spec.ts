/** (o) The LTE handover preset: its handover period is a shaded band behind the
 * time-sequence diagram; editing a row of the handover table in the builder
 * changes the live chart, and the run of the edited table shows the band moved. */
import { expect, idFromUrl, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

const PRESET = "lte-handover-spike";

test("lte handover: the band on the diagram, a table edit, the chart and the run's band follow", async ({ page, api }) => {
  const preset = await api.preset(PRESET);
  const card = page.getByTestId("preset-gallery").getByTestId(`preset-card-${PRESET}`);

  await test.step("the preset's run shows the handover as a band", async () => {
    await openApp(page, "/");
    await expect(card).toBeVisible();
    await card.getByRole("combobox").selectOption("conventional");
    await card.getByRole("button", { name: `Run ${preset.title}`, exact: true }).click();
    await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}/);
    const view = page.getByTestId("run-view");
    await expect(view.getByTestId("run-state")).toHaveText("succeeded", { timeout: 90_000 });
    // the table (presets.py KATO_SPIKE): delay stepped to 5000 ms at 10 s, back to 0 at 11.46 s
    const label = "handover table: delay up to 5,000 ms 10.0-11.5 s";
    const chart = view.getByTestId("chart-time-sequence");
    await expect(chart.getByTestId("period-band")).toHaveCount(1);
    await expect(chart.getByTestId("period-band")).toHaveAttribute("aria-label", label);
    await expect(view.getByTestId("period-legend")).toContainText(label);
    await expect(view.getByTestId("chart-cwnd").getByTestId("period-band")).toHaveCount(1);
    await shot(page, "o-handover-band");
  });

  await test.step("editing a row changes the live chart and the run's band", async () => {
    await openApp(page, "/");
    await card.getByRole("button", { name: `Open ${preset.title} in the builder`, exact: true }).click();
    const builder = page.getByTestId("scenario-builder");
    const table = builder.getByTestId("schedule-forward");
    await expect(table.getByTestId("schedule-row")).toHaveCount(4);
    const live = table.getByTestId("schedule-chart-forward");
    await expect(live).toHaveAttribute("data-peak-delay", "5000");
    await table.getByLabel("path.forward.schedule.1.delay_ms", { exact: true }).fill("8000");
    await expect(live).toHaveAttribute("data-peak-delay", "8000");
    // the spike now ends at 12.46 s: both rows of the step down move
    await table.getByLabel("path.forward.schedule.2.time_ms", { exact: true }).fill("12460");
    await table.getByLabel("path.forward.schedule.3.time_ms", { exact: true }).fill("12460");
    await builder.getByRole("button", { name: "Run scenario", exact: true }).click();
    await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}/);
    const run = await api.waitRun(idFromUrl(page, "runs"));
    expect(run.state).toBe("succeeded");
    const view = page.getByTestId("run-view");
    await expect(view.getByTestId("run-state")).toHaveText("succeeded", { timeout: 90_000 });
    await expect(view.getByTestId("chart-time-sequence").getByTestId("period-band")).toHaveAttribute("aria-label", "handover table: delay up to 8,000 ms 10.0-12.5 s");
    await shot(page, "o-handover-band-edited");
  });
});
