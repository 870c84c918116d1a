/** Typed view of the trace events served by GET /api/v1/runs/{id}/trace
 * (backend/app/services/traces.py `describe_events`, the same fields as
 * rexsim.result.Trace.describe).
 *
 * Column meaning by kind:
 *   seq    data: first byte; ACKs: cumulative ACK; timers: expiry time (ns)
 *   arg    data: payload bytes; timers: timeout (µs); state: previous state
 * plus resolved names: timer/formula/expires_ns/timeout_us (timers),
 * reason/direction (drops), previous_state (state), transmission (data),
 * dsack/sack (ACKs), syn_ack (SYN). */

export const EVENT_KINDS = [
  "send", "retransmit", "probe", "drop", "deliver", "ack_sent", "ack_recv", "timer_armed",
  "timer_fired", "timer_cancelled", "state", "syn", "sample", "app",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const STATES = ["open", "disorder", "cwr", "recovery", "loss"] as const;
export type CongState = (typeof STATES)[number];

export type TimerKind = "rto" | "probe" | "early_retransmit" | "delack";

export interface TraceEvent {
  /** position in the array it came from (a stable key within one window) */
  i: number;
  t_ns: number;
  /** t_ns in milliseconds (the unit of every time axis) */
  t: number;
  flow: number;
  kind: EventKind;
  seq: number;
  arg: number;
  cwnd_bytes: number;
  /** null: infinite */
  ssthresh_bytes: number | null;
  pipe_bytes: number;
  srtt_us: number;
  rto_us: number;
  state: CongState;
  timer?: TimerKind;
  formula?: string;
  expires_ns?: number;
  timeout_us?: number;
  reason?: string;
  direction?: string;
  previous_state?: CongState;
  transmission?: number;
  /** why the segment was sent (the vocabulary's cause name, e.g. "fast", "rule3", "rto"), when the trace says */
  cause?: string;
  syn_ack?: boolean;
  dsack?: boolean;
  sack?: [number, number][];
}

/** Sender transmissions of data (what can be clicked and re-run). */
export const DATA_TX_KINDS: ReadonlySet<EventKind> = new Set<EventKind>(["send", "retransmit", "probe"]);
/** Kinds the server never drops when it downsamples (traces.RARE_KINDS). */
export const RARE_KINDS: ReadonlySet<EventKind> = new Set<EventKind>([
  "drop", "retransmit", "probe", "timer_fired", "state", "syn", "app",
]);

function num(v: unknown, dflt = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? v : dflt;
}

/** The API's event dicts as typed events, in the order given, `i` = position. */
export function toEvents(raw: ReadonlyArray<Record<string, unknown>>): TraceEvent[] {
  const out: TraceEvent[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i];
    const t_ns = num(r.t_ns);
    const ev: TraceEvent = {
      i,
      t_ns,
      t: t_ns / 1e6,
      flow: num(r.flow),
      kind: (r.kind as EventKind) ?? "sample",
      seq: num(r.seq),
      arg: num(r.arg),
      cwnd_bytes: num(r.cwnd_bytes),
      ssthresh_bytes: r.ssthresh_bytes == null ? null : num(r.ssthresh_bytes),
      pipe_bytes: num(r.pipe_bytes),
      srtt_us: num(r.srtt_us),
      rto_us: num(r.rto_us),
      state: (r.state as CongState) ?? "open",
    };
    if (r.timer !== undefined) ev.timer = r.timer as TimerKind;
    if (r.formula !== undefined) ev.formula = String(r.formula);
    if (r.expires_ns !== undefined) ev.expires_ns = num(r.expires_ns);
    if (r.timeout_us !== undefined) ev.timeout_us = num(r.timeout_us);
    if (r.reason !== undefined) ev.reason = String(r.reason);
    if (r.direction !== undefined) ev.direction = String(r.direction);
    if (r.previous_state !== undefined) ev.previous_state = r.previous_state as CongState;
    if (r.transmission !== undefined) ev.transmission = num(r.transmission);
    if ((typeof r.cause === "string" && r.cause) || (typeof r.cause === "number" && Number.isInteger(r.cause))) ev.cause = String(r.cause);
    if (r.syn_ack !== undefined) ev.syn_ack = Boolean(r.syn_ack);
    if (r.dsack !== undefined) ev.dsack = Boolean(r.dsack);
    if (Array.isArray(r.sack)) ev.sack = (r.sack as unknown[]).map((b) => [num((b as number[])[0]), num((b as number[])[1])]);
    out[i] = ev;
  }
  return out;
}

/** Bytes covered by a data event ([seq, seq + len)). */
export function dataEnd(ev: TraceEvent): number {
  return ev.seq + ev.arg;
}

export const STATE_LABEL: Record<CongState, string> = {
  open: "Open", disorder: "Disorder", cwr: "CWR", recovery: "Recovery", loss: "Loss",
};

export const TIMER_LABEL: Record<TimerKind, string> = {
  rto: "RTO", probe: "PTO", early_retransmit: "ER", delack: "DelACK",
};
