/** What the run view draws on its window chart besides cwnd, ssthresh and pipe:
 * the core's window variables (the catalogue's vars of family "core" counted
 * in bytes: the receiver's advertised window rwnd_bytes, the sender's send
 * buffer sndbuf_bytes) and the application stalls (the engine's app_stall
 * events, a begin and an end each) as periods to shade.
 *
 * Nothing here names a variable or writes a label: the catalogue says both. */
import type { TraceEvent } from "./chart-math/events";
import type { MechanismVar } from "./forms/catalogue";

/** The family the engine's catalogue gives its own (non-mechanism) variables. */
export const CORE_FAMILY = "core";

/** The catalogue's core variables in bytes, in catalogue order: they share the
 * window chart's axis (bytes or segments) with cwnd and pipe. */
export function windowVars(vars: readonly MechanismVar[]): MechanismVar[] {
  return vars.filter((v) => v.family === CORE_FAMILY && v.unit === "bytes");
}

/** One application stall of a flow: [t0, t1] ms; `open` when it had not
 * ended by the end of what was looked at (t1 is then that end), `carried`
 * when it had begun before (t0 is then that start). */
export interface StallPeriod {
  t0: number;
  t1: number;
  /** the send buffer's size when the stall began (bytes), or when it ended if its beginning was not seen */
  sndbufBytes: number;
  open: boolean;
  carried: boolean;
}

/** The application stalls among `events` (any order, any kinds) of `flow`,
 * paired begin-to-end in time order, within [fromMs, toMs]: an end whose
 * begin lies before the events seen starts at fromMs, a begin without an end
 * lasts to toMs.  A second begin without an end in between (the engine never
 * traces one) is ignored: the stall already open goes on. */
export function stallPeriods(events: readonly TraceEvent[], flow: number, fromMs: number, toMs: number): StallPeriod[] {
  const stalls = events
    .filter((e): e is Extract<TraceEvent, { kind: "app_stall" }> => e.kind === "app_stall" && e.flow === flow)
    .sort((a, b) => a.t_ns - b.t_ns || a.i - b.i);
  const out: StallPeriod[] = [];
  let open: { t: number; bytes: number; carried: boolean } | null = null;
  let seenAny = false;
  for (const e of stalls) {
    if (e.stall_begins) {
      if (!open) open = { t: e.t, bytes: e.sndbuf_bytes, carried: false };
    } else if (open) {
      out.push({ t0: open.t, t1: e.t, sndbufBytes: open.bytes, open: false, carried: open.carried });
      open = null;
    } else if (!seenAny) {
      // the first stall event seen is an end: the stall began before the events looked at
      out.push({ t0: Math.min(fromMs, e.t), t1: e.t, sndbufBytes: e.sndbuf_bytes, open: false, carried: true });
    }
    seenAny = true;
  }
  if (open) out.push({ t0: open.t, t1: Math.max(toMs, open.t), sndbufBytes: open.bytes, open: true, carried: open.carried });
  return out;
}

/** The total stalled time (ms) of the periods. */
export function stalledMs(periods: readonly StallPeriod[]): number {
  return periods.reduce((a, p) => a + (p.t1 - p.t0), 0);
}
