import { buildExplainIndex, explainEvent, timerFormulaText } from "./explain";
import { toEvents, type TraceEvent } from "./events";
import { BASELINE_TAIL, RTOR_TAIL, TLP_TAIL, TLPR_TAIL, type Fixture } from "./fixtures";
import v2 from "../fixtures/catalogue-metrics.json";
import { parseCatalogue } from "../forms/catalogue";

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
    const fired = first(TLP_TAIL, (e) => e.kind === "timer_fired" && e.timer === "delack");
    expect(explainEvent(fired, ix).title).toContain("Delayed-ACK timer expired at the receiver after 200 ms");
  });
});

describe("explain: RTO runs", () => {
  it("says when and by what the RTO was armed, its value and the backoff", () => {
    const ix = buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario);
    const fired = first(BASELINE_TAIL, (e) => e.kind === "timer_fired" && e.timer === "rto");
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
    const fired = first(RTOR_TAIL, (e) => e.kind === "timer_fired" && e.timer === "rto");
    const x = explainEvent(fired, ix);
    expect(x.title).toContain("restarted as RTO − T_earliest = 62.97 ms");
    expect(x.details.join("\n")).toContain("RTO − T_earliest = 342.97 ms − 280 ms = 62.97 ms");
    expect(x.details.join("\n")).toContain("earliest outstanding segment was sent (at 80 ms)");
  });
  it("explains the state change to Loss", () => {
    const ix = buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario);
    const st = first(BASELINE_TAIL, (e) => e.kind === "state" && e.state === "loss");
    const x = explainEvent(st, ix);
    expect(x.title).toBe("Congestion state: Open → Loss");
    expect(x.details[1]).toContain("RTO expired");
  });
});

describe("explain: TLP with restart and formulas", () => {
  it("shows the probe timer of TLPR from its arming", () => {
    const ix = buildExplainIndex(TLPR_TAIL.events, TLPR_TAIL.scenario);
    const probe = first(TLPR_TAIL, (e) => e.kind === "probe");
    expect(explainEvent(probe, ix).title).toContain("PTO = max(2·SRTT, 10 ms)");
  });
  const base: Omit<TraceEvent, "formula" | "timeout_us" | "expires_ns"> = {
    i: 0, t_ns: 1_000_000_000, t: 1000, flow: 0, kind: "timer_armed", seq: 0, arg: 0, cwnd_bytes: 14480,
    ssthresh_bytes: null, pipe_bytes: 1448, srtt_us: 160_000, rto_us: 360_000, state: "open", timer: "probe",
  };
  it("pto_single with the scenario's WCDelAckT", () => {
    const e = { ...base, formula: "pto_single", timeout_us: 440_000, expires_ns: 1_440_000_000 } as TraceEvent;
    const ix = buildExplainIndex([e], { flows: [{ tcp: { wc_delack_ms: 200 } }] });
    expect(timerFormulaText(e, ix.scenario)).toBe("PTO = max(2·SRTT, 1.5·SRTT + 200 ms) = max(2·160 ms, 1.5·160 ms + 200 ms) = 440 ms");
    expect(explainEvent(e, ix).details[1]).toBe("one segment outstanding, PTO = max(2·SRTT, 1.5·SRTT + 200 ms) = max(2·160 ms, 1.5·160 ms + 200 ms) = 440 ms");
  });
  it("notes a restarted PTO (PTO − T_last)", () => {
    const e = { ...base, formula: "pto_multi", timeout_us: 320_000, expires_ns: 1_200_000_000 } as TraceEvent;
    const ix = buildExplainIndex([e], null);
    expect(explainEvent(e, ix).details[1]).toContain("restarted: fires PTO − T_last = 320 ms − 120 ms = 200 ms after arming");
  });
  it("pto_rfc8985 picks the branch that matches the recorded timeout", () => {
    const one = { ...base, formula: "pto_rfc8985", timeout_us: 520_000, expires_ns: 1_520_000_000 } as TraceEvent;
    const multi = { ...base, formula: "pto_rfc8985", timeout_us: 322_000, expires_ns: 1_322_000_000 } as TraceEvent;
    expect(timerFormulaText(one, { flows: [{ tcp: { wc_delack_ms: 200 } }] })).toBe("PTO = 2·SRTT + WCDelAckT = 2·160 ms + 200 ms = 520 ms");
    expect(timerFormulaText(multi, null)).toBe("PTO = 2·SRTT + 2 ms = 2·160 ms + 2 ms = 322 ms");
  });
  it("capped and ER formulas", () => {
    const cap = { ...base, formula: "pto_capped", timeout_us: 320_000, expires_ns: 1_100_000_000 } as TraceEvent;
    expect(timerFormulaText(cap, null)).toBe("PTO capped by the RTO it stands in for: fires 100 ms after arming (PTO would be 320 ms)");
    const er = { ...base, timer: "early_retransmit", formula: "er_delay", timeout_us: 40_000, expires_ns: 1_040_000_000 } as TraceEvent;
    expect(timerFormulaText(er, null)).toBe("ER delay = max(SRTT/4, 2 ms) = max(160 ms/4, 2 ms) = 40 ms");
  });
});

describe("explain: segment numbers", () => {
  it("estimates them in a window that does not start at the run's start, exact with a given index", () => {
    const later = toEvents(TLP_TAIL.raw.filter((r) => (r.t_ns as number) >= 80e6));
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
    const e: TraceEvent = { ...TLP_TAIL.events[16], reason: "queue" };
    const ix = buildExplainIndex([e], { path: { forward: { buffer_pkts: 20, loss: { model: "none" } } } });
    expect(explainEvent(e, ix).title).toBe("Dropped at the bottleneck: the queue was full (buffer 20 packets)");
  });
});

describe("explain: a retransmission's cause (trace v2), named by the catalogue", () => {
  const causes = parseCatalogue({ vocab: v2.vocab }).causes;
  const rtx = first(BASELINE_TAIL, (e) => e.kind === "retransmit");
  const plain = explainEvent(rtx, buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario));

  it("reads the cause from the API's event", () => {
    const raw = { t_ns: 1, kind: "retransmit", seq: 0, arg: 1448, state: "recovery" };
    expect(toEvents([{ ...raw, cause: "fast" }])[0].cause).toBe("fast");
    expect(toEvents([raw])[0].cause).toBeUndefined();
    expect(toEvents([{ ...raw, cause: null }])[0].cause).toBeUndefined();
  });

  it("titles the retransmission by its cause, then explains it with the recorded values", () => {
    const events = BASELINE_TAIL.events.map((e) => (e.i === rtx.i ? { ...e, cause: "rto" } : e));
    const x = explainEvent(events[rtx.i], buildExplainIndex(events, BASELINE_TAIL.scenario, null, causes));
    expect(x.title).toBe("Retransmission (RTO)");
    expect(x.details[0]).toBe(plain.details[0]); // the time
    expect(x.details[1]).toBe(causes.find((c) => c.name === "rto")!.doc);
    expect(x.details[2]).toBe(plain.title); // what the timer says: armed at 360 ms by an ACK ...
    expect(x.details.slice(3)).toEqual(plain.details.slice(1));
  });

  it("names every cause by its label: fast retransmit, hole below SACK, ...", () => {
    const e: TraceEvent = { ...rtx, state: "recovery", cause: "fast" };
    const ix = buildExplainIndex([e], BASELINE_TAIL.scenario, null, causes);
    expect(explainEvent(e, ix).title).toBe("Retransmission (fast retransmit)");
    expect(explainEvent({ ...e, cause: "rule3" }, ix).title).toBe("Retransmission (hole below SACK)");
    // the generic reason keeps the segment it names
    const other = explainEvent({ ...e, state: "open", cause: "lost" }, buildExplainIndex([{ ...e, state: "open" }], BASELINE_TAIL.scenario, null, causes));
    expect(other.title).toBe("Retransmission (lost segment)");
    expect(other.details.join("\n")).toMatch(/segment ≈?#\d+, bytes \d+–\d+ \(\d+\w+ transmission\)/);
  });

  it("keeps today's text without a cause, with a cause the catalogue does not list, or without the catalogue", () => {
    const withCause = BASELINE_TAIL.events.map((e) => (e.i === rtx.i ? { ...e, cause: "rto" } : e));
    expect(explainEvent(rtx, buildExplainIndex(BASELINE_TAIL.events, BASELINE_TAIL.scenario, null, causes))).toEqual(plain);
    expect(explainEvent({ ...withCause[rtx.i], cause: "brand_new" }, buildExplainIndex(withCause, BASELINE_TAIL.scenario, null, causes))).toEqual(plain);
    expect(explainEvent(withCause[rtx.i], buildExplainIndex(withCause, BASELINE_TAIL.scenario))).toEqual(plain);
  });
});
