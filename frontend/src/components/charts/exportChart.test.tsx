import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { buildExplainIndex, explainEvent } from "../../lib/chart-math/explain";
import { TLP_TAIL } from "../../lib/chart-math/fixtures";
import { timeScale } from "../../lib/chart-math/idleScale";
import { linkTimers, stateSegments } from "../../lib/chart-math/timeline";
import { ChartCard } from "./ChartCard";
import { chartToSvg, type ExportMeta, hasOwnLegend, wrapText } from "./exportChart";
import { ExportInfoContext } from "./exportMeta";
import { exportPart, svgTexts } from "../compare/testing";
import { TimeSequenceChart } from "./TimeSequenceChart";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement["getContext"];
// jsdom draws nothing: a canvas reads as a tiny PNG
const PNG = "data:image/png;base64,iVBORw0KGgo=";
HTMLCanvasElement.prototype.toDataURL = () => PNG;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement("div");
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

const SCENARIO = "Scenario: Retransmission timer: TLP · Tail loss (Tail losses = 1 segments) · RTT 80 ms · bottleneck unlimited.";
const RUN_LINE = "Run 17cdfe27-1686-4364-b4d1-cc1ac62a12d8 · seed 7 · engine 0.1.0 · flow 0 · 0 ms – 600 ms.";
const PERMALINK = "http://127.0.0.1:8000/runs/17cdfe27-1686-4364-b4d1-cc1ac62a12d8?from_ms=50&to_ms=300&unit=bytes";

function diagram() {
  const events = TLP_TAIL.events;
  const ix = buildExplainIndex(events, TLP_TAIL.scenario);
  return (
    <TimeSequenceChart
      events={events}
      x={timeScale({ domain: [0, 600], range: [0, 700] })}
      width={790}
      margin={{ top: 28, right: 20, bottom: 0, left: 70 }}
      unit="segments"
      mss={1448}
      links={linkTimers(events)}
      states={stateSegments(events, 0, 0, 600)}
      explain={(e) => explainEvent(e, ix)}
    />
  );
}

const parse = (svg: string) => new DOMParser().parseFromString(svg, "image/svg+xml");

describe("chartToSvg", () => {
  it("makes a figure of the diagram with its title, its own legend and the caption", () => {
    act(() => root.render(<div data-testid="box">{diagram()}</div>));
    const box = host.querySelector('[data-testid="box"]')!;
    expect(hasOwnLegend(box)).toBe(true);
    const meta: ExportMeta = { title: "Time-sequence diagram of flow 0, run 17cdfe27", caption: [SCENARIO, RUN_LINE, `Permalink: ${PERMALINK}`] };
    const doc = parse(chartToSvg(box, meta));
    expect(doc.querySelector("parsererror")).toBeNull();
    const svg = doc.documentElement;
    expect(svg.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
    expect(Number(svg.getAttribute("width"))).toBeGreaterThan(790);
    expect(svg.querySelector(":scope > title")!.textContent).toBe(meta.title);
    expect(svgTexts(exportPart(doc, "title")).join(" ")).toBe(meta.title);
    // the legend is the chart's own, every mark kind with D-SACK among them, and none is added
    const legend = exportPart(doc, "chart")!.querySelector("[data-legend]")!;
    for (const word of ["sent", "ACK", "SACK", "D-SACK", "retransmit", "TLP probe", "drop", "timer fired"]) expect(legend.textContent).toContain(word);
    expect(exportPart(doc, "legend")).toBeNull();
    // the caption: scenario, seed, engine version and permalink, wrapped but complete
    const caption = svgTexts(exportPart(doc, "caption")).join(" ");
    expect(caption).toContain("Retransmission timer: TLP");
    expect(caption).toContain("seed 7");
    expect(caption).toContain("engine 0.1.0");
    expect(svgTexts(exportPart(doc, "caption")).join("").replace(/\s/g, "")).toContain(`Permalink:${PERMALINK}`);
    // the canvas of dense marks is in, as an image where it lies
    expect(exportPart(doc, "chart")!.querySelector("image")!.getAttribute("href")).toBe(PNG);
    // the marks survive, the tooltip and brush do not
    expect(exportPart(doc, "chart")!.querySelectorAll('[data-testid="mark-probe"]').length).toBe(1);
    expect(doc.querySelector('[data-export="skip"]')).toBeNull();
    // the parts stack: title above the chart above the caption
    const y = (name: string) => Number(exportPart(doc, name)!.querySelector("text")?.getAttribute("y") ?? "NaN");
    const chartY = Number(exportPart(doc, "chart")!.getAttribute("transform")!.match(/translate\([\d.]+,([\d.]+)\)/)![1]);
    expect(y("title")).toBeLessThan(chartY);
    // (the diagram is 790 px wide and as tall as its layers say)
    const chartH = Number(host.querySelector("svg[data-layer]")!.getAttribute("height"));
    expect(chartH).toBeGreaterThan(300);
    expect(y("caption")).toBeGreaterThan(chartY + chartH);
  });

  it("draws the legend it is given for a chart without one", () => {
    act(() =>
      root.render(
        <div data-testid="box">
          <svg width={300} height={100} role="img" aria-label="bars">
            <rect x={10} y={10} width={40} height={80} fill="#003a66" />
          </svg>
        </div>,
      ),
    );
    const box = host.querySelector('[data-testid="box"]')!;
    expect(hasOwnLegend(box)).toBe(false);
    const doc = parse(
      chartToSvg(box, {
        title: "Flow completion time",
        caption: ["x"],
        legend: [
          { label: "RTO (baseline)", color: "#8f8f8f" },
          { label: "TLP", color: "#1b7a57", dash: "2 3" },
          { label: "TLPR", color: "#aa3600", marker: "triangle" },
          { label: "paper", color: "#1d2430", marker: "circle", hollow: true },
        ],
      }),
    );
    const legend = exportPart(doc, "legend")!;
    expect(svgTexts(legend)).toEqual(["RTO (baseline)", "TLP", "TLPR", "paper"]);
    // a marker entry is its shape in its colour (a hollow one white inside), instead of the swatch
    const [tri, ring] = [...legend.querySelectorAll("path[data-marker]")];
    expect([tri.getAttribute("data-marker"), tri.getAttribute("fill")]).toEqual(["triangle", "#aa3600"]);
    expect([ring.getAttribute("fill"), ring.getAttribute("stroke")]).toEqual(["#ffffff", "#1d2430"]);
    expect(legend.querySelectorAll("rect")).toHaveLength(1);
    expect(legend.querySelector("rect")!.getAttribute("fill")).toBe("#8f8f8f");
    expect(legend.querySelector("line")!.getAttribute("stroke-dasharray")).toBe("2 3");
  });
});

describe("wrapText", () => {
  it("breaks at spaces, and a long address anywhere, losing nothing", () => {
    const a = wrapText(SCENARIO, 300);
    expect(a.length).toBeGreaterThan(1);
    expect(a.join(" ")).toBe(SCENARIO);
    const b = wrapText(PERMALINK, 200);
    expect(b.length).toBeGreaterThan(1);
    expect(b.join("")).toBe(PERMALINK);
    for (const l of b) expect(l.length).toBeLessThanOrEqual(Math.floor(200 / 6.6));
  });
});

describe("ChartCard export", () => {
  it("exports an SVG whose caption is the page's, with the current address as the permalink", async () => {
    history.replaceState(null, "", "/runs/17cdfe27-1686-4364-b4d1-cc1ac62a12d8?from_ms=50&to_ms=300");
    let saved: Blob | null = null;
    const url = URL as unknown as { createObjectURL: (b: Blob) => string; revokeObjectURL: (u: string) => void };
    url.createObjectURL = (b: Blob) => {
      saved = b;
      return "blob:x";
    };
    url.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    act(() =>
      root.render(
        <ExportInfoContext.Provider value={{ caption: [SCENARIO, RUN_LINE] }}>
          <ChartCard title="Time-sequence diagram" exportName="rexmit-17cdfe27-time-sequence" exportLabel="time-sequence diagram" exportTitle="Time-sequence diagram of flow 0">
            {diagram()}
          </ChartCard>
        </ExportInfoContext.Provider>,
      ),
    );
    act(() => host.querySelector<HTMLButtonElement>('button[aria-label="Export the time-sequence diagram as SVG"]')!.click());
    expect(saved).not.toBeNull();
    const text = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.readAsText(saved as unknown as Blob);
    });
    const doc = parse(text);
    expect(svgTexts(exportPart(doc, "title")).join(" ")).toBe("Time-sequence diagram of flow 0");
    const caption = svgTexts(exportPart(doc, "caption")).join("");
    expect(caption.replace(/\s/g, "")).toContain(`Permalink:${location.href}`.replace(/\s/g, ""));
    expect(caption).toContain("seed 7");
  });
});
