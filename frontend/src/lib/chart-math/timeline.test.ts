import { droppedTransmission, linkTimers, nearestPoint, stateSegments } from "./timeline";
import { BASELINE_TAIL, TLP_TAIL } from "./fixtures";

describe("stateSegments", () => {
  const evs = BASELINE_TAIL.events;
  it("follows the state events of the flow", () => {
    const segs = stateSegments(evs, 0, 0, 1000);
    expect(segs.map((s) => s.state)).toEqual(["open", "loss", "open"]);
    expect(segs[1].t0).toBeCloseTo(702.96875);
    expect(segs[1].t1).toBeCloseTo(982.96875);
    expect(segs[2].t1).toBe(1000);
  });
  it("stops at the step cursor", () => {
    const segs = stateSegments(evs, 0, 0, 1000, 800);
    expect(segs.map((s) => s.state)).toEqual(["open", "loss"]);
    expect(segs[1].t1).toBe(800);
  });
  it("starts a zoomed window in the state of its first event", () => {
    const inside = evs.filter((e) => e.t > 750);
    const segs = stateSegments(inside, 0, 750, 1000);
    expect(segs[0]).toEqual({ state: "loss", t0: 750, t1: 982.96875 });
  });
  it("is empty for another flow", () => {
    expect(stateSegments(evs, 3, 0, 1000)).toEqual([]);
  });
});

describe("linkTimers", () => {
  const links = linkTimers(TLP_TAIL.events);
  it("finds the timer_armed behind each fire", () => {
    const fired = TLP_TAIL.events.filter((e) => e.kind === "timer_fired");
    const probeFire = fired.find((e) => e.timer === "probe")!;
    const armed = links.armedBy.get(probeFire.i)!;
    expect(armed.kind).toBe("timer_armed");
    expect(armed.t).toBe(160);
    expect(armed.formula).toBe("pto_multi");
    // the cause of that arming is the ACK just before it
    expect(links.armCause.get(armed.i)?.kind).toBe("ack_recv");
  });
  it("links the probe to the fire before it and the fire to the next arming", () => {
    const probe = TLP_TAIL.events.find((e) => e.kind === "probe")!;
    const fire = links.firedBefore.get(probe.i)!;
    expect(fire.timer).toBe("probe");
    // no probe timer is armed again in this run (the RTO takes over)
    expect(links.nextArm.get(fire.i)).toBeUndefined();
    const b = linkTimers(BASELINE_TAIL.events);
    const rtoFire = BASELINE_TAIL.events.find((e) => e.kind === "timer_fired" && e.timer === "rto")!;
    expect(b.nextArm.get(rtoFire.i)?.timeout_us).toBe(685937);
  });
});

describe("droppedTransmission", () => {
  it("maps the drop to the send it dropped", () => {
    const m = droppedTransmission(TLP_TAIL.events);
    const drop = TLP_TAIL.events.find((e) => e.kind === "drop")!;
    expect(m.get(drop.i)?.kind).toBe("send");
    expect(m.get(drop.i)?.seq).toBe(13032);
  });
});

describe("nearestPoint", () => {
  it("finds the closest point within the radius", () => {
    const xs = [0, 10, 20, NaN];
    const ys = [0, 0, 5, 0];
    expect(nearestPoint(xs, ys, 11, 1)).toBe(1);
    expect(nearestPoint(xs, ys, 19, 4)).toBe(2);
    expect(nearestPoint(xs, ys, 50, 50)).toBe(-1);
  });
});

import { pendingTimers } from "./timeline";
describe("pendingTimers", () => {
  const evs = TLP_TAIL.events;
  it("shows the probe timer waiting after the first ACK, and none at the end", () => {
    const firstAck = evs.find((e) => e.kind === "ack_recv" && !e.syn_ack)!;
    const p = pendingTimers(evs, firstAck.i + 1);
    expect(p.map((e) => [e.timer, e.formula])).toContainEqual(["probe", "pto_multi"]);
    expect(pendingTimers(evs, evs.length - 1)).toEqual([]);
  });
});
