/** Number formatting for labels and tables. */

/** Up to `digits` significant digits, no trailing zeros, thin thousands for large values. */
export function fmtNum(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  if (v === 0) return "0";
  const a = Math.abs(v);
  if (a >= 1e6) return `${+(v / 1e6).toPrecision(digits)}M`;
  if (a >= 1000) return Math.round(v).toLocaleString("en-US");
  return String(+v.toPrecision(digits));
}

/** Normalized values: always two decimals (1.00 is the baseline). */
export function fmtRatio(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  return v.toFixed(2);
}

export function fmtSigned(v: number, digits = 3): string {
  return `${v > 0 ? "+" : v < 0 ? "−" : "±"}${fmtNum(Math.abs(v), digits)}`;
}

export function fmtPct(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return "";
  const p = v * 100;
  return `${p > 0 ? "+" : p < 0 ? "−" : "±"}${Math.abs(p).toFixed(Math.abs(p) < 10 ? 1 : 0)}%`;
}

/** "fct_ms" -> { name: "FCT", unit: "ms" } for axis titles. */
export function metricLabel(metric: string): { name: string; unit: string } {
  const known: Record<string, { name: string; unit: string }> = {
    fct_ms: { name: "Flow completion time", unit: "ms" },
    request_ms: { name: "Object completion time", unit: "ms" },
    goodput_bps: { name: "Goodput", unit: "bit/s" },
    time_in_recovery_ms: { name: "Time in recovery", unit: "ms" },
    bytes_delivered: { name: "Bytes delivered", unit: "bytes" },
  };
  if (known[metric]) return known[metric];
  const name = metric.replace(/_/g, " ");
  return { name: name.charAt(0).toUpperCase() + name.slice(1), unit: "" };
}
