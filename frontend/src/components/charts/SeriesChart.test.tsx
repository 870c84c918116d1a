import { act } from "react";
import { timeScale } from "../../lib/chart-math/idleScale";
import { type Rendered, render as renderApp } from "../compare/testing";
import { SeriesChart, type SeriesMark } from "./SeriesChart";
import { palette } from "./palette";

let shown: Rendered | null = null;
afterEach(() => {
  shown?.unmount();
  shown = null;
});

const MARK: SeriesMark = {
  key: "7",
  t: 1200,
  label: "F-RTO undo",
  title: "F-RTO: the second ACK … → spurious; cwnd 2000 B → 10 kB, ssthresh 5000 B → ∞",
  details: ["t = 1200 ms, on ACK 2000", "the RTO's window reduction is undone (tcp.spurious_response revert); state Open"],
};

async function render(marks: SeriesMark[] | undefined, cursorT: number | null = null) {
  shown?.unmount();
  const x = timeScale({ domain: [0, 2000], range: [0, 600] });
  shown = await renderApp(
    <SeriesChart
      lines={[{ key: "cwnd", label: "cwnd", color: "#003a66", points: [{ t: 0, v: 10 }, { t: 1100, v: 1 }, { t: 1200, v: 10 }] }]}
      x={x}
      width={700}
      margin={{ top: 28, right: 20, bottom: 0, left: 70 }}
      format={String}
      yLabel="segments"
      testId="chart-cwnd"
      title="cwnd"
      cursorT={cursorT}
      marks={marks}
      marksLabel="spurious RTO / undo"
    />,
  );
}

const host = () => shown!.container;
const marks = () => host().querySelectorAll<SVGGElement>('[data-testid="series-mark-spurious"]');
const tip = () => host().querySelector('[data-testid="series-mark-tooltip"]');

describe("SeriesChart: event marks (the cwnd chart's spurious-RTO verdicts)", () => {
  it("draws a star and a dashed guide at the event's time, in the palette's colour, with a legend entry", async () => {
    await render([MARK]);
    expect(marks().length).toBe(1);
    const line = marks()[0].querySelector("line")!;
    // x(1200) on a 600 px range over 0..2000 ms
    expect(Number(line.getAttribute("x1"))).toBeCloseTo(360, 5);
    expect(line.getAttribute("stroke")).toBe(palette().spurious);
    expect(line.getAttribute("stroke-dasharray")).toBeTruthy();
    expect(marks()[0].textContent).toBe("F-RTO undo");
    expect(host().querySelector('[data-legend-item="spurious"]')!.textContent).toBe("spurious RTO / undo");
  });

  it("is reached with Tab and shows its why-tooltip on focus and on hover, hiding it on blur", async () => {
    await render([MARK]);
    const m = marks()[0];
    expect(m.getAttribute("tabindex")).toBe("0");
    expect(m.getAttribute("aria-label")).toBe(`${MARK.title} (at 1.2 s)`);
    expect(tip()).toBeNull();
    act(() => m.focus());
    expect(tip()!.textContent).toContain(MARK.title);
    expect(tip()!.textContent).toContain("on ACK 2000");
    expect(m.getAttribute("aria-expanded")).toBe("true");
    // Enter hides and shows it again (the mark is a button)
    act(() => {
      m.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    });
    expect(tip()).toBeNull();
    act(() => {
      m.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    });
    expect(tip()!.textContent).toContain(MARK.title);
    act(() => m.blur());
    expect(tip()).toBeNull();
    act(() => {
      m.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    });
    expect(tip()!.textContent).toContain(MARK.title);
  });

  it("draws no mark (nor its legend entry) without verdicts, and none past the step cursor", async () => {
    await render(undefined);
    expect(marks().length).toBe(0);
    expect(host().querySelector('[data-legend-item="spurious"]')).toBeNull();
    await render([MARK], 1100);
    expect(marks().length).toBe(0);
    await render([MARK], 1200);
    expect(marks().length).toBe(1);
  });
});
