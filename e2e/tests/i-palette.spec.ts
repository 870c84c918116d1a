/** (i) The colours the browser draws are the palette's: the stylesheet's
 * --mark-* variables, the SVG marks, the legend, the canvas of dense marks
 * and the event log's badges all show frontend/src/components/charts/palette.json
 * (the colour-blind-safe palette its Vitest test checks), so CSS and canvas agree. */
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { ROOT } from "../env";
import { expect, openApp, requireChromium, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

requireChromium();

interface PaletteJson {
  accessible: Record<string, string>;
  marks: Record<string, string>;
}
const PALETTE = JSON.parse(fs.readFileSync(path.join(ROOT, "frontend/src/components/charts/palette.json"), "utf8")) as PaletteJson;
/** mark kind -> "#rrggbb" */
const MARK: Record<string, string> = Object.fromEntries(Object.entries(PALETTE.marks).map(([k, name]) => [k, PALETTE.accessible[name].toLowerCase()]));

/** A 20-segment flow with a drop in the middle (SACK blocks, a fast retransmission),
 * a delayed segment (reordering: a spurious retransmission, then a D-SACK) and a
 * late drop: every dense mark kind on the canvas. */
const SACK_DSACK = {
  scenario: {
    seed: 1,
    path: {
      forward: {
        delay_ms: 40,
        loss: {
          model: "positioned",
          rules: [
            { flow: 0, segment: 4, transmission: 1, action: "drop", delay_ms: 0 },
            { flow: 0, segment: 10, transmission: 1, action: "delay", delay_ms: 150 },
            { flow: 0, segment: 19, transmission: 1, action: "drop", delay_ms: 0 },
          ],
        },
      },
      reverse: { delay_ms: 40 },
    },
    flows: [{ app: { kind: "fixed", segments: 20 }, tcp: { timer: "tlp" } }],
  },
};

/** "rgb(170, 54, 0)" or "#aa3600" -> "#aa3600" */
function hex(css: string): string {
  const s = css.trim().toLowerCase();
  if (s.startsWith("#")) return s;
  const m = s.match(/^rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (!m) throw new Error(`not a colour: ${css}`);
  return `#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, "0")).join("")}`;
}

async function computed(loc: Locator, prop: "stroke" | "fill" | "backgroundColor"): Promise<string> {
  return hex(await loc.evaluate((el, p) => getComputedStyle(el)[p], prop));
}

/** Every opaque colour the diagram's canvas holds, with its pixel count. */
async function canvasColours(chart: Locator): Promise<Record<string, number>> {
  return chart.locator("canvas").evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext("2d");
    if (!ctx) return {};
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const out: Record<string, number> = {};
    for (let k = 0; k < d.length; k += 4) {
      if (d[k + 3] !== 255) continue;
      const h = `#${[d[k], d[k + 1], d[k + 2]].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
      out[h] = (out[h] ?? 0) + 1;
    }
    return out;
  });
}

async function openRun(page: Page, id: string): Promise<Locator> {
  await openApp(page, `/runs/${id}`);
  const view = page.getByTestId("run-view");
  await expect(view.getByTestId("run-state")).toHaveText("succeeded", { timeout: 60_000 });
  await expect(view.getByTestId("run-dashboard")).toHaveAttribute("data-ready", "true");
  const chart = view.getByTestId("chart-time-sequence");
  await expect(chart).toBeVisible();
  return chart;
}

test("the run view draws the palette's colours, in CSS, SVG and canvas alike", async ({ page, api }) => {
  const id = await api.createRun(SACK_DSACK);
  await api.waitRun(id);
  const trace = await api.trace(id, { max_points: 4000 });
  const kinds = new Set(trace.events.map((e) => e.kind));
  for (const k of ["send", "deliver", "ack_recv", "retransmit", "drop"]) expect(kinds, `the seeded run has ${k} events`).toContain(k);
  const acks = trace.events as unknown as { kind: string; sack?: unknown[]; dsack?: boolean }[];
  expect(acks.some((e) => e.kind === "ack_recv" && e.sack?.length), "SACK blocks").toBe(true);
  expect(acks.some((e) => e.kind === "ack_recv" && e.dsack), "a D-SACK").toBe(true);

  const chart = await openRun(page, id);

  await test.step("the stylesheet's variables are the palette", async () => {
    const vars = await page.evaluate((names) => {
      const s = getComputedStyle(document.documentElement);
      return Object.fromEntries(names.map((n) => [n, s.getPropertyValue(`--mark-${n}`).trim().toLowerCase()]));
    }, Object.keys(MARK));
    expect(vars).toEqual(MARK);
  });

  await test.step("the SVG marks and the legend take the palette's colours", async () => {
    await expect(chart.getByTestId("mark-retransmit").first()).toBeVisible();
    expect(await computed(chart.getByTestId("mark-retransmit").first(), "stroke")).toBe(MARK.rtx);
    expect(await computed(chart.getByTestId("mark-drop").first(), "stroke")).toBe(MARK.drop);
    const legend = chart.locator('[data-legend="true"]');
    for (const kind of Object.keys(MARK)) {
      const glyph = legend.locator(`[data-legend-item="${kind}"]`);
      await expect(glyph, `a legend entry for ${kind}`).toHaveCount(1);
      const colours = await glyph.locator("path, circle").evaluateAll((els) =>
        els.flatMap((el) => [getComputedStyle(el).stroke, getComputedStyle(el).fill]).filter((c) => c && c !== "none"),
      );
      expect(colours.map(hex), `the ${kind} legend glyph`).toContain(MARK[kind]);
    }
    await expect(legend.locator('[data-legend-item="dsack"]')).toContainText("D-SACK");
  });

  await test.step("the canvas draws the dense marks in the palette's colours", async () => {
    const px = await canvasColours(chart);
    for (const kind of ["send", "deliver", "ack", "sack", "dsack"]) {
      expect(px[MARK[kind]] ?? 0, `${kind} (${MARK[kind]}) pixels on the canvas`).toBeGreaterThan(2);
    }
    // and no colour of the palette before issue #9 (the olive-prone green ACK line)
    expect(px["#2b8a3e"] ?? 0).toBe(0);
  });

  await test.step("the event log's badges are the marks' colours", async () => {
    const log = page.getByTestId("event-log");
    await page.getByLabel("Events shown in the log").selectOption("key");
    expect(await computed(log.locator(".rv-kind.k-retransmit").first(), "backgroundColor")).toBe(MARK.rtx);
    expect(await computed(log.locator(".rv-kind.k-drop").first(), "backgroundColor")).toBe(MARK.drop);
  });
  await shot(page, "i-palette-sack-dsack");

  await test.step("the TLP probe, in a run of the tail-loss preset", async () => {
    const tlp = await api.createRun({ preset: TAIL_LOSS_PRESET, variant: "TLP" });
    await api.waitRun(tlp);
    const c = await openRun(page, tlp);
    await expect(c.getByTestId("mark-probe")).toHaveCount(1);
    expect(await computed(c.getByTestId("mark-probe"), "stroke")).toBe(MARK.probe);
    expect(await computed(c.getByTestId("mark-probe"), "fill")).toBe(MARK.probe);
    // a timer's marker takes the colour of what its firing sends: the probe timer a probe's, the delayed-ACK timer an ACK's
    const fills = await c.getByTestId("mark-timer-fired").evaluateAll((gs) =>
      gs.map((g) => {
        const marker = Array.from(g.querySelectorAll("path")).pop();
        return marker ? getComputedStyle(marker).fill : "";
      }),
    );
    expect(fills.length).toBeGreaterThan(0);
    expect(new Set(fills.map(hex))).toEqual(new Set([MARK.probe, MARK.ack]));
    await page.getByLabel("Events shown in the log").selectOption("key");
    expect(await computed(page.getByTestId("event-log").locator(".rv-kind.k-probe").first(), "backgroundColor")).toBe(MARK.probe);
    await shot(page, "i-palette-probe");
  });
});
