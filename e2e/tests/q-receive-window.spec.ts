/** (q) The receive window and the send buffer in the run view (issue #11): a
 * 150-segment object written into a modelled send buffer (tcp.sndbuf_bytes, growing to
 * 1 × cwnd) with a receiver whose reader blocks (receiver.read_blocked_ms),
 * segment 1 lost once.  The engine stalls the writer from 100 to 200 ms
 * (the buffer all in flight during recovery, SACKed data not freed; see
 * sim-engine/tests/c/test_sndbuf.c stall_in_recovery) and closes the window
 * while the reader is blocked.  The window chart draws rwnd and the send
 * buffer beside cwnd under the catalogue's labels, shades the stall, and its
 * legend says why in the catalogue's words. */
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
interface Entry {
  name: string;
  label: string;
  doc: string;
}

const STALLING = {
  scenario: {
    seed: 1,
    duration_s: 3,
    path: {
      forward: { rate_bps: 0, delay_ms: 50, loss: { model: "positioned", rules: [{ segment: 1 }] } },
      reverse: { rate_bps: 0, delay_ms: 50 },
    },
    flows: [
      {
        app: { kind: "fixed", segments: 150 },
        tcp: {
          mss: 1024,
          iw: 48,
          sack: true,
          timestamps: false,
          handshake: false,
          cc: "reno",
          timer: "rto",
          early_retransmit: false,
          limited_transmit: false,
          sndbuf_bytes: 40960,
          sndbuf_growth: 1,
        },
        receiver: { ack_policy: "quick", rwnd_bytes: 60000, read_blocked_ms: [300, 1500] },
      },
    ],
  },
};

test("the window chart shows the receive window, the send buffer and a shaded application stall", async ({ page, api }) => {
  const catalogue = await api.catalogue();
  const core = ((catalogue.vars ?? []) as Var[]).filter((v) => v.family === "core" && v.unit === "bytes");
  const rwnd = core.find((v) => v.name === "rwnd_bytes");
  const sndbuf = core.find((v) => v.name === "sndbuf_bytes");
  expect(rwnd && sndbuf, `the catalogue's core variables: ${core.map((v) => v.name).join(", ")}`).toBeTruthy();
  const stallEntry = ((catalogue.vocab as { events?: Entry[] } | undefined)?.events ?? []).find((e) => e.name === "app_stall");
  expect(stallEntry, "the catalogue names app_stall").toBeTruthy();

  const id = await api.createRun(STALLING);
  const run = await api.waitRun(id);
  expect(run.metrics?.[0]?.app_stalls).toBe(1);
  expect(run.metrics?.[0]?.app_stall_ms).toBe(100);

  await openApp(page, `/runs/${id}`);
  const view = page.getByTestId("run-view");
  await expect(view.getByTestId("run-state")).toHaveText("succeeded", { timeout: 60_000 });

  const chart = view.getByTestId("chart-cwnd");
  await expect(chart.getByRole("img")).toBeVisible();
  // rwnd and the send buffer are lines of the window chart, named by the catalogue's labels
  for (const v of [rwnd!, sndbuf!]) {
    const line = chart.locator(`path[data-series="${v.name}"]`);
    await expect(line).toHaveCount(1);
    await expect.poll(async () => ((await line.getAttribute("d")) ?? "").length, { message: `${v.name} is drawn` }).toBeGreaterThan(4);
    await expect(chart.locator('[data-legend="true"]')).toContainText(v.label);
  }
  // the window closes while the reader is blocked: rwnd's line has steps
  await expect
    .poll(async () => ((await chart.locator('path[data-series="rwnd_bytes"]').getAttribute("d")) ?? "").split(/[LHV]/).length)
    .toBeGreaterThan(5);

  // one stall band, 100-200 ms, and the legend with the catalogue's label and why-text
  const band = view.getByTestId("stall-band");
  await expect(band).toHaveCount(1);
  await expect(band).toHaveAttribute("data-t0", "100");
  await expect(band).toHaveAttribute("data-t1", "200");
  const legend = view.getByTestId("stall-legend");
  await expect(legend).toBeVisible();
  await expect(legend).toContainText(stallEntry!.label);
  await expect(legend.getByTestId("stall-why")).toContainText("the writer sleeps on a full send buffer");
  await expect(legend.getByRole("list", { name: stallEntry!.label }).getByRole("listitem")).toHaveCount(1);
  await shot(page, "q-receive-window");
});
