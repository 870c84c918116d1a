/** The whole display of a finished run: header and downloads, metrics, the
 * time-sequence diagram with the congestion-state strip, cwnd/ssthresh/pipe and
 * SRTT/RTO on the same time axis, the "why" panel and the event log, a
 * step-through mode, idle-time compression and direct manipulation (drop or
 * delay a transmission and re-run).
 *
 * View state lives in the URL (from_ms, to_ms, flow, unit, compress, idle_ms)
 * so that a link reproduces the view; `viewState` (from a permalink) fills in
 * what the URL does not say.  `readOnly` hides re-running and sharing. */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { RunPublic } from "../../lib/api";
import { MAX_POINTS, useKinds, useSeries, useTraceWindow } from "../../lib/queries";
import { useSearchState } from "../../lib/url";
import { ShareButton } from "../ShareButton";
import { SeriesChart, type SeriesLine } from "../charts/SeriesChart";
import { TimeSequenceChart } from "../charts/TimeSequenceChart";
import { ExportButtons } from "../charts/ExportButtons";
import { useParentSize } from "../charts/useParentSize";
import { palette } from "../charts/palette";
import { DATA_TX_KINDS, type EventKind, type TraceEvent } from "../../lib/chart-math/events";
import { buildExplainIndex, explainEvent, type Explanation } from "../../lib/chart-math/explain";
import { formatCompact, formatMs, trimNumber } from "../../lib/chart-math/format";
import { defaultIdleThreshold, findIdleGaps, timeScale } from "../../lib/chart-math/idleScale";
import { panWindow, zoomWindow, type Margin, type SeqUnit } from "../../lib/chart-math/scales";
import { seriesPoints, type SeriesPayload } from "../../lib/chart-math/downsample";
import { linkTimers, stateSegments } from "../../lib/chart-math/timeline";
import { EventDetails } from "./EventDetails";
import { EventLog } from "./EventLog";
import { MetricsTable } from "./MetricsTable";
import { RunHeader } from "./RunHeader";
import { SegmentMenu } from "./SegmentMenu";
import { StepControls, type StepScope } from "./StepControls";
import { explainWithContext, needsContext } from "./context";
import { segmentIndexMap } from "../../lib/chart-math/segmentIndex";
import "./run.css";

type Obj = Record<string, unknown>;

const MARGIN: Margin = { top: 28, right: 18, bottom: 0, left: 70 };
const SEND_KINDS = ["send", "probe"];
const SENDER_KINDS: ReadonlySet<EventKind> = new Set<EventKind>(["send", "retransmit", "probe", "drop", "ack_recv", "timer_fired", "state", "syn"]);

function num(s: string | null | undefined): number | null {
  if (s === null || s === undefined || s === "") return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

export function RunDashboard(props: { run: RunPublic; readOnly?: boolean; viewState?: Obj }) {
  const { run, readOnly } = props;
  const vs = props.viewState ?? {};
  const scenario = run.scenario as Obj;
  const p = palette();

  // ---- view state (URL first, then the permalink's view state)
  const [search, setParams] = useSearchState();
  const fromQ = search.get("from_ms");
  const toQ = search.get("to_ms");
  const flowQ = search.get("flow");
  const unitQ = search.get("unit");
  const compQ = search.get("compress");
  const idleQ = search.get("idle_ms");
  const pick = (q: string | null, k: string) => q ?? (vs[k] !== undefined && vs[k] !== null ? String(vs[k]) : null);
  const fromMs = num(pick(fromQ, "from_ms"));
  const toMs = num(pick(toQ, "to_ms"));
  const win: [number, number] | null = fromMs !== null && toMs !== null && toMs > fromMs ? [fromMs, toMs] : null;
  const flows = (scenario.flows as Obj[] | undefined) ?? [];
  const nFlows = Math.max(1, run.metrics?.length ?? flows.length);
  const flow = Math.min(nFlows - 1, Math.max(0, Math.trunc(num(pick(flowQ, "flow")) ?? 0)));
  const unit: SeqUnit = pick(unitQ, "unit") === "bytes" ? "bytes" : "segments";
  const compress = ["1", "true"].includes(String(pick(compQ, "compress")));
  const idleMs = num(pick(idleQ, "idle_ms"));
  const mss = Number(((flows[flow]?.tcp as Obj | undefined)?.mss as number | undefined) ?? 1448);

  // ---- data (the dashboard fetches; charts only get props)
  const trace = useTraceWindow(run.id, win?.[0] ?? null, win?.[1] ?? null, nFlows > 1 ? flow : null);
  const series = useSeries(run.id, flow, win?.[0] ?? null, win?.[1] ?? null);
  const events = trace.events;
  const summary = (run.summary ?? {}) as Obj;
  const simEnd = typeof summary.sim_end_ns === "number" ? summary.sim_end_ns / 1e6 : 0;
  const lastT = events.length ? events[events.length - 1].t : 0;
  const runEnd = Math.max(simEnd, lastT, win?.[1] ?? 0, 1e-3);
  // a wheel zoom in progress: shown at once, written to the URL (and fetched) when the wheel rests
  const [liveWin, setLiveWin] = useState<[number, number] | null>(null);
  const liveRef = useRef<[number, number] | null>(null);
  const domain: [number, number] = useMemo(() => {
    if (liveWin) return liveWin;
    if (win) return win;
    // the whole run: from the flow's first event to its last (other flows may run longer)
    if (events.length) {
      const t0 = events[0].t;
      const t1 = events[events.length - 1].t;
      if (t1 > t0) return [t0, Math.min(runEnd, t1 + (t1 - t0) * 0.02)];
    }
    if (trace.window && trace.window.from_ns !== null && trace.window.to_ns !== null && trace.window.to_ns > trace.window.from_ns) {
      return [trace.window.from_ns / 1e6, trace.window.to_ns / 1e6];
    }
    return [0, runEnd];
  }, [liveWin, win?.[0], win?.[1], events, trace.window, runEnd]);

  // ---- layout and scales
  const { ref: colRef, width: colWidth } = useParentSize<HTMLDivElement>(820);
  const width = Math.max(420, colWidth);
  const plotW = width - MARGIN.left - MARGIN.right;
  const autoThreshold = useMemo(() => defaultIdleThreshold(events.map((e) => e.srtt_us)), [events]);
  const threshold = idleMs && idleMs > 0 ? idleMs : autoThreshold;
  const x = useMemo(() => {
    const gaps = compress ? findIdleGaps(events.map((e) => e.t), domain, { threshold }) : [];
    return timeScale({ domain, range: [0, plotW], gaps, gapPx: 30 });
  }, [compress, events, domain, threshold, plotW]);
  // exact segment numbers in a zoomed window: every first transmission up to its end
  const txCount = (m: Record<string, unknown> | undefined) => Number(m?.segments_sent ?? 0) + Number(m?.retransmissions ?? 0);
  const flowTx = run.metrics ? txCount(run.metrics[flow]) : undefined;
  const allTx = run.metrics ? run.metrics.reduce((a, m) => a + txCount(m), 0) : undefined;
  // only when the flow's sends are few enough to fetch in one small request
  const sends = useKinds(run.id, SEND_KINDS, win ? win[1] + 0.001 : null, flow, !!win && flowTx !== undefined && flowTx <= 20_000);
  const segIndex = useMemo(
    () => (win && sends.data?.complete ? new Map([[flow, segmentIndexMap(sends.data.events, flow)]]) : null),
    [win, sends.data, flow],
  );
  const ix = useMemo(() => buildExplainIndex(events, scenario, segIndex), [events, scenario, segIndex]);
  const links = useMemo(() => linkTimers(events), [events]);
  const explain = useCallback((e: TraceEvent): Explanation => explainEvent(e, ix), [ix]);

  // ---- interaction state
  const [hover, setHover] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(600);
  const [scope, setScope] = useState<StepScope>("all");
  const [menu, setMenu] = useState<{ ev: TraceEvent; pos: { x: number; y: number } } | null>(null);
  useEffect(() => {
    setHover(null);
    setSelected(null);
    setCursor(null);
    setPlaying(false);
    setMenu(null);
  }, [trace.key]);

  // ---- step-through
  const steps = useMemo(() => (scope === "all" ? events.map((e) => e.i) : events.filter((e) => SENDER_KINDS.has(e.kind)).map((e) => e.i)), [events, scope]);
  const position = useMemo(() => {
    if (cursor === null) return null;
    let k = -1;
    for (let j = 0; j < steps.length && steps[j] <= cursor; j++) k = j;
    return Math.max(0, k);
  }, [cursor, steps]);
  const stepTo = useCallback((pos: number) => {
    if (!steps.length) return;
    const k = Math.max(0, Math.min(steps.length - 1, pos));
    setCursor(steps[k]);
  }, [steps]);
  const next = useCallback(() => {
    setPlaying(false);
    stepTo(position === null ? 0 : position + 1);
  }, [position, stepTo]);
  const prev = useCallback(() => {
    setPlaying(false);
    if (position !== null) stepTo(position - 1);
  }, [position, stepTo]);
  const play = useCallback(() => {
    if (!steps.length) return;
    if (position === null || position >= steps.length - 1) setCursor(steps[0]);
    setPlaying(true);
  }, [position, steps]);
  useEffect(() => {
    if (!playing) return;
    const t = setInterval(() => {
      setCursor((c) => {
        let k = -1;
        if (c !== null) for (let j = 0; j < steps.length && steps[j] <= c; j++) k = j;
        return k >= steps.length - 1 ? c : steps[k + 1];
      });
    }, speed);
    return () => clearInterval(t);
  }, [playing, speed, steps]);
  useEffect(() => {
    if (playing && position !== null && position >= steps.length - 1) setPlaying(false);
  }, [playing, position, steps.length]);

  // ---- keyboard: arrows step, space plays/pauses, Escape clears (not while typing)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.closest("input, select, textarea, [role=dialog], .rv-log-box") || e.altKey || e.ctrlKey || e.metaKey)) return;
      if (e.key === "ArrowRight") {
        e.preventDefault();
        next();
      } else if (e.key === "ArrowLeft") {
        e.preventDefault();
        prev();
      } else if (e.key === "Escape") {
        setMenu(null);
        setSelected(null);
      } else if (e.key === " " && (t === document.body || t?.closest(".rv-charts"))) {
        e.preventDefault();
        if (playing) setPlaying(false);
        else play();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [next, prev, play, playing]);

  // ---- time window
  const setWindow = useCallback((a: number, b: number) => {
    const lo = 0;
    const hi = runEnd;
    const s = Math.max(lo, Math.min(a, b));
    const e = Math.min(hi, Math.max(a, b));
    if (e - s <= 1e-6) return;
    if (s <= lo && e >= hi) setParams({ from_ms: null, to_ms: null });
    else setParams({ from_ms: trimNumber(s, 6), to_ms: trimNumber(e, 6) });
  }, [runEnd]);
  const resetZoom = () => setParams({ from_ms: null, to_ms: null });
  const commitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wheelZoom = useCallback(
    (factor: number, center: number) => {
      const base = liveRef.current ?? domain;
      let nw = zoomWindow(base, factor, 0, runEnd, center);
      if (nw[1] - nw[0] < 0.001) nw = [center - 0.0005, center + 0.0005];
      liveRef.current = nw;
      setLiveWin(nw);
      clearTimeout(commitTimer.current);
      commitTimer.current = setTimeout(() => {
        const w = liveRef.current;
        liveRef.current = null;
        if (w) setWindow(w[0], w[1]);
      }, 250);
    },
    [domain, runEnd, setWindow],
  );
  useEffect(() => {
    if (!liveRef.current) setLiveWin(null);
  }, [win?.[0], win?.[1]]);
  useEffect(() => () => clearTimeout(commitTimer.current), []);

  // ---- render timing (from the result's arrival to the first drawn diagram)
  const mountT = useRef(typeof performance !== "undefined" ? performance.now() : 0);
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const measured = useRef(false);
  const onDrawn = useCallback(() => {
    if (measured.current || !events.length) return;
    measured.current = true;
    const done = () => {
      const ms = performance.now() - mountT.current;
      setRenderMs(ms);
      if (typeof performance.mark === "function") performance.mark("rexmit:run-view-drawn", { detail: { ms, events: events.length } });
    };
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(done);
    else done();
  }, [events.length]);

  // ---- the event the panels talk about
  const focusI = cursor ?? selected ?? hover;
  const focusSource = cursor !== null ? "step" : selected !== null ? "selected" : hover !== null ? "hover" : null;
  const focusEv = focusI !== null ? events[focusI] ?? null : null;
  const guideI = hover ?? selected ?? cursor;
  const guideT = guideI !== null && events[guideI] ? events[guideI].t : null;

  // in a downsampled window the arming of a timer may be missing: fetch it for the selection
  const sel = selected ?? cursor;
  const selEv = sel !== null ? events[sel] : undefined;
  const ctx = useQuery({
    queryKey: ["explain-context", run.id, trace.key, sel],
    queryFn: () => (selEv ? explainWithContext(run.id, selEv, scenario, events) : null),
    enabled: !!selEv && !!trace.window?.downsampled && needsContext(selEv),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const ctxLoading = ctx.isFetching;
  const ctxExpl = ctx.data && sel !== null ? { i: sel, x: ctx.data } : null;
  const focusExpl = focusEv ? (ctxExpl && ctxExpl.i === focusEv.i ? ctxExpl.x : explain(focusEv)) : null;

  // ---- derived chart data
  const states = useMemo(() => stateSegments(events, events[0]?.flow ?? flow, domain[0], domain[1], cursor !== null ? events[cursor]?.t : undefined), [events, flow, domain, cursor]);
  const cursorT = cursor !== null && events[cursor] ? events[cursor].t : null;
  const sData = (series.series?.series ?? {}) as Record<string, SeriesPayload>;
  const div = unit === "segments" ? mss : 1;
  const cwndLines: SeriesLine[] = useMemo(
    () => [
      { key: "cwnd", label: "cwnd", color: p.cwnd, points: seriesPoints(sData.cwnd, div), width: 2.2 },
      { key: "ssthresh", label: "ssthresh", color: p.ssthresh, points: seriesPoints(sData.ssthresh, div), dash: "6 4", width: 1.6 },
      { key: "pipe", label: "pipe", color: p.pipe, points: seriesPoints(sData.pipe, div), width: 1.6 },
    ],
    [series.series, div],
  );
  const rttLines: SeriesLine[] = useMemo(
    () => [
      { key: "srtt", label: "SRTT", color: p.srtt, points: seriesPoints(sData.srtt, 1000), width: 2 },
      { key: "rto", label: "RTO", color: p.rto, points: seriesPoints(sData.rto, 1000), dash: "5 3", width: 1.8 },
    ],
    [series.series],
  );

  const tscRef = useRef<HTMLDivElement | null>(null);
  const cwndRef = useRef<HTMLDivElement | null>(null);
  const rttRef = useRef<HTMLDivElement | null>(null);

  const openMenuFor = useCallback(
    (ev: TraceEvent, pos?: { x: number; y: number }) => {
      if (readOnly || !DATA_TX_KINDS.has(ev.kind)) return;
      setPlaying(false);
      setMenu({ ev, pos: pos ?? { x: MARGIN.left + x(ev.t), y: 60 } });
    },
    [readOnly, x],
  );

  const viewState = { from_ms: win?.[0] ?? null, to_ms: win?.[1] ?? null, flow, unit, compress, idle_ms: idleMs, selected, step: cursor };
  const w = trace.window;
  const exportBase = `/api/v1/runs/${run.id}/export`;

  return (
    <section className="rv-dash" data-testid="run-dashboard" data-render-ms={renderMs === null ? undefined : renderMs.toFixed(1)} data-ready={renderMs !== null ? "true" : undefined}>
      <RunHeader
        run={run}
        actions={
          <>
            <span className="rv-downloads" role="group" aria-label="Download the data">
              <a href={`${exportBase}?format=csv`} download>CSV</a>
              <a href={`${exportBase}?format=json`} download>JSON</a>
              <a href={`${exportBase}?format=pcap`} download>pcap</a>
            </span>
            {!readOnly && <ShareButton runId={run.id} viewState={viewState} />}
          </>
        }
      />

      {run.metrics && run.metrics.length > 0 && (
        <MetricsTable metrics={run.metrics} flow={flow} onFlow={(f) => setParams({ flow: f === 0 ? null : String(f) })} />
      )}

      <div className="rv-controls">
        <StepControls
          position={position}
          total={steps.length}
          playing={playing}
          speed={speed}
          scope={scope}
          onPlay={play}
          onPause={() => setPlaying(false)}
          onNext={next}
          onPrev={prev}
          onShowAll={() => {
            setPlaying(false);
            setCursor(null);
          }}
          onSpeed={setSpeed}
          onScope={setScope}
        />
        <div className="rv-toolbar" role="toolbar" aria-label="Chart options">
          {nFlows > 1 && (
            <label>
              flow{" "}
              <select value={flow} onChange={(e) => setParams({ flow: e.target.value === "0" ? null : e.target.value })} aria-label="Flow shown in the charts">
                {Array.from({ length: nFlows }, (_, f) => (
                  <option key={f} value={f}>
                    {f}
                    {run.metrics?.[f] ? ` · ${run.metrics[f].drops ?? 0} drops` : ""}
                  </option>
                ))}
              </select>
            </label>
          )}
          <span role="radiogroup" aria-label="Sequence unit" className="rv-seg">
            {(["segments", "bytes"] as SeqUnit[]).map((u) => (
              <label key={u}>
                <input type="radio" name="rv-unit" checked={unit === u} onChange={() => setParams({ unit: u === "segments" ? null : u })} /> {u}
              </label>
            ))}
          </span>
          <label>
            <input type="checkbox" checked={compress} onChange={(e) => setParams({ compress: e.target.checked ? "1" : null })} /> Compress idle time
          </label>
          {compress && (
            <label>
              gaps over{" "}
              <input
                type="number"
                min={1}
                step={10}
                className="rv-num"
                aria-label="Idle threshold (ms)"
                value={Math.round(threshold)}
                onChange={(e) => setParams({ idle_ms: e.target.value || null })}
              />{" "}
              ms
            </label>
          )}
          <span className="rv-zoom" role="group" aria-label="Time window">
            <button type="button" onClick={() => setWindow(...panWindow(domain, -0.5, 0, runEnd))} disabled={!win || domain[0] <= 0} aria-label="Pan left">◀</button>
            <button type="button" onClick={() => setWindow(...zoomWindow(domain, 2, 0, runEnd))} disabled={!win} aria-label="Zoom out">Zoom out</button>
            <button type="button" onClick={resetZoom} disabled={!win} aria-label="Reset zoom">Reset zoom</button>
            <button type="button" onClick={() => setWindow(...panWindow(domain, 0.5, 0, runEnd))} disabled={!win || domain[1] >= runEnd} aria-label="Pan right">▶</button>
          </span>
        </div>
      </div>

      <div className="rv-main">
        <div className="rv-charts" ref={colRef}>
          <div className="rv-card" aria-busy={trace.loading}>
            <div className="rv-card-head">
              <h2>Time-sequence diagram{nFlows > 1 ? ` · flow ${flow}` : ""}</h2>
              <span className="muted rv-window rv-hint" data-testid="window-status">
                {formatMs(domain[0], 3)} – {formatMs(domain[1], 3)}
                {w && (w.downsampled ? ` · ${w.returned.toLocaleString()} of ${w.total_in_window.toLocaleString()} events (every loss, repair, timer fire and state change kept; drag to zoom for all)` : ` · ${w.returned.toLocaleString()} events`)}
                {trace.loading && " · loading…"}
              </span>
              <ExportButtons target={tscRef} name={`rexmit-${run.id.slice(0, 8)}-time-sequence`} label="time-sequence diagram" />
            </div>
            {trace.error && <p className="error" role="alert">Could not load the trace: {trace.error}</p>}
            <div ref={tscRef} className="rv-card-body" style={{ position: "relative" }}>
              <TimeSequenceChart
                events={events}
                x={x}
                width={width}
                margin={MARGIN}
                plotHeight={300}
                unit={unit}
                mss={mss}
                links={links}
                states={states}
                explain={explain}
                revealUpTo={cursor}
                highlight={hover}
                selected={selected}
                onHover={setHover}
                onSelect={(i) => {
                  setSelected(i);
                  if (i === null) setMenu(null);
                }}
                onDataClick={readOnly ? undefined : (ev, pos) => openMenuFor(ev, pos)}
                onZoom={setWindow}
                onWheelZoom={wheelZoom}
                onDrawn={onDrawn}
                title={`Time-sequence diagram of flow ${flow}`}
              />
              {menu && !readOnly && (
                <SegmentMenu
                  runId={run.id}
                  scenario={scenario}
                  ev={menu.ev}
                  mss={mss}
                  defaultDelayMs={Math.max(1, Math.round((menu.ev.srtt_us || 100_000) / 1000))}
                  flowTransmissions={flowTx}
                  allTransmissions={allTx}
                  pos={menu.pos}
                  containerWidth={width}
                  onClose={() => setMenu(null)}
                />
              )}
            </div>
          </div>

          <div className="rv-card">
            <div className="rv-card-head">
              <h2>Congestion window</h2>
              <ExportButtons target={cwndRef} name={`rexmit-${run.id.slice(0, 8)}-cwnd`} label="congestion window chart" />
            </div>
            {series.error && <p className="error" role="alert">Could not load the series: {series.error}</p>}
            <div ref={cwndRef} className="rv-card-body">
              <SeriesChart
                lines={cwndLines}
                x={x}
                width={width}
                margin={MARGIN}
                plotHeight={130}
                format={(v) => (unit === "segments" ? trimNumber(v, 1) : formatCompact(v))}
                yLabel={unit === "segments" ? "segments" : "bytes"}
                cursorT={cursorT}
                guideT={guideT}
                testId="chart-cwnd"
                title={`cwnd, ssthresh, pipe (${unit})`}
              />
            </div>
          </div>

          <div className="rv-card">
            <div className="rv-card-head">
              <h2>RTT estimate and RTO</h2>
              <ExportButtons target={rttRef} name={`rexmit-${run.id.slice(0, 8)}-rtt`} label="SRTT and RTO chart" />
            </div>
            <div ref={rttRef} className="rv-card-body">
              <SeriesChart
                lines={rttLines}
                x={x}
                width={width}
                margin={MARGIN}
                plotHeight={100}
                format={(v) => trimNumber(v, 1)}
                yLabel="ms"
                cursorT={cursorT}
                guideT={guideT}
                testId="chart-rtt"
                title="SRTT and RTO (ms)"
              />
            </div>
          </div>
        </div>

        <aside className="rv-side">
          <EventDetails ev={focusEv} explanation={focusExpl} source={focusSource} onModify={readOnly ? undefined : (e) => openMenuFor(e)} loadingContext={ctxLoading && focusEv?.i === sel} />
          <EventLog
            events={events}
            explain={explain}
            highlight={hover}
            selected={selected}
            revealUpTo={cursor}
            onHover={setHover}
            onSelect={(i) => {
              setSelected(i);
              // while stepping, choosing a row moves the step cursor there
              if (cursor !== null && i !== null) {
                setPlaying(false);
                setCursor(i);
              }
            }}
            onModify={readOnly ? undefined : (e) => openMenuFor(e)}
            height={460}
          />
          {w && w.total_in_window > MAX_POINTS && (
            <p className="muted rv-pad">The log lists the events of the downsampled window; zoom in to list every event.</p>
          )}
        </aside>
      </div>
    </section>
  );
}
