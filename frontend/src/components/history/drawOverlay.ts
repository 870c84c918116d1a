/** Canvas drawing of two runs' marks of one flow on one pair of axes: the
 * parent (before) as grey outlines with a dashed ACK line, the re-run (after)
 * solid in the diagram's mark colours on top, so a mark both runs share shows
 * as a solid bar inside its outline and a mark of one run alone stands out.
 * Shapes, not only colours, tell the kinds apart: a narrow bar is new data,
 * a wide bar a retransmission, a bar under a diamond a loss probe, a cross a
 * drop, a triangle on the bottom edge a timer that fired. */
import type { ScaleLinear } from "d3-scale";
import type { EventKind, TraceEvent } from "../../lib/chart-math/events";
import type { TimeScale } from "../../lib/chart-math/idleScale";
import { type SeqUnit, seqValue } from "../../lib/chart-math/scales";
import type { Palette } from "../charts/palette";

export type RunRole = "before" | "after";

export interface RunLook {
  /** true: filled marks and a solid ACK line; false: outlines and a dashed line */
  solid: boolean;
  color: Record<"send" | "retransmit" | "probe" | "drop" | "ack" | "timer", string>;
  ackDash: number[];
}

/** How each run is drawn, from the diagram's palette: the parent muted, the re-run in colour. */
export function runLooks(p: Palette): Record<RunRole, RunLook> {
  const grey = p.muted;
  return {
    before: { solid: false, color: { send: grey, retransmit: grey, probe: grey, drop: grey, ack: grey, timer: grey }, ackDash: [5, 3] },
    after: { solid: true, color: { send: p.send, retransmit: p.rtx, probe: p.probe, drop: p.drop, ack: p.ack, timer: p.rtx }, ackDash: [] },
  };
}

/** The kinds the overlay draws. */
export const DRAWN_KINDS: ReadonlySet<EventKind> = new Set<EventKind>(["send", "retransmit", "probe", "drop", "ack_recv", "timer_fired"]);

/** How many marks of a run the overlay draws (the ACK line counts once per ACK). */
export function drawnCount(events: readonly TraceEvent[]): number {
  let n = 0;
  for (const e of events) if (DRAWN_KINDS.has(e.kind) && !(e.kind === "ack_recv" && e.syn_ack) && !(e.kind === "drop" && e.direction === "reverse")) n++;
  return n;
}

export interface OverlayDrawOptions {
  runs: { role: RunRole; events: readonly TraceEvent[] }[];
  looks: Record<RunRole, RunLook>;
  x: TimeScale;
  y: ScaleLinear<number, number>;
  unit: SeqUnit;
  mss: number;
  left: number;
  top: number;
  plotWidth: number;
  plotHeight: number;
}

/** Half-widths (px) of the data bars; an outline is drawn one px outside its solid counterpart. */
const HALF = { send: 1.5, retransmit: 3, probe: 3 } as const;

export function drawOverlay(ctx: CanvasRenderingContext2D, o: OverlayDrawOptions) {
  const yOf = (b: number) => o.y(seqValue(b, o.unit, o.mss));
  ctx.save();
  ctx.translate(o.left, o.top);
  ctx.beginPath();
  ctx.rect(-6, -6, o.plotWidth + 12, o.plotHeight + 12);
  ctx.clip();
  for (const run of o.runs) {
    const look = o.looks[run.role];
    drawAckLine(ctx, run.events, look, o, yOf);
    for (const e of run.events) {
      const px = Math.round(o.x(e.t)) + 0.5;
      if (e.kind === "send" || e.kind === "retransmit" || e.kind === "probe") {
        let a = Math.min(yOf(e.seq), yOf(e.seq + e.arg));
        let b = Math.max(yOf(e.seq), yOf(e.seq + e.arg));
        if (b - a < 4) {
          const m = (a + b) / 2;
          a = m - 2;
          b = m + 2;
        }
        const h = HALF[e.kind] + (look.solid ? 0 : 1);
        const c = look.color[e.kind];
        if (look.solid) {
          ctx.fillStyle = c;
          ctx.fillRect(px - h, a, 2 * h, b - a);
        } else {
          ctx.strokeStyle = c;
          ctx.lineWidth = 1;
          ctx.setLineDash([]);
          ctx.strokeRect(px - h, a - 1, 2 * h, b - a + 2);
        }
        if (e.kind === "probe") diamond(ctx, px, a - 9, look.solid, c);
      } else if (e.kind === "drop" && e.direction !== "reverse") {
        const py = yOf(e.seq + e.arg / 2);
        ctx.strokeStyle = look.color.drop;
        ctx.lineWidth = look.solid ? 2.5 : 1.25;
        ctx.setLineDash([]);
        ctx.beginPath();
        ctx.moveTo(px - 5, py - 5);
        ctx.lineTo(px + 5, py + 5);
        ctx.moveTo(px - 5, py + 5);
        ctx.lineTo(px + 5, py - 5);
        ctx.stroke();
      } else if (e.kind === "timer_fired") {
        const py = o.plotHeight;
        ctx.beginPath();
        ctx.moveTo(px - 5, py - 9);
        ctx.lineTo(px + 5, py - 9);
        ctx.lineTo(px, py - 1);
        ctx.closePath();
        if (look.solid) {
          ctx.fillStyle = look.color.timer;
          ctx.fill();
        } else {
          ctx.strokeStyle = look.color.timer;
          ctx.lineWidth = 1;
          ctx.setLineDash([]);
          ctx.stroke();
        }
      }
    }
  }
  ctx.restore();
}

function diamond(ctx: CanvasRenderingContext2D, px: number, cy: number, solid: boolean, color: string) {
  ctx.beginPath();
  ctx.moveTo(px, cy - 6);
  ctx.lineTo(px + 5, cy);
  ctx.lineTo(px, cy + 6);
  ctx.lineTo(px - 5, cy);
  ctx.closePath();
  if (solid) {
    ctx.fillStyle = color;
    ctx.fill();
  } else {
    ctx.strokeStyle = color;
    ctx.lineWidth = 1;
    ctx.setLineDash([]);
    ctx.stroke();
  }
}

/** The cumulative ACK as a step line (the SYN-ACK left out), to the plot's right edge. */
function drawAckLine(ctx: CanvasRenderingContext2D, events: readonly TraceEvent[], look: RunLook, o: OverlayDrawOptions, yOf: (b: number) => number) {
  ctx.beginPath();
  ctx.strokeStyle = look.color.ack;
  ctx.lineWidth = look.solid ? 1.5 : 1.25;
  ctx.setLineDash(look.ackDash);
  let started = false;
  let lastY = 0;
  let best = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    if (e.kind !== "ack_recv" || e.syn_ack) continue;
    best = Math.max(best, e.seq);
    const px = o.x(e.t);
    const py = yOf(best);
    if (!started) {
      ctx.moveTo(px, py);
      started = true;
    } else {
      ctx.lineTo(px, lastY);
      ctx.lineTo(px, py);
    }
    lastY = py;
  }
  if (started) {
    ctx.lineTo(o.plotWidth, lastY);
    ctx.stroke();
  }
  ctx.setLineDash([]);
}
