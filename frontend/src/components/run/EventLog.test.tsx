import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { toEvents } from "../../lib/chart-math/events";
import { apiEvent, FRTO_SPIKE } from "../../lib/chart-math/fixtures";
import { cwndText, EventLog, filterEvents, logColumns, seqText, timeText } from "./EventLog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A long bulk transfer's late events: times past 100 s, sequence numbers past 2^32 bytes, a large window. */
const EVENTS = toEvents([
  apiEvent({ t_ns: 123_456_789_012, kind: "send", seq: 4_294_967_000, arg: 1448, cwnd_bytes: 123_456_789, transmission: 1 }),
  apiEvent({ t_ns: 123_466_000_000, kind: "drop", seq: 4_294_967_000, arg: 1448, cwnd_bytes: 123_456_789 }),
  apiEvent({ t_ns: 123_500_250_000, kind: "ack_recv", seq: 4_294_968_448, arg: 0, cwnd_bytes: 123_458_237, sack: [], dsack: false }),
  apiEvent({ t_ns: 123_600_000_000, kind: "timer_fired", seq: 0, arg: 0, cwnd_bytes: 1448, timer: "rto", expires_ns: 123_600_000_000, timeout_us: 200_000 }),
]);

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement("div");
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe("EventLog numbers", () => {
  it("writes the time, the sequence range or ACK number, and cwnd out in full", () => {
    act(() =>
      root.render(
        <EventLog events={EVENTS} explain={(e) => ({ title: `a ${e.kind}`, details: [] })} highlight={null} selected={null} revealUpTo={null} onHover={() => {}} onSelect={() => {}} />,
      ),
    );
    const cell = (i: number, col: string) => host.querySelector(`tr[data-i="${i}"] td[data-col="${col}"]`)!.textContent;
    expect(cell(0, "t")).toBe("123456.789");
    expect(cell(0, "seq")).toBe("4294967000–4294968448");
    expect(cell(0, "cwnd")).toBe("123456789");
    expect(cell(1, "seq")).toBe("4294967000–4294968448");
    expect(cell(2, "seq")).toBe("4294968448");
    expect(cell(2, "t")).toBe("123500.25");
    // a timer has no sequence number (its seq is an expiry time)
    expect(cell(3, "seq")).toBe("");
    // nothing abbreviated: no "k", "M", "…"
    expect(host.querySelector("tbody")!.textContent).not.toMatch(/\d[kMG]\b|…/);
  });

  it("makes every numeric column as wide as its longest value, in tabular numerals", () => {
    const cols = logColumns(EVENTS);
    expect(cols.time).toBe("123456.789".length);
    expect(cols.seq).toBe("4294967000–4294968448".length);
    expect(cols.cwnd).toBe("123456789".length);
    for (const e of EVENTS) {
      expect(timeText(e).length).toBeLessThanOrEqual(cols.time);
      expect(seqText(e).length).toBeLessThanOrEqual(cols.seq);
      expect(cwndText(e).length).toBeLessThanOrEqual(cols.cwnd);
    }
    act(() =>
      root.render(
        <EventLog events={EVENTS} explain={(e) => ({ title: e.kind, details: [] })} highlight={null} selected={null} revealUpTo={null} onHover={() => {}} onSelect={() => {}} />,
      ),
    );
    const widths = [...host.querySelectorAll("col")].map((c) => (c as HTMLElement).style.width);
    // #, t, event, seq / ack, cwnd: their widths in ch of the log's font; "why" takes the rest
    expect(widths).toHaveLength(6);
    expect(widths[1]).toContain(`${cols.time}ch`);
    expect(widths[3]).toContain(`${cols.seq}ch`);
    expect(widths[4]).toContain(`${cols.cwnd}ch`);
    expect(widths[5]).toBe("");
    // the table may grow wider than the panel (it scrolls) rather than squeeze the numbers
    expect((host.querySelector("table") as HTMLElement).style.minWidth).toContain(`${cols.index + cols.time + cols.kind + cols.seq + cols.cwnd}ch`);
  });

  it("keeps short windows' columns at least as wide as their headings", () => {
    const cols = logColumns(toEvents([apiEvent({ t_ns: 1e6, kind: "send", seq: 0, arg: 10, cwnd_bytes: 10, transmission: 1 })]));
    expect(cols.time).toBe("t (ms)".length);
    expect(cols.seq).toBe("seq / ack".length);
    expect(cols.cwnd).toBe("cwnd (B)".length);
  });
});

describe("filterEvents: a spurious-RTO verdict", () => {
  it("is among the sender's events and the key ones (losses, repairs, timers, states)", () => {
    const sp = FRTO_SPIKE.events.filter((e) => e.kind === "spurious");
    expect(sp).toHaveLength(1);
    expect(filterEvents(FRTO_SPIKE.events, "key")).toContain(sp[0]);
    expect(filterEvents(FRTO_SPIKE.events, "sender")).toContain(sp[0]);
    // its seq / ack column: the deciding ACK
    expect(seqText(sp[0])).toBe("2000");
  });
});
