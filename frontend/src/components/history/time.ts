/** When a history entry was made, for people: relative ("3 min ago") and
 * absolute ("2026-08-21 14:03:07", the reader's local time). Pure. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "short" });

/** "just now" under 10 s, else the largest whole unit: "3 min. ago", "yesterday", "2 wk. ago";
 * a time in the future (a clock ahead of ours) reads "just now". "" for a date it cannot read. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const s = (now - t) / 1000;
  if (s < 10) return "just now";
  for (const [unit, size] of UNITS) {
    if (s >= size) return relative.format(-Math.floor(s / size), unit);
  }
  return "just now";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-08-21 14:03:07" in local time; the text itself when it is not a date. */
export function absoluteTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
