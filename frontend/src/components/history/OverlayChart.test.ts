import { toEvents } from "../../lib/chart-math/events";
import { apiEvent } from "../../lib/chart-math/fixtures";
import { sharedDomain, windowSeqExtent } from "./OverlayChart";

// 1448-byte segments: segment k at k ms in one run, a retransmission of segment 2 at 50 ms in the other
const MSS = 1448;
const sends = toEvents([0, 1, 2, 3, 4].map((k) => apiEvent({ kind: "send", t_ns: k * 1e6, seq: k * MSS, arg: MSS })));
const rtx = toEvents([apiEvent({ kind: "retransmit", t_ns: 50e6, seq: 2 * MSS, arg: MSS })]);

describe("the overlaid diagrams' axes", () => {
  it("fit the sequence axis to what the time window shows, of both runs", () => {
    // segments 1-2 sent at 1-2 ms: bytes 1448 to 3 x 1448
    expect(windowSeqExtent([sends, rtx], [1, 2])).toEqual([MSS, 3 * MSS]);
    // 40-60 ms holds only the retransmission of segment 2
    expect(windowSeqExtent([sends, rtx], [40, 60])).toEqual([2 * MSS, 3 * MSS]);
    // a window with no mark keeps the whole runs' span (0 to 5 x 1448)
    expect(windowSeqExtent([sends, rtx], [10, 20])).toEqual([0, 5 * MSS]);
    expect(windowSeqExtent([[], []], [0, 1])).toBeNull();
  });

  it("span both runs' events, padded 2 % each side, when not zoomed", () => {
    // 0 to 50 ms, padded by 1 ms and clamped at 0
    expect(sharedDomain(sends, rtx)).toEqual([0, 51]);
  });
});
