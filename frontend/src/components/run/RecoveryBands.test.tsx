/** The recovery periods on the run view's charts: shaded on the window chart
 * with the link's idle stretches inside, labelled with the utilisation, named
 * with the catalogue's why in the legend under the charts, and carried into an
 * exported SVG with the stalls (bands and legend), as the path periods are.
 * Episodes recorded from the engine (lib/fixtures/recovery-episodes.json, case
 * "paced": two periods, 87 % and 68 % of the link, 8 + 8 idle stretches kept
 * of 8 + 10; lib/recoveryBands.test.ts). */
import { act } from "react";
import type { RecoveryEpisode, Series } from "../../lib/api";
import { timeScale } from "../../lib/chart-math/idleScale";
import recorded from "../../lib/fixtures/recovery-episodes.json";
import catalogue from "../../lib/forms/fixtures/catalogue.json";
import { metricInfo, parseMetrics } from "../../lib/metrics";
import { recoveryBands } from "../../lib/recoveryBands";
import { entryOf, parseTraceVocab } from "../../lib/traceVocab";
import { bandStyle } from "../charts/PeriodBands";
import { ExportInfoContext } from "../charts/exportMeta";
import { captureDownloads, exportPart, render, svgTexts } from "../compare/testing";
import { RecoveryLegend } from "./RecoveryLegend";
import { SeriesCards } from "./SeriesCards";

HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement["getContext"];
HTMLCanvasElement.prototype.toDataURL = () => "data:image/png;base64,iVBORw0KGgo=";

const FIELDS = parseMetrics(catalogue.episode_metrics);
const EPISODES = recorded.cases.paced.episodes[0] as unknown as RecoveryEpisode[];
const BANDS = recoveryBands(EPISODES, FIELDS);
const STALL = entryOf(parseTraceVocab(catalogue).events ?? [], "app_stall");
const UTIL = metricInfo(FIELDS, "utilisation");
const margin = { top: 28, right: 20, bottom: 0, left: 70 };

describe("recovery bands on the window chart", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shades each period with its utilisation written in it, the idle stretches inside, in the palette's styles", async () => {
    // 500-600 ms over 630 px: the first period (524.624-557.824 ms) is 209 px wide, room for its words
    const x = timeScale({ domain: [500, 600], range: [0, 630] });
    const r = await render(<SeriesCards series={null} error={null} unit="segments" mss={1448} exportPrefix="t" x={x} width={720} margin={margin} cursorT={null} guideT={null} bands={BANDS} />);
    const chart = r.container.querySelector('[data-testid="chart-cwnd"]') as HTMLElement;
    const rec = [...chart.querySelectorAll<SVGGElement>('[data-testid="recovery-band"]')];
    expect(rec).toHaveLength(1);
    expect(rec[0].dataset.value).toBe(String(EPISODES[0].utilisation));
    // its words, drawn over the bands (the idle stretches inside it do not hide them)
    const words = [...chart.querySelectorAll('[data-testid="recovery-band-label"]')];
    expect(words.map((t) => t.textContent)).toEqual(["recovery · 87 % of the link"]);
    const layer = chart.querySelector('[data-testid="period-bands"]') as SVGGElement;
    const order = [...layer.children].map((c) => c.getAttribute("data-testid"));
    expect(order.lastIndexOf("idle-band")).toBeLessThan(order.indexOf("recovery-band-label"));
    expect(rec[0].querySelector("title")?.textContent).toBe(`${BANDS[0].label}. ${UTIL.label}: ${UTIL.doc}`);
    // (524.624 - 500) / 100 x 630 = 155.13 px
    expect(Number(rec[0].querySelector("rect")?.getAttribute("x"))).toBeCloseTo(155.1312, 3);
    expect(rec[0].querySelector("rect")?.getAttribute("stroke")).toBe(bandStyle("recovery").edge);
    const idle = [...chart.querySelectorAll<SVGGElement>('[data-testid="idle-band"]')];
    expect(idle).toHaveLength(8);
    expect(chart.querySelector('[data-testid="idle-band-label"]')).toBeNull();
    expect(idle[0].querySelector("rect")?.getAttribute("fill")).toBe(bandStyle("link_idle").fill);
    r.unmount();
  });

  it("exports the recovery, idle and stall bands with their legend in the figure", async () => {
    const lastDownload = captureDownloads();
    const x = timeScale({ domain: [0, 2300], range: [0, 630] });
    const stall = { t0: 2110, t1: 2120, sndbufBytes: 65536, open: false, carried: false };
    const series = { series: { cwnd: { t_ns: [0, 2300e6], values: [14480, 14480] } } } as unknown as Series;
    const r = await render(
      <ExportInfoContext.Provider value={{ caption: ["a caption"] }}>
        <SeriesCards series={series} error={null} unit="segments" mss={1448} exportPrefix="t" x={x} width={720} margin={margin} cursorT={null} guideT={null} bands={BANDS} stalls={[stall]} stallEvent={STALL} />
      </ExportInfoContext.Provider>,
    );
    await act(async () => r.container.querySelector<HTMLButtonElement>('button[aria-label="Export the congestion window chart as SVG"]')!.click());
    const doc = await lastDownload();
    expect(doc.querySelector("parsererror")).toBeNull();
    const chart = exportPart(doc, "chart")!;
    expect(chart.querySelectorAll('[data-testid="recovery-band"]')).toHaveLength(2);
    expect(chart.querySelectorAll('[data-testid="idle-band"]')).toHaveLength(16);
    expect(chart.querySelectorAll('[data-testid="stall-band"]')).toHaveLength(1);
    // the legend: each period (its utilisation), the stall, then the idle stretches once
    const legend = svgTexts(exportPart(doc, "period-legend")).join(" ");
    expect(legend).toContain("utilisation 87 % of the link");
    expect(legend).toContain("utilisation 68 % of the link");
    expect(legend).toContain(`${STALL?.label} 2.11 s – 2.12 s`);
    expect(legend).toContain("Idle link time in recovery: 16 of 18 idle stretches shaded");
    r.unmount();
  });
});

describe("RecoveryLegend", () => {
  it("lists each period with its utilisation and says why, in the catalogue's words", async () => {
    const r = await render(<RecoveryLegend bands={BANDS} />);
    const legend = r.container.querySelector('[data-testid="recovery-legend"]') as HTMLElement;
    expect(legend.querySelector('[data-testid="recovery-why"]')?.textContent).toBe(`: ${UTIL.label}: ${UTIL.doc}`);
    const items = [...legend.querySelectorAll<HTMLElement>('[data-testid="recovery-item"]')];
    expect(items.map((li) => li.textContent)).toEqual([BANDS[0].label, BANDS.find((b, k) => k > 0 && b.stage === "recovery")?.label]);
    expect(items.map((li) => Number(li.dataset.value))).toEqual([EPISODES[0].utilisation, EPISODES[1].utilisation]);
    expect(items[0].title).toContain(UTIL.doc);
    expect(legend.querySelector('[data-testid="idle-item"]')?.textContent).toContain("16 of 18 idle stretches");
    r.unmount();
  });
  it("draws nothing without a measured period", async () => {
    const r = await render(<RecoveryLegend bands={[]} />);
    expect(r.container.querySelector('[data-testid="recovery-legend"]')).toBeNull();
    r.unmount();
  });
});
