/** (a) The single-tail-loss preset: TLP sends exactly one probe, the baseline none. */
import { expect, openApp, idFromUrl, requireChromium, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

requireChromium();

const CASES = [
  { variant: "TLP", timer: "tlp", probes: 1 },
  { variant: "baseline", timer: "rto", probes: 0 },
] as const;

test("tail-loss preset: TLP shows exactly one probe, the baseline none", async ({ page, api }) => {
  const preset = await api.preset(TAIL_LOSS_PRESET);
  for (const c of CASES) {
    await test.step(`run ${c.variant}`, async () => {
      await openApp(page, "/");
      const card = page.getByTestId("preset-gallery").getByTestId(`preset-card-${TAIL_LOSS_PRESET}`);
      await expect(card).toBeVisible();
      await card.getByRole("combobox").selectOption(c.variant);
      await card.getByRole("button", { name: `Run ${preset.title}`, exact: true }).click();

      await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}/);
      const id = idFromUrl(page, "runs");
      const view = page.getByTestId("run-view");
      await expect(view.getByTestId("run-state")).toHaveText("succeeded", { timeout: 60_000 });

      // the page ran the variant that was picked, and the engine counted the probes
      const run = await api.run(id);
      expect(run.scenario.flows[0].tcp.timer).toBe(c.timer);
      expect(run.metrics?.[0].probe_count).toBe(c.probes);

      const chart = view.getByTestId("chart-time-sequence");
      await expect(chart).toBeVisible();
      // the diagram has drawn the run (the tail drop and the timer that fired) before probes are counted
      await expect(chart.getByTestId("mark-drop")).not.toHaveCount(0);
      await expect(chart.getByTestId("mark-timer-fired")).not.toHaveCount(0);
      if (c.probes === 0) await expect(chart.getByTestId("mark-retransmit")).not.toHaveCount(0); // the RTO's repair
      await expect(chart.getByTestId("mark-probe")).toHaveCount(c.probes);
      await shot(page, `a-run-${c.variant}`);
    });
  }
});
