import { scaleLinear } from "d3-scale";
import { toEvents } from "../../lib/chart-math/events";
import { apiEvent, BASELINE_TAIL, TLP_TAIL } from "../../lib/chart-math/fixtures";
import { timeScale } from "../../lib/chart-math/idleScale";
import { palette } from "../charts/palette";
import { drawnCount, drawOverlay, runLooks } from "./drawOverlay";

/** A 2D context that records what is drawn, with the style in force. */
function recorder() {
  const ops: { op: string; style: string; dash: number[]; args: number[] }[] = [];
  let dash: number[] = [];
  const ctx = {
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 1,
    save() {},
    restore() {},
    translate() {},
    beginPath() {},
    closePath() {},
    rect() {},
    clip() {},
    moveTo() {},
    lineTo() {},
    setLineDash(d: number[]) {
      dash = d;
    },
    fillRect(...args: number[]) {
      ops.push({ op: "fillRect", style: ctx.fillStyle, dash, args });
    },
    strokeRect(...args: number[]) {
      ops.push({ op: "strokeRect", style: ctx.strokeStyle, dash, args });
    },
    fill() {
      ops.push({ op: "fill", style: ctx.fillStyle, dash, args: [] });
    },
    stroke() {
      ops.push({ op: "stroke", style: ctx.strokeStyle, dash, args: [] });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, ops };
}

const p = palette();
const looks = runLooks(p);

function draw(runs: Parameters<typeof drawOverlay>[1]["runs"]) {
  const { ctx, ops } = recorder();
  drawOverlay(ctx, { runs, looks, x: timeScale({ domain: [0, 1000], range: [0, 800] }), y: scaleLinear().domain([0, 12]).range([300, 0]), unit: "segments", mss: 1448, left: 60, top: 20, plotWidth: 800, plotHeight: 300 });
  return ops;
}

describe("drawOverlay", () => {
  it("outlines the parent's transmissions in grey and fills the re-run's in the marks' colours", () => {
    const before = draw([{ role: "before", events: BASELINE_TAIL.events }]);
    const after = draw([{ role: "after", events: TLP_TAIL.events }]);
    // ten new segments and the RTO's retransmission, outlined; no filled bar
    expect(before.filter((o) => o.op === "strokeRect")).toHaveLength(11);
    expect(before.filter((o) => o.op === "fillRect")).toHaveLength(0);
    expect(new Set(before.filter((o) => o.op === "strokeRect").map((o) => o.style))).toEqual(new Set([p.muted]));
    // the re-run: ten sends and the probe, filled, the probe in its colour (and its diamond)
    const bars = after.filter((o) => o.op === "fillRect");
    expect(bars.map((o) => o.style)).toEqual([...Array(10).fill(p.send), p.probe]);
    expect(after.filter((o) => o.op === "strokeRect")).toHaveLength(0);
    expect(after.some((o) => o.op === "fill" && o.style === p.probe)).toBe(true);
  });

  it("draws the parent's ACK line dashed and the re-run's solid in the ACK colour", () => {
    const ops = draw([
      { role: "before", events: BASELINE_TAIL.events },
      { role: "after", events: TLP_TAIL.events },
    ]);
    const acks = ops.filter((o) => o.op === "stroke" && (o.style === p.ack || (o.style === p.muted && o.dash.length > 0)));
    expect(acks.map((o) => [o.style, o.dash.length > 0])).toEqual([
      [p.muted, true],
      [p.ack, false],
    ]);
  });

  it("draws the parent first, so the re-run's marks lie on top", () => {
    const ops = draw([
      { role: "before", events: BASELINE_TAIL.events },
      { role: "after", events: TLP_TAIL.events },
    ]);
    const lastOutline = ops.map((o) => o.op).lastIndexOf("strokeRect");
    const firstFill = ops.map((o) => o.op).indexOf("fillRect");
    expect(lastOutline).toBeLessThan(firstFill);
  });

  it("draws a drop as a cross and a fired timer as a triangle, in the re-run's colours", () => {
    const evs = toEvents([apiEvent({ kind: "drop", seq: 1448, arg: 1448, direction: "forward" }), apiEvent({ kind: "timer_fired", timer: "rto" } as never)]);
    const ops = draw([{ role: "after", events: evs }]);
    expect(ops.filter((o) => o.op === "stroke").map((o) => o.style)).toContain(p.drop);
    expect(ops.filter((o) => o.op === "fill").map((o) => o.style)).toContain(p.rtx);
  });
});

describe("drawnCount", () => {
  it("counts the marks drawn: transmissions, forward drops, ACKs (not the SYN-ACK) and fired timers", () => {
    // baseline: 10 sends, 1 retransmit, 1 drop, 6 ACKs after the SYN-ACK, 3 timer fires
    expect(drawnCount(BASELINE_TAIL.events)).toBe(10 + 1 + 1 + 6 + 3);
  });
});
