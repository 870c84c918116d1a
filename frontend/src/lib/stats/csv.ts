/** CSV of a comparison, built in the browser from a (frozen) payload: the
 * same columns as GET /comparisons/{id}/export?format=csv. */
import type { ComparisonView } from "./comparison";

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function comparisonCsv(c: ComparisonView): string {
  const header = [...c.gridKeys, "variant", "n", "mean", "median", "p5", "p95", "ci95_low", "ci95_high", `normalized_to_${c.baseline}`];
  const lines = [header.map(cell).join(",")];
  for (const cl of c.cells) {
    for (const name of c.variants) {
      const v = cl.variants[name];
      if (!v) continue;
      const s = v.stats;
      lines.push(
        [...c.gridKeys.map((k) => cl.params[k]), name, s.n, s.mean, s.median, s.p5, s.p95, s.ci95?.[0], s.ci95?.[1], v.normalizedMean]
          .map(cell)
          .join(","),
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}
