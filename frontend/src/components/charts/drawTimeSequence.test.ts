import { scaleLinear } from "d3-scale";
import { toEvents, type ApiEvent } from "../../lib/chart-math/events";
import { timeScale } from "../../lib/chart-math/idleScale";
import { drawDense } from "./drawTimeSequence";
import { MARK_COLORS, palette } from "./palette";

/** A 2-D context that records, for every stroke, its colour, dash and path. */
function recordingContext() {
  const strokes: { color: string; dash: number[]; width: number; segments: number }[] = [];
  let dash: number[] = [];
  let segments = 0;
  const ctx = {
    strokeStyle: "",
    fillStyle: "",
    lineWidth: 1,
    save() {},
    restore() {},
    translate() {},
    rect() {},
    clip() {},
    beginPath() {
      segments = 0;
    },
    moveTo() {
      segments++;
    },
    lineTo() {},
    arc() {},
    fill() {},
    setLineDash(d: number[]) {
      dash = d;
    },
    stroke() {
      strokes.push({ color: ctx.strokeStyle, dash, width: ctx.lineWidth, segments });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, strokes };
}

const base = { flow: 0, cwnd_bytes: 14480, ssthresh_bytes: null, pipe_bytes: 0, srtt_us: 80000, rto_us: 280000, state: "open" };
const ack = (t_ms: number, seq: number, sack: [number, number][], dsack: boolean) =>
  ({ ...base, t_ns: t_ms * 1e6, kind: "ack_recv", seq, arg: 0, dsack, sack, syn_ack: false }) as unknown as ApiEvent;

describe("drawDense", () => {
  it("draws SACK and D-SACK blocks in their own colours, the D-SACK dashed", () => {
    // an ACK with a SACK block, then one whose first block is a D-SACK (RFC 2883) followed by a SACK block
    const events = toEvents([ack(10, 1448, [[2896, 4344]], false), ack(20, 1448, [[0, 1448], [2896, 5792]], true)]);
    const { ctx, strokes } = recordingContext();
    drawDense(ctx, {
      events,
      upTo: Infinity,
      x: timeScale({ domain: [0, 30], range: [0, 300] }),
      y: scaleLinear().domain([0, 6000]).range([200, 0]),
      unit: "bytes",
      mss: 1448,
      left: 0,
      top: 0,
      plotWidth: 300,
      plotHeight: 200,
      palette: palette(),
    });
    const sack = strokes.find((s) => s.color === MARK_COLORS.sack)!;
    const dsack = strokes.find((s) => s.color === MARK_COLORS.dsack)!;
    // two SACK blocks (one per ACK), one D-SACK block
    expect(sack.segments).toBe(2);
    expect(sack.dash).toEqual([]);
    expect(dsack.segments).toBe(1);
    expect(dsack.dash.length).toBeGreaterThan(0);
    expect(dsack.width).toBeGreaterThan(sack.width);
    // the dash does not leak into the marks drawn after it
    expect(strokes.find((s) => s.color === MARK_COLORS.ack)!.dash).toEqual([]);
  });
});
