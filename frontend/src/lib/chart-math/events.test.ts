import { toEvents, transmissionOf } from "./events";
import { apiEvent } from "./fixtures";

describe("toEvents: the API's typed events plus their position and time in ms", () => {
  it("keeps every field of the event and adds i and t", () => {
    const drop = apiEvent({ t_ns: 2_500_000, flow: 1, kind: "drop", seq: 1448, arg: 1448, reason: "loss_model", direction: "forward", stage: "tail" });
    const send = apiEvent({ t_ns: 3_000_000, kind: "send", seq: 0, arg: 1448, transmission: 1, cause: "new" });
    const [a, b] = toEvents([drop, send]);
    expect(a).toEqual({ ...drop, i: 0, t: 2.5 });
    expect(b).toEqual({ ...send, i: 1, t: 3 });
    expect(a.kind === "drop" && a.stage).toBe("tail");
  });

  it("gives the transmission number of data events, 1 for the others", () => {
    const [rtx, ack] = toEvents([
      apiEvent({ kind: "retransmit", seq: 0, arg: 1448, transmission: 3, cause: "rto" }),
      apiEvent({ kind: "ack_recv", seq: 1448, dsack: false, sack: [], syn_ack: false }),
    ]);
    expect([transmissionOf(rtx), transmissionOf(ack)]).toEqual([3, 1]);
  });
});
