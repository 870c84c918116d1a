/** The window chart's extra data: the core's window variables from the
 * catalogue, and application stalls paired from app_stall events — on a trace
 * recorded from the engine (fixtures/stall-window.json: a bulk writer into a
 * 40 KiB send buffer growing to 1 × cwnd, iw 48 × 1024 bytes, segment 1 lost
 * once, the reader blocked from 300 to 1500 ms) and on hand-made events. */
import { type ApiEvent, toEvents, type TraceEvent } from "./chart-math/events";
import recorded from "./fixtures/stall-window.json";
import catalogue from "./forms/fixtures/catalogue.json";
import type { MechanismVar } from "./forms/catalogue";
import { stalledMs, stallPeriods, windowVars } from "./windowChart";

const EVENTS = toEvents(recorded.trace.events as unknown as ApiEvent[]);

/** A hand-made app_stall event (only the fields stallPeriods reads matter). */
function stall(i: number, tMs: number, begins: boolean, flow = 0, sndbuf = 65536): TraceEvent {
  return { i, t: tMs, t_ns: tMs * 1e6, kind: "app_stall", flow, stall_begins: begins, sndbuf_bytes: sndbuf } as unknown as TraceEvent;
}

describe("windowVars", () => {
  it("takes the catalogue's core variables in bytes, in catalogue order, with their labels", () => {
    const vars = windowVars(catalogue.vars as MechanismVar[]);
    expect(vars.map((v) => [v.name, v.label, v.member])).toEqual([
      ["rwnd_bytes", "Advertised window", "receiver"],
      ["sndbuf_bytes", "Send buffer", "sender"],
    ]);
  });
  it("leaves out mechanism variables and core variables in other units", () => {
    const v = (name: string, family: string, unit: string): MechanismVar => ({ name, family, member: "x", label: name, unit, doc: "" });
    expect(windowVars([v("bwe", "cc", "bytes"), v("a", "core", "us"), v("b", "core", "bytes")]).map((x) => x.name)).toEqual(["b"]);
  });
});

describe("stallPeriods", () => {
  it("pairs the engine's begin and end: the recorded run stalls from 100 to 200 ms", () => {
    // the C test's derivation (test_sndbuf.c stall_in_recovery): the whole buffer is in flight
    // by t = 100 ms, in recovery with room in cwnd: the stall begins; the ACK at 200 ms frees
    // more than a third of the buffer and the writer wakes.  The buffer had grown to cwnd = 48 segments.
    const p = stallPeriods(EVENTS, 0, 0, 1750);
    expect(p).toEqual([{ t0: 100, t1: 200, sndbufBytes: 48 * 1024, open: false, carried: false }]);
    expect(stalledMs(p)).toBe(100);
    // the metric agrees
    expect(recorded.metrics[0].app_stall_ms).toBe(100);
    // flow 1 has none
    expect(stallPeriods(EVENTS, 1, 0, 1750)).toEqual([]);
  });
  it("starts an end whose begin was not seen at the window's start, and runs an open begin to its end", () => {
    const ev = [stall(0, 120, false, 0, 4000), stall(1, 300, true, 0, 5000), stall(2, 350, true, 1), stall(3, 360, false, 1)];
    expect(stallPeriods(ev, 0, 100, 500)).toEqual([
      { t0: 100, t1: 120, sndbufBytes: 4000, open: false, carried: true },
      { t0: 300, t1: 500, sndbufBytes: 5000, open: true, carried: false },
    ]);
    expect(stallPeriods(ev, 1, 100, 500)).toEqual([{ t0: 350, t1: 360, sndbufBytes: 65536, open: false, carried: false }]);
  });
  it("sorts by time, keeps a stall open through a repeated begin, and ignores an end with nothing open after the first", () => {
    const ev = [stall(0, 40, false), stall(1, 10, true), stall(2, 20, true), stall(3, 30, false)];
    // in time order: begin 10, begin 20 (already open), end 30, end 40 (nothing open: ignored)
    expect(stallPeriods(ev, 0, 0, 100)).toEqual([{ t0: 10, t1: 30, sndbufBytes: 65536, open: false, carried: false }]);
  });
});
