/** (g) A Westwood+ run shows its mechanism variables as the catalogue declares
 * them: the bandwidth estimate gets a card of its own, with a drawn line. */
import { expect, openApp, requireChromium, shot, test } from "../fixtures";

requireChromium();

interface Var {
  family: string;
  member: string;
  name: string;
  label: string;
  unit: string;
  doc: string;
}

const WESTWOOD_BULK = {
  scenario: {
    seed: 3,
    duration_s: 5,
    path: {
      forward: { rate_bps: 20e6, delay_ms: 20, loss: { model: "bernoulli", p: 0.005 } },
      reverse: { rate_bps: 20e6, delay_ms: 20 },
    },
    flows: [{ app: { kind: "bulk", duration_s: 3 }, tcp: { cc: "westwood" } }],
  },
};

test("a westwood run shows the catalogue's bandwidth estimate as a chart", async ({ page, api }) => {
  const catalogue = await api.catalogue();
  const vars = (catalogue.vars ?? []) as Var[];
  const westwood = vars.filter((v) => v.family === "cc" && v.member === "westwood");
  expect(westwood.length, "the catalogue declares westwood's variables").toBeGreaterThan(0);
  const bwe = westwood.find((v) => v.label === "Bandwidth estimate");
  expect(bwe, `a "Bandwidth estimate" among ${westwood.map((v) => v.label).join(", ")}`).toBeTruthy();

  const id = await api.createRun(WESTWOOD_BULK);
  const run = await api.waitRun(id);
  expect(run.scenario.flows[0].tcp.cc).toBe("westwood");

  await openApp(page, `/runs/${id}`);
  const view = page.getByTestId("run-view");
  await expect(view.getByTestId("run-state")).toHaveText("succeeded", { timeout: 60_000 });

  // one card per westwood variable, none of another member's
  for (const v of westwood) await expect(view.getByTestId(`var-card-${v.name}`)).toBeVisible();
  const others = vars.filter((v) => v.family === "cc" && v.member !== "westwood");
  for (const v of others) await expect(view.getByTestId(`var-card-${v.name}`)).toHaveCount(0);

  const card = view.getByTestId(`var-card-${bwe!.name}`);
  await expect(card.getByRole("heading", { name: bwe!.label, exact: true })).toBeVisible();
  if (bwe!.doc) await expect(card).toHaveAttribute("title", bwe!.doc);
  const chart = card.getByTestId(`chart-var-${bwe!.name}`);
  await expect(chart.getByRole("img")).toBeVisible();
  // the line is drawn: a path with more than one step
  const line = chart.locator(`path[data-series="${bwe!.name}"]`);
  await expect(line).toHaveCount(1);
  await expect.poll(async () => ((await line.getAttribute("d")) ?? "").split(/[LHV]/).length, { message: "the estimate's line has steps" }).toBeGreaterThan(3);
  await shot(page, "g-westwood-bwe");
});
