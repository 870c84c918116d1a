/** The test object every spec uses: the API (to seed data and read the engine's
 * numbers), screenshots under artifacts/e2e/, and the Chromium check. */
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { ARTIFACTS, HAVE_CHROMIUM, MISSING_CHROMIUM } from "./env";

export { expect };

export interface Preset {
  name: string;
  title: string;
  variants: Record<string, Record<string, unknown>>;
  baseline_variant: string;
  grid: Record<string, unknown[]>;
}
export interface Run {
  id: string;
  state: "queued" | "running" | "succeeded" | "failed";
  scenario: { flows: { tcp: Record<string, unknown> }[] } & Record<string, unknown>;
  metrics: Record<string, unknown>[] | null;
  summary: Record<string, unknown> | null;
  error: string | null;
}
export interface VariantStats {
  normalized_mean: number | null;
  mean: number | null;
  n: number;
  /** the same statistics for every numeric metric (drops, retransmissions, ...) */
  metrics?: Record<string, { mean: number | null; n: number }>;
  runs?: string[];
}
/** A mechanism as the engine catalogue lists it (GET /mechanisms). */
export interface Mechanism {
  name: string;
  doc: string;
  label?: string;
}
/** A family as the engine catalogue lists it (GET /mechanisms, families[]): key is the flow
 * parameter that picks its member (tcp.cc, app.kind), null when none does. */
export interface Family {
  name: string;
  label: string;
  key: string | null;
  members: Mechanism[];
}
export interface Comparison {
  id: string;
  state: string;
  spec: { baseline: string; variants: Record<string, Record<string, unknown>> } & Record<string, unknown>;
  cells: { params: Record<string, unknown>; variants: Record<string, VariantStats> }[];
}
export type Scenario = Record<string, unknown>;

const TERMINAL = /^(succeeded|failed)$/;

export class Api {
  constructor(private readonly r: APIRequestContext) {}

  private async json<T>(method: "get" | "post", url: string, data?: unknown, expected = [200, 201, 202]): Promise<T> {
    const res = await this.r[method](`/api/v1${url}`, data === undefined ? undefined : { data });
    if (!expected.includes(res.status())) {
      throw new Error(`${method.toUpperCase()} /api/v1${url} -> ${res.status()}: ${await res.text()}`);
    }
    return (await res.json()) as T;
  }

  /** The engine catalogue's mechanisms per family (GET /mechanisms). */
  async mechanisms(): Promise<Record<string, Mechanism[]>> {
    return (await this.json<{ mechanisms: Record<string, Mechanism[]> }>("get", "/mechanisms")).mechanisms;
  }

  /** The engine catalogue's families, with the key that picks each one's member. */
  async families(): Promise<Family[]> {
    return (await this.json<{ families?: Family[] }>("get", "/mechanisms")).families ?? [];
  }

  /** Where a flow picks its member of a family ("tcp.recovery", "app.kind"), as the catalogue says. */
  async familyKey(family: string): Promise<string> {
    const key = (await this.families()).find((f) => f.name === family)?.key;
    if (!key) throw new Error(`GET /mechanisms lists no key for family ${family}`);
    return key;
  }

  /** The whole catalogue answer (GET /mechanisms), as the API sends it. */
  catalogue(): Promise<Record<string, unknown>> {
    return this.json<Record<string, unknown>>("get", "/mechanisms");
  }

  async preset(name: string): Promise<Preset> {
    const all = await this.json<Preset[]>("get", "/presets");
    const p = all.find((x) => x.name === name);
    if (!p) throw new Error(`no preset ${name} in GET /api/v1/presets (have ${all.map((x) => x.name).join(", ")})`);
    return p;
  }

  run(id: string): Promise<Run> {
    return this.json<Run>("get", `/runs/${id}`);
  }

  /** POST /runs; the id of the (first) run. */
  async createRun(body: Record<string, unknown>): Promise<string> {
    const created = await this.json<{ runs: { id: string }[] }>("post", "/runs", body);
    return created.runs[0].id;
  }

  /** Waits until the run has finished; fails the test if it failed. */
  async waitRun(id: string, timeout = 120_000): Promise<Run> {
    let run!: Run;
    await expect
      .poll(async () => (run = await this.run(id)).state, { timeout, intervals: [100, 200, 250], message: `run ${id} finishes` })
      .toMatch(TERMINAL);
    expect(run.error, `run ${id} failed`).toBeNull();
    expect(run.state).toBe("succeeded");
    return run;
  }

  trace(id: string, query: Record<string, string | number>): Promise<{ events: { t_ns: number; kind: string }[] }> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return this.json("get", `/runs/${id}/trace?${qs}`);
  }

  async createComparison(body: Record<string, unknown>): Promise<string> {
    return (await this.json<{ id: string }>("post", "/comparisons", body)).id;
  }

  comparison(id: string): Promise<Comparison> {
    return this.json<Comparison>("get", `/comparisons/${id}`);
  }

  async waitComparison(id: string, timeout = 180_000): Promise<Comparison> {
    let c!: Comparison;
    await expect
      .poll(async () => (c = await this.comparison(id)).state, { timeout, intervals: [200, 500], message: `comparison ${id} finishes` })
      .toMatch(TERMINAL);
    expect(c.state, `comparison ${id}`).toBe("succeeded");
    return c;
  }

  /** The 422 details the API gives for a body. */
  async validationErrors(url: string, data: unknown): Promise<{ loc: (string | number)[]; msg: string }[]> {
    const res = await this.r.post(`/api/v1${url}`, { data });
    expect(res.status(), `POST /api/v1${url} rejects ${JSON.stringify(data)}`).toBe(422);
    return ((await res.json()) as { detail: { loc: (string | number)[]; msg: string }[] }).detail;
  }
}

/** Every fct-bar of a view: data-variant -> data-value. */
export async function readBars(bars: Locator): Promise<Record<string, number>> {
  const shown: Record<string, number> = {};
  for (const bar of await bars.all()) shown[(await bar.getAttribute("data-variant")) ?? "?"] = Number(await bar.getAttribute("data-value"));
  return shown;
}

/** The normalized mean of each variant in a cell, as the engine computed it
 * (the cell must hold exactly these variants, each with a value). */
export function engineValues(comparison: Comparison, cellIndex: number, variants: string[]): Record<string, number> {
  const cell = comparison.cells[cellIndex];
  expect(Object.keys(cell.variants).sort()).toEqual([...variants].sort());
  const out: Record<string, number> = {};
  for (const v of variants) {
    const nm = cell.variants[v].normalized_mean;
    expect(nm, `normalized_mean of ${v}`).not.toBeNull();
    out[v] = nm as number;
  }
  return out;
}

/** Every bar's value equals the engine's, to 1e-9 relative (the page polls until its runs finish). */
export function barsMatch(shown: Record<string, number>, engine: Record<string, number>): boolean {
  return Object.keys(engine).every((v) => v in shown && Math.abs(shown[v] - engine[v]) <= 1e-9 * Math.max(1, Math.abs(engine[v])));
}

/** A screenshot kept in artifacts/e2e/NAME.png. */
export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Opens a page of the dashboard by its URL, as a permalink or a bookmark is
 * opened: the server must answer the deep link with the dashboard itself. */
export async function openApp(page: Page, url: string): Promise<void> {
  const res = await page.goto(url);
  expect(res, `no response for ${url}`).not.toBeNull();
  expect(
    `${res!.status()} ${res!.headers()["content-type"] ?? ""}`,
    `GET ${new URL(res!.url()).pathname} (a deep link) must serve the dashboard's index.html, not ${(await res!.text()).slice(0, 80)}`,
  ).toMatch(/^200 text\/html/);
}

/** The id in /runs/{id}, /compare/{id} or /s/{slug} of the page's URL. */
export function idFromUrl(page: Page, prefix: "runs" | "compare" | "s"): string {
  const m = new URL(page.url()).pathname.match(new RegExp(`^/${prefix}/([^/?#]+)`));
  if (!m) throw new Error(`${page.url()} is not a /${prefix}/ page`);
  return decodeURIComponent(m[1]);
}

/** The URL's search params, minus nothing: for comparing views. */
export function searchParams(page: Page): Record<string, string[]> {
  const sp = new URL(page.url()).searchParams;
  const out: Record<string, string[]> = {};
  for (const k of new Set(sp.keys())) out[k] = sp.getAll(k);
  return out;
}

export const test = base.extend<{ api: Api }>({
  api: async ({ request }, use) => {
    await use(new Api(request));
  },
});

/** Call at the top of every spec: without Debian's Chromium the suite skips, naming it. */
export function requireChromium(): void {
  test.skip(!HAVE_CHROMIUM, MISSING_CHROMIUM);
}

/** The preset the tests drive: one tail loss, 10-segment flow. */
export const TAIL_LOSS_PRESET = "tail-loss-rtt-sweep";
