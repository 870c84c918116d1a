/** Differences from the baseline variant, for the summary table. */
import type { Paired, Stats } from "./comparison";

export interface Diff {
  abs: number;
  rel: number | null;
  /** "better" or "worse" for this metric's direction, "differs" when neither direction is better, "same" */
  verdict: "better" | "worse" | "same" | "differs";
  /** both 95% CIs exist and do not overlap */
  significant: boolean;
}

/** `higherIsBetter` is the catalogue's `higher_is_better` for the metric (null: neither direction is better). */
export function diffFromBaseline(v: Stats, base: Stats, higherIsBetter: boolean | null, tolerance = 1e-9): Diff | null {
  if (v.mean === null || base.mean === null) return null;
  const abs = v.mean - base.mean;
  const rel = base.mean !== 0 ? abs / Math.abs(base.mean) : null;
  const scale = Math.max(Math.abs(base.mean), Math.abs(v.mean), 1);
  let verdict: Diff["verdict"] = "same";
  if (Math.abs(abs) > tolerance * scale) {
    const lower = abs < 0;
    verdict = higherIsBetter === null ? "differs" : higherIsBetter === lower ? "worse" : "better";
  }
  const significant = !!(v.ci95 && base.ci95 && (v.ci95[1] < base.ci95[0] || v.ci95[0] > base.ci95[1]));
  return { abs, rel, verdict, significant };
}

export interface PairedVerdict {
  verdict: Diff["verdict"];
  /** the paired difference's 95% CI excludes zero */
  significant: boolean;
}

/** The verdict on a paired difference (variant minus baseline over common
 * seeds): its sign read with the metric's direction, and whether its 95% CI
 * excludes zero (a paired t test at the 5% level). */
export function pairedVerdict(p: Paired, higherIsBetter: boolean | null, scale: number | null = null, tolerance = 1e-9): PairedVerdict {
  const s = Math.max(Math.abs(scale ?? 0), 1);
  let verdict: Diff["verdict"] = "same";
  if (Math.abs(p.meanDiff) > tolerance * s) {
    const lower = p.meanDiff < 0;
    verdict = higherIsBetter === null ? "differs" : higherIsBetter === lower ? "worse" : "better";
  }
  const significant = !!p.ci95 && (p.ci95[1] < 0 || p.ci95[0] > 0);
  return { verdict, significant };
}
