/** Exported figures of the charts that shade path periods (the cwnd chart,
 * the time-sequence diagram) carry the periods' legend: on the page it is an
 * HTML list under the chart, which the export's layers do not hold. The
 * figure stays self-contained: title, the chart's own legend, the periods
 * named with their band's swatch, the chart, the caption. */
import { act } from "react";
import type { Series } from "../../lib/api";
import { buildExplainIndex, explainEvent } from "../../lib/chart-math/explain";
import { TLP_TAIL } from "../../lib/chart-math/fixtures";
import { timeScale } from "../../lib/chart-math/idleScale";
import type { PeriodBand } from "../../lib/chart-math/periods";
import { linkTimers, stateSegments } from "../../lib/chart-math/timeline";
import { SeriesCards } from "../run/SeriesCards";
import { captureDownloads, exportPart, render, svgTexts } from "../compare/testing";
import { ChartCard } from "./ChartCard";
import { ExportInfoContext } from "./exportMeta";
import { palette } from "./palette";
import { PeriodLegend, periodLegendEntries } from "./PeriodBands";
import { TimeSequenceChart } from "./TimeSequenceChart";

HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement["getContext"];
HTMLCanvasElement.prototype.toDataURL = () => "data:image/png;base64,iVBORw0KGgo=";

const BANDS: PeriodBand[] = [
  { stage: "delay_spike", direction: "forward", t0: 100, t1: 250, label: "delay spike 0.1-0.25 s" },
  { stage: "outage", direction: "both", t0: 400, t1: 450, label: "outage (both directions) 0.4-0.45 s" },
  // outside the 0-600 ms window: neither drawn nor named in the export
  { stage: "schedule", direction: "forward", t0: 10000, t1: 11460, label: "handover table: delay up to 5,000 ms 10.0-11.46 s" },
];
const IN_WINDOW = BANDS.slice(0, 2).map((b) => b.label);
const CAPTION = ["Scenario: a delay spike and an outage.", "Run r1 · seed 1 · engine 0.1.0 · flow 0 · 0 ms – 600 ms."];
const x = timeScale({ domain: [0, 600], range: [0, 700] });
const margin = { top: 28, right: 20, bottom: 0, left: 70 };

/** The periods' part of an exported figure: its words and its swatches' fill, edge and dash. */
function periodPart(doc: Document) {
  const part = exportPart(doc, "period-legend");
  const rects = [...(part?.querySelectorAll("rect") ?? [])];
  return {
    texts: svgTexts(part),
    swatches: rects.map((r) => [r.getAttribute("fill"), r.getAttribute("stroke"), r.getAttribute("stroke-dasharray")]),
  };
}

const SWATCHES = [
  [palette().band.delay_spike.fill, palette().band.delay_spike.edge, null],
  [palette().band.outage.fill, palette().band.outage.edge, palette().band.outage.dash],
];

describe("exports of charts with path-period bands", () => {
  afterEach(() => vi.restoreAllMocks());

  it("names the bands of a window as legend entries in their stage's colours", () => {
    expect(periodLegendEntries(BANDS, [0, 600])).toEqual([
      { label: BANDS[0].label, color: palette().band.delay_spike.fill, edge: palette().band.delay_spike.edge, edgeDash: undefined },
      { label: BANDS[1].label, color: palette().band.outage.fill, edge: palette().band.outage.edge, edgeDash: palette().band.outage.dash },
    ]);
    expect(periodLegendEntries(BANDS).map((e) => e.label)).toEqual(BANDS.map((b) => b.label));
    expect(periodLegendEntries([], [0, 600])).toEqual([]);
  });

  it("the cwnd chart's SVG carries the periods' legend beside its own, with title and caption", async () => {
    const lastDownload = captureDownloads();
    const series = { series: { cwnd: { t_ns: [0, 300e6, 600e6], values: [14480, 1448, 28960] } } } as unknown as Series;
    const r = await render(
      <ExportInfoContext.Provider value={{ caption: CAPTION }}>
        <SeriesCards series={series} error={null} unit="segments" mss={1448} exportPrefix="rexmit-r1" x={x} width={790} margin={margin} cursorT={null} guideT={null} bands={BANDS} />
      </ExportInfoContext.Provider>,
    );
    // on the page: the bands behind the plot
    expect(r.container.querySelectorAll('[data-testid="chart-cwnd"] [data-testid="period-band"]')).toHaveLength(2);
    await act(async () => r.container.querySelector<HTMLButtonElement>('button[aria-label="Export the congestion window chart as SVG"]')!.click());
    const doc = await lastDownload();
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(svgTexts(exportPart(doc, "title"))).toEqual(["Congestion window"]);
    // the chart draws its own legend (cwnd, ssthresh, pipe): the export adds no second one ...
    expect(exportPart(doc, "legend")).toBeNull();
    expect(exportPart(doc, "chart")!.querySelector("[data-legend]")).not.toBeNull();
    // ... but names the periods, each with its band's tint, edge and dash
    expect(periodPart(doc)).toEqual({ texts: IN_WINDOW, swatches: SWATCHES });
    // the bands themselves are in the chart, and the caption under it
    expect(exportPart(doc, "chart")!.querySelectorAll('[data-testid="period-band"]')).toHaveLength(2);
    expect(svgTexts(exportPart(doc, "caption")).join(" ")).toContain("Scenario: a delay spike and an outage.");
    expect(svgTexts(exportPart(doc, "caption")).join(" ")).toContain("Permalink: ");
    // the periods sit between the title and the chart
    const order = [...doc.documentElement.children].map((c) => c.getAttribute("data-export-part")).filter(Boolean);
    expect(order).toEqual(["title", "period-legend", "chart", "caption"]);
    // the RTT chart draws no bands: its export names none
    await act(async () => r.container.querySelector<HTMLButtonElement>('button[aria-label="Export the SRTT and RTO chart as SVG"]')!.click());
    expect(exportPart(await lastDownload(), "period-legend")).toBeNull();
    r.unmount();
  });

  it("the time-sequence diagram's SVG carries them too, though their list under it is HTML", async () => {
    const lastDownload = captureDownloads();
    const events = TLP_TAIL.events;
    const ix = buildExplainIndex(events, TLP_TAIL.scenario);
    const r = await render(
      <ExportInfoContext.Provider value={{ caption: CAPTION }}>
        <ChartCard title="Time-sequence diagram" exportName="rexmit-r1-time-sequence" exportLabel="time-sequence diagram" periods={periodLegendEntries(BANDS, [0, 600])}>
          <TimeSequenceChart
            events={events}
            x={x}
            width={790}
            margin={margin}
            unit="segments"
            mss={1448}
            links={linkTimers(events)}
            states={stateSegments(events, 0, 0, 600)}
            explain={(e) => explainEvent(e, ix)}
            bands={BANDS}
          />
          <PeriodLegend bands={BANDS} />
        </ChartCard>
      </ExportInfoContext.Provider>,
    );
    // the page's list is HTML (every period of the run) ...
    expect(r.container.querySelectorAll('[data-testid="period-legend"] li')).toHaveLength(3);
    await act(async () => r.container.querySelector<HTMLButtonElement>('button[aria-label="Export the time-sequence diagram as SVG"]')!.click());
    const doc = await lastDownload();
    expect(doc.querySelector("parsererror")).toBeNull();
    // ... so no <li> reaches the figure: the periods of the window are drawn as SVG
    expect(doc.querySelector("li")).toBeNull();
    expect(periodPart(doc)).toEqual({ texts: IN_WINDOW, swatches: SWATCHES });
    expect(exportPart(doc, "chart")!.querySelector("[data-legend]")).not.toBeNull();
    expect(svgTexts(exportPart(doc, "title"))).toEqual(["Time-sequence diagram"]);
    expect(svgTexts(exportPart(doc, "caption")).join(" ")).toContain(CAPTION[1]);
    r.unmount();
  });
});
