/** (j) On a projector and in a paper: presentation mode on a 1280x720 screen
 * at 150 % zoom (the whole diagram above the fold, 18 px chart text, the keys
 * work), the normal view at 150 % (the diagram's plot on the first screen,
 * the event log's numbers uncut), and exports that stand alone.
 *
 * 150 % zoom is emulated as the browser does it: a 1280x720 window zoomed to
 * 150 % lays out 853x480 CSS px (1280/1.5 x 720/1.5; media queries see that
 * width) and paints 1.5 device pixels per CSS px, so the context has that
 * viewport and deviceScaleFactor 1.5 (the screenshot is 1280x720).  CSS
 * `zoom: 1.5` would not do: the layout viewport and media queries would stay
 * 1280 px wide and window.devicePixelRatio 1, unlike a zoomed browser. */
import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { ARTIFACTS } from "../env";
import { type Api, expect, openApp, requireChromium, searchParams, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

requireChromium();

const SCREEN = { width: 1280, height: 720 };
const ZOOM = 1.5;
const VIEWPORT = { width: Math.floor(SCREEN.width / ZOOM), height: Math.floor(SCREEN.height / ZOOM) };
const FOLD = VIEWPORT.height;

/** A run of the tail-loss preset with TLP (one probe), seeded through the API. */
async function seedRun(api: Api): Promise<string> {
  const id = await api.createRun({ preset: TAIL_LOSS_PRESET, variant: "TLP" });
  await api.waitRun(id);
  return id;
}

async function openRun(page: Page, url: string): Promise<Locator> {
  await openApp(page, url);
  const view = page.getByTestId("run-view");
  await expect(view.getByTestId("run-dashboard")).toHaveAttribute("data-ready", "true", { timeout: 60_000 });
  return view;
}

/** The smallest computed font size (px) of the diagram's text. */
async function smallestText(chart: Locator): Promise<number> {
  return chart.evaluate((el) => Math.min(...Array.from(el.querySelectorAll("svg text"), (t) => Number.parseFloat(getComputedStyle(t).fontSize))));
}

/** A screenshot of the viewport (what is above the fold) in artifacts/e2e/. */
async function viewportShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
}

test.describe("a 1280x720 screen at 150 % zoom", () => {
test.use({ viewport: VIEWPORT, deviceScaleFactor: ZOOM });

test("presentation mode: the whole diagram above the fold, 18 px text, the keys work", async ({ page, api }) => {
  const runId = await seedRun(api);
  expect(await page.evaluate(() => [innerWidth, innerHeight, devicePixelRatio])).toEqual([VIEWPORT.width, VIEWPORT.height, ZOOM]);
  const view = await openRun(page, `/runs/${runId}`);
  await view.getByRole("button", { name: "Present", exact: true }).click();
  await expect(page).toHaveURL(/[?&]present=1/);
  const present = page.getByLabel("Presentation mode", { exact: true });
  await expect(present).toBeVisible();

  const chart = present.getByTestId("chart-time-sequence");
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId("mark-probe")).toHaveCount(1);
  await test.step("the diagram is full width and wholly above the fold; the why panel starts on the screen too", async () => {
    const box = (await chart.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `the diagram ends at ${box.y + box.height} px, the fold is at ${FOLD} px`).toBeLessThanOrEqual(FOLD);
    expect(box.width).toBeGreaterThan(0.9 * VIEWPORT.width);
    const why = (await present.getByTestId("event-details").boundingBox())!;
    expect(why.y).toBeLessThan(FOLD - 40);
    expect(why.width).toBeGreaterThan(0.9 * VIEWPORT.width);
  });
  await test.step("the diagram's text is 18 px or larger", async () => {
    expect(await smallestText(chart)).toBeGreaterThanOrEqual(18);
    await expect(chart).toHaveAttribute("data-font-size", "18");
  });
  await test.step("the keys are on show", async () => {
    const keys = present.getByTestId("presentation-keys");
    await expect(keys).toBeVisible();
    for (const k of ["←", "→", "Space", "+", "−", "Esc"]) await expect(keys.locator("kbd", { hasText: k }).first()).toBeVisible();
    expect(((await keys.boundingBox())!).y + 10).toBeLessThan(FOLD);
  });
  await viewportShot(page, "j-presentation-150");

  await test.step("→ and ← step; the why panel explains the current event", async () => {
    const position = present.getByTestId("present-position");
    await expect(position).toHaveText(/^\d+ events$/);
    for (let k = 0; k < 3; k++) await page.keyboard.press("ArrowRight");
    await expect(position).toHaveText(/^event \d+ of \d+/);
    const at = Number((await position.textContent())!.match(/event (\d+)/)![1]);
    await expect(present.getByTestId("event-details")).toContainText(`current event · #${at}`);
    await page.keyboard.press("ArrowLeft");
    await expect(position).not.toHaveText(new RegExp(`^event ${at} `));
  });
  await test.step("Space plays and pauses", async () => {
    const position = present.getByTestId("present-position");
    await page.keyboard.press("Space");
    await expect(position).toContainText("playing");
    const before = await position.textContent();
    await expect(position).not.toHaveText(before!, { timeout: 5000 });
    await page.keyboard.press("Space");
    await expect(position).not.toContainText("playing");
  });
  await test.step("+ zooms in around the current event, − zooms out", async () => {
    expect(searchParams(page).from_ms).toBeUndefined();
    await page.keyboard.press("+");
    await expect.poll(() => searchParams(page).to_ms?.[0]).toBeTruthy();
    const span = () => {
      const p = searchParams(page);
      return p.to_ms ? Number(p.to_ms[0]) - Number(p.from_ms[0]) : Number.POSITIVE_INFINITY;
    };
    // the first + may already reach the narrowest window (where play stopped decides), so
    // − is checked to widen it and + then to narrow it again
    const zoomed = span();
    await page.keyboard.press("-");
    await expect.poll(span).toBeGreaterThan(zoomed);
    const wide = span();
    await page.keyboard.press("+");
    await expect.poll(span).toBeLessThan(wide);
    // the URL changes at once and the window's trace arrives later: the checks below are of the
    // zoomed window once drawn
    const zoomedTo = searchParams(page);
    await expect(present.getByRole("img", { name: /^Time-sequence diagram/ })).toHaveAccessibleName(
      new RegExp(`, ${zoomedTo.from_ms[0]} ms – ${zoomedTo.to_ms[0]} ms:`),
    );
    // still presenting, the diagram still above the fold
    await expect(present).toBeVisible();
    const box = (await present.getByTestId("chart-time-sequence").boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(FOLD);
  });
  await test.step("Esc leaves, and the link reopens the mode", async () => {
    await page.keyboard.press("Escape");
    await expect(present).toHaveCount(0);
    expect(searchParams(page).present).toBeUndefined();
    await expect(page.getByTestId("event-log")).toBeVisible();
    await openRun(page, `/runs/${runId}?present=1`);
    await expect(page.getByLabel("Presentation mode", { exact: true })).toBeVisible();
  });
  await test.step("with an event selected and the focus off the diagram, one Esc clears the selection and leaves", async () => {
    // the page's step-through clears the selection on the same Esc, and that render ran before
    // presentation mode's listener; a listener re-subscribed by it was skipped and the mode
    // stayed, every time (issue #9, the first Esc after a zoom that sometimes did not leave)
    const again = page.getByLabel("Presentation mode", { exact: true });
    // force: the brush's overlay lies over the marks and takes the click, which the diagram
    // hit-tests by its position, as a user's click
    await again.getByTestId("chart-time-sequence").getByTestId("mark-probe").click({ force: true });
    await expect(again.getByRole("dialog", { name: "Change this transmission" })).toBeVisible();
    await again.locator(".rv-present-title").click();
    await expect(again.getByRole("dialog", { name: "Change this transmission" })).toHaveCount(0);
    await expect(again.getByTestId("event-details")).toContainText("selected event");
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(again).toHaveCount(0);
    expect(searchParams(page).present).toBeUndefined();
    await expect(page.getByTestId("event-details")).not.toContainText("selected event");
  });
  await test.step("Esc pressed at once after a zoom, while the zoomed window loads, leaves", async () => {
    // issue #9 as first seen, without a selection: the old listener missed this Esc in 10 runs of 40
    await openRun(page, `/runs/${runId}?present=1`);
    await expect(page.getByLabel("Presentation mode", { exact: true })).toBeVisible();
    for (let k = 0; k < 3; k++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("+");
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("Presentation mode", { exact: true })).toHaveCount(0);
    expect(searchParams(page).present).toBeUndefined();
  });
});

test("the normal view: the diagram's plot on the first screen, the log's numbers uncut", async ({ page, api }) => {
  const runId = await seedRun(api);
  const view = await openRun(page, `/runs/${runId}`);
  const chart = view.getByTestId("chart-time-sequence");
  await expect(chart).toBeVisible();
  const box = (await chart.boundingBox())!;
  const plotTop = Number(await chart.getAttribute("data-plot-top"));
  const plotHeight = Number(await chart.getAttribute("data-plot-height"));
  expect(box.y + plotTop + plotHeight, `the plot ends at ${box.y + plotTop + plotHeight} px, the fold is at ${FOLD} px`).toBeLessThanOrEqual(FOLD);
  expect(plotHeight).toBeGreaterThanOrEqual(120);
  await viewportShot(page, "j-normal-150");

  const log = page.getByTestId("event-log");
  await log.scrollIntoViewIfNeeded();
  const cut = await log.locator("td.num").evaluateAll((cells) =>
    cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => `${c.getAttribute("data-col")}: ${c.textContent}`),
  );
  expect(cut, "event-log numbers wider than their column").toEqual([]);
  await expect(log.locator('td[data-col="seq"]', { hasText: /^\d+–\d+$/ }).first()).toBeVisible();
});
});

test("an exported chart stands alone: title, legend and caption with scenario, seed, engine version and permalink", async ({ page, api }) => {
  const runId = await seedRun(api);
  const view = await openRun(page, `/runs/${runId}?from_ms=50&to_ms=400`);
  const [svgDownload] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "Export the time-sequence diagram as SVG" }).click()]);
  const svg = fs.readFileSync((await svgDownload.path())!, "utf8");
  expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg).toContain("<title>Time-sequence diagram of flow 0, run " + runId.slice(0, 8));
  expect(svg).toContain('data-export-part="title"');
  expect(svg).toContain('data-legend="true"');
  expect(svg).toContain(">D-SACK<");
  const caption = svg.slice(svg.indexOf('data-export-part="caption"'));
  const text = [...caption.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(" ");
  expect(text).toContain("Retransmission timer");
  expect(text).toContain("seed 1");
  expect(text).toMatch(/engine \d+\.\d+\.\d+/);
  expect(text.replace(/\s/g, "")).toContain(`Permalink:${page.url()}`.replace(/&/g, "&amp;"));
  // the canvas of dense marks is embedded
  expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);

  const [pngDownload] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "Export the time-sequence diagram as PNG" }).click()]);
  const png = fs.readFileSync((await pngDownload.path())!);
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  // twice the figure's size (title, chart and caption: taller than the diagram alone)
  const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  const chartBox = (await view.getByTestId("chart-time-sequence").boundingBox())!;
  expect(w).toBeGreaterThanOrEqual(2 * chartBox.width);
  expect(h).toBeGreaterThan(2 * chartBox.height + 2 * 60);
  await shot(page, "j-export");
});

test("an exported compare chart stands alone: title, a legend entry for every variant, caption with comparison, seeds, engine version and permalink", async ({ page, api }) => {
  const preset = await api.preset("tail-loss-n-degree");
  const variants = Object.keys(preset.variants);
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
  await expect(view.getByTestId("fct-bars").getByTestId("fct-bar")).toHaveCount(variants.length);
  await expect(view.getByTestId("variant-docs")).toBeVisible();
  const exportSvg = view.getByRole("button", { name: /^Export the .*, normalized to .* as SVG$/ });
  const [svgDownload] = await Promise.all([page.waitForEvent("download"), exportSvg.click()]);
  const svg = fs.readFileSync((await svgDownload.path())!, "utf8");
  expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg).toMatch(/<title>[^<]*, normalized to baseline<\/title>/);
  const partText = (name: string) => {
    const from = svg.indexOf(`data-export-part="${name}"`);
    expect(from, `the figure has a ${name}`).toBeGreaterThan(0);
    const rest = svg.slice(from);
    const end = rest.indexOf('data-export-part="', 20);
    return [...(end > 0 ? rest.slice(0, end) : rest).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  };
  // one legend entry per variant, each with its marker shape
  const legend = partText("legend");
  expect(legend).toEqual(variants.map((v) => (v === preset.baseline_variant ? `${v} (baseline)` : v)));
  const legendPart = svg.slice(svg.indexOf('data-export-part="legend"'), svg.indexOf('data-export-part="chart"'));
  expect([...legendPart.matchAll(/data-marker="([a-z-]+)"/g)].map((m) => m[1])).toHaveLength(variants.length);
  const caption = partText("caption").join(" ");
  expect(caption).toContain(`Comparison ${id}: Preset ${preset.name}`);
  expect(caption).toMatch(/1 cell × \d variants × 1 replication \(seed \d+\) = \d+ runs · engine \d+\.\d+\.\d+/);
  expect(partText("caption").join("").replace(/\s/g, "")).toContain(`Permalink:${page.url()}`.replace(/&/g, "&amp;"));

  const exportPng = view.getByRole("button", { name: /^Export the .*, normalized to .* as PNG$/ });
  const [pngDownload] = await Promise.all([page.waitForEvent("download"), exportPng.click()]);
  const png = fs.readFileSync((await pngDownload.path())!);
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  const box = (await view.getByTestId("fct-bars").boundingBox())!;
  expect(png.readUInt32BE(20)).toBeGreaterThan(2 * box.height + 2 * 60); // title, legend and caption around the chart
});
