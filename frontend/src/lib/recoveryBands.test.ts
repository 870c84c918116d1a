/** The recovery bands of the run view, on episodes recorded from the engine
 * (fixtures/recovery-episodes.json; both cases are sim-engine's
 * test_recovery_metrics.py runs) and named by the catalogue's episode_metrics.
 *
 * one_loss (the opportunistic-retransmission paper's Fig. 1 made small, 1 ms a
 * packet, U = 20 ms, derived by hand in sim-engine/tests/c/test_recmetrics.c):
 * T2 = t0 + 26 ms, the period ends at t0 + 47 ms, the link sends one packet in
 * it: utilisation 1/21 (5 %), idle 20 ms in one stretch, [t0 + 26, t0 + 46] ms,
 * t0 = 20.057693 ms.  paced (rate-halving after 20 losses): two periods, of 8
 * and 10 idle stretches, the engine keeping the 8 longest of each. */
import { periodLegendEntries } from "../components/charts/PeriodBands";
import recorded from "./fixtures/recovery-episodes.json";
import catalogue from "./forms/fixtures/catalogue.json";
import type { RecoveryEpisode } from "./api";
import { metricInfo, parseMetrics } from "./metrics";
import { percent, recoveryBands, recoveryPeriods } from "./recoveryBands";

const FIELDS = parseMetrics(catalogue.episode_metrics);
const ONE = recorded.cases.one_loss.episodes[0] as unknown as RecoveryEpisode[];
const PACED = recorded.cases.paced.episodes[0] as unknown as RecoveryEpisode[];
const T0 = 20.057693;

describe("recoveryPeriods", () => {
  it("reads the measured period, its utilisation and where the link idled (ms)", () => {
    expect(recoveryPeriods(ONE)).toEqual([{ t0: T0 + 26, t1: T0 + 47, utilisation: 1 / 21, idleMs: 20, idleGaps: 1, idle: [[T0 + 26, T0 + 46]] }]);
  });
  it("leaves out an episode without a period, and reads no episodes (a run stored before they were kept) as none", () => {
    const unmeasured = { ...ONE[0], period_start_ns: null, period_end_ns: null, utilisation: null, idle_gaps: null, idle_intervals_ns: [] };
    expect(recoveryPeriods([unmeasured, ...ONE])).toHaveLength(1);
    expect(recoveryPeriods(null)).toEqual([]);
    expect(recoveryBands(undefined, FIELDS)).toEqual([]);
  });
});

describe("recoveryBands", () => {
  it("labels the period with its utilisation and explains it with the catalogue's formula", () => {
    const [rec, idle, ...rest] = recoveryBands(ONE, FIELDS);
    expect(rest).toEqual([]);
    const util = metricInfo(FIELDS, "utilisation");
    expect(util.doc).toContain("eq. (8)");
    expect(rec).toEqual({
      stage: "recovery",
      direction: "forward",
      t0: T0 + 26,
      t1: T0 + 47,
      text: "recovery · 5 % of the link",
      label: "recovery period 46.058 ms – 67.058 ms: utilisation 5 % of the link, idle 20 ms in 1 stretch",
      why: `${util.label}: ${util.doc}`,
      value: 1 / 21,
      testId: "recovery-band",
    });
    const iv = metricInfo(FIELDS, "idle_intervals_ns");
    expect(idle).toEqual({
      stage: "link_idle",
      direction: "forward",
      t0: T0 + 26,
      t1: T0 + 46,
      text: "",
      label: "idle link time 46.058 ms – 66.058 ms (20 ms)",
      why: `${iv.label}: ${iv.doc}`,
      legendGroup: "Idle link time in recovery: 1 of 1 idle stretches shaded (the longest of each period)",
      testId: "idle-band",
    });
  });

  it("shades the idle stretches the engine kept inside each period, and names them once in a legend", () => {
    const bands = recoveryBands(PACED, FIELDS);
    const recs = bands.filter((b) => b.stage === "recovery");
    expect(recs.map((b) => b.text)).toEqual(["recovery · 87 % of the link", "recovery · 68 % of the link"]);
    expect(recs.map((b) => b.value)).toEqual([PACED[0].utilisation, PACED[1].utilisation]);
    const idle = bands.filter((b) => b.stage === "link_idle");
    expect(idle).toHaveLength(16);
    for (const b of idle) expect(recs.some((r) => r.t0 <= b.t0 && b.t1 <= r.t1)).toBe(true);
    // the first period's 8 stretches are all it had: they sum to its idle time (4.4 ms)
    expect(idle.slice(0, 8).reduce((a, b) => a + (b.t1 - b.t0), 0)).toBeCloseTo(4.4, 9);
    // the export's legend: each period, then the idle stretches as one entry
    expect(periodLegendEntries(bands).map((e) => e.label)).toEqual([
      recs[0].label,
      recs[1].label,
      "Idle link time in recovery: 16 of 18 idle stretches shaded (the longest of each period)",
    ]);
    // a window holding only the second period names only it
    expect(periodLegendEntries(bands, [2000, 2200]).map((e) => e.label)).toEqual([recs[1].label, idle[0].legendGroup]);
  });

  it("writes a utilisation in whole per cent", () => {
    expect([percent(1 / 21), percent(0.745), percent(1)]).toEqual(["5 %", "75 %", "100 %"]);
  });
});
