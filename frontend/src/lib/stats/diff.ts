/** Differences from the baseline variant, for the summary table. */
import type { Stats } from "./comparison";

/** Metrics where a larger value is better; for every other metric lower is better. */
export const HIGHER_IS_BETTER = new Set(["goodput_bps", "bytes_delivered"]);

export interface Diff {
  abs: number;
  rel: number | null;
  /** "better", "worse" or "same" for this metric's direction */
  verdict: "better" | "worse" | "same";
  /** both 95% CIs exist and do not overlap */
  significant: boolean;
}

export function diffFromBaseline(v: Stats, base: Stats, metric: string, tolerance = 1e-9): Diff | null {
  if (v.mean === null || base.mean === null) return null;
  const abs = v.mean - base.mean;
  const rel = base.mean !== 0 ? abs / Math.abs(base.mean) : null;
  const scale = Math.max(Math.abs(base.mean), Math.abs(v.mean), 1);
  let verdict: Diff["verdict"] = "same";
  if (Math.abs(abs) > tolerance * scale) {
    const lower = abs < 0;
    verdict = HIGHER_IS_BETTER.has(metric) ? (lower ? "worse" : "better") : lower ? "better" : "worse";
  }
  const significant = !!(v.ci95 && base.ci95 && (v.ci95[1] < base.ci95[0] || v.ci95[0] > base.ci95[1]));
  return { abs, rel, verdict, significant };
}
