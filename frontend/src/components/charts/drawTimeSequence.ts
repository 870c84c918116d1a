/** Canvas drawing of the dense marks of a time-sequence diagram: new data
 * sent (short vertical bars with caps), data arriving at the receiver (bars
 * without caps), the cumulative ACK step line with a dot per ACK, SACK blocks
 * ("[" brackets) and D-SACK blocks (dashed brackets).  Colours and shapes are
 * palette.ts's MARK_COLORS and MARK_SHAPES.  Rare marks are SVG (see
 * TimeSequenceChart). */
import type { ScaleLinear } from "d3-scale";
import type { TraceEvent } from "../../lib/chart-math/events";
import type { TimeScale } from "../../lib/chart-math/idleScale";
import type { SeqUnit } from "../../lib/chart-math/scales";
import { seqValue } from "../../lib/chart-math/scales";
import type { Palette } from "./palette";

export interface DenseDrawOptions {
  events: readonly TraceEvent[];
  upTo: number; // draw events with i <= upTo
  x: TimeScale;
  y: ScaleLinear<number, number>;
  unit: SeqUnit;
  mss: number;
  left: number;
  top: number;
  plotWidth: number;
  plotHeight: number;
  palette: Palette;
}

export function drawDense(ctx: CanvasRenderingContext2D, o: DenseDrawOptions) {
  const { events, x, y, unit, mss, palette: p } = o;
  const yOf = (b: number) => y(seqValue(b, unit, mss));
  ctx.save();
  ctx.translate(o.left, o.top);
  ctx.beginPath();
  ctx.rect(0, 0, o.plotWidth, o.plotHeight);
  ctx.clip();

  const bar = (px: number, y0: number, y1: number, caps: boolean) => {
    let a = Math.min(y0, y1);
    let b = Math.max(y0, y1);
    if (b - a < 3) {
      const m = (a + b) / 2;
      a = m - 1.5;
      b = m + 1.5;
    }
    ctx.moveTo(px, a);
    ctx.lineTo(px, b);
    if (caps && b - a >= 6) {
      ctx.moveTo(px - 2.5, a);
      ctx.lineTo(px + 2.5, a);
      ctx.moveTo(px - 2.5, b);
      ctx.lineTo(px + 2.5, b);
    }
  };

  // "[": a bar with ticks pointing right at both ends
  const bracket = (px: number, y0: number, y1: number) => {
    let a = Math.min(y0, y1);
    let b = Math.max(y0, y1);
    if (b - a < 4) {
      const m = (a + b) / 2;
      a = m - 2;
      b = m + 2;
    }
    ctx.moveTo(px + 3, a);
    ctx.lineTo(px, a);
    ctx.lineTo(px, b);
    ctx.lineTo(px + 3, b);
  };

  // receiver arrivals (behind everything)
  ctx.beginPath();
  ctx.strokeStyle = p.deliver;
  ctx.lineWidth = 1;
  for (const e of events) {
    if (e.i > o.upTo) break;
    if (e.kind === "deliver") bar(Math.round(x(e.t)) + 0.5, yOf(e.seq), yOf(e.seq + e.arg), false);
  }
  ctx.stroke();

  // SACK blocks: "[" brackets just right of the ACK that carries them; a
  // D-SACK block (RFC 2883: the first block reports a duplicate) in its own
  // colour, dashed and thicker, so that it differs by shape as well
  for (const dsack of [false, true]) {
    ctx.beginPath();
    ctx.strokeStyle = dsack ? p.dsack : p.sack;
    ctx.lineWidth = dsack ? 2 : 1.5;
    ctx.setLineDash(dsack ? [3, 2] : []);
    for (const e of events) {
      if (e.i > o.upTo) break;
      if (e.kind !== "ack_recv" || !e.sack?.length) continue;
      const px = Math.round(x(e.t)) + 2.5;
      e.sack.forEach(([a, b], k) => {
        if ((k === 0 && e.dsack) === dsack) bracket(px, yOf(a), yOf(b));
      });
    }
    ctx.stroke();
  }
  ctx.setLineDash([]);

  // cumulative ACK as a step line (ack_recv, the SYN-ACK excluded)
  ctx.beginPath();
  ctx.strokeStyle = p.ack;
  ctx.lineWidth = 1.5;
  let started = false;
  let lastY = 0;
  let best = -Infinity;
  const dots: [number, number][] = [];
  for (const e of events) {
    if (e.i > o.upTo) break;
    if (e.kind !== "ack_recv" || e.syn_ack) continue;
    const px = x(e.t);
    const a = Math.max(best, e.seq);
    best = a;
    const py = yOf(a);
    if (!started) {
      ctx.moveTo(px, py);
      started = true;
    } else {
      ctx.lineTo(px, lastY);
      ctx.lineTo(px, py);
    }
    lastY = py;
    dots.push([px, py]);
  }
  if (started && o.upTo >= events.length - 1) ctx.lineTo(o.plotWidth, lastY);
  ctx.stroke();
  ctx.fillStyle = p.ack;
  if (dots.length < 3000) {
    ctx.beginPath();
    for (const [px, py] of dots) {
      ctx.moveTo(px + 2, py);
      ctx.arc(px, py, 2, 0, Math.PI * 2);
    }
    ctx.fill();
  }

  // new data sent
  ctx.beginPath();
  ctx.strokeStyle = p.send;
  ctx.lineWidth = 1.5;
  for (const e of events) {
    if (e.i > o.upTo) break;
    if (e.kind === "send") bar(Math.round(x(e.t)) + 0.5, yOf(e.seq), yOf(e.seq + e.arg), true);
  }
  ctx.stroke();

  // SYNs: small open squares on the sequence origin
  ctx.beginPath();
  ctx.strokeStyle = p.muted;
  ctx.lineWidth = 1;
  for (const e of events) {
    if (e.i > o.upTo) break;
    if (e.kind === "syn") ctx.rect(x(e.t) - 3, yOf(0) - 3, 6, 6);
  }
  ctx.stroke();
  ctx.restore();
}
