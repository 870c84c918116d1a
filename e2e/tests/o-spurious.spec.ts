/** (o) A delay spike longer than the RTO, under F-RTO and under Eifel: the
 * run's time-sequence diagram marks the verdict on its deciding ACK (a star
 * named by its detector, `mark-spurious`) and its hover tooltip says why, with
 * the catalogue's detector and rule labels and the window before and after;
 * the cwnd chart marks it too (`series-mark-spurious`, reached by the
 * keyboard, `series-mark-tooltip`).  Runs are seeded through the API. */
import { expect, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

interface Rule {
  name: string;
  label: string;
}
interface Detector {
  name: string;
  label: string;
  rules: Rule[];
}

/** One flow of 20 segments, IW 10, 50 ms each way; the spike delays the ten
 * originals by 1 s (past the 1 s RTO) and the RTO's retransmission by 60 ms
 * more, so the originals arrive first: the RTO was spurious
 * (sim-engine/tests/python/spurious_cases.py, whose tests derive the events). */
function spike(detector: string) {
  const rules: Record<string, unknown>[] = [];
  for (let s = 1; s <= 10; s++) rules.push({ segment: s, transmission: 1, action: "delay", delay_ms: 1000 });
  rules.push({ segment: 1, transmission: 2, action: "delay", delay_ms: 60 });
  return {
    scenario: {
      duration_s: 10,
      path: {
        forward: { rate_bps: 0, delay_ms: 50, loss: { model: "positioned", rules } },
        reverse: { rate_bps: 0, delay_ms: 50 },
      },
      flows: [
        {
          app: { kind: "fixed", bytes: 20000 },
          tcp: { mss: 1000, iw: 10, sack: true, timestamps: true, handshake: true, rtt_profile: "rfc6298", cc: "reno", timer: "rto", spurious: [detector] },
          receiver: { ack_policy: "quick" },
        },
      ],
    },
  };
}

/** The rule each detector's verdict names in this spike (the engine's tests assert the same). */
const CASES = [
  { detector: "frto", rule: "frto_sack_3b", ack: 2000 },
  { detector: "eifel", rule: "eifel_ts_older", ack: 1000 },
] as const;

test("a delay spike: F-RTO and Eifel mark their undo, with why-tooltips from the catalogue", async ({ page, api }) => {
  const families = (await api.catalogue()).families as { name: string; members: Detector[] }[];
  const detectors = families.find((f) => f.name === "spurious")?.members ?? [];
  for (const c of CASES) {
    await test.step(c.detector, async () => {
      const det = detectors.find((d) => d.name === c.detector);
      expect(det, `the catalogue lists the ${c.detector} detector`).toBeTruthy();
      const rule = det!.rules.find((r) => r.name === c.rule);
      expect(rule, `${c.detector} declares the rule ${c.rule}`).toBeTruthy();

      const id = await api.createRun(spike(c.detector));
      const run = await api.waitRun(id);
      expect(run.metrics?.[0].spurious_rtos_detected).toBe(1);
      expect(run.metrics?.[0].undo_count).toBe(1);
      // the engine's event, as the API sends it
      const tr = (await api.trace(id, { kinds: "spurious", max_points: 100 })) as unknown as { events: Record<string, unknown>[] };
      expect(tr.events.map((e) => [e.detector, e.rule, e.response, e.ack, e.t_ns])).toEqual([[c.detector, c.rule, "revert", c.ack, 1_200_000_000]]);

      await openApp(page, `/runs/${id}`);
      const view = page.getByTestId("run-view");
      await expect(view.getByTestId("run-state")).toHaveText("succeeded", { timeout: 60_000 });
      const chart = view.getByTestId("chart-time-sequence");
      await expect(chart).toBeVisible();
      const mark = chart.getByTestId("mark-spurious");
      await expect(mark).toHaveCount(1);
      await expect(mark).toHaveAttribute("aria-label", `${det!.label} undo at 1.2 s`);
      await expect(chart.locator('[data-legend-item="spurious"]')).toBeVisible();

      // hover the star: the tooltip says which detector, by which rule, and what the undo did
      const box = await mark.locator("path").boundingBox();
      expect(box).not.toBeNull();
      await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
      const tip = chart.getByRole("tooltip");
      await expect(tip).toContainText(`${det!.label}: ${rule!.label} → spurious`);
      await expect(tip).toContainText("ssthresh 5000 B → ∞");
      await expect(tip).toContainText(`on ACK ${c.ack}`);
      await shot(page, `o-spurious-${c.detector}`);
      await page.mouse.move(0, 0);

      // the cwnd chart: the same verdict, reached with the keyboard
      const cwnd = view.getByTestId("chart-cwnd");
      const star = cwnd.getByTestId("series-mark-spurious");
      await expect(star).toHaveCount(1);
      await expect(star).toHaveAttribute("tabindex", "0");
      await star.focus();
      await expect(cwnd.getByTestId("series-mark-tooltip")).toContainText(`${det!.label}: ${rule!.label} → spurious`);
    });
  }
});
