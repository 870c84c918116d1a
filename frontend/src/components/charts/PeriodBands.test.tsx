import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { timeScale } from "../../lib/chart-math/idleScale";
import type { PeriodBand } from "../../lib/chart-math/periods";
import { palette } from "./palette";
import { PeriodBands, PeriodLegend } from "./PeriodBands";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const BANDS: PeriodBand[] = [
  { stage: "delay_spike", direction: "forward", t0: 1000, t1: 3000, label: "delay spike 1.0-3.0 s" },
  { stage: "outage", direction: "both", t0: 6000, t1: 9000, label: "outage (both directions) 6.0-9.0 s" },
  { stage: "schedule", direction: "forward", t0: 20000, t1: 21000, label: "handover table: delay up to 5,000 ms 20.0-21.0 s" },
];

let host: HTMLDivElement | null = null;
afterEach(() => host?.remove());

function mount(node: React.ReactNode): HTMLDivElement {
  host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(node));
  return host;
}

describe("PeriodBands", () => {
  it("shades the bands in the window at their times, each named, in its stage's colours", () => {
    // 0-10 s over 0-1000 px: 0.1 px per ms
    const x = timeScale({ domain: [0, 10000], range: [0, 1000] });
    const el = mount(
      <svg role="img" aria-label="bands">
        <PeriodBands bands={BANDS} x={x} height={200} />
      </svg>,
    );
    const bands = [...el.querySelectorAll('[data-testid="period-band"]')];
    // the handover table at 20 s is outside the window
    expect(bands.map((b) => b.getAttribute("aria-label"))).toEqual(["delay spike 1.0-3.0 s", "outage (both directions) 6.0-9.0 s"]);
    expect(bands[0].querySelector("title")?.textContent).toBe("delay spike 1.0-3.0 s");
    const r = bands[0].querySelector("rect");
    expect([r?.getAttribute("x"), r?.getAttribute("width"), r?.getAttribute("height")]).toEqual(["100", "200", "200"]);
    expect(r?.getAttribute("fill")).toBe(palette().band.delay_spike.fill);
    expect(bands[1].querySelector("rect")?.getAttribute("stroke-dasharray")).toBe(palette().band.outage.dash);
  });

  it("lists every band in the legend", () => {
    const el = mount(<PeriodLegend bands={BANDS} />);
    expect(el.querySelector("ul")?.getAttribute("aria-label")).toBe("Path periods");
    expect([...el.querySelectorAll("li")].map((li) => li.textContent?.trim())).toEqual(BANDS.map((b) => b.label));
  });
});
