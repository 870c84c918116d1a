import { toEvents } from "../../lib/chart-math/events";
import { apiEvent, TLP_TAIL } from "../../lib/chart-math/fixtures";
import { describeMark, segmentNumbering } from "./describe";
import { diffMarks } from "./overlay";

const LABELS = { probe: "Loss probe", drop: "Drop", timer_fired: "Timer fired", ack_recv: "ACK received" };
const VOCAB = { timerKinds: [{ name: "probe", label: "Probe timer", doc: "" }] };

describe("segmentNumbering", () => {
  it("numbers segments by their first transmissions", () => {
    const of = segmentNumbering(TLP_TAIL.events, TLP_TAIL.events, 0, 1448);
    expect(of(0)).toBe(1);
    expect(of(13032)).toBe(10);
  });

  it("estimates from the MSS when the window may have left sends out", () => {
    // only the 3rd segment's send is in a thinned window: counting it would call it segment 1
    const thin = toEvents([apiEvent({ kind: "send", seq: 2896, arg: 1448, transmission: 1 })]);
    expect(segmentNumbering(thin, thin, 0, 1448, false)(2896)).toBe(3);
    expect(segmentNumbering(thin, thin, 0, 1448, true)(2896)).toBe(1);
  });
});

describe("describeMark", () => {
  const diff = diffMarks([], TLP_TAIL.events);
  const of = segmentNumbering([], TLP_TAIL.events, 0, 1448);
  const text = (key: string) => describeMark(diff.pairs.find((p) => p.key === key)!, LABELS, VOCAB, of);

  it("names a mark by the catalogue's labels, its segment and transmission", () => {
    expect(text("probe|13032|2#0")).toBe("Loss probe of segment 10 (transmission 2)");
    expect(text("drop|forward|13032#0")).toBe("Drop of segment 10");
    expect(text("timer_fired|probe#0")).toBe("Timer fired: Probe timer");
    expect(text("ack|14480#0")).toBe("ACK received: cumulative ACK 14480");
  });

  it("falls back to the names without a catalogue", () => {
    expect(describeMark(diff.pairs.find((p) => p.key === "send|0|1#0")!, null, null, of)).toBe("send of segment 1");
  });
});
