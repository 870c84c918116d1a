/** A scrollable table of the window's events, synchronized with the diagram:
 * hovering or selecting a row highlights the event in the charts and the
 * other way round.  Only the visible rows are rendered (windows hold up to
 * 4000 events).
 *
 * The numbers are never cut: the time, the sequence range (or the ACK
 * number) and cwnd are written out in full with tabular numerals, and each
 * numeric column is as wide as its longest value in the window (logColumns);
 * only the "why" text is shortened (its full text is the cell's title), and
 * the log scrolls sideways when the numbers need more than its width. */
import { useEffect, useMemo, useRef, useState } from "react";
import { DATA_TX_KINDS, type EventKind, type TraceEvent } from "../../lib/chart-math/events";
import type { Explanation } from "../../lib/chart-math/explain";
import { trimNumber } from "../../lib/format";

const ROW = 26;
const OVERSCAN = 12;

export type LogFilter = "all" | "sender" | "key";
const SENDER: ReadonlySet<EventKind> = new Set<EventKind>(["send", "retransmit", "probe", "drop", "ack_recv", "timer_armed", "timer_fired", "timer_cancelled", "state", "syn", "spurious"]);
const KEY: ReadonlySet<EventKind> = new Set<EventKind>(["retransmit", "probe", "drop", "timer_fired", "state", "spurious"]);

export function filterEvents(events: readonly TraceEvent[], f: LogFilter): TraceEvent[] {
  if (f === "all") return events as TraceEvent[];
  const set = f === "sender" ? SENDER : KEY;
  return events.filter((e) => set.has(e.kind));
}

/** The range of bytes a data event covers, "seq–end"; an ACK's cumulative ACK number (a spurious verdict's: the
 * deciding ACK's); a SYN's 0; "" for the rest. */
export function seqText(e: TraceEvent): string {
  if (e.kind === "send" || e.kind === "retransmit" || e.kind === "probe" || e.kind === "deliver" || e.kind === "drop") return `${e.seq}–${e.seq + e.arg}`;
  if (e.kind === "ack_recv" || e.kind === "ack_sent" || e.kind === "syn") return String(e.seq);
  if (e.kind === "spurious") return String(e.ack);
  return "";
}

/** The sender's cwnd at the event, in bytes. */
export function cwndText(e: TraceEvent): string {
  return Number.isFinite(e.cwnd_bytes) ? String(Math.round(e.cwnd_bytes)) : "";
}

export const timeText = (e: TraceEvent) => trimNumber(e.t, 3);

/** Each column's width (in ch of the log's font) for these events: the longest value, or the heading. */
export function logColumns(events: readonly TraceEvent[]): { index: number; time: number; kind: number; seq: number; cwnd: number } {
  const w = { index: 1, time: "t (ms)".length, kind: 5, seq: "seq / ack".length, cwnd: "cwnd (B)".length };
  for (const e of events) {
    w.index = Math.max(w.index, String(e.i + 1).length);
    w.time = Math.max(w.time, timeText(e).length);
    w.kind = Math.max(w.kind, kindLabel(e).length);
    w.seq = Math.max(w.seq, seqText(e).length);
    w.cwnd = Math.max(w.cwnd, cwndText(e).length);
  }
  // an event name may be shortened (it has a title); numbers never are
  return { ...w, kind: Math.min(w.kind, 16) };
}

/** Horizontal padding of a cell (run.css .rv-log-table td: 0 .35rem). */
const CELL_PAD = "0.7rem";
const colWidth = (ch: number, extra = "0rem") => `calc(${ch}ch + ${CELL_PAD} + ${extra})`;

export function EventLog(props: {
  events: readonly TraceEvent[];
  explain: (e: TraceEvent) => Explanation;
  highlight: number | null;
  selected: number | null;
  revealUpTo: number | null;
  onHover: (i: number | null) => void;
  onSelect: (i: number | null) => void;
  onModify?: (e: TraceEvent) => void;
  height?: number;
}) {
  const [filter, setFilter] = useState<LogFilter>("all");
  const rows = useMemo(() => filterEvents(props.events, filter), [props.events, filter]);
  // the columns fit the window's events (not only the filtered ones: a filter does not move the columns)
  const cols = useMemo(() => logColumns(props.events), [props.events]);
  const boxRef = useRef<HTMLElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const height = props.height ?? 420;
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  const posOf = useMemo(() => {
    const m = new Map<number, number>();
    for (const [k, e] of rows.entries()) m.set(e.i, k);
    return m;
  }, [rows]);

  // keep the selected / current event in view
  const focusI = props.revealUpTo ?? props.selected;
  useEffect(() => {
    const box = boxRef.current;
    if (focusI == null || !box) return;
    let k = posOf.get(focusI);
    if (k === undefined) {
      // filtered out: the nearest row before it
      k = rows.findIndex((e) => e.i > focusI) - 1;
      if (k < 0) return;
    }
    const top = k * ROW;
    const headH = ROW;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + ROW > box.scrollTop + box.clientHeight - headH) box.scrollTop = top + ROW - box.clientHeight + headH + ROW;
  }, [focusI, posOf, rows]);

  const move = (d: number) => {
    if (!rows.length) return;
    const cur = props.selected == null ? -1 : posOf.get(props.selected) ?? -1;
    const k = Math.max(0, Math.min(rows.length - 1, cur + d));
    props.onSelect(rows[k].i);
  };

  const upTo = props.revealUpTo ?? Infinity;
  return (
    <div className="rv-log">
      <div className="rv-log-bar">
        <label>
          Show{" "}
          <select value={filter} onChange={(e) => setFilter(e.target.value as LogFilter)} aria-label="Events shown in the log">
            <option value="all">all events</option>
            <option value="sender">sender events</option>
            <option value="key">losses, repairs, timers, state</option>
          </select>
        </label>
        <span className="muted">{rows.length} of {props.events.length}</span>
      </div>
      <section
        ref={boxRef}
        className="rv-log-box"
        style={{ height }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (and it handles the arrow keys)
        tabIndex={0}
        aria-label="Event log (arrow keys select, Enter changes a transmission)"
        onScroll={(e) => setScrollTop((e.target as HTMLElement).scrollTop)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            move(1);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            move(-1);
          } else if (e.key === "PageDown") {
            e.preventDefault();
            move(Math.floor(height / ROW));
          } else if (e.key === "PageUp") {
            e.preventDefault();
            move(-Math.floor(height / ROW));
          } else if (e.key === "Enter" && props.selected != null && props.onModify) {
            const ev = props.events[props.selected];
            if (ev && DATA_TX_KINDS.has(ev.kind)) props.onModify(ev);
          } else if (e.key === "Escape") props.onSelect(null);
        }}
        onMouseLeave={() => props.onHover(null)}
      >
        <table
          className="rv-log-table"
          data-testid="event-log"
          style={{ minWidth: `calc(${cols.index + cols.time + cols.kind + cols.seq + cols.cwnd}ch + 6 * ${CELL_PAD} + 1rem + 7em)` }}
        >
          <colgroup>
            <col style={{ width: colWidth(cols.index) }} />
            <col style={{ width: colWidth(cols.time) }} />
            <col style={{ width: colWidth(cols.kind, "0.8rem") }} />
            <col style={{ width: colWidth(cols.seq) }} />
            <col style={{ width: colWidth(cols.cwnd) }} />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className="num">#</th>
              <th scope="col" className="num">t (ms)</th>
              <th scope="col">event</th>
              <th scope="col" className="num" title="data: the bytes sent, arrived or dropped; ACKs: the cumulative ACK number">
                seq / ack
              </th>
              <th scope="col" className="num" title="the sender's congestion window after the event, in bytes">
                cwnd (B)
              </th>
              <th scope="col">why</th>
            </tr>
          </thead>
          <tbody>
            {first > 0 && (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row of the virtual list
              <tr aria-hidden="true" style={{ height: first * ROW }}>
                <td colSpan={6} />
              </tr>
            )}
            {rows.slice(first, last).map((e) => {
              const x = props.explain(e);
              const cls = [
                e.i === props.selected ? "sel" : "",
                e.i === props.highlight ? "hov" : "",
                e.i === props.revealUpTo ? "cur" : "",
                e.i > upTo ? "future" : "",
              ].join(" ");
              return (
                <tr
                  key={e.i}
                  className={cls}
                  style={{ height: ROW }}
                  aria-selected={e.i === props.selected}
                  data-i={e.i}
                  onMouseEnter={() => props.onHover(e.i)}
                  onClick={() => props.onSelect(e.i === props.selected ? null : e.i)}
                >
                  <td className="num muted">{e.i + 1}</td>
                  <td className="num" data-col="t">{timeText(e)}</td>
                  <td className="kind">
                    <span className={`rv-kind k-${e.kind}`} title={kindLabel(e)}>
                      {kindLabel(e)}
                    </span>
                  </td>
                  <td className="num" data-col="seq">{seqText(e)}</td>
                  <td className="num" data-col="cwnd">{cwndText(e)}</td>
                  <td className="why" title={[x.title, ...x.details].join("\n")}>
                    {x.title}
                    {props.onModify && DATA_TX_KINDS.has(e.kind) && (
                      <button
                        type="button"
                        className="rv-row-action"
                        aria-label={`Drop or delay this ${e.kind} (t = ${trimNumber(e.t, 3)} ms)`}
                        tabIndex={e.i === props.selected ? 0 : -1}
                        onClick={(ev) => {
                          ev.stopPropagation();
                          props.onModify?.(e);
                        }}
                      >
                        ⋯
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
            {last < rows.length && (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row of the virtual list
              <tr aria-hidden="true" style={{ height: (rows.length - last) * ROW }}>
                <td colSpan={6} />
              </tr>
            )}
          </tbody>
        </table>
        {rows.length === 0 && <p className="muted rv-pad">No events in this window.</p>}
      </section>
    </div>
  );
}

function kindLabel(e: TraceEvent): string {
  switch (e.kind) {
    case "timer_armed":
      return `${e.timer ?? ""} armed`;
    case "timer_fired":
      return `${e.timer ?? ""} fired`;
    case "timer_cancelled":
      return `${e.timer ?? ""} stopped`;
    case "ack_recv":
      return e.syn_ack ? "SYN-ACK" : "ACK in";
    case "ack_sent":
      return "ACK out";
    case "state":
      return `→ ${e.state}`;
    default:
      return e.kind;
  }
}
