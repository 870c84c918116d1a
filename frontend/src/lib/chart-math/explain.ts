/** Why did this event happen?  Explanations built only from recorded values
 * (pure): the event's own columns, the timer_armed event that armed a firing
 * timer (formula, timeout_us, srtt_us, rto_us), the events at the same
 * instant (an ACK that re-armed a timer, a timer fire that caused a
 * retransmission) and the scenario (loss model, WCDelAckT).
 *
 * Timer formulas (sim-engine/src/timers):
 *   rto          RFC 6298: RTO after the arming event
 *   rto_restart  RFC 7765 §4: RTO − T_earliest after the ACK
 *   pto_multi    TLP eq. (1): max(2·SRTT, 10 ms), several segments outstanding
 *   pto_single   TLP eq. (2): max(2·SRTT, 1.5·SRTT + WCDelAckT), one outstanding
 *   pto_capped   the probe may not fire later than the RTO it stands in for
 *   pto_rfc8985  RACK-TLP: 2·SRTT + WCDelAckT (one outstanding) or 2·SRTT + 2 ms
 *   pto_no_srtt  1 s before any RTT sample
 *   er_delay     Linux delayed Early Retransmit: max(SRTT/4, 2 ms)
 *   delack       the receiver's delayed-ACK timer
 */
import { dataEnd, type EventOf, type TimerEvent, type TraceEvent } from "./events";
import { formatBytes, formatMs, formatUs, ordinal, trimNumber } from "../format";
import { periodStageName } from "./periods";
import { flowOf, mssOf } from "../mss";
import { droppedTransmission, linkTimers, type TimerLinks } from "./timeline";
import type { VocabEntry } from "../forms/catalogue";
import { EMPTY_TRACE_VOCAB, entryOf, spuriousReason, stateLabel, timerNoun, type TraceVocab } from "../traceVocab";

export interface Explanation {
  /** one line: what happened and the key reason, with numbers */
  title: string;
  /** supporting facts, one per line */
  details: string[];
}

export interface ExplainIndex {
  events: readonly TraceEvent[];
  links: TimerLinks;
  dropped: Map<number, EventOf<"send" | "retransmit" | "probe">>;
  /** previous cumulative ACK received per ack_recv event (for "acknowledges n bytes") */
  prevAck: Map<number, number>;
  /** seq -> segment index per flow, when known */
  segIndex: Map<number, Map<number, number>>;
  scenario: Record<string, unknown> | null;
  /** the catalogue's labels and docs of causes and drop stages; empty lists when unknown */
  vocab: TraceVocab;
}

type Obj = Record<string, unknown>;

function flowTcp(scenario: Obj | null, flow: number): Obj {
  const flows = (scenario?.flows as Obj[] | undefined) ?? [];
  return ((flows[flow] ?? flows[0])?.tcp as Obj | undefined) ?? {};
}

function forwardLoss(scenario: Obj | null, direction = "forward"): Obj {
  const path = (scenario?.path as Obj | undefined) ?? {};
  return ((path[direction] as Obj | undefined)?.loss as Obj | undefined) ?? {};
}


/** Precompute the links that explanations need, once per window.  Segment
 * numbers are exact when the window starts at the run's start or when
 * `segIndex` (seq -> index per flow, from every send of the run) is given;
 * otherwise they are estimated from seq / MSS and marked "≈". */
export function buildExplainIndex(
  events: readonly TraceEvent[],
  scenario?: Obj | null,
  segIndex?: Map<number, Map<number, number>> | null,
  vocab?: TraceVocab | null,
): ExplainIndex {
  const prevAck = new Map<number, number>();
  const lastAck = new Map<number, number>();
  const own = new Map<number, Map<number, number>>();
  const counters = new Map<number, number>();
  // segment numbers are only exact if the window starts at the run's start
  const fromStart = !segIndex && events.length > 0 && events[0].t_ns === 0;
  for (const e of events) {
    if (e.kind === "ack_recv" && !e.syn_ack) {
      const p = lastAck.get(e.flow);
      if (p !== undefined) prevAck.set(e.i, p);
      lastAck.set(e.flow, Math.max(p ?? -Infinity, e.seq));
    }
    if (fromStart && (e.kind === "send" || e.kind === "probe") && e.transmission === 1) {
      const m = own.get(e.flow) ?? new Map<number, number>();
      own.set(e.flow, m);
      if (!m.has(e.seq)) {
        const n = (counters.get(e.flow) ?? 0) + 1;
        counters.set(e.flow, n);
        m.set(e.seq, n);
      }
    }
  }
  return { events, links: linkTimers(events), dropped: droppedTransmission(events), prevAck, segIndex: segIndex ?? own, scenario: scenario ?? null, vocab: vocab ?? EMPTY_TRACE_VOCAB };
}

function bytesRange(e: TraceEvent): string {
  return `bytes ${e.seq}–${dataEnd(e)}`;
}

function segLabel(ix: ExplainIndex, e: TraceEvent): string {
  const n = ix.segIndex.get(e.flow)?.get(e.seq);
  return n !== undefined ? `segment #${n}` : `segment ≈#${Math.floor(e.seq / mssOf(flowOf(ix.scenario, e.flow))) + 1}`;
}

function segsText(bytes: number, mss: number): string {
  const s = bytes / mss;
  return `${formatBytes(bytes)} (${trimNumber(s, 1)} segment${s === 1 ? "" : "s"})`;
}

/** What caused a timer to be armed, from the event at the same instant before it. */
function armCauseText(cause: TraceEvent | undefined, vocab: TraceVocab): string {
  if (!cause) return "";
  switch (cause.kind) {
    case "ack_recv":
      return cause.syn_ack ? "by the SYN-ACK" : `by an ACK (cumulative ACK ${cause.seq})`;
    case "send":
      return "by sending new data";
    case "probe":
      return "after the TLP probe";
    case "retransmit":
      return "by the retransmission";
    case "timer_fired":
      return cause.timer === "rto" ? "after the previous RTO expired" : `after the ${timerNoun(vocab, cause.timer)} fired`;
    case "syn":
      return "by the SYN";
    case "deliver":
      return "by a segment arriving at the receiver";
    default:
      return "";
  }
}

/** Time from arming to expiry (ms); only a timer_armed event knows it, others give the timeout. */
function armDelay(e: TimerEvent): number {
  return e.kind === "timer_armed" ? (e.expires_ns - e.t_ns) / 1e6 : e.timeout_us / 1000;
}

/** The formula of a timer as text with the recorded numbers substituted. */
export function timerFormulaText(armed: TimerEvent, scenario: Obj | null): string {
  const srtt = armed.srtt_us / 1000;
  const timeout = armed.timeout_us / 1000;
  const wc = Number(flowTcp(scenario, armed.flow).wc_delack_ms ?? 200);
  const delay = armDelay(armed);
  const T = formatMs(timeout);
  switch (armed.formula) {
    case "pto_multi":
      return `PTO = max(2·SRTT, 10 ms) = max(2·${formatMs(srtt)}, 10 ms) = ${T}`;
    case "pto_single":
      return `PTO = max(2·SRTT, 1.5·SRTT + ${formatMs(wc)}) = max(2·${formatMs(srtt)}, 1.5·${formatMs(srtt)} + ${formatMs(wc)}) = ${T}`;
    case "pto_rfc8985": {
      const one = 2 * srtt + wc;
      return Math.abs(one - timeout) < Math.abs(2 * srtt + 2 - timeout)
        ? `PTO = 2·SRTT + WCDelAckT = 2·${formatMs(srtt)} + ${formatMs(wc)} = ${T}`
        : `PTO = 2·SRTT + 2 ms = 2·${formatMs(srtt)} + 2 ms = ${T}`;
    }
    case "pto_no_srtt":
      return `PTO = 1 s (no RTT sample yet) = ${T}`;
    case "pto_capped":
      return `PTO capped by the RTO it stands in for: fires ${formatMs(delay)} after arming (PTO would be ${T})`;
    case "rto_restart":
      return `RTO Restart: RTO − T_earliest = ${T} − ${formatMs(timeout - delay)} = ${formatMs(delay)}`;
    case "er_delay":
      return `ER delay = max(SRTT/4, 2 ms) = max(${formatMs(srtt)}/4, 2 ms) = ${T}`;
    case "delack":
      return `delayed-ACK timeout = ${T}`;
    default: // "rto"
      return srtt > 0 ? `RTO = ${T} (SRTT ${formatMs(srtt)})` : `RTO = ${T} (no RTT sample yet: the initial RTO)`;
  }
}

/** One line for a probe timer: why the PTO has the value it has. */
function ptoReason(armed: TimerEvent, scenario: Obj | null): string {
  const f = armed.formula;
  const outstanding = f === "pto_single" ? "one segment outstanding" : f === "pto_multi" ? "several segments outstanding" : "";
  let text = timerFormulaText(armed, scenario);
  // TLP with restart: the timer counts from the last transmission, not from the ACK
  const timeout = armed.timeout_us / 1000;
  const delay = armDelay(armed);
  if (f !== "pto_capped" && delay < timeout - 0.0005) {
    text += `, restarted: fires PTO − T_last = ${formatMs(timeout)} − ${formatMs(timeout - delay)} = ${formatMs(delay)} after arming`;
  }
  return outstanding ? `${outstanding}, ${text}` : text;
}

function rtoSummary(fired: EventOf<"timer_fired">, ix: ExplainIndex): { title: string; details: string[] } {
  const armed = ix.links.armedBy.get(fired.i);
  const next = ix.links.nextArm.get(fired.i);
  const ref = armed ?? fired;
  const rto = ref.timeout_us / 1000;
  const details: string[] = [];
  let head = "RTO expired";
  if (armed) {
    const cause = armCauseText(ix.links.armCause.get(armed.i), ix.vocab);
    head += `: armed at ${formatMs(armed.t)}${cause ? ` ${cause}` : ""}`;
    details.push(`armed at ${formatMs(armed.t)}${cause ? ` ${cause}` : ""}, to fire at ${formatMs(armed.expires_ns / 1e6)}`);
  } else {
    details.push("(the arming event is outside the loaded window)");
  }
  head += `, RTO = ${formatMs(rto)}`;
  if (ref.formula === "rto_restart") {
    const delay = armed ? armDelay(armed) : rto;
    const tEarliest = rto - delay;
    head += ` restarted as RTO − T_earliest = ${formatMs(delay)}`;
    details.push(`RTO Restart (RFC 7765 §4): RTO − T_earliest = ${formatMs(rto)} − ${formatMs(tEarliest)} = ${formatMs(delay)}, so the retransmission comes RTO after the earliest outstanding segment was sent (at ${formatMs(fired.t - rto)})`);
  } else {
    const profile = String(flowTcp(ix.scenario, fired.flow).rtt_profile ?? "rfc6298");
    details.push(`RTO = ${formatMs(rto)}, computed from SRTT ${formatUs(ref.srtt_us)} and RTTVAR (${profile === "linux" ? "Linux: SRTT + RTTVAR, RTTVAR at least min_rto = 200 ms" : "RFC 6298: SRTT + max(G, 4·RTTVAR), at least 1 s"}), backoff included`);
  }
  if (next && next.timer === "rto") {
    const nt = next.timeout_us / 1000;
    const ratio = rto > 0 ? nt / rto : 0;
    head += ` (backoff ×${trimNumber(ratio, 1)} next)`;
    details.push(`exponential backoff (RFC 6298 §5.5): the next RTO is ${formatMs(nt)} (×${trimNumber(ratio, 2)})`);
  } else {
    head += " (backoff ×2 next)";
    details.push("exponential backoff (RFC 6298 §5.5): the next RTO doubles");
  }
  const st = ix.links.stateAfter.get(fired.i);
  const mss = mssOf(flowOf(ix.scenario, fired.flow));
  if (st) {
    details.push(
      `the sender enters ${stateLabel(ix.vocab, st.state)}: cwnd ${formatBytes(fired.cwnd_bytes)} → ${segsText(st.cwnd_bytes, mss)}, ssthresh → ${st.ssthresh_bytes === null ? "∞" : formatBytes(st.ssthresh_bytes)}, and retransmits the first unacknowledged segment`,
    );
  } else {
    details.push("the sender retransmits the first unacknowledged segment");
  }
  return { title: head, details };
}

function probeTimerSummary(fired: EventOf<"timer_fired">, ix: ExplainIndex): string {
  const armed = ix.links.armedBy.get(fired.i) ?? fired;
  return ptoReason(armed, ix.scenario);
}

/** The cause of a transmission as the catalogue names it, when the event carries one the catalogue lists. */
export function causeOf(e: TraceEvent, causes: readonly VocabEntry[]): VocabEntry | undefined {
  return "cause" in e ? entryOf(causes, e.cause) : undefined;
}

/** "Fast retransmit" -> "fast retransmit"; acronyms ("RTO") stay as they are. */
function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/** A retransmission whose trace event names its cause: "Retransmission (fast retransmit)",
 * the cause's explanation, then what the recorded values say (the reason without the cause). */
function withCause(e: EventOf<"retransmit">, ix: ExplainIndex, at: string, reason: Explanation): Explanation {
  const cause = causeOf(e, ix.vocab.causes);
  if (!cause) return reason;
  const rest = reason.details.filter((d) => d !== at);
  // the generic reason's title is only "Retransmission: <segment>": keep the segment
  const generic = "Retransmission: ";
  const why = reason.title.startsWith(generic) ? reason.title.slice(generic.length) : reason.title;
  return {
    title: `Retransmission (${lowerFirst(cause.label)})`,
    details: [at, ...(cause.doc ? [cause.doc] : []), why, ...rest],
  };
}

/** Why a segment was sent again, from the timer fire or state change at the same instant and the state. */
function retransmitReason(e: EventOf<"retransmit">, ix: ExplainIndex, at: string, window: string): Explanation {
  const sc = ix.scenario;
  const fired = ix.links.firedBefore.get(e.i);
  const st = ix.links.stateBefore.get(e.i);
  const tx = `${segLabel(ix, e)}, ${bytesRange(e)} (${ordinal(e.transmission)} transmission)`;
  if (fired?.timer === "rto") {
    const r = rtoSummary(fired, ix);
    return { title: `RTO retransmission — ${r.title}`, details: [at, tx, ...r.details.slice(0, 3), window] };
  }
  if (fired?.timer === "early_retransmit") {
    const armed = ix.links.armedBy.get(fired.i) ?? fired;
    return {
      title: `Early Retransmit (RFC 5827, Linux's delayed variant): ${timerFormulaText(armed, sc)}`,
      details: [at, tx, "too few segments outstanding for three duplicate ACKs: the dupthresh is lowered", window],
    };
  }
  if (st && st.state === "recovery") {
    return {
      title: `Fast retransmit: ${stateLabel(ix.vocab, st.previous_state)} → ${stateLabel(ix.vocab, "recovery")}, loss detected from duplicate ACKs / SACK (RFC 6675)`,
      details: [at, tx, `ssthresh = ${e.ssthresh_bytes === null ? "∞" : formatBytes(e.ssthresh_bytes)}, cwnd = ${formatBytes(e.cwnd_bytes)}`, window],
    };
  }
  if (e.state === "recovery") {
    return {
      title: `Retransmission in fast recovery (RFC 6675 NextSeg): pipe ${formatBytes(e.pipe_bytes - e.arg)} < cwnd ${formatBytes(e.cwnd_bytes)} before it`,
      details: [at, tx, window],
    };
  }
  if (e.state === "loss") {
    return {
      title: `Retransmission after an RTO (Loss state, slow start): cwnd ${formatBytes(e.cwnd_bytes)} allows it`,
      details: [at, tx, window],
    };
  }
  return { title: `Retransmission: ${tx}`, details: [at, `state ${stateLabel(ix.vocab, e.state)}`, window] };
}

/** What dropped a packet: the stage the event names, else (a trace from before
 * trace v2) the queue for a queue drop and the scenario's loss model otherwise. */
function dropStage(e: EventOf<"drop">, loss: Obj): string | null {
  if (e.stage != null) return e.stage;
  if (e.reason === "queue") return "queue";
  return typeof loss.model === "string" ? loss.model : null;
}

/** The scenario's parameters of the stage that dropped a packet, as one line. */
function stageParams(stage: string, loss: Obj): string {
  switch (stage) {
    case "tail":
      return `the last ${loss.count ?? 1} segment(s) of each object, first transmission only`;
    case "bernoulli":
      return `each packet lost with probability p = ${loss.p}`;
    case "positioned":
      return "a positioned rule picked this transmission";
    case "gilbert_elliott":
      return `good → bad with p = ${loss.p}, bad → good with r = ${loss.r}, loss ${loss.loss_good ?? 0} / ${loss.loss_bad ?? 1} in the good / bad state`;
    default:
      return "";
  }
}

/** A drop, named by its stage as the catalogue labels it ("Tail loss", "Queue overflow"). */
function dropExplanation(e: EventOf<"drop">, ix: ExplainIndex, at: string, window: string): Explanation {
  const sc = ix.scenario;
  const dir = e.direction;
  const loss = forwardLoss(sc, dir);
  const tx = ix.dropped.get(e.i);
  const what = dir === "reverse" ? `ACK ${e.seq}` : tx ? `${ordinal(tx.transmission)} transmission of ${segLabel(ix, e)} (${bytesRange(e)})` : bytesRange(e);
  const lost = `the ${what} was lost on the ${dir} path`;
  const stage = dropStage(e, loss);
  const entry = entryOf(ix.vocab.dropStages, stage);
  const label = entry?.label ?? stage ?? "the loss model";
  const doc = entry?.doc ?? "";
  if (stage === "queue") {
    const path = (sc?.path as Obj | undefined)?.[dir] as Obj | undefined;
    const buf = path?.buffer_pkts ? `${path.buffer_pkts} packets` : "full";
    return { title: `Dropped at the bottleneck (${label}): the queue was full (buffer ${buf})`, details: [at, lost, doc, window].filter(Boolean) };
  }
  // the scenario's parameters describe the stage only when it is the direction's loss model
  const params = stage !== null && stage === loss.model ? stageParams(stage, loss) : "";
  return { title: `Dropped by the loss model (${label})`, details: [at, lost, doc, params].filter(Boolean) };
}

/** A spurious verdict (the core's one undo path writes it): which detector,
 * by which rule of its specification, on which ACK, and what the response
 * did to the window.  "F-RTO: the second ACK after the RTO advanced the
 * window ... → spurious; cwnd 2 KB → 10 KB, ssthresh 5 KB → ∞". */
export function spuriousExplanation(e: EventOf<"spurious">, vocab: TraceVocab, at: string): Explanation {
  const { detector, rule } = spuriousReason(vocab, e.detector, e.rule);
  const ss = (v: number | null | undefined) => (v == null ? "∞" : formatBytes(v));
  const change = (a: string, b: string) => (a === b ? `${a} (unchanged)` : `${a} → ${b}`);
  const cwnd = change(e.old_cwnd_bytes == null ? "?" : formatBytes(e.old_cwnd_bytes), formatBytes(e.cwnd_bytes));
  const window = `cwnd ${cwnd}, ssthresh ${change(ss(e.old_ssthresh_bytes), ss(e.ssthresh_bytes))}`;
  const undone = e.response !== "none";
  return {
    title: `${detector.label}: ${rule.label} → spurious; ${window}`,
    details: [
      `${at}, on ACK ${e.ack}`,
      undone
        ? `the RTO's window reduction is undone (tcp.spurious_response ${e.response}); state ${stateLabel(vocab, e.state)}`
        : "detect only (tcp.spurious_response none): the conventional recovery goes on",
      rule.doc,
      detector.doc,
    ].filter(Boolean),
  };
}

/** A spurious mark's short label: the detector and what its verdict did ("F-RTO undo", "Eifel (timestamps) spurious"). */
export function spuriousMarkLabel(e: EventOf<"spurious">, vocab: Partial<Pick<TraceVocab, "detectors">> | null | undefined): string {
  return `${spuriousReason(vocab, e.detector, e.rule).detector.label} ${e.response === "none" ? "spurious" : "undo"}`;
}

/** Explain one event.  Never throws; falls back to the event's own columns. */
export function explainEvent(e: TraceEvent, ix: ExplainIndex): Explanation {
  const sc = ix.scenario;
  const mss = mssOf(flowOf(sc, e.flow));
  const window = `cwnd ${segsText(e.cwnd_bytes, mss)}, pipe ${formatBytes(e.pipe_bytes)}${e.ssthresh_bytes === null ? "" : `, ssthresh ${formatBytes(e.ssthresh_bytes)}`}`;
  const at = `t = ${formatMs(e.t, 3)}`;
  switch (e.kind) {
    case "send": {
      // a cause other than plain new data (opportunistic, zero-window probe): the catalogue's label and doc say why
      const cause = e.cause && e.cause !== "new" ? causeOf(e, ix.vocab.causes) : undefined;
      if (cause)
        return {
          title: `New data (${lowerFirst(cause.label)}): ${segLabel(ix, e)}, ${bytesRange(e)}`,
          details: [at, ...(cause.doc ? [cause.doc] : []), window, `state ${stateLabel(ix.vocab, e.state)}`],
        };
      return {
        title: `New data: ${segLabel(ix, e)}, ${bytesRange(e)}`,
        details: [at, `first transmission; the window allows it: ${window}`, `state ${stateLabel(ix.vocab, e.state)}`],
      };
    }
    case "probe": {
      const fired = ix.links.firedBefore.get(e.i);
      const what = e.transmission === 1 ? "sends new data" : "retransmits the last segment";
      const reason = fired ? probeTimerSummary(fired, ix) : "the probe timer (PTO) expired";
      const armed = fired ? ix.links.armedBy.get(fired.i) : undefined;
      const details = [at, `TLP ${what}: ${segLabel(ix, e)}, ${bytesRange(e)} (${ordinal(e.transmission)} transmission)`];
      if (armed) {
        const cause = armCauseText(ix.links.armCause.get(armed.i), ix.vocab);
        details.push(`the probe timer was armed at ${formatMs(armed.t)}${cause ? ` ${cause}` : ""}`);
      }
      details.push("its ACK or SACK tells the sender what was lost, so fast recovery can start instead of an RTO");
      details.push(window);
      return { title: `TLP probe: ${reason}`, details };
    }
    case "retransmit":
      return withCause(e, ix, at, retransmitReason(e, ix, at, window));
    case "drop":
      return dropExplanation(e, ix, at, window);
    case "deliver":
      return {
        title: `Arrived at the receiver: ${bytesRange(e)} (${ordinal(e.transmission)} transmission)`,
        details: [at],
      };
    case "ack_sent": {
      const sack = e.sack?.length ? `, SACK ${e.sack.map(([a, b]) => `${a}–${b}`).join(" ")}` : "";
      return { title: `Receiver sends ACK ${e.seq}${sack}${e.dsack ? " (first block is a D-SACK)" : ""}`, details: [at] };
    }
    case "ack_recv": {
      if (e.syn_ack) return { title: "SYN-ACK received: the connection is established", details: [at, "the handshake gives the first RTT sample"] };
      const prev = ix.prevAck.get(e.i);
      const details = [at];
      let title: string;
      if (prev !== undefined && e.seq <= prev) title = `Duplicate ACK ${e.seq}: nothing new acknowledged`;
      else if (prev !== undefined) title = `ACK ${e.seq}: acknowledges ${formatBytes(e.seq - prev)} of new data`;
      else title = `ACK ${e.seq} received`;
      if (e.sack?.length) {
        const blocks = e.sack.map(([a, b]) => `${a}–${b}`).join(", ");
        details.push(e.dsack ? `D-SACK (RFC 2883): the receiver got bytes ${e.sack[0][0]}–${e.sack[0][1]} twice; SACK ${blocks}` : `SACK blocks: ${blocks} (received above a hole)`);
      }
      details.push(`after it: ${window}, SRTT ${formatUs(e.srtt_us)}, RTO ${formatUs(e.rto_us)}`);
      return { title, details };
    }
    case "timer_armed": {
      const label = timerNoun(ix.vocab, e.timer);
      const cause = armCauseText(ix.links.armCause.get(e.i), ix.vocab);
      const fires = formatMs(e.expires_ns / 1e6);
      const formula = e.timer === "probe" ? ptoReason(e, sc) : timerFormulaText(e, sc);
      return { title: `${label} armed${cause ? ` ${cause}` : ""}: fires at ${fires}`, details: [at, formula] };
    }
    case "timer_cancelled": {
      const label = timerNoun(ix.vocab, e.timer);
      return {
        title: `${label} stopped${e.pipe_bytes === 0 ? ": all data acknowledged" : ""}`,
        details: [at, `it would have fired at ${formatMs(e.expires_ns / 1e6)}`],
      };
    }
    case "timer_fired": {
      if (e.timer === "rto") {
        const r = rtoSummary(e, ix);
        return { title: r.title, details: [at, ...r.details] };
      }
      if (e.timer === "probe") {
        return { title: `Probe timer expired: ${probeTimerSummary(e, ix)}`, details: [at, "a TLP probe follows"] };
      }
      if (e.timer === "early_retransmit") {
        const armed = ix.links.armedBy.get(e.i) ?? e;
        return { title: `Early Retransmit timer expired: ${timerFormulaText(armed, sc)}`, details: [at] };
      }
      const armed = ix.links.armedBy.get(e.i);
      const wait = armed ? formatUs(armed.timeout_us) : formatMs(Number(((sc?.flows as Obj[] | undefined)?.[e.flow]?.receiver as Obj | undefined)?.delack_ms ?? 200));
      return {
        title: `Delayed-ACK timer expired at the receiver after ${wait}: the held-back ACK goes out`,
        details: [at, armed ? `armed at ${formatMs(armed.t)} when an unacknowledged segment arrived` : "(the arming event is outside the loaded window)"],
      };
    }
    case "state": {
      const from = stateLabel(ix.vocab, e.previous_state);
      const to = stateLabel(ix.vocab, e.state);
      const why: Record<string, string> = {
        recovery: "loss detected (duplicate ACKs / SACK reach dupthresh, or Early Retransmit): fast recovery starts",
        loss: "the RTO expired: every outstanding segment is presumed lost",
        cwr: "a TLP probe repaired a loss: cwnd is reduced once (RFC 8985 §7.4.2)",
        disorder: "duplicate ACKs or SACK blocks seen, not yet enough to declare a loss",
        open: "all losses repaired: the cumulative ACK passed the recovery point",
      };
      return {
        title: `Congestion state: ${from} → ${to}`,
        details: [at, why[e.state] ?? "", `ssthresh ${e.ssthresh_bytes === null ? "∞" : formatBytes(e.ssthresh_bytes)}, cwnd ${formatBytes(e.cwnd_bytes)}`],
      };
    }
    case "syn":
      return { title: e.syn_ack ? "SYN-ACK sent by the receiver" : "SYN sent: the connection opens", details: [at, `initial RTO ${formatUs(e.rto_us)}`] };
    case "app":
      return { title: `Application writes ${formatBytes(e.arg)}`, details: [at] };
    case "spurious":
      return spuriousExplanation(e, ix.vocab, at);
    case "path_period": {
      const stage = periodStageName(e.stage);
      const span = e.end_ns === null ? `from ${formatMs(e.start_ns / 1e6)} to the end of the run` : `${formatMs(e.start_ns / 1e6)} – ${formatMs(e.end_ns / 1e6)}`;
      return {
        title: `Path period: ${stage} on the ${e.direction} path, ${span}`,
        details: [at, "traced when the first packet met it; shaded behind the diagram and the cwnd chart"],
      };
    }
    default: {
      // a kind without its own wording (zero-window probe, application stall): the catalogue's label and doc
      const kind = entryOf(ix.vocab.events ?? [], e.kind);
      if (!kind) return { title: `${e.kind}`, details: [at, window] };
      const phase = e.kind === "app_stall" ? (e.stall_begins ? " begins" : " ends") : "";
      return { title: `${kind.label}${phase}`, details: [at, ...(kind.doc ? [kind.doc] : []), window] };
    }
  }
}
