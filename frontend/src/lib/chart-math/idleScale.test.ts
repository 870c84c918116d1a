import { defaultIdleThreshold, findIdleGaps, timeScale } from "./idleScale";
import { BASELINE_TAIL } from "./fixtures";

describe("timeScale without gaps", () => {
  const s = timeScale({ domain: [0, 1000], range: [0, 500] });
  it("is linear", () => {
    expect(s(0)).toBe(0);
    expect(s(500)).toBeCloseTo(250);
    expect(s(1000)).toBe(500);
    expect(s.invert(250)).toBeCloseTo(500);
    expect(s.compressed).toBe(false);
    expect(s.breaks).toEqual([]);
  });
  it("gives nice ticks", () => {
    expect(s.ticks(5)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(s.tickStep(5)).toBe(200);
  });
  it("extrapolates outside the domain", () => {
    expect(s(-100)).toBeCloseTo(-50);
    expect(s(1100)).toBeCloseTo(550);
  });
});

describe("findIdleGaps", () => {
  it("finds stretches longer than the threshold, padded on the inside", () => {
    const gaps = findIdleGaps([0, 1, 2, 1002, 1003], [0, 1003], { threshold: 100, pad: 10 });
    expect(gaps).toEqual([[12, 992]]);
  });
  it("treats the domain ends as boundaries without padding", () => {
    const gaps = findIdleGaps([500], [0, 1000], { threshold: 100, pad: 10 });
    expect(gaps).toEqual([[0, 490], [510, 1000]]);
  });
  it("ignores short gaps, unsorted input and times outside the domain", () => {
    expect(findIdleGaps([30, 10, 20, -500, 5000], [0, 40], { threshold: 15 })).toEqual([]);
  });
  it("returns nothing for a bad threshold", () => {
    expect(findIdleGaps([0, 1000], [0, 1000], { threshold: 0 })).toEqual([]);
  });
});

describe("timeScale with compressed gaps", () => {
  const times = [0, 1, 2, 3, 1003, 1004, 1005];
  const domain: [number, number] = [0, 1005];
  const gaps = findIdleGaps(times, domain, { threshold: 50, pad: 1 });
  const s = timeScale({ domain, range: [0, 400], gaps, gapPx: 20 });

  it("maps the ends to the ends of the range", () => {
    expect(s(0)).toBeCloseTo(0);
    expect(s(1005)).toBeCloseTo(400);
  });
  it("is strictly monotone", () => {
    let prev = -Infinity;
    for (let t = 0; t <= 1005; t += 0.5) {
      const x = s(t);
      expect(x).toBeGreaterThan(prev);
      prev = x;
    }
  });
  it("is invertible", () => {
    for (const t of [0, 0.5, 2.5, 4, 500, 999, 1003.2, 1005]) expect(s.invert(s(t))).toBeCloseTo(t, 6);
    for (const x of [0, 13, 200, 399]) expect(s(s.invert(x))).toBeCloseTo(x, 6);
  });
  it("compresses the gap to the fixed width", () => {
    expect(s.breaks).toHaveLength(1);
    const b = s.breaks[0];
    expect(b.t0).toBeCloseTo(4);
    expect(b.t1).toBeCloseTo(1002);
    expect(b.x1 - b.x0).toBeCloseTo(20);
    expect(s.compressed).toBe(true);
  });
  it("gives the bursts almost all the width", () => {
    // 7 ms of activity share 380 px: a 1 ms step is tens of pixels wide
    expect(s(1) - s(0)).toBeGreaterThan(40);
    // while the 998 ms gap takes 20 px
    expect(s(1002) - s(4)).toBeCloseTo(20);
  });
  it("puts ticks only in uncompressed stretches", () => {
    const ticks = s.ticks(8, 10);
    expect(ticks.length).toBeGreaterThan(2);
    for (const t of ticks) expect(t <= 4 || t >= 1002).toBe(true);
  });
  it("shrinks gaps that would take too much of the range", () => {
    const many = timeScale({ domain: [0, 100], range: [0, 100], gaps: [[10, 20], [30, 40], [50, 60], [70, 80]], gapPx: 30 });
    const total = many.breaks.reduce((a, b) => a + b.x1 - b.x0, 0);
    expect(total).toBeCloseTo(40);
  });
});

describe("defaultIdleThreshold", () => {
  it("is twice the smallest SRTT", () => {
    expect(defaultIdleThreshold(BASELINE_TAIL.events.map((e) => e.srtt_us))).toBe(160);
  });
  it("falls back without samples", () => {
    expect(defaultIdleThreshold([0, 0])).toBe(200);
  });
  it("compresses the RTO wait of the baseline tail-loss run", () => {
    const evs = BASELINE_TAIL.events;
    const domain: [number, number] = [0, evs[evs.length - 1].t];
    const gaps = findIdleGaps(evs.map((e) => e.t), domain, { threshold: 160 });
    // 360 -> 702.97 ms waits for the RTO, 742.97 -> 942.97 ms for the delayed ACK
    expect(gaps.map(([a, b]) => [Math.round(a), Math.round(b)])).toEqual([[400, 663], [783, 903]]);
  });
});
