/** (i) The colours the browser draws are the palette's: the stylesheet's
 * --mark-* variables, the SVG marks, the legend, the canvas of dense marks
 * and the event log's badges all show frontend/src/components/charts/palette.json
 * (the colour-blind-safe palette its Vitest test checks), so CSS and canvas agree;
 * and the compare page's bars and lines take its categorical colours, each
 * variant with a second cue (marker, dash), every chart named for screen readers. */
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { ROOT } from "../env";
import { expect, openApp, requireChromium, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

requireChromium();

interface PaletteJson {
  accessible: Record<string, string>;
  marks: Record<string, string>;
  categorical: string[];
  baseline: string;
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

/** "#rrggbb" of each categorical slot, and the baseline's */
const CATEGORICAL = PALETTE.categorical.map((name) => PALETTE.accessible[name].toLowerCase());
const BASELINE = PALETTE.accessible[PALETTE.baseline].toLowerCase();

test("the compare page draws the palette's categorical colours with a second cue, and names every chart", async ({ page, api }) => {
  // a small deterministic comparison: the n-degree tail-loss preset's timer variants at one loss count
  const preset = await api.preset("tail-loss-n-degree");
  const variants = Object.keys(preset.variants);
  expect(variants.length, "the preset compares several variants").toBeGreaterThan(2);
  const id = await api.createComparison({
    base: { preset: preset.name },
    variants: preset.variants,
    baseline: preset.baseline_variant,
    grid: { "path.forward.loss.count": [3] },
    replications: 1,
  });
  await api.waitComparison(id);
  await openApp(page, `/compare/${id}`);
  const view = page.getByTestId("compare-view");
  const bars = view.getByTestId("fct-bars");
  await expect(bars.getByTestId("fct-bar")).toHaveCount(variants.length);
  // a mechanism's colour is its catalogue place: read the colours once the catalogue has come (it names each variant's mechanism)
  await expect(view.getByTestId("variant-docs")).toBeVisible();

  const barColour: Record<string, string> = {};
  const barMarker: Record<string, string> = {};
  await test.step("each bar is its variant's categorical colour (the baseline grey), with a marker of its own", async () => {
    for (const v of variants) {
      const bar = bars.locator(`[data-testid="fct-bar"][data-variant="${v}"]`);
      barColour[v] = await computed(bar.locator("rect").first(), "fill");
      const marker = bar.getByTestId("fct-marker");
      expect(await computed(marker, "fill"), `${v}'s marker is its bar's colour`).toBe(barColour[v]);
      barMarker[v] = (await marker.getAttribute("data-marker")) ?? "";
    }
    expect(barColour[preset.baseline_variant]).toBe(BASELINE);
    const others = variants.filter((v) => v !== preset.baseline_variant);
    for (const v of others) expect(CATEGORICAL, `${v}'s bar colour ${barColour[v]}`).toContain(barColour[v]);
    expect(new Set(others.map((v) => barColour[v])).size, "one colour per variant").toBe(others.length);
    expect(new Set(variants.map((v) => barMarker[v])).size, "one marker shape per variant").toBe(variants.length);
  });

  await test.step("each ECDF line is its variant's colour, with a dash no other line has (the baseline solid)", async () => {
    const ecdf = view.getByTestId("chart-ecdf");
    const dashes: string[] = [];
    for (const v of variants) {
      const line = ecdf.locator(`[data-testid="ecdf-line"][data-variant="${v}"]`);
      expect(await computed(line, "stroke"), `${v}'s ECDF line`).toBe(barColour[v]);
      const dash = await line.evaluate((el) => getComputedStyle(el).strokeDasharray);
      dashes.push(dash);
      if (v === preset.baseline_variant) expect(dash).toBe("none");
      else expect(dash, `${v}'s line is dashed`).not.toBe("none");
      expect(await ecdf.locator(`[data-testid="ecdf-marker"][data-variant="${v}"]`).getAttribute("data-marker")).toBe(barMarker[v]);
    }
    expect(new Set(dashes).size).toBe(variants.length);
  });

  await test.step("the variant toggles show the same colour and marker", async () => {
    for (const v of variants) {
      const glyph = view.locator(`button.variant-toggle[data-variant="${v}"] svg.variant-glyph`);
      await expect(glyph).toHaveAttribute("data-marker", barMarker[v]);
      expect(await computed(glyph.locator("path"), "fill")).toBe(barColour[v]);
      expect(await computed(glyph.locator("line"), "stroke")).toBe(barColour[v]);
    }
  });

  await test.step("every chart is an image with a name that reads its values", async () => {
    // the sequence diagrams load once every run has finished
    await expect(view.getByTestId("sequence-stack").getByTestId("chart-time-sequence")).toHaveCount(variants.length, { timeout: 30_000 });
    const images = view.getByRole("img");
    const n = await images.count();
    expect(n, "bars, ECDF, box plot and a sequence diagram per variant").toBe(3 + variants.length);
    for (let k = 0; k < n; k++) {
      const name = (await images.nth(k).getAttribute("aria-label")) ?? "";
      expect(name.length, `image ${k} has a text summary`).toBeGreaterThan(30);
    }
    const summary = (await bars.getAttribute("aria-label")) ?? "";
    for (const v of variants) expect(summary).toMatch(new RegExp(`${v} \\d\\.\\d\\d`));
    await expect(view.getByRole("img", { name: /^ECDF of .* per variant in cell count = 3: / })).toHaveCount(1);
    await expect(view.getByRole("img", { name: /^Box plots of .* per variant in cell count = 3: / })).toHaveCount(1);
  });

  await test.step("the bar view's toggle works from the keyboard, with a visible focus", async () => {
    const paired = view.getByRole("button", { name: "Paired differences", exact: true });
    await paired.focus();
    await page.keyboard.press("Space");
    await expect(paired).toHaveAttribute("aria-pressed", "true");
    expect(await paired.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await expect(view.getByRole("img", { name: /^Paired difference of / })).toHaveCount(1);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(bars).toBeVisible();
  });
  await shot(page, "i-palette-compare");
});
