import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { TimeSequenceChart } from "./TimeSequenceChart";
import { buildExplainIndex, explainEvent } from "../../lib/chart-math/explain";
import { timeScale } from "../../lib/chart-math/idleScale";
import { linkTimers, stateSegments } from "../../lib/chart-math/timeline";
import { BASELINE_TAIL, TLP_TAIL, type Fixture } from "../../lib/chart-math/fixtures";
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
