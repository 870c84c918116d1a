/** The per-flow metrics as the engine catalogue describes them (its `metrics`
 * list: name, label, unit, doc, type, higher_is_better, nullable), and the
 * helpers every table and chart uses to name, order and judge a metric.
 * Nothing here knows a metric by heart: a metric the catalogue does not
 * describe (or a catalogue without the list) is shown by its name, last. */
import { isObject } from "./forms/paths";

export interface MetricInfo {
  name: string;
  /** display name ("Completion time"); the name when the catalogue gives none */
  label: string;
  /** "ms", "bytes", "bps", or "" for a count or a flag */
  unit: string;
  /** the explanation, for a tooltip ("" when unknown) */
  doc: string;
  /** "int", "float", "bool", ... ("" when unknown) */
  type: string;
  /** true: larger is better; false: smaller is better; null: neither (or unknown) */
  higherIsBetter: boolean | null;
  nullable: boolean;
}

/** The catalogue's `metrics` list, read defensively: rows without a name are skipped. */
export function parseMetrics(raw: unknown): MetricInfo[] {
  if (!Array.isArray(raw)) return [];
  const out: MetricInfo[] = [];
  const seen = new Set<string>();
  for (const m of raw) {
    if (!isObject(m) || typeof m.name !== "string" || !m.name || seen.has(m.name)) continue;
    seen.add(m.name);
    out.push({
      name: m.name,
      label: typeof m.label === "string" && m.label ? m.label : m.name,
      unit: typeof m.unit === "string" ? m.unit : "",
      doc: typeof m.doc === "string" ? m.doc : "",
      type: typeof m.type === "string" ? m.type : "",
      higherIsBetter: typeof m.higher_is_better === "boolean" ? m.higher_is_better : null,
      nullable: m.nullable === true,
    });
  }
  return out;
}

/** What the catalogue says about a metric; its name and nothing else when it says nothing. */
export function metricInfo(metrics: readonly MetricInfo[] | null | undefined, name: string): MetricInfo {
  return metrics?.find((m) => m.name === name) ?? { name, label: name, unit: "", doc: "", type: "", higherIsBetter: null, nullable: false };
}

/** A column heading or axis title: "Completion time (ms)", "Retransmissions". */
export function metricHeading(info: Pick<MetricInfo, "label" | "unit">): string {
  return info.unit ? `${info.label} (${info.unit})` : info.label;
}

/** The tooltip of a metric: its doc, else its name. */
export function metricTooltip(info: Pick<MetricInfo, "name" | "doc">): string {
  return info.doc ? `${info.doc} (${info.name})` : info.name;
}

/** Metric names in catalogue order, then those the catalogue does not list, by name; no duplicates. */
export function orderMetricNames(names: Iterable<string>, metrics: readonly MetricInfo[] | null | undefined): string[] {
  const present = new Set(names);
  const known = (metrics ?? []).map((m) => m.name).filter((n) => present.has(n));
  const rest = [...present].filter((n) => !known.includes(n)).sort();
  return [...known, ...rest];
}

/** The metrics present in some rows (per-flow metric records), described and in order. */
export function metricColumns(rows: readonly Record<string, unknown>[], metrics: readonly MetricInfo[] | null | undefined): MetricInfo[] {
  const keys = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) keys.add(k);
  return orderMetricNames(keys, metrics).map((n) => metricInfo(metrics, n));
}

/** Whether a larger value of the metric is better (true), worse (false), or neither / unknown (null). */
export function higherIsBetter(metrics: readonly MetricInfo[] | null | undefined, name: string): boolean | null {
  return metricInfo(metrics, name).higherIsBetter;
}

/** A metric's name and unit for axis titles and captions, from the catalogue
 * ("fct_ms" -> {name: "Completion time", unit: "ms"}); its name when the catalogue does not describe it. */
export function metricLabel(metric: string, metrics?: readonly MetricInfo[] | null): { name: string; unit: string; doc: string } {
  const m = metricInfo(metrics, metric);
  return { name: m.label, unit: m.unit, doc: m.doc };
}
