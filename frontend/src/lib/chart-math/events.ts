/** The trace events served by GET /api/v1/runs/{id}/trace, typed by the
 * generated client: one type per event kind of the engine's catalogue, keyed
 * on `kind`, each with the fields the engine's describer gives that kind
 * (sim-engine/python/rexsim/tracefile.py EVENT_FIELDS).  Narrow on `kind`
 * (or use `EventOf<"drop">`) to read a kind's own fields.
 *
 * Column meaning by kind:
 *   seq    data: first byte; ACKs: cumulative ACK; timers: expiry time (ns)
 *   arg    data: payload bytes; timers: timeout (µs); state: previous state */
import type { TraceWindow } from "../api";

/** One event as the API sends it. */
export type ApiEvent = TraceWindow["events"][number];
export type EventKind = ApiEvent["kind"];
export type CongState = ApiEvent["state"];

/** An event of a loaded window. */
export type TraceEvent = ApiEvent & {
  /** position in the array it came from (a stable key within one window) */
  i: number;
  /** t_ns in milliseconds (the unit of every time axis) */
  t: number;
};
/** The events of one kind. */
export type EventOf<K extends EventKind> = Extract<TraceEvent, { kind: K }>;
export type TimerEvent = EventOf<"timer_armed" | "timer_fired" | "timer_cancelled">;
export type TimerKind = TimerEvent["timer"];

/** Sender transmissions of data (what can be clicked and re-run). */
export const DATA_TX_KINDS: ReadonlySet<EventKind> = new Set<EventKind>(["send", "retransmit", "probe"]);

/** The transmission number of a data event (1: its first); 1 for any other kind. */
export function transmissionOf(e: TraceEvent): number {
  return "transmission" in e ? e.transmission : 1;
}

/** The API's events, in the order given, with `i` = position and `t` in ms. */
export function toEvents(raw: readonly ApiEvent[]): TraceEvent[] {
  return raw.map((e, i) => ({ ...e, i, t: e.t_ns / 1e6 }));
}

/** Bytes covered by a data event ([seq, seq + len)). */
export function dataEnd(ev: TraceEvent): number {
  return ev.seq + ev.arg;
}
