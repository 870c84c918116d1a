/** A scrollable table of the window's events, synchronized with the diagram:
 * hovering or selecting a row highlights the event in the charts and the
 * other way round.  Only the visible rows are rendered (windows hold up to
 * 4000 events). */
import { useEffect, useMemo, useRef, useState } from "react";
import { DATA_TX_KINDS, type EventKind, type TraceEvent } from "../../lib/chart-math/events";
import type { Explanation } from "../../lib/chart-math/explain";
import { trimNumber } from "../../lib/format";

const ROW = 26;
const OVERSCAN = 12;

export type LogFilter = "all" | "sender" | "key";
const SENDER: ReadonlySet<EventKind> = new Set<EventKind>(["send", "retransmit", "probe", "drop", "ack_recv", "timer_armed", "timer_fired", "timer_cancelled", "state", "syn"]);
const KEY: ReadonlySet<EventKind> = new Set<EventKind>(["retransmit", "probe", "drop", "timer_fired", "state"]);

export function filterEvents(events: readonly TraceEvent[], f: LogFilter): TraceEvent[] {
  if (f === "all") return events as TraceEvent[];
  const set = f === "sender" ? SENDER : KEY;
  return events.filter((e) => set.has(e.kind));
}

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
        <table className="rv-log-table" data-testid="event-log">
          <thead>
            <tr>
              <th scope="col" className="num">#</th>
              <th scope="col" className="num">t (ms)</th>
              <th scope="col">event</th>
              <th scope="col" className="num">seq</th>
              <th scope="col">why</th>
            </tr>
          </thead>
          <tbody>
            {first > 0 && (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row of the virtual list
              <tr aria-hidden="true" style={{ height: first * ROW }}>
                <td colSpan={5} />
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
                  <td className="num">{trimNumber(e.t, 3)}</td>
                  <td>
                    <span className={`rv-kind k-${e.kind}`}>{kindLabel(e)}</span>
                  </td>
                  <td className="num">{e.kind.startsWith("timer") || e.kind === "app" || e.kind === "state" ? "" : e.seq}</td>
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
                <td colSpan={5} />
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
