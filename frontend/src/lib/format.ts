/** Every number the dashboards print: axes, tooltips, tables, bar labels and
 * URL parameters (pure). Built on d3-format with an ASCII minus, so text that
 * goes into URLs and CSV stays plain. */
import { formatLocale } from "d3-format";

const { format } = formatLocale({ decimal: ".", thousands: ",", grouping: [3], currency: ["", ""], minus: "-" });

const memo = new Map<string, (n: number) => string>();
function fmt(spec: string): (n: number) => string {
  const known = memo.get(spec);
  if (known) return known;
  const f = format(spec);
  memo.set(spec, f);
  return f;
}

// ---- plain numbers

/** Round to at most `digits` decimals and drop trailing zeros: 342.96875 -> "342.97". */
export function trimNumber(v: number, digits = 2): string {
  if (!Number.isFinite(v)) return String(v);
  const s = fmt(`.${digits}~f`)(v);
  return s === "-0" ? "0" : s;
}

/** Compact axis label for a count or byte offset: 13032 -> "13k", 2.5e6 -> "2.5M". */
export function formatCompact(v: number): string {
  const a = Math.abs(v);
  if (a < 10_000) return trimNumber(v, a < 10 ? 2 : 0);
  return fmt(".3~s")(v);
}

/** Up to `digits` significant digits, no trailing zeros, thousands separators from 1000 on, "M" from a million. */
export function fmtNum(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  if (v === 0) return "0";
  const a = Math.abs(v);
  if (a >= 1e6) return `${fmt(`.${digits}~r`)(v / 1e6)}M`;
  if (a >= 1000) return fmt(",.0f")(v);
  return fmt(`.${digits}~r`)(v);
}

/** `digits` significant digits with the trailing zeros kept, so a table's column reads alike (15.0, 16.9, 0.740);
 * 0 and values from 1000 on as fmtNum. */
export function fmtSig(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  if (v === 0 || Math.abs(v) >= 1000) return fmtNum(v, digits);
  return fmt(`.${digits}r`)(v);
}

/** Normalized values: always two decimals (1.00 is the baseline). */
export function fmtRatio(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  return fmt(".2f")(v);
}

const sign = (v: number) => (v > 0 ? "+" : v < 0 ? "−" : "±");

export function fmtSigned(v: number, digits = 3): string {
  return `${sign(v)}${fmtNum(Math.abs(v), digits)}`;
}

export function fmtPct(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return "";
  const p = v * 100;
  return `${sign(p)}${fmt(Math.abs(p) < 10 ? ".1f" : ".0f")(Math.abs(p))}%`;
}

export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" }) as Record<number, string>)[n % 10] ?? "th";
  return `${n}${s}`;
}

// ---- quantities with units

/** A duration or instant in ms: "160 ms", "342.97 ms", "0.05 ms", "1.25 s" (>= 10 s: "12.3 s"). */
export function formatMs(ms: number, digits = 2): string {
  if (!Number.isFinite(ms)) return "–";
  const a = Math.abs(ms);
  if (a >= 10_000) return `${trimNumber(ms / 1000, 1)} s`;
  if (a >= 1000) return `${trimNumber(ms / 1000, 3)} s`;
  if (a > 0 && a < 0.01) return `${trimNumber(ms * 1000, digits)} µs`;
  return `${trimNumber(ms, digits)} ms`;
}

/** µs (the engine's unit for SRTT, RTO, timeouts) as ms text. */
export function formatUs(us: number, digits = 2): string {
  return formatMs(us / 1000, digits);
}

/** Axis tick for a time in ms, precision from the tick step; seconds from 10 s
 * on (or for steps of a second and more): 13150 ms at a 50 ms step -> "13.15 s". */
export function formatTimeTick(ms: number, stepMs: number): string {
  const step = Math.abs(stepMs) || 1;
  const seconds = step >= 1000 || Math.abs(ms) >= 10_000;
  const s = seconds ? step / 1000 : step;
  const d = Math.max(0, Math.min(6, -Math.floor(Math.log10(s) + 1e-9)));
  return `${fmt(`.${d}f`)(seconds ? ms / 1000 : ms)} ${seconds ? "s" : "ms"}`;
}

/** A time window "a – b" with enough digits that its ends differ (a tenth of
 * the span's precision, as axis ticks): 16300-16350 ms -> "16.300 s – 16.350 s",
 * where formatMs would print "16.3 s – 16.3 s". */
export function formatMsRange(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return "–";
  const step = Math.max(Math.abs(b - a) / 10, 0.001);
  return `${formatTimeTick(a, step)} – ${formatTimeTick(b, step)}`;
}

/** Bytes with an SI suffix: 1448 -> "1448 B", 14480 -> "14.5 kB", 4.4e8 -> "443 MB". */
export function formatBytes(b: number): string {
  if (!Number.isFinite(b)) return "–";
  const a = Math.abs(b);
  if (a < 10_000) return `${Math.round(b)} B`;
  if (a < 1e6) return `${trimNumber(b / 1e3, a < 1e5 ? 1 : 0)} kB`;
  if (a < 1e9) return `${trimNumber(b / 1e6, a < 1e7 ? 2 : 1)} MB`;
  return `${trimNumber(b / 1e9, 2)} GB`;
}

/** A metric as the table shows it: integers as is, others with <= 3 decimals, booleans yes/no. */
export function formatMetric(v: unknown): string {
  if (v === null || v === undefined) return "–";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : trimNumber(v, 3);
  if (Array.isArray(v)) {
    const head = v.slice(0, 3).map(formatMetric).join(", ");
    return v.length > 3 ? `${head}, … (${v.length})` : head || "–";
  }
  return String(v);
}
