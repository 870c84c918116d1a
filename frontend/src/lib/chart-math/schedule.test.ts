import { describe, expect, it } from "vitest";
import { parseScheduleCsv, scheduleAt, scheduleLine } from "./schedule";

/* The engine's exact test (sim-engine/tests/c/test_stage_schedule.c, Kato et al.
 * Figure 2, reconstructed table): a step to 5000 ms at 10 s, linear to 3550 ms at
 * 11.46 s, a step back to 0.  Eq. 1 between the middle rows: delay(t) = 5000 -
 * 1450 (t - 10000) / 1460 ms, so a packet arriving at t leaves at t + delay(t) =
 * 15000 + (t - 10000) / 146 ms:
 *   9999 ms -> delay 0 (before the first row: its value)
 *   10000 + 146 k -> leaves at 15000 + k ms, k = 0..9
 *   11459.854 -> delay 3550.145 ms, leaves at 15009.999 ms
 *   11460 -> delay 0 (after the step down: the later row applies from 11460 on) */
const FIG2 = [
  { time_ms: 10000, delay_ms: 0 },
  { time_ms: 10000, delay_ms: 5000 },
  { time_ms: 11460, delay_ms: 3550 },
  { time_ms: 11460, delay_ms: 0 },
];

describe("scheduleAt mirrors the engine's schedule stage", () => {
  it("reproduces Kato et al.'s Figure 2 departures", () => {
    expect(scheduleAt(FIG2, 9999).delayMs).toBe(0);
    for (let k = 0; k < 10; k++) {
      const t = 10000 + 146 * k;
      expect(t + scheduleAt(FIG2, t).delayMs).toBeCloseTo(15000 + k, 9);
    }
    expect(scheduleAt(FIG2, 11459.854).delayMs).toBeCloseTo(3550.145, 9);
    expect(11459.854 + scheduleAt(FIG2, 11459.854).delayMs).toBeCloseTo(15009.999, 9);
    expect(scheduleAt(FIG2, 11460).delayMs).toBe(0);
    expect(scheduleAt(FIG2, 12000).delayMs).toBe(0);
  });

  it("interpolates loss (Eq. 2) and holds the last row's values after it", () => {
    const rows = [
      { time_ms: 0, delay_ms: 0, loss_rate: 0 },
      { time_ms: 10000, delay_ms: 100, loss_rate: 1 },
    ];
    expect(scheduleAt(rows, 5000)).toEqual({ delayMs: 50, loss: 0.5 });
    expect(scheduleAt(rows, 20000)).toEqual({ delayMs: 100, loss: 1 });
    expect(scheduleAt([], 5)).toEqual({ delayMs: 0, loss: 0 });
  });
});

describe("scheduleLine", () => {
  it("is the rows, with the first row's values from 0 and the last row's to the end", () => {
    expect(scheduleLine(FIG2, 20000).map((p) => [p.t, p.delayMs])).toEqual([
      [0, 0],
      [10000, 0],
      [10000, 5000],
      [11460, 3550],
      [11460, 0],
      [20000, 0],
    ]);
  });
});

const LIMITS = { time_ms: { min: 0, max: 3_600_000 }, delay_ms: { min: 0, max: 600_000 }, loss_rate: { min: 0, max: 1 } };

describe("parseScheduleCsv", () => {
  it("reads rows, skipping a header and blank lines; loss may be left out", () => {
    const r = parseScheduleCsv("time_ms,delay_ms,loss_rate\n10000,0\n\n10000, 5000, 0.05\n11460;3550;0.05\n", LIMITS, 256);
    expect(r.problems).toEqual([]);
    expect(r.rows).toEqual([
      { time_ms: 10000, delay_ms: 0, loss_rate: 0 },
      { time_ms: 10000, delay_ms: 5000, loss_rate: 0.05 },
      { time_ms: 11460, delay_ms: 3550, loss_rate: 0.05 },
    ]);
  });

  it("reports every problem at once, by line, column and limit", () => {
    const r = parseScheduleCsv("1000,10,0\n500,x,1.5\n7\n", LIMITS, 256);
    expect(r.rows).toBeNull();
    expect(r.problems).toEqual([
      { line: 2, message: 'delay_ms: "x" is not a number' },
      { line: 2, message: "loss_rate: 1.5 is outside [0, 1]" },
      { line: 2, message: "time_ms: 500 is before the previous row's 1000 (rows go in time order)" },
      { line: 3, message: "expected time_ms,delay_ms[,loss_rate], got 1 value" },
    ]);
    expect(parseScheduleCsv("0,0\n1,1\n2,2", LIMITS, 2).problems).toEqual([{ line: 0, message: "3 rows: at most 2" }]);
  });
});
