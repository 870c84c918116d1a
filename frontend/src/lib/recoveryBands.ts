/** A flow's recovery episodes (RunPublic.episodes, the engine's
 * src/core/recmetrics.c: the opportunistic-retransmission paper's loss-recovery
 * period, §III and Fig. 1) as bands to shade on the run view's time axis: each
 * measured period, from the first retransmission leaving the bottleneck (T2) to
 * the first new packet the receive window admits leaving it (T5; with
 * opportunistic retransmission the packets sent past the window before it count
 * as busy time, not as its end), labelled with its utilisation (eq. 8), and
 * the link's idle stretches inside it (the longest ones the engine keeps).
 *
 * Every word that names a quantity and every "why" comes from the catalogue's
 * episode_metrics (label and doc); nothing here knows their text by heart. */
import type { RecoveryEpisode } from "./api";
import type { PeriodBand } from "./chart-math/periods";
import { formatMs } from "./format";
import { type MetricInfo, metricInfo } from "./metrics";

/** A utilisation (0..1) as the bands write it: whole per cent. */
export function percent(u: number): string {
  return `${Math.round(u * 100)} %`;
}

const ms = (ns: number) => ns / 1e6;

/** One measured period: [t0, t1] ms, its utilisation, its idle time (ms) and how many idle stretches it had. */
export interface RecoveryPeriod {
  t0: number;
  t1: number;
  utilisation: number;
  idleMs: number;
  idleGaps: number;
  /** the idle stretches the engine kept (the longest), [t0, t1] ms each */
  idle: [number, number][];
}

/** The episodes that have a measured period (an episode without one, e.g. no bottleneck rate or an RTO
 * before its first retransmission left, has null period fields), in order. */
export function recoveryPeriods(episodes: readonly RecoveryEpisode[] | null | undefined): RecoveryPeriod[] {
  const out: RecoveryPeriod[] = [];
  for (const e of episodes ?? []) {
    if (e.period_start_ns == null || e.period_end_ns == null || e.utilisation == null) continue;
    out.push({
      t0: ms(e.period_start_ns),
      t1: ms(e.period_end_ns),
      utilisation: e.utilisation,
      idleMs: ms(e.idle_ns ?? 0),
      idleGaps: e.idle_gaps ?? 0,
      idle: (e.idle_intervals_ns ?? []).map(([a, b]) => [ms(a), ms(b)] as [number, number]),
    });
  }
  return out;
}

/** The bands of the periods: each period ("recovery · 74 % of the link"), then its idle stretches.
 * `fields` is the catalogue's episode_metrics (parseMetrics). */
export function recoveryBands(episodes: readonly RecoveryEpisode[] | null | undefined, fields: readonly MetricInfo[]): PeriodBand[] {
  const util = metricInfo(fields, "utilisation");
  const idleInfo = metricInfo(fields, "idle_intervals_ns");
  const gapsInfo = metricInfo(fields, "idle_gaps");
  const periods = recoveryPeriods(episodes);
  const kept = periods.reduce((a, p) => a + p.idle.length, 0);
  const all = periods.reduce((a, p) => a + p.idleGaps, 0);
  const idleLegend = `${idleInfo.label} in recovery: ${kept} of ${all} ${gapsInfo.label.toLowerCase()} shaded (the longest of each period)`;
  const out: PeriodBand[] = [];
  for (const p of periods) {
    out.push({
      stage: "recovery",
      direction: "forward",
      t0: p.t0,
      t1: p.t1,
      text: `recovery · ${percent(p.utilisation)} of the link`,
      label: `recovery period ${formatMs(p.t0, 3)} – ${formatMs(p.t1, 3)}: ${util.label.toLowerCase()} ${percent(p.utilisation)} of the link, idle ${formatMs(p.idleMs, 3)} in ${p.idleGaps} ${p.idleGaps === 1 ? "stretch" : "stretches"}`,
      why: `${util.label}: ${util.doc}`,
      value: p.utilisation,
      testId: "recovery-band",
    });
    for (const [a, b] of p.idle)
      out.push({
        stage: "link_idle",
        direction: "forward",
        t0: a,
        t1: b,
        text: "",
        label: `${idleInfo.label.toLowerCase()} ${formatMs(a, 3)} – ${formatMs(b, 3)} (${formatMs(b - a, 3)})`,
        why: `${idleInfo.label}: ${idleInfo.doc}`,
        legendGroup: idleLegend,
        testId: "idle-band",
      });
  }
  return out;
}
