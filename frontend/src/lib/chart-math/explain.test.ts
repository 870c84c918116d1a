import { buildExplainIndex, explainEvent, spuriousMarkLabel, timerFormulaText } from "./explain";
import { toEvents, type EventOf, type TimerEvent, type TraceEvent } from "./events";
import { apiEvent, BASELINE_TAIL, FRTO_SPIKE, firstOf, RTOR_TAIL, TLP_TAIL, TLPR_TAIL, type Fixture } from "./fixtures";
import recorded from "../fixtures/catalogue-trace-vocab.json";
import { EMPTY_TRACE_VOCAB, parseTraceVocab } from "../traceVocab";

/** The engine catalogue's causes and stages (recorded from `python -m rexsim catalog`). */
const VOCAB = parseTraceVocab(recorded);

function first(f: Fixture, pred: (e: TraceEvent) => boolean): TraceEvent {
  const e = f.events.find(pred);
  if (!e) throw new Error("no such event");
  return e;
}

describe("explain: TLP run", () => {
  const ix = buildExplainIndex(TLP_TAIL.events, TLP_TAIL.scenario);
  it("explains the probe from the timer_armed event that armed it", () => {
    const probe = first(TLP_TAIL, (e) => e.kind === "probe");
    const x = explainEvent(probe, ix);
    // armed at 160 ms by the first ACK: several segments outstanding, SRTT 80 ms
    expect(x.title).toBe("TLP probe: several segments outstanding, PTO = max(2·SRTT, 10 ms) = max(2·80 ms, 10 ms) = 160 ms");
    expect(x.details.join("\n")).toContain("retransmits the last segment: segment #10, bytes 13032–14480 (2nd transmission)");
    expect(x.details.join("\n")).toContain("armed at 160 ms by an ACK (cumulative ACK 2896)");
  });
  it("explains the tail drop by the loss model", () => {
    const drop = first(TLP_TAIL, (e) => e.kind === "drop");
    const x = explainEvent(drop, ix);
    expect(x.title).toBe("Dropped by the loss model (tail)");
    expect(x.details.join(" ")).toContain("1st transmission of segment #10");
  });
  it("numbers new segments from 1", () => {
    const sends = TLP_TAIL.events.filter((e) => e.kind === "send");
    expect(explainEvent(sends[0], ix).title).toBe("New data: segment #1, bytes 0–1448");
    expect(explainEvent(sends[9], ix).title).toBe("New data: segment #10, bytes 13032–14480");
  });
  it("explains ACKs relative to the previous cumulative ACK", () => {
    const acks = TLP_TAIL.events.filter((e) => e.kind === "ack_recv" && !e.syn_ack);
    expect(explainEvent(acks[1], ix).title).toBe("ACK 5792: acknowledges 2896 B of new data");
  });
  it("explains the delayed-ACK timer", () => {
    const fired = firstOf(TLP_TAIL, "timer_fired", (e) => e.timer === "delack");
    expect(explainEvent(fired, ix).title).toContain("Delayed-ACK timer expired at the receiver after 200 ms");
  });
});

describe("explain: RTO runs", () => {
  it("says when and by what the RTO was armed, its value and the backoff", () => {
    const ix = buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario, null, VOCAB);
    const fired = firstOf(BASELINE_TAIL, "timer_fired", (e) => e.timer === "rto");
    const x = explainEvent(fired, ix);
    expect(x.title).toBe("RTO expired: armed at 360 ms by an ACK (cumulative ACK 13032), RTO = 342.97 ms (backoff ×2 next)");
    expect(x.details.join("\n")).toContain("the next RTO is 685.94 ms (×2)");
    // what the fire did, from the state event that followed it
    expect(x.details.join("\n")).toContain("the sender enters Loss: cwnd 18.8 kB → 1448 B (1 segment), ssthresh → 13.2 kB, and retransmits");
  });
  it("explains the RTO retransmission through the timer", () => {
    const ix = buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario);
    const rtx = first(BASELINE_TAIL, (e) => e.kind === "retransmit");
    expect(explainEvent(rtx, ix).title).toMatch(/^RTO retransmission — RTO expired: armed at 360 ms by an ACK/);
  });
  it("explains RTO Restart as RTO − T_earliest", () => {
    const ix = buildExplainIndex(RTOR_TAIL.events, RTOR_TAIL.scenario);
    const fired = firstOf(RTOR_TAIL, "timer_fired", (e) => e.timer === "rto");
    const x = explainEvent(fired, ix);
    expect(x.title).toContain("restarted as RTO − T_earliest = 62.97 ms");
    expect(x.details.join("\n")).toContain("RTO − T_earliest = 342.97 ms − 280 ms = 62.97 ms");
    expect(x.details.join("\n")).toContain("earliest outstanding segment was sent (at 80 ms)");
  });
  it("explains the state change to Loss, with the catalogue's state labels (the raw names without it)", () => {
    const ix = buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario, null, VOCAB);
    const st = first(BASELINE_TAIL, (e) => e.kind === "state" && e.state === "loss");
    const x = explainEvent(st, ix);
    const label = (n: string) => recorded.vocab.states.find((s) => s.name === n)!.label;
    expect(x.title).toBe(`Congestion state: ${label("open")} → ${label("loss")}`);
    expect(x.details[1]).toContain("RTO expired");
    expect(explainEvent(st, buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario)).title).toBe("Congestion state: open → loss");
  });
  it("names timers with the catalogue's timer labels", () => {
    const ix = buildExplainIndex(TLP_TAIL.events, TLP_TAIL.scenario, null, VOCAB);
    const armed = firstOf(TLP_TAIL, "timer_armed", (e) => e.timer === "probe");
    const probe = recorded.vocab.timer_kinds.find((t) => t.name === "probe")!.label;
    expect(explainEvent(armed, ix).title).toMatch(new RegExp(`^${probe}${/timer$/i.test(probe) ? "" : " timer"} armed`));
    // without the catalogue: the kind's name
    expect(explainEvent(armed, buildExplainIndex(TLP_TAIL.events, TLP_TAIL.scenario)).title).toMatch(/^probe timer armed/);
  });
});

describe("explain: TLP with restart and formulas", () => {
  it("shows the probe timer of TLPR from its arming", () => {
    const ix = buildExplainIndex(TLPR_TAIL.events, TLPR_TAIL.scenario);
    const probe = first(TLPR_TAIL, (e) => e.kind === "probe");
    expect(explainEvent(probe, ix).title).toContain("PTO = max(2·SRTT, 10 ms)");
  });
  /** A timer armed at 1 s with SRTT 160 ms, as the API gives it. */
  const armed = (formula: TimerEvent["formula"], timeout_us: number, expires_ns: number, timer: TimerEvent["timer"] = "probe") =>
    toEvents([
      apiEvent({ kind: "timer_armed", t_ns: 1_000_000_000, cwnd_bytes: 14480, pipe_bytes: 1448, srtt_us: 160_000, rto_us: 360_000, timer, formula, timeout_us, expires_ns }),
    ])[0] as EventOf<"timer_armed">;
  it("pto_single with the scenario's WCDelAckT", () => {
    const e = armed("pto_single", 440_000, 1_440_000_000);
    const ix = buildExplainIndex([e], { flows: [{ tcp: { wc_delack_ms: 200 } }] });
    expect(timerFormulaText(e, ix.scenario)).toBe("PTO = max(2·SRTT, 1.5·SRTT + 200 ms) = max(2·160 ms, 1.5·160 ms + 200 ms) = 440 ms");
    expect(explainEvent(e, ix).details[1]).toBe("one segment outstanding, PTO = max(2·SRTT, 1.5·SRTT + 200 ms) = max(2·160 ms, 1.5·160 ms + 200 ms) = 440 ms");
  });
  it("notes a restarted PTO (PTO − T_last)", () => {
    const e = armed("pto_multi", 320_000, 1_200_000_000);
    const ix = buildExplainIndex([e], null);
    expect(explainEvent(e, ix).details[1]).toContain("restarted: fires PTO − T_last = 320 ms − 120 ms = 200 ms after arming");
  });
  it("pto_rfc8985 picks the branch that matches the recorded timeout", () => {
    const one = armed("pto_rfc8985", 520_000, 1_520_000_000);
    const multi = armed("pto_rfc8985", 322_000, 1_322_000_000);
    expect(timerFormulaText(one, { flows: [{ tcp: { wc_delack_ms: 200 } }] })).toBe("PTO = 2·SRTT + WCDelAckT = 2·160 ms + 200 ms = 520 ms");
    expect(timerFormulaText(multi, null)).toBe("PTO = 2·SRTT + 2 ms = 2·160 ms + 2 ms = 322 ms");
  });
  it("capped and ER formulas", () => {
    const cap = armed("pto_capped", 320_000, 1_100_000_000);
    expect(timerFormulaText(cap, null)).toBe("PTO capped by the RTO it stands in for: fires 100 ms after arming (PTO would be 320 ms)");
    const er = armed("er_delay", 40_000, 1_040_000_000, "early_retransmit");
    expect(timerFormulaText(er, null)).toBe("ER delay = max(SRTT/4, 2 ms) = max(160 ms/4, 2 ms) = 40 ms");
  });
});

describe("explain: segment numbers", () => {
  it("estimates them in a window that does not start at the run's start, exact with a given index", () => {
    const later = toEvents(TLP_TAIL.raw.filter((r) => r.t_ns >= 80e6));
    const send = later.find((e) => e.kind === "send" && e.seq === 4344)!;
    expect(explainEvent(send, buildExplainIndex(later, TLP_TAIL.scenario)).title).toBe("New data: segment ≈#4, bytes 4344–5792");
    const index = new Map([[0, new Map([[4344, 4]])]]);
    expect(explainEvent(send, buildExplainIndex(later, TLP_TAIL.scenario, index)).title).toBe("New data: segment #4, bytes 4344–5792");
  });
});

describe("explain: robustness", () => {
  it("falls back when the arming event is not in the window", () => {
    const only = TLP_TAIL.raw.filter((r) => r.kind === "timer_fired" || r.kind === "probe");
    const evs = toEvents(only);
    const ix = buildExplainIndex(evs, TLP_TAIL.scenario);
    const probe = evs.find((e) => e.kind === "probe")!;
    // the fired event carries its own formula and timeout
    expect(explainEvent(probe, ix).title).toBe("TLP probe: several segments outstanding, PTO = max(2·SRTT, 10 ms) = max(2·80 ms, 10 ms) = 160 ms");
  });
  it("explains every recorded event without throwing", () => {
    for (const f of [TLP_TAIL, BASELINE_TAIL, RTOR_TAIL, TLPR_TAIL]) {
      const ix = buildExplainIndex(f.events, f.scenario);
      for (const e of f.events) {
        const x = explainEvent(e, ix);
        expect(x.title.length).toBeGreaterThan(3);
        expect(x.title).not.toMatch(/undefined|NaN/);
        for (const d of x.details) expect(d).not.toMatch(/undefined|NaN/);
      }
    }
  });
  it("describes a queue drop with the buffer size", () => {
    const e = { ...firstOf(TLP_TAIL, "drop"), reason: "queue" as const };
    const ix = buildExplainIndex([e], { path: { forward: { buffer_pkts: 20, loss: { model: "none" } } } });
    expect(explainEvent(e, ix).title).toBe("Dropped at the bottleneck (queue): the queue was full (buffer 20 packets)");
  });
});

describe("explain: a drop names its stage (trace v2), labelled by the catalogue", () => {
  const drop = firstOf(TLP_TAIL, "drop"); // recorded before trace v2: no stage
  const tail = VOCAB.dropStages.find((s) => s.name === "tail")!;

  it("labels the stage the event names and explains it, with the scenario's parameters", () => {
    const e = { ...drop, stage: "tail" as const };
    const x = explainEvent(e, buildExplainIndex([e], TLP_TAIL.scenario, null, VOCAB));
    expect(x.title).toBe(`Dropped by the loss model (${tail.label})`);
    expect(x.details).toContain(tail.doc);
    expect(x.details).toContain("the last 1 segment(s) of each object, first transmission only");
  });

  it("labels a full queue by the drop reason's label, not the scenario's loss model", () => {
    const e = { ...drop, reason: "queue" as const, stage: "queue" as const };
    const queue = VOCAB.dropStages.find((s) => s.name === "queue")!;
    const x = explainEvent(e, buildExplainIndex([e], { path: { forward: { buffer_pkts: 20, loss: { model: "tail" } } } }, null, VOCAB));
    expect(x.title).toBe(`Dropped at the bottleneck (${queue.label}): the queue was full (buffer 20 packets)`);
    expect(x.details).toContain(queue.doc);
  });

  it("trusts the event's stage over the scenario: another stage's parameters are not shown", () => {
    const e = { ...drop, stage: "bernoulli" as const };
    const x = explainEvent(e, buildExplainIndex([e], TLP_TAIL.scenario, null, VOCAB));
    expect(x.title).toBe(`Dropped by the loss model (${VOCAB.dropStages.find((s) => s.name === "bernoulli")!.label})`);
    expect(x.details.join("\n")).not.toContain("segment(s) of each object");
  });

  it("falls back to the scenario's loss model for a trace without stages, and to names without the catalogue", () => {
    expect(explainEvent(drop, buildExplainIndex(TLP_TAIL.events, TLP_TAIL.scenario, null, VOCAB)).title).toBe(`Dropped by the loss model (${tail.label})`);
    const e = { ...drop, stage: "gilbert_elliott" as const };
    expect(explainEvent(e, buildExplainIndex([e], null, null, EMPTY_TRACE_VOCAB)).title).toBe("Dropped by the loss model (gilbert_elliott)");
  });
});

describe("explain: a retransmission's cause (trace v2), named by the catalogue", () => {
  const causes = VOCAB.causes;
  const rtx = firstOf(BASELINE_TAIL, "retransmit");
  const plain = explainEvent(rtx, buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario));
  const withCause = (cause: EventOf<"retransmit">["cause"]) => BASELINE_TAIL.events.map((e) => (e.i === rtx.i ? { ...rtx, cause } : e));

  it("titles the retransmission by its cause, then explains it with the recorded values", () => {
    const events = withCause("rto");
    const x = explainEvent(events[rtx.i], buildExplainIndex(events, BASELINE_TAIL.scenario, null, VOCAB));
    expect(x.title).toBe("Retransmission (RTO)");
    expect(x.details[0]).toBe(plain.details[0]); // the time
    expect(x.details[1]).toBe(causes.find((c) => c.name === "rto")!.doc);
    expect(x.details[2]).toBe(plain.title); // what the timer says: armed at 360 ms by an ACK ...
    expect(x.details.slice(3)).toEqual(plain.details.slice(1));
  });

  it("names every cause by its label: fast retransmit, hole below SACK, ...", () => {
    const e = { ...rtx, state: "recovery" as const, cause: "fast" as const };
    const ix = buildExplainIndex([e], BASELINE_TAIL.scenario, null, VOCAB);
    expect(explainEvent(e, ix).title).toBe("Retransmission (fast retransmit)");
    expect(explainEvent({ ...e, cause: "rule3" }, ix).title).toBe("Retransmission (hole below SACK)");
    // the generic reason keeps the segment it names
    const open = { ...e, state: "open" as const };
    const other = explainEvent({ ...open, cause: "lost" }, buildExplainIndex([open], BASELINE_TAIL.scenario, null, VOCAB));
    expect(other.title).toBe("Retransmission (lost segment)");
    expect(other.details.join("\n")).toMatch(/segment ≈?#\d+, bytes \d+–\d+ \(\d+\w+ transmission\)/);
  });

  it("keeps today's text without a cause, with a cause the catalogue does not list, or without the catalogue", () => {
    expect(explainEvent(rtx, buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario, null, VOCAB))).toEqual(plain);
    expect(explainEvent({ ...rtx, cause: null }, buildExplainIndex(withCause(null), BASELINE_TAIL.scenario, null, VOCAB))).toEqual(plain);
    // a newer engine's cause this dashboard's catalogue does not know
    const unknown = withCause("brand_new" as EventOf<"retransmit">["cause"]);
    expect(explainEvent(unknown[rtx.i], buildExplainIndex(unknown, BASELINE_TAIL.scenario, null, VOCAB))).toEqual(plain);
    expect(explainEvent(withCause("rto")[rtx.i], buildExplainIndex(withCause("rto"), BASELINE_TAIL.scenario))).toEqual(plain);
  });
});

describe("explain: a spurious-RTO verdict, from the event's fields and the catalogue's labels", () => {
  const spurious = recorded.families.find((f) => f.name === "spurious")!;
  const frto = spurious.members.find((m) => m.name === "frto")!;
  const sack3b = frto.rules.find((r) => r.name === "frto_sack_3b")!;

  it("says which detector, by which rule, on which ACK, and what the undo did to the window", () => {
    // the recorded spike: F-RTO (SACK-enhanced) on ACK 2000 at 1200 ms, revert: cwnd 2000 -> 10000, ssthresh 5000 -> inf
    const ev = firstOf(FRTO_SPIKE, "spurious");
    const ex = explainEvent(ev, buildExplainIndex(FRTO_SPIKE.events, FRTO_SPIKE.scenario, null, VOCAB));
    expect(ex.title).toBe(`${frto.label}: ${sack3b.label} → spurious; cwnd 2000 B → 10 kB, ssthresh 5000 B → ∞`);
    expect(ex.details[0]).toBe("t = 1.2 s, on ACK 2000");
    expect(ex.details[1]).toBe("the RTO's window reduction is undone (tcp.spurious_response revert); state Open");
    expect(ex.details).toContain(sack3b.doc);
    expect(spuriousMarkLabel(ev, VOCAB)).toBe(`${frto.label} undo`);
  });

  it("says so when the response only detects, the window unchanged", () => {
    const eifel = spurious.members.find((m) => m.name === "eifel")!;
    const [ev] = toEvents([
      apiEvent({ kind: "spurious", t_ns: 1_200_000_000, detector: "eifel", rule: "eifel_ts_older", response: "none", ack: 1000, cwnd_bytes: 1000, ssthresh_bytes: 5000, old_cwnd_bytes: 1000, old_ssthresh_bytes: 5000, state: "loss" }),
    ]) as EventOf<"spurious">[];
    const ex = explainEvent(ev, buildExplainIndex([ev], null, null, VOCAB));
    expect(ex.title).toBe(`${eifel.label}: ${eifel.rules[0].label} → spurious; cwnd 1000 B (unchanged), ssthresh 5000 B (unchanged)`);
    expect(ex.details[1]).toBe("detect only (tcp.spurious_response none): the conventional recovery goes on");
    expect(spuriousMarkLabel(ev, VOCAB)).toBe(`${eifel.label} spurious`);
  });

  it("falls back to the raw names without the catalogue", () => {
    const ev = firstOf(FRTO_SPIKE, "spurious");
    const ex = explainEvent(ev, buildExplainIndex(FRTO_SPIKE.events, FRTO_SPIKE.scenario, null, EMPTY_TRACE_VOCAB));
    expect(ex.title).toBe("frto: frto_sack_3b → spurious; cwnd 2000 B → 10 kB, ssthresh 5000 B → ∞");
  });
});

describe("a path period", () => {
  it("says which stage changed which path, and when", () => {
    const ix = buildExplainIndex(TLP_TAIL.events, TLP_TAIL.scenario);
    const [spike, open] = toEvents([
      apiEvent({ kind: "path_period", t_ns: 10e9, start_ns: 10e9, end_ns: 13.5e9, direction: "forward", stage: "delay_spike" }),
      apiEvent({ kind: "path_period", t_ns: 2e9, start_ns: 1e9, end_ns: null, direction: "reverse", stage: "schedule" }),
    ]);
    expect(explainEvent(spike, ix).title).toBe("Path period: delay spike on the forward path, 10 s – 13.5 s");
    expect(explainEvent(open, ix).title).toBe("Path period: handover table on the reverse path, from 1 s to the end of the run");
  });
});
