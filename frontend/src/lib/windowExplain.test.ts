/** The "why" panel and the diagram's tooltips (explainEvent) name the receive
 * window's and the send buffer's events and causes by the catalogue: an
 * application stall (app_stall, recorded from the engine in
 * fixtures/stall-window.json), a zero-window probe (window_probe) and a send
 * caused by opportunistic retransmission. */
import { buildExplainIndex, explainEvent } from "./chart-math/explain";
import { type ApiEvent, toEvents, type TraceEvent } from "./chart-math/events";
import recorded from "./fixtures/stall-window.json";
import catalogue from "./forms/fixtures/catalogue.json";
import { entryOf, parseTraceVocab } from "./traceVocab";

const VOCAB = parseTraceVocab(catalogue);
const EVENTS = toEvents(recorded.trace.events as unknown as ApiEvent[]);
const ix = buildExplainIndex(EVENTS, recorded.scenario, null, VOCAB);
const doc = (list: "events" | "causes", name: string) => entryOf((list === "events" ? VOCAB.events : VOCAB.causes) ?? [], name);

describe("explainEvent: the receive window's and send buffer's events, from the catalogue", () => {
  it("an application stall's begin and end: the catalogue's label and its doc (why the writer stalls)", () => {
    const [b, e] = EVENTS.filter((x) => x.kind === "app_stall");
    const stall = doc("events", "app_stall");
    expect(stall?.label).toBe("Application stall");
    const xb = explainEvent(b, ix);
    expect(xb.title).toBe("Application stall begins");
    expect(xb.details).toContain(stall?.doc);
    expect(xb.details[0]).toBe("t = 100 ms");
    expect(explainEvent(e, ix).title).toBe("Application stall ends");
  });

  it("a zero-window probe: the catalogue's label and doc", () => {
    const base = EVENTS.find((x) => x.kind === "app_stall") as TraceEvent;
    const probe = { ...base, kind: "window_probe", cause: "window_probe", detail: 1 } as unknown as TraceEvent;
    const x = explainEvent(probe, ix);
    expect(x.title).toBe(doc("events", "window_probe")?.label);
    expect(x.title).toBe("Zero-window probe");
    expect(x.details).toContain(doc("events", "window_probe")?.doc);
  });

  it("new data sent opportunistically past the receive window: the cause's label and doc, not 'the window allows it'", () => {
    const send = EVENTS.find((x) => x.kind === "send" && x.seq === 48 * 1024) as TraceEvent;
    const plain = explainEvent(send, ix);
    expect(plain.title.startsWith("New data: ")).toBe(true);
    const opp = explainEvent({ ...send, cause: "opportunistic" } as TraceEvent, ix);
    expect(opp.title.startsWith("New data (opportunistic): ")).toBe(true);
    expect(opp.details).toContain(doc("causes", "opportunistic")?.doc);
    expect(opp.details.join(" ")).not.toContain("the window allows it");
  });

  it("without the catalogue's event list a stall still gets a title (its kind)", () => {
    const b = EVENTS.find((x) => x.kind === "app_stall") as TraceEvent;
    const bare = buildExplainIndex(EVENTS, recorded.scenario, null, { ...VOCAB, events: undefined });
    expect(explainEvent(b, bare).title).toBe("app_stall");
  });
});
