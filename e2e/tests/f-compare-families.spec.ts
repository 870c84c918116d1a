/** (f) The builder compares the engine's newer mechanisms along their own
 * family, on a lossy transfer (2000 segments, 1% random loss forward):
 * recovery, PRR (RFC 6937) vs RFC 6675; congestion control, CUBIC vs Veno;
 * the application, one object vs a bulk transfer. Each family is chosen at
 * the key the catalogue gives it (flows[*].tcp.recovery, flows[*].app.kind).
 * Variant names are the catalogue's labels (read from the API), one bar per
 * variant, each bar's value the API's normalized mean. */
import type { Page } from "@playwright/test";
import { type Api, barsMatch, type Comparison, engineValues, expect, idFromUrl, type Mechanism, openApp, readBars, requireChromium, shot, TAIL_LOSS_PRESET, test } from "../fixtures";

requireChromium();

/** Losses enough for several recovery episodes: what the comparison runs on. */
const LOSS_P = "0.01";
const SEGMENTS = "2000";

interface FamilyCompare {
  comparison: Comparison;
  /** mechanism name -> variant name (its catalogue label, else its name) */
  names: Record<string, string>;
  /** normalized mean per variant name, from GET /comparisons/{id} */
  engine: Record<string, number>;
}

/** Through the builder: pick the family and two of its mechanisms, set a lossy
 * bulk transfer, compare, and check the comparison the API ran and the bars the page draws. */
async function compareFromBuilder(page: Page, api: Api, family: string, chosen: [string, string], fields: Record<string, string> = {}): Promise<FamilyCompare> {
  const members: Mechanism[] = (await api.mechanisms())[family] ?? [];
  const key = await api.familyKey(family);
  expect(members.map((m) => m.name), `GET /mechanisms lists ${family}: ${chosen.join(", ")}`).toEqual(expect.arrayContaining(chosen));
  const label = (name: string) => members.find((m) => m.name === name)?.label || name;
  const names = Object.fromEntries(chosen.map((n) => [n, label(n)]));
  const variants = chosen.map((n) => names[n]);

  await openApp(page, "/");
  const builder = page.getByTestId("scenario-builder");
  await expect(builder).toBeVisible();
  await builder.getByTestId("family-picker").selectOption(family);
  const picker = builder.getByLabel(`flows.0.${key}`, { exact: true });
  await expect
    .poll(() => picker.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)))
    .toEqual(members.map((m) => m.name));
  await picker.selectOption(chosen);
  await builder.getByLabel("path.forward.loss.model", { exact: true }).selectOption("bernoulli");
  await builder.getByLabel("path.forward.loss.p", { exact: true }).fill(LOSS_P);
  await builder.getByLabel("flows.0.app.segments", { exact: true }).fill(SEGMENTS);
  for (const [path, value] of Object.entries(fields)) await builder.getByLabel(path, { exact: true }).fill(value);
  await builder.getByRole("button", { name: "Compare mechanisms", exact: true }).click();
  await expect(page).toHaveURL(/\/compare\/[0-9a-f-]{36}/);
  const comparison = await api.waitComparison(idFromUrl(page, "compare"));

  // what the builder asked for: one variant per mechanism, named by its label, overriding flows[*].<the family's key>
  expect(comparison.spec.variants).toEqual(Object.fromEntries(chosen.map((n) => [names[n], { [`flows[*].${key}`]: n }])));
  // the baseline: the family's default (its first member) when chosen, else the first chosen in catalogue order
  const order = members.map((m) => m.name);
  const baseName = chosen.includes(order[0]) ? order[0] : [...chosen].sort((a, b) => order.indexOf(a) - order.indexOf(b))[0];
  expect(comparison.spec.baseline).toBe(names[baseName]);
  const engine = engineValues(comparison, 0, variants);
  expect(engine[names[baseName]]).toBe(1);
  // the scenario is lossy for every variant: packets were dropped and retransmitted
  for (const v of variants) {
    const m = comparison.cells[0].variants[v].metrics ?? {};
    expect(m.drops?.mean ?? 0, `${v}: drops`).toBeGreaterThan(0);
    expect(m.retransmissions?.mean ?? 0, `${v}: retransmissions`).toBeGreaterThan(0);
  }

  const view = page.getByTestId("compare-view");
  const bars = view.getByTestId("fct-bars").getByTestId("fct-bar");
  await expect(bars).toHaveCount(2);
  await expect
    .poll(async () => barsMatch(await readBars(bars), engine), { timeout: 60_000, message: "fct-bar data-value equals cells[0].variants[v].normalized_mean" })
    .toBe(true);
  const shown = await readBars(bars);
  expect(Object.keys(shown).sort()).toEqual([...variants].sort());
  for (const v of variants) {
    expect(shown[v], `bar ${v}`).toBeCloseTo(engine[v], 9);
    // the bar is visible and its tooltip names the variant
    const bar = bars.and(view.locator(`[data-variant="${v}"]`));
    await expect(bar.locator("rect")).toBeVisible();
    await expect(bar.locator("title")).toHaveText(new RegExp(`^${escapeRe(v)}: `));
    // the summary table names it too
    await expect(view.getByTestId("compare-table").locator(`[data-testid="compare-row"][data-variant="${v}"]`).getByRole("rowheader")).toContainText(v);
    await expect(view.getByTestId("variant-docs").locator(`[data-variant="${v}"]`)).toContainText(v);
  }
  return { comparison, names, engine };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("recovery from the builder: PRR vs RFC 6675 on a lossy bulk transfer", async ({ page, api }) => {
  test.setTimeout(300_000);
  const { names, engine } = await compareFromBuilder(page, api, "recovery", ["prr", "rfc6675"]);
  console.log(`(f) recovery: normalized FCT ${Object.values(names).map((v) => `${v}=${engine[v].toFixed(3)}`).join(", ")}`);
  await shot(page, "f-compare-recovery");
});

test("congestion control from the builder: CUBIC vs Veno on a lossy bulk transfer", async ({ page, api }) => {
  test.setTimeout(300_000);
  const { names, engine } = await compareFromBuilder(page, api, "cc", ["cubic", "veno"]);
  console.log(`(f) cc: normalized FCT ${Object.values(names).map((v) => `${v}=${engine[v].toFixed(3)}`).join(", ")}`);
  await shot(page, "f-compare-cc-veno");
});

test("the application from the builder: one object vs a bulk transfer, chosen at the catalogue's app key", async ({ page, api }) => {
  test.setTimeout(300_000);
  const key = await api.familyKey("app");
  expect(key.startsWith("tcp."), `the application is chosen at ${key}`).toBe(false);
  // the bulk transfer writes for 2 s: the field shows because a compared kind reads it
  const { names, engine } = await compareFromBuilder(page, api, "app", ["fixed", "bulk"], { "flows.0.app.duration_s": "2" });
  console.log(`(f) app: normalized FCT ${Object.values(names).map((v) => `${v}=${engine[v].toFixed(3)}`).join(", ")}`);
  await shot(page, "f-compare-app");
});

test("a set parameter is a group of checkboxes, or a note when the catalogue offers no choice", async ({ page, api }) => {
  const cat = await api.catalogue();
  const sets = ((cat.parameters ?? []) as { section: string; key: string; type: string; choices: string[] | null }[]).filter((p) => p.section === "flow" && p.type === "set");
  expect(sets.length, "the catalogue lists a set parameter (tcp.spurious)").toBeGreaterThan(0);
  await openApp(page, "/");
  const builder = page.getByTestId("scenario-builder");
  await expect(builder).toBeVisible();
  for (const p of sets) {
    const path = `flows.0.${p.key}`;
    const field = builder.locator(`[data-field="${path}"]`);
    await expect(field, path).toBeVisible();
    // never an input that takes numbers
    await expect(field.locator('input[type="number"]')).toHaveCount(0);
    if (!p.choices?.length) {
      await expect(field.getByTestId("set-empty")).toBeVisible();
      await expect(field.locator("input, select")).toHaveCount(0);
    } else {
      await expect(builder.getByRole("group", { name: path, exact: true }).getByRole("checkbox")).toHaveCount(p.choices.length);
    }
    console.log(`(f) set ${p.key}: ${p.choices?.length ? `${p.choices.length} checkboxes` : "no choice yet: a note"}`);
  }
});

test("a run's metrics table names, orders and explains the metrics as the catalogue does", async ({ page, api }) => {
  const cat = await api.catalogue();
  const described = (Array.isArray(cat.metrics) ? cat.metrics : []) as { name: string; label: string; unit: string; doc: string }[];
  const id = await api.createRun({ preset: TAIL_LOSS_PRESET, variant: "TLP" });
  const run = await api.waitRun(id);
  const names = Object.keys(run.metrics?.[0] ?? {});
  expect(names.length).toBeGreaterThan(0);

  await openApp(page, `/runs/${id}`);
  const table = page.getByTestId("metrics-table");
  await expect(table.getByTestId("metric-0-fct_ms")).toBeVisible();
  const heads = table.locator("thead th[data-metric]");
  await expect(heads).toHaveCount(names.length);
  const shown = await heads.evaluateAll((ths) => ths.map((th) => ({ name: th.getAttribute("data-metric") ?? "", text: th.textContent ?? "", title: th.getAttribute("title") ?? "" })));
  // catalogue order first, then what it does not describe, by name
  const order = described.map((m) => m.name);
  const expected = [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n)).sort()];
  expect(shown.map((h) => h.name)).toEqual(expected);
  for (const h of shown) {
    const m = described.find((d) => d.name === h.name);
    if (m) {
      expect(h.text, `heading of ${h.name}`).toBe(m.unit ? `${m.label || h.name} (${m.unit})` : m.label || h.name);
      if (m.doc) expect(h.title, `tooltip of ${h.name}`).toContain(m.doc);
    } else {
      // the API does not describe it (yet): its name
      expect(h.text, `heading of ${h.name}`).toBe(h.name);
    }
  }
  console.log(`(f) metrics table: ${described.length ? "catalogue labels" : "names (the API sends no metrics list)"}: ${shown.map((h) => h.text).join(" | ")}`);
});
