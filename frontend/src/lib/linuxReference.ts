/** The engine's Linux reference (the catalogue's `linux_reference`): what a
 * real kernel did in small packetdrill scenarios and what the engine does in
 * the same situation, case by case, each naming the family members it
 * exercises.  Read defensively: a server without the table gives null, and
 * the dashboard then shows nothing of it. */
import { isObject } from "./forms/paths";

export interface ReferenceCase {
  id: string;
  script: string;
  behaviour: string;
  unit: string;
  /** the kernel's and the engine's figure: a number, or a name (a state) */
  kernel: number | string | null;
  engine: number | string | null;
  /** the agreement band, when the figure is a time */
  low: number | null;
  high: number | null;
  agrees: boolean;
  modelled: boolean;
  /** what the engine lacks to model it (null when modelled) */
  needs: string | null;
  /** family -> member the case exercises */
  mechanisms: Record<string, string>;
  /** the engine scenario that reproduces the script */
  scenario: Record<string, unknown> | null;
}

export interface LinuxReference {
  kernel: string;
  hz: number | null;
  tickMs: number | null;
  source: string;
  cases: ReferenceCase[];
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function figure(v: unknown): number | string | null {
  return typeof v === "string" ? v : num(v);
}

function parseCase(raw: unknown): ReferenceCase | null {
  if (!isObject(raw) || typeof raw.id !== "string" || !raw.id) return null;
  const mechanisms: Record<string, string> = {};
  if (isObject(raw.mechanisms)) {
    for (const [fam, member] of Object.entries(raw.mechanisms)) if (typeof member === "string" && member) mechanisms[fam] = member;
  }
  return {
    id: raw.id,
    script: typeof raw.script === "string" ? raw.script : "",
    behaviour: typeof raw.behaviour === "string" ? raw.behaviour : "",
    unit: typeof raw.unit === "string" ? raw.unit : "",
    kernel: figure(raw.kernel),
    engine: figure(raw.engine),
    low: num(raw.low),
    high: num(raw.high),
    agrees: raw.agrees === true,
    modelled: raw.modelled !== false,
    needs: typeof raw.needs === "string" && raw.needs ? raw.needs : null,
    mechanisms,
    scenario: isObject(raw.scenario) ? raw.scenario : null,
  };
}

/** The catalogue's linux_reference, or null when absent or malformed. */
export function parseLinuxReference(raw: unknown): LinuxReference | null {
  if (!isObject(raw) || !Array.isArray(raw.cases)) return null;
  const cases = raw.cases.map(parseCase).filter((c): c is ReferenceCase => c !== null);
  return {
    kernel: typeof raw.kernel === "string" && raw.kernel ? raw.kernel : "Linux",
    hz: num(raw.hz),
    tickMs: num(raw.tick_ms),
    source: typeof raw.source === "string" ? raw.source : "",
    cases,
  };
}

/** How one family member fares against the reference: the cases that name it. */
export interface MemberReference {
  kernel: string;
  tickMs: number | null;
  /** modelled cases that agree */
  matches: ReferenceCase[];
  /** modelled cases that do not agree (the engine's tests forbid them; shown if ever published) */
  differs: ReferenceCase[];
  /** behaviours the engine does not model yet */
  notModelled: ReferenceCase[];
}

/** The reference cases naming `member` of `family`, or null when none does (or there is no reference). */
export function memberReference(ref: LinuxReference | null | undefined, family: string, member: string): MemberReference | null {
  if (!ref) return null;
  const named = ref.cases.filter((c) => c.mechanisms[family] === member);
  if (!named.length) return null;
  return {
    kernel: ref.kernel,
    tickMs: ref.tickMs,
    matches: named.filter((c) => c.modelled && c.agrees),
    differs: named.filter((c) => c.modelled && !c.agrees),
    notModelled: named.filter((c) => !c.modelled),
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Matches Linux 6.18 on 7 reference cases (times within one 4 ms tick)". */
export function matchText(r: MemberReference): string {
  const tick = r.tickMs !== null ? ` (times within one ${r.tickMs} ms tick)` : "";
  const base = `Matches ${r.kernel} on ${plural(r.matches.length, "reference case")}${r.matches.length ? tick : ""}`;
  return r.differs.length ? `${base}; differs on ${r.differs.length}` : base;
}

/** "2 not modelled yet", or "" when every case is modelled. */
export function notModelledText(r: MemberReference): string {
  return r.notModelled.length ? `${r.notModelled.length} not modelled yet` : "";
}

/** A figure with its unit for the table: "304 ms", "open", "14 segments". */
export function figureText(v: number | string | null, unit: string): string {
  if (v === null) return "–";
  if (typeof v === "string") return v;
  const n = Number.isInteger(v) ? String(v) : v.toFixed(1);
  return unit && unit !== "state" ? `${n} ${unit}` : n;
}
