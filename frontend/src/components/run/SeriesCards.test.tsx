/** The window chart: the receive window and the send buffer beside cwnd and
 * pipe (labels from the catalogue), and application stalls shaded with a
 * legend that says why (the catalogue's app_stall doc); data recorded from
 * the engine (lib/fixtures/stall-window.json, see lib/windowChart.test.ts). */
import type { Series } from "../../lib/api";
import { type ApiEvent, toEvents } from "../../lib/chart-math/events";
import { timeScale } from "../../lib/chart-math/idleScale";
import recorded from "../../lib/fixtures/stall-window.json";
import type { MechanismVar } from "../../lib/forms/catalogue";
import catalogue from "../../lib/forms/fixtures/catalogue.json";
import { entryOf, parseTraceVocab } from "../../lib/traceVocab";
import { stallPeriods, windowVars } from "../../lib/windowChart";
import { type Rendered, render as renderApp } from "../compare/testing";
import { palette } from "../charts/palette";
import { SeriesCards } from "./SeriesCards";

let shown: Rendered | null = null;
afterEach(() => {
  shown?.unmount();
  shown = null;
});

const VARS = windowVars(catalogue.vars as MechanismVar[]);
const STALL = entryOf(parseTraceVocab(catalogue).events ?? [], "app_stall");
const EVENTS = toEvents(recorded.trace.events as unknown as ApiEvent[]);

async function render(unit: "bytes" | "segments", domain: [number, number] = [0, 1750]) {
  const x = timeScale({ domain, range: [0, 630] });
  shown = await renderApp(
    <SeriesCards
      series={null}
      error={null}
      unit={unit}
      mss={1024}
      exportPrefix="t"
      x={x}
      width={720}
      margin={{ top: 28, right: 20, bottom: 0, left: 70 }}
      cursorT={null}
      guideT={null}
      windowVars={VARS}
      windowSeries={recorded.series as unknown as Series}
      stalls={stallPeriods(EVENTS, 0, domain[0], domain[1])}
      stallEvent={STALL}
    />,
  );
  return shown.container;
}

describe("SeriesCards: the window chart", () => {
  it("draws the advertised window and the send buffer beside cwnd, named by the catalogue", async () => {
    const host = await render("bytes");
    const chart = host.querySelector('[data-testid="chart-cwnd"]') as HTMLElement;
    expect(chart.querySelector('path[data-series="rwnd_bytes"]')?.getAttribute("d")).toBeTruthy();
    expect(chart.querySelector('path[data-series="sndbuf_bytes"]')?.getAttribute("d")).toBeTruthy();
    const legend = chart.querySelector('[data-legend="true"]')?.textContent ?? "";
    expect(legend).toContain("Advertised window");
    expect(legend).toContain("Send buffer");
    expect(legend).toContain("Windows (bytes)");
    for (const l of ["cwnd", "ssthresh", "pipe"]) expect(legend).toContain(l);
  });

  it("leaves out a window variable the run did not trace", async () => {
    const series = { ...recorded.series, series: { rwnd_bytes: recorded.series.series.rwnd_bytes } } as unknown as Series;
    const x = timeScale({ domain: [0, 1750], range: [0, 630] });
    shown = await renderApp(
      <SeriesCards series={null} error={null} unit="bytes" mss={1024} exportPrefix="t" x={x} width={720} margin={{ top: 28, right: 20, bottom: 0, left: 70 }} cursorT={null} guideT={null} windowVars={VARS} windowSeries={series} />,
    );
    expect(shown.container.querySelector('path[data-series="rwnd_bytes"]')).not.toBeNull();
    expect(shown.container.querySelector('path[data-series="sndbuf_bytes"]')).toBeNull();
    expect(shown.container.querySelector('[data-testid="stall-band"]')).toBeNull();
  });

  it("shades the stall from 100 to 200 ms over the plot and explains it in the legend", async () => {
    const host = await render("segments");
    const bands = host.querySelectorAll<SVGGElement>('[data-testid="stall-band"]');
    expect(bands).toHaveLength(1);
    expect(bands[0].dataset.t0).toBe("100");
    expect(bands[0].dataset.t1).toBe("200");
    // 630 px for 1750 ms: 100 ms -> 36 px, 200 ms -> 72 px
    const rect = bands[0].querySelector("rect") as SVGRectElement;
    expect(Number(rect.getAttribute("x"))).toBeCloseTo(36, 6);
    expect(Number(rect.getAttribute("width"))).toBeCloseTo(36, 6);
    // drawn by the chart itself, in its plot (so an exported figure holds it), in the palette's stall style
    expect(bands[0].closest('svg[data-layer="chart"]')).not.toBeNull();
    expect(bands[0].closest('[data-testid="chart-cwnd"]')).not.toBeNull();
    expect(rect.getAttribute("fill")).toBe(palette().band.app_stall.fill);
    expect(rect.getAttribute("stroke-dasharray")).toBe(palette().band.app_stall.dash);
    // its tooltip: the stall in words, then why (the catalogue's doc)
    expect(bands[0].getAttribute("aria-label")).toBe("Application stall 100 ms – 200 ms (send buffer 49.2 kB)");
    expect(bands[0].querySelector("title")?.textContent).toBe(`Application stall 100 ms – 200 ms (send buffer 49.2 kB). ${STALL?.doc}`);
    const legend = host.querySelector('[data-testid="stall-legend"]') as HTMLElement;
    expect(legend.textContent).toContain(STALL?.label ?? "?");
    // the why-text is the catalogue's event doc
    expect(host.querySelector('[data-testid="stall-why"]')?.textContent).toBe(`: ${STALL?.doc}`);
    expect(STALL?.doc).toContain("the writer sleeps on a full send buffer");
    expect(legend.querySelectorAll("li")).toHaveLength(1);
  });

  it("draws no band for a stall outside the window", async () => {
    const host = await render("bytes", [300, 1750]);
    expect(host.querySelector('[data-testid="stall-band"]')).toBeNull();
  });
});
