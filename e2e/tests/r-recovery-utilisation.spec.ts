/** (r) Bandwidth utilisation during loss recovery in the run view (issue #11,
 * "Service and dashboard"): the mobile-recovery preset
 * (adaptive-recovery-utilisation: one burst of losses on the
 * opportunistic-retransmission paper's testbed) run under PRR and QARR, each
 * with and without opportunistic retransmission (tcp.opportunistic_rtx),
 * seeded through the API.  For each run the diagram and the window chart
 * shade the loss-recovery period (T2 to the first new packet the receive
 * window admits leaving the bottleneck, T5 of the paper's §III) as a visible band labelled with its
 * utilisation ("recovery · N % of the link") and the legend under the diagram
 * lists it with the catalogue's formula (eq. 8) as the why; the numbers shown
 * are the run's own (GET /runs/{id} -> episodes).
 *
 * Written against what the view shows, not against fixed numbers.  The
 * paper's shape: opportunistic retransmission lifts QARR towards 1 and leaves
 * PRR below it (near 0.75), and it lifts both above their originals.  The
 * preset's burst falls in congestion avoidance with cwnd = AW (orsb_scenario),
 * where the receiver's window holds both algorithms without it (12 % each)
 * and PRR's reduction holds PRR below QARR with it (72 % and 100 %, the
 * period to T5), so each comparison is strict. */
import type { Page } from "@playwright/test";
import { type Api, expect, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

const PRESET = "adaptive-recovery-utilisation";

interface Episode {
  period_start_ns: number | null;
  period_end_ns: number | null;
  utilisation: number | null;
}
interface MetricInfo {
  name: string;
  label: string;
  doc: string;
}

/** The first measured recovery period of the run's flow 0, from the API. */
async function firstPeriod(api: Api, id: string): Promise<{ t0: number; t1: number; utilisation: number }> {
  const run = (await api.run(id)) as unknown as { episodes: Episode[][] | null };
  expect(run.episodes, "the service serves the run's recovery episodes").not.toBeNull();
  const e = run.episodes![0].find((x) => x.period_start_ns !== null && x.period_end_ns !== null && x.utilisation !== null);
  expect(e, "the burst opens a measured loss-recovery period").toBeTruthy();
  return { t0: e!.period_start_ns! / 1e6, t1: e!.period_end_ns! / 1e6, utilisation: e!.utilisation! };
}

/** Opens the run zoomed on its period and checks what the view shows of it; returns the utilisation shown. */
async function shownUtilisation(page: Page, id: string, period: { t0: number; t1: number; utilisation: number }, why: MetricInfo): Promise<number> {
  const pad = Math.max(5, (period.t1 - period.t0) / 2);
  await openApp(page, `/runs/${id}?from_ms=${(period.t0 - pad).toFixed(3)}&to_ms=${(period.t1 + pad).toFixed(3)}`);
  const view = page.getByTestId("run-view");
  await expect(view.getByTestId("run-state")).toHaveText("succeeded", { timeout: 60_000 });
  await expect(view.getByTestId("run-dashboard")).toHaveAttribute("data-ready", "true", { timeout: 60_000 });
  await expect(view.getByTestId("window-status")).not.toContainText("loading");
  const pct = `${Math.round(period.utilisation * 100)} %`;

  // the band on the time-sequence diagram and on the window chart: visible, labelled with the utilisation
  for (const chart of [view.getByTestId("chart-time-sequence"), view.getByTestId("chart-cwnd")]) {
    const band = chart.getByTestId("recovery-band");
    await expect(band).toHaveCount(1);
    await expect(band).toBeVisible();
    await expect(band).toHaveAttribute("data-value", String(period.utilisation));
    await expect(chart.getByTestId("recovery-band-label")).toHaveText(`recovery · ${pct} of the link`);
    await expect(chart.getByTestId("recovery-band-label")).toBeVisible();
    const box = await band.locator("rect").boundingBox();
    expect(box && box.width > 20 && box.height > 20, `the band is drawn large (${JSON.stringify(box)})`).toBe(true);
  }

  // the legend under the diagram: the period with its utilisation, and why (the catalogue's formula)
  const legend = view.getByTestId("recovery-legend");
  await expect(legend).toBeVisible();
  await expect(legend.getByTestId("recovery-why")).toContainText(why.doc);
  const item = legend.getByTestId("recovery-item").first();
  await expect(item).toContainText(`${why.label.toLowerCase()} ${pct} of the link`);
  return Number(await item.getAttribute("data-value"));
}

test("PRR and QARR with and without opportunistic retransmission: each recovery period shaded with its utilisation", async ({ page, api }) => {
  test.setTimeout(240_000);
  const preset = await api.preset(PRESET);
  expect(Object.keys(preset.variants)).toEqual(expect.arrayContaining(["PRR", "QARR"]));
  const catalogue = (await (await page.request.get("/api/v1/mechanisms")).json()) as { episode_metrics: MetricInfo[] };
  const why = catalogue.episode_metrics.find((m) => m.name === "utilisation");
  expect(why?.doc, "the catalogue explains the utilisation").toContain("eq. (8)");

  // seeded through the API: the four runs at once, so that the worker runs them while the first is checked
  const cases = [
    { variant: "PRR", opportunistic: false },
    { variant: "PRR", opportunistic: true },
    { variant: "QARR", opportunistic: false },
    { variant: "QARR", opportunistic: true },
  ];
  const ids = await Promise.all(
    cases.map((c) => api.createRun({ preset: PRESET, variant: c.variant, overrides: { "flows[*].tcp.opportunistic_rtx": c.opportunistic } })),
  );
  const shown: Record<string, number> = {};
  for (const [k, c] of cases.entries()) {
    await api.waitRun(ids[k]);
    const period = await firstPeriod(api, ids[k]);
    const name = `${c.variant}${c.opportunistic ? "+opportunistic" : ""}`;
    shown[name] = await shownUtilisation(page, ids[k], period, why!);
    expect(shown[name], `${name}: the view shows the run's own utilisation`).toBe(period.utilisation);
    await shot(page, `r-recovery-utilisation-${c.variant.toLowerCase()}${c.opportunistic ? "-opportunistic" : ""}`);
  }

  // the paper's shape (§IV): opportunistic retransmission lifts both algorithms, and with it QARR uses
  // more of the link than PRR
  expect(shown["PRR+opportunistic"]).toBeGreaterThan(shown.PRR);
  expect(shown["QARR+opportunistic"]).toBeGreaterThan(shown.QARR);
  expect(shown["QARR+opportunistic"]).toBeGreaterThan(shown["PRR+opportunistic"]);
});
