/** Input text -> the value sent to the API, and client-side range hints.
 * The server has the last word: anything that does not parse as a number is
 * sent as typed, so the server's own message is what the user sees. */
import type { FieldSpec } from "./catalogue";

export interface Coerced {
  value: unknown;
  /** a client-side hint (never blocks submission) */
  hint: string | null;
}

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function formatRange(spec: Pick<FieldSpec, "min" | "max">): string | null {
  if (spec.min === undefined && spec.max === undefined) return null;
  if (spec.min !== undefined && spec.max !== undefined) return `between ${fmt(spec.min)} and ${fmt(spec.max)}`;
  if (spec.min !== undefined) return `at least ${fmt(spec.min)}`;
  return spec.max !== undefined ? `at most ${fmt(spec.max)}` : null;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(+n.toPrecision(6));
}

/** Check a number against the spec; returns a hint phrased like the server's messages. */
export function rangeHint(spec: Pick<FieldSpec, "numberType" | "min" | "max">, v: number): string | null {
  if (spec.numberType === "int" && !Number.isInteger(v)) return `must be an integer${spec.min !== undefined ? ` ${formatRange(spec)}` : ""}`;
  const out = (spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max);
  return out ? `must be ${formatRange(spec)} (got ${fmt(v)})` : null;
}

/** What an input hands over: the text typed, a checkbox's state, or the names a set's boxes tick. */
export type RawInput = string | boolean | readonly string[];

/** How many names a set takes, e.g. "between 1 and 2 names"; null when any number does. */
export function formatCount(spec: Pick<FieldSpec, "min" | "max">): string | null {
  const min = spec.min !== undefined && spec.min > 0 ? spec.min : undefined;
  const max = spec.max;
  if (min === undefined && max === undefined) return null;
  const names = (n: number) => `${fmt(n)} name${n === 1 ? "" : "s"}`;
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${names(min)}` : `between ${fmt(min)} and ${names(max)}`;
  return min !== undefined ? `at least ${names(min)}` : `at most ${names(max as number)}`;
}

/** A set's names: a list of strings, without duplicates, in the catalogue's choice
 * order (names it does not offer last, as given); anything else is no names. */
export function setMembers(spec: Pick<FieldSpec, "choices">, value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const names = [...new Set(value.filter((v): v is string => typeof v === "string"))];
  const order = spec.choices ?? [];
  return [...order.filter((c) => names.includes(c)), ...names.filter((n) => !order.includes(n))];
}

/** Check how many names a set holds, and that the catalogue offers them. */
export function setHint(spec: FieldSpec, names: readonly string[]): string | null {
  const unknown = names.filter((n) => !(spec.choices ?? []).includes(n));
  if (unknown.length) return `not offered by the engine: ${unknown.join(", ")}`;
  const out = (spec.min !== undefined && names.length < spec.min) || (spec.max !== undefined && names.length > spec.max);
  return out ? `choose ${formatCount(spec)} (got ${names.length})` : null;
}

/** Coerce what the user typed or picked. */
export function coerceInput(spec: FieldSpec, raw: RawInput): Coerced {
  if (spec.kind === "set") {
    const names = setMembers(spec, typeof raw === "string" ? [raw] : raw);
    return { value: names, hint: setHint(spec, names) };
  }
  if (typeof raw !== "string" && typeof raw !== "boolean") return { value: [...raw], hint: null };
  if (spec.kind === "checkbox") return { value: Boolean(raw), hint: null };
  if (spec.kind === "select") return { value: String(raw), hint: null };
  const text = String(raw).trim();
  if (text === "") return { value: null, hint: `enter a number${formatRange(spec) ? ` ${formatRange(spec)}` : ""}` };
  if (!NUMBER_RE.test(text)) return { value: text, hint: "not a number" };
  const v = Number(text);
  return { value: v, hint: rangeHint(spec, v) };
}

/** The text an input shows for a stored value. */
export function displayValue(spec: FieldSpec, value: unknown): string | boolean {
  if (spec.kind === "checkbox") return Boolean(value ?? spec.default);
  if (spec.kind === "set") return setMembers(spec, value ?? spec.default).join(", ");
  if (value === undefined) value = spec.default;
  if (value === null || value === undefined) return "";
  return String(value);
}

/** Human-friendly reading of a value with its unit, e.g. 10000000 bps -> "10 Mbit/s".
 * What a special value means (0 = unlimited) is the catalogue's to say (FieldSpec.special). */
export function humanize(spec: Pick<FieldSpec, "unit">, value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  if (spec.unit === "bps") {
    if (value === 0) return null;
    const units: [number, string][] = [[1e9, "Gbit/s"], [1e6, "Mbit/s"], [1e3, "kbit/s"]];
    for (const [d, u] of units) if (value >= d) return `${+(value / d).toPrecision(4)} ${u}`;
    return `${value} bit/s`;
  }
  if (spec.unit === "bytes" && value >= 100_000) {
    const units: [number, string][] = [[2 ** 30, "GiB"], [2 ** 20, "MiB"], [2 ** 10, "KiB"]];
    for (const [d, u] of units) if (value >= d) return `${+(value / d).toPrecision(4)} ${u}`;
  }
  return null;
}
