import { describe, expect, it } from "vitest";
import type { TraceEvent } from "./events";
import { periodBands, schedulePeak } from "./periods";

// a path_period event as the trace API gives it (only the fields periodBands reads matter)
function period(stage: string, direction: "forward" | "reverse", startMs: number, endMs: number | null, tMs = startMs): TraceEvent {
  return {
    kind: "path_period",
    stage,
    direction,
    start_ns: startMs * 1e6,
    end_ns: endMs === null ? null : endMs * 1e6,
    t_ns: tMs * 1e6,
    t: tMs,
    i: 0,
  } as unknown as TraceEvent;
}

// Kato et al.'s reconstructed Figure 2 table (presets.py KATO_SPIKE)
const KATO = [
  { time_ms: 10000, delay_ms: 0 },
  { time_ms: 10000, delay_ms: 5000 },
  { time_ms: 11460, delay_ms: 3550 },
  { time_ms: 11460, delay_ms: 0 },
];

describe("periodBands", () => {
  it("names a spike by its span in seconds", () => {
    const b = periodBands([period("delay_spike", "forward", 10000, 13500)], 60000);
    expect(b).toEqual([{ stage: "delay_spike", direction: "forward", t0: 10000, t1: 13500, label: "delay spike 10.0-13.5 s" }]);
  });

  it("merges the same outage listed in both directions into one band", () => {
    const b = periodBands([period("outage", "forward", 2000, 4500, 2100), period("outage", "reverse", 2000, 4500, 2200), period("outage", "forward", 9000, 9500)], 60000);
    expect(b.map((x) => x.label)).toEqual(["outage (both directions) 2.0-4.5 s", "outage 9.0-9.5 s"]);
  });

  it("gives a handover table its peak delay and closes an open period at the run's end", () => {
    const [b] = periodBands([period("schedule", "forward", 10000, 11460)], 60000, { forward: KATO });
    expect(b.label).toBe("handover table: delay up to 5,000 ms 10.0-11.5 s");
    const [open] = periodBands([period("schedule", "forward", 1000, null)], 25000, { forward: [{ time_ms: 1000, delay_ms: 20, loss_rate: 0.05 }] });
    expect(open.t1).toBe(25000);
    expect(open.label).toBe("handover table: delay up to 20 ms, loss up to 5 % 1.0-25.0 s");
  });

  it("ignores other kinds and sorts by start", () => {
    const other = { kind: "send", t: 1, t_ns: 1e6, i: 0 } as unknown as TraceEvent;
    const b = periodBands([period("outage", "forward", 5000, 6000), other, period("delay_spike", "forward", 1000, 2000)], 10000);
    expect(b.map((x) => x.stage)).toEqual(["delay_spike", "outage"]);
  });
});

describe("schedulePeak", () => {
  it("reads the rows inside the period", () => {
    expect(schedulePeak(KATO, 10000, 11460)).toEqual({ delayMs: 5000, loss: 0 });
    expect(schedulePeak(KATO, 0, 9999)).toEqual({ delayMs: 0, loss: 0 });
  });
});
