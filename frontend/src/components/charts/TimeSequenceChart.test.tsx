import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { FONT_SIZE, SPURIOUS_LEGEND, TimeSequenceChart, type TimeSequenceChartProps } from "./TimeSequenceChart";
import { buildExplainIndex, explainEvent } from "../../lib/chart-math/explain";
import { timeScale } from "../../lib/chart-math/idleScale";
import { linkTimers, stateSegments } from "../../lib/chart-math/timeline";
import { BASELINE_TAIL, FRTO_SPIKE, TLP_TAIL, type Fixture } from "../../lib/chart-math/fixtures";
import recorded from "../../lib/fixtures/catalogue-trace-vocab.json";
import { parseTraceVocab, type TraceVocab } from "../../lib/traceVocab";

/** The engine catalogue's labels (recorded from `python -m rexsim catalog`). */
const VOCAB = parseTraceVocab(recorded);
const labelOf = (list: { name: string; label: string }[], name: string) => list.find((e) => e.name === name)!.label;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement["getContext"];

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
});

function render(f: Fixture, revealUpTo: number | null = null, onDrawn?: () => void, vocab: TraceVocab | null = VOCAB) {
  const events = f.events;
  const x = timeScale({ domain: [0, events[events.length - 1].t], range: [0, 700] });
  const ix = buildExplainIndex(events, f.scenario);
  act(() =>
    root.render(
      <TimeSequenceChart
        events={events}
        x={x}
        width={790}
        margin={{ top: 28, right: 20, bottom: 0, left: 70 }}
        unit="segments"
        mss={1448}
        links={linkTimers(events)}
        states={stateSegments(events, 0, 0, events[events.length - 1].t)}
        explain={(e) => explainEvent(e, ix)}
        revealUpTo={revealUpTo}
        onDrawn={onDrawn}
        vocab={vocab}
      />,
    ),
  );
}

const count = (id: string) => host.querySelectorAll(`[data-testid="${id}"]`).length;

describe("TimeSequenceChart", () => {
  it("draws exactly one probe for the single-tail-loss TLP run", () => {
    const drawn = vi.fn();
    render(TLP_TAIL, null, drawn);
    expect(count("chart-time-sequence")).toBe(1);
    expect(count("mark-probe")).toBe(1);
    expect(count("mark-drop")).toBe(1);
    expect(count("mark-retransmit")).toBe(0);
    // the delayed-ACK timer twice and the probe timer
    expect(count("mark-timer-fired")).toBe(3);
    expect(drawn).toHaveBeenCalled();
    // a canvas for the dense marks, SVG layers around it
    expect(host.querySelector("canvas")).not.toBeNull();
    // the canvas is a layer, not an unnamed image: the SVG's summary names the diagram
    expect(host.querySelector("canvas")!.getAttribute("aria-hidden")).toBe("true");
    for (const img of host.querySelectorAll("[role='img']")) expect(img.getAttribute("aria-label")).toBeTruthy();
    expect(host.querySelectorAll("svg[data-layer]").length).toBe(2);
  });
  it("draws no probe but the RTO retransmission for the baseline", () => {
    render(BASELINE_TAIL);
    expect(count("mark-probe")).toBe(0);
    expect(count("mark-retransmit")).toBe(1);
    expect(host.querySelector('[data-testid="mark-retransmit"]')!.getAttribute("aria-label")).toContain("retransmit at 702.969 ms");
  });
  it("reveals only the events up to the step cursor and shows the pending timer", () => {
    const probe = TLP_TAIL.events.find((e) => e.kind === "probe")!;
    render(TLP_TAIL, probe.i - 1);
    expect(count("mark-probe")).toBe(0);
    expect(count("mark-drop")).toBe(1);
    render(TLP_TAIL, probe.i);
    expect(count("mark-probe")).toBe(1);
    // after the drop, before any ACK: the probe timer armed at 80 ms is waiting
    const armed = TLP_TAIL.events.find((e) => e.kind === "timer_armed" && e.timer === "probe")!;
    render(TLP_TAIL, armed.i);
    expect(count("timer-pending")).toBeGreaterThan(0);
    const pendingText = [...host.querySelectorAll('[data-testid="timer-pending"]')].map((g) => g.textContent);
    expect(pendingText).toContain(`${labelOf(recorded.vocab.timer_kinds, "probe")} pending`);
  });
  it("labels the congestion-state strip and the timers with the catalogue's labels", () => {
    render(BASELINE_TAIL);
    const strip = host.querySelector('[data-testid="state-strip"]')!;
    expect(strip.textContent).toContain(labelOf(recorded.vocab.states, "open"));
    expect(strip.textContent).toContain(labelOf(recorded.vocab.states, "loss"));
    const rto = [...host.querySelectorAll('[data-testid="mark-timer-fired"]')].find((g) => g.getAttribute("aria-label")?.startsWith(labelOf(recorded.vocab.timer_kinds, "rto")));
    expect(rto?.getAttribute("aria-label")).toMatch(/ fired at /);
  });
  it("falls back to the raw names without the catalogue", () => {
    render(BASELINE_TAIL, null, undefined, null);
    const strip = host.querySelector('[data-testid="state-strip"]')!;
    expect(strip.querySelector("title")!.textContent).toMatch(/^open: /);
    expect(strip.textContent).not.toContain("Open");
  });
});

/** The chart with its selection held as the dashboard holds it. */
function Selectable(props: Omit<TimeSequenceChartProps, "selected" | "onSelect"> & { onSelected?: (i: number | null) => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <TimeSequenceChart
      {...props}
      selected={selected}
      onSelect={(i) => {
        setSelected(i);
        props.onSelected?.(i);
      }}
    />
  );
}

function renderSelectable(f: Fixture, extra: Partial<TimeSequenceChartProps> & { onSelected?: (i: number | null) => void } = {}) {
  const events = f.events;
  const x = timeScale({ domain: [0, events[events.length - 1].t], range: [0, 700] });
  const ix = buildExplainIndex(events, f.scenario);
  act(() =>
    root.render(
      <Selectable
        events={events}
        x={x}
        width={790}
        margin={{ top: 28, right: 20, bottom: 0, left: 70 }}
        unit="segments"
        mss={1448}
        links={linkTimers(events)}
        states={stateSegments(events, 0, 0, events[events.length - 1].t)}
        explain={(e) => explainEvent(e, ix)}
        vocab={VOCAB}
        {...extra}
      />,
    ),
  );
  return { events, explain: (e: (typeof events)[number]) => explainEvent(e, ix) };
}

const chart = () => host.querySelector<HTMLElement>('[data-testid="chart-time-sequence"]')!;
const live = () => host.querySelector('[data-testid="chart-live"]')!.textContent ?? "";
function press(key: string) {
  act(() => {
    chart().dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });
}

describe("TimeSequenceChart keyboard access", () => {
  it("is focusable and moves between events with the arrow keys, Home and End, announcing each", () => {
    const onSelected = vi.fn();
    const { events, explain } = renderSelectable(TLP_TAIL, { onSelected });
    const el = chart();
    expect(el.tabIndex).toBe(0);
    expect(el.getAttribute("aria-label")).toMatch(/Arrow keys move between events/);
    act(() => el.focus());
    press("ArrowRight");
    // the first drawn event: the SYN
    expect(onSelected).toHaveBeenLastCalledWith(events.find((e) => e.kind === "syn")!.i);
    expect(live()).toMatch(/^Event 1 of \d+: /);
    press("End");
    const lastDrawn = onSelected.mock.lastCall![0] as number;
    press("ArrowLeft");
    expect(onSelected.mock.lastCall![0]).toBeLessThan(lastDrawn);
    press("Home");
    expect(onSelected).toHaveBeenLastCalledWith(events.find((e) => e.kind === "syn")!.i);
    // down: the next loss, repair, timer fire or state change, here the tail drop
    press("ArrowDown");
    const drop = events.find((e) => e.kind === "drop")!;
    expect(onSelected).toHaveBeenLastCalledWith(drop.i);
    expect(live()).toContain(explain(drop).title);
    expect(live()).toMatch(/at \d+(\.\d+)? ms\.$/);
    // the selection is ringed
    expect(host.querySelectorAll('svg[data-layer="front"] circle').length).toBeGreaterThan(0);
    // then the probe's timer and the probe itself
    press("ArrowDown");
    press("ArrowDown");
    const picked = events[onSelected.mock.lastCall![0] as number];
    expect(["timer_fired", "probe", "state"]).toContain(picked.kind);
    press("Escape");
    expect(onSelected).toHaveBeenLastCalledWith(null);
  });
  it("hands the move to onNavigate when given (the dashboard's step cursor) and opens a transmission's menu with Enter", () => {
    const onNavigate = vi.fn();
    const onDataClick = vi.fn();
    const { events } = renderSelectable(TLP_TAIL, { onNavigate, onDataClick, revealUpTo: 0 });
    act(() => chart().focus());
    press("ArrowRight");
    // the next drawn event after the cursor, not a selection
    const drawn = new Set(["syn", "send", "deliver", "ack_recv", "drop", "timer_fired", "state", "retransmit", "probe"]);
    expect(onNavigate).toHaveBeenCalledWith(events.find((e) => e.i > 0 && drawn.has(e.kind) && !(e.kind === "ack_recv" && e.syn_ack))!.i);
    // Enter on the current event (the step cursor) when it is a transmission
    const probe = events.find((e) => e.kind === "probe")!;
    renderSelectable(TLP_TAIL, { onNavigate, onDataClick, revealUpTo: probe.i });
    act(() => chart().focus());
    press("Enter");
    expect(onDataClick).toHaveBeenCalledWith(probe, expect.objectContaining({ x: expect.any(Number), y: expect.any(Number) }));
  });
  it("keeps the arrow keys from the page while it has the focus", () => {
    const onPage = vi.fn();
    document.addEventListener("keydown", onPage);
    renderSelectable(TLP_TAIL);
    act(() => chart().focus());
    press("ArrowRight");
    document.removeEventListener("keydown", onPage);
    expect(onPage).not.toHaveBeenCalled();
  });
});

describe("TimeSequenceChart for screen readers and projectors", () => {
  it("summarizes the window in a text label", () => {
    render(TLP_TAIL);
    const img = host.querySelector('svg[data-layer="back"]')!;
    expect(img.getAttribute("role")).toBe("img");
    const label = img.getAttribute("aria-label")!;
    expect(label).toMatch(/^Time-sequence diagram, /);
    expect(label).toContain("1 dropped");
    expect(label).toContain("1 TLP probe");
    expect(label).toContain("0 retransmissions");
    // the focusable group points at the same summary
    const described = chart().getAttribute("aria-describedby")!;
    expect(document.getElementById(described)!.textContent).toBe(label);
  });
  it("lists every mark kind in its legend, D-SACK with a dashed glyph of its own", () => {
    render(TLP_TAIL);
    const legend = host.querySelector('[data-legend="true"]')!;
    for (const word of ["sent", "arrived", "ACK", "SACK", "D-SACK", "retransmit", "TLP probe", "drop", "timer fired"]) expect(legend.textContent).toContain(word);
    const dsack = legend.querySelector('[data-legend-item="dsack"] path')!;
    expect(dsack.getAttribute("stroke-dasharray")).toBeTruthy();
    expect(legend.querySelector('[data-legend-item="sack"] path')!.getAttribute("stroke")).not.toBe(dsack.getAttribute("stroke"));
  });
  it("draws every text at the font size it is given", () => {
    const sizeOf = (el: Element): number => {
      for (let n: Element | null = el; n; n = n.parentElement) {
        const fs = n.getAttribute("font-size");
        if (fs) return Number(fs);
      }
      return Number.NaN;
    };
    const sizes = (fs: number) => {
      act(() => root.unmount());
      root = createRoot(host);
      const events = TLP_TAIL.events;
      const x = timeScale({ domain: [0, events[events.length - 1].t], range: [0, 700] });
      const ix = buildExplainIndex(events, TLP_TAIL.scenario);
      act(() =>
        root.render(
          <TimeSequenceChart
            events={events}
            x={x}
            width={820}
            margin={{ top: 28, right: 20, bottom: 0, left: 120 }}
            unit="segments"
            mss={1448}
            links={linkTimers(events)}
            states={stateSegments(events, 0, 0, events[events.length - 1].t)}
            explain={(e) => explainEvent(e, ix)}
            vocab={VOCAB}
            fontSize={fs}
            revealUpTo={events.find((e) => e.kind === "timer_armed" && e.timer === "probe")!.i}
          />,
        ),
      );
      return [...host.querySelectorAll("text")].map(sizeOf);
    };
    const big = sizes(18);
    expect(big.length).toBeGreaterThan(10);
    expect(Math.min(...big)).toBeGreaterThanOrEqual(18);
    expect(chart().dataset.fontSize).toBe("18");
    // larger text, taller lanes: the chart grows
    const tall = Number.parseFloat(chart().style.height);
    const normal = sizes(FONT_SIZE);
    expect(Math.max(...normal)).toBeLessThanOrEqual(FONT_SIZE);
    expect(Number.parseFloat(chart().style.height)).toBeLessThan(tall);
  });
});

describe("TimeSequenceChart: a spurious-RTO verdict", () => {
  const frto = recorded.families.find((f) => f.name === "spurious")!.members.find((m) => m.name === "frto")!;

  it("marks the deciding ACK with a star named by its detector, and lists it in the legend", () => {
    renderSelectable(FRTO_SPIKE, { explain: (e) => explainEvent(e, buildExplainIndex(FRTO_SPIKE.events, FRTO_SPIKE.scenario, null, VOCAB)) });
    const marks = host.querySelectorAll('[data-testid="mark-spurious"]');
    expect(marks.length).toBe(1);
    const mark = marks[0];
    expect(mark.getAttribute("aria-label")).toBe(`${frto.label} undo at 1.2 s`);
    expect(mark.textContent).toBe(`${frto.label} undo`);
    // a star: the redundant cue beside its colour
    expect(mark.querySelector("path")!.getAttribute("d")!.match(/L/g)!.length).toBe(9);
    const legend = host.querySelector('[data-legend="true"]')!;
    expect(legend.querySelector('[data-legend-item="spurious"]')!.textContent).toBe(SPURIOUS_LEGEND);
    // near the plot's right edge (1200 of 1300 ms here) its name goes on the star's left, not cut off
    expect(mark.querySelector("text")!.getAttribute("text-anchor")).toBe("end");
    // the screen-reader summary counts it
    expect(host.querySelector('svg[data-layer="back"]')!.getAttribute("aria-label")).toContain("1 RTO declared spurious");
  });

  it("is one of the events the arrow keys reach, ↓ jumping to it like a loss or a timer, its why announced", () => {
    const ix = buildExplainIndex(FRTO_SPIKE.events, FRTO_SPIKE.scenario, null, VOCAB);
    const onSelected = vi.fn();
    const { events } = renderSelectable(FRTO_SPIKE, { onSelected, explain: (e) => explainEvent(e, ix) });
    const sp = events.find((e) => e.kind === "spurious")!;
    act(() => chart().focus());
    press("Home");
    // ↓ visits the RTO's timer, its retransmission, the state changes, then the verdict (all before 1200 ms + 1 event)
    for (let k = 0; k < 8 && onSelected.mock.lastCall?.[0] !== sp.i; k++) press("ArrowDown");
    expect(onSelected).toHaveBeenLastCalledWith(sp.i);
    expect(live()).toContain(explainEvent(sp, ix).title);
    expect(live()).toContain("spurious; cwnd 2000 B → 10 kB");
  });
});
