/** The whole display of a finished run: header and downloads, metrics, the
 * time-sequence diagram with the congestion-state strip, cwnd/ssthresh/pipe and
 * SRTT/RTO on the same time axis, the "why" panel and the event log, a
 * step-through mode, idle-time compression and direct manipulation (drop or
 * delay a transmission and re-run), and a presentation mode (?present=1: the
 * diagram and the "why" panel full width, 18 px chart text, keys; usePresentation.ts).
 *
 * View state lives in the URL (useRunViewState) so that a link reproduces the
 * view; `viewState` (from a permalink) fills in what the URL does not say.
 * `readOnly` hides re-running and sharing. */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { RunPublic } from "../../lib/api";
import { DATA_TX_KINDS, type TraceEvent } from "../../lib/chart-math/events";
import { spuriousMarkLabel } from "../../lib/chart-math/explain";
import { fullDomain, type Margin, zoomWindow } from "../../lib/chart-math/scales";
import { linkTimers, stateSegments } from "../../lib/chart-math/timeline";
import { formatMsRange } from "../../lib/format";
import { varsForFlow } from "../../lib/mechanismVars";
import { entryOf } from "../../lib/traceVocab";
import { stallPeriods, windowVars } from "../../lib/windowChart";
import { recoveryBands } from "../../lib/recoveryBands";
import { MAX_POINTS, useCatalogue, useNamedSeries, usePeriodBands, useSeries, useTraceVocab, useTraceWindow } from "../../lib/queries";
import { PeriodLegend, periodLegendEntries } from "../charts/PeriodBands";
import { RecoveryLegend } from "./RecoveryLegend";
import { ChartCard } from "../charts/ChartCard";
import { type ExportInfo, ExportInfoContext } from "../charts/exportMeta";
import { TimeSequenceChart } from "../charts/TimeSequenceChart";
import { useParentSize } from "../charts/useParentSize";
import { ShareButton } from "../ShareButton";
import { useContextExplanation } from "./context";
import { EventDetails } from "./EventDetails";
import { EventLog } from "./EventLog";
import { MetricsTable } from "./MetricsTable";
import { describeScenario, RunHeader } from "./RunHeader";
import { RunToolbar } from "./RunToolbar";
import { SegmentMenu } from "./SegmentMenu";
import { SeriesCards } from "./SeriesCards";
import { txCount, useExplain } from "./useExplain";
import { useRenderTiming } from "./useRenderTiming";
import { useRunViewState } from "./useRunViewState";
import { PRESENT_FONT, PRESENT_MARGIN, PRESENTATION_KEYS, presentationPlotHeight, useFirstScreenPlot, usePresentationKeys, useViewportHeight } from "./usePresentation";
import { useStepThrough } from "./useStepThrough";
import { VarCards } from "./VarCards";
import { useTimeAxis } from "./useTimeAxis";
import { useWheelZoom } from "./useWheelZoom";
import "./run.css";

type Obj = Record<string, unknown>;

const MARGIN: Margin = { top: 28, right: 18, bottom: 0, left: 70 };
/** Vertical padding of the presentation layout around the diagram (px, as run.css's .rv-present). */
const PRESENT_GAPS = 24;

export function RunDashboard(props: { run: RunPublic; readOnly?: boolean; viewState?: Obj }) {
  const { run, readOnly } = props;
  const scenario = run.scenario as Obj;
  const simEnd = typeof run.summary?.sim_end_ns === "number" ? run.summary.sim_end_ns / 1e6 : 0;
  const view = useRunViewState(run, props.viewState);
  const { win, flow, unit, mss } = view;

  // ---- data (the dashboard fetches; charts only get props)
  const trace = useTraceWindow(run.id, win?.[0] ?? null, win?.[1] ?? null, view.nFlows > 1 ? flow : null);
  const series = useSeries(run.id, flow, win?.[0] ?? null, win?.[1] ?? null);
  const events = trace.events;
  const runEnd = Math.max(simEnd, events.at(-1)?.t ?? 0, win?.[1] ?? 0, 1e-3);
  // the path's periods (spikes, outages, handover tables): bands behind the diagram and the cwnd chart
  const pathBands = usePeriodBands(run.id, runEnd, scenario);
  const setWindow = useCallback((a: number, b: number) => view.setWindow(a, b, runEnd), [view.setWindow, runEnd]);
  const w = trace.window;
  const shown = win ?? fullDomain(events, w && w.from_ns !== null && w.to_ns !== null ? [w.from_ns / 1e6, w.to_ns / 1e6] : null, runEnd);
  const { liveWindow, wheelZoom } = useWheelZoom(shown, runEnd, win, setWindow);
  const domain = liveWindow ?? shown;

  // ---- layout and scales: the charts column, or the whole screen when presenting
  const presenting = view.present;
  const { ref: colRef, width: colWidth } = useParentSize<HTMLDivElement>(820);
  const { ref: presentBodyRef, width: presentWidth } = useParentSize<HTMLDivElement>(1000);
  const { ref: barRef, height: barHeight } = useParentSize<HTMLDivElement>();
  const viewportH = useViewportHeight();
  const margin = presenting ? PRESENT_MARGIN : MARGIN;
  const width = Math.max(420, presenting ? presentWidth : colWidth);
  // presenting: the whole diagram fits under the mode's bar with the first lines of the "why" panel below it;
  // else the plot, up to 300 px, ends on the first screen (short screens, 150 % zoom)
  const dashRef = useRef<HTMLElement | null>(null);
  const fitted = useFirstScreenPlot(dashRef, !presenting, viewportH, 8);
  const plotHeight = presenting ? presentationPlotHeight(viewportH, barHeight + PRESENT_GAPS, width) : fitted;
  const { x, threshold } = useTimeAxis(events, domain, width - margin.left - margin.right, view.compress, view.idleMs);
  const [d0, d1] = domain;

  // the metrics table waits for the catalogue (or its failure) so that its
  // columns appear once, in the catalogue's order, instead of jumping
  const { data: catalogue, isPending: cataloguePending } = useCatalogue();
  const explain = useExplain(run, events, win, flow);
  // the catalogue's labels of states and timer kinds, handed to the chart and the "why" panel
  const vocab = useTraceVocab().data;
  // the mechanism variables the flow's configuration declares (from the catalogue), one card each
  const flowVars = useMemo(() => (catalogue ? varsForFlow(catalogue.vars, scenario, flow, catalogue) : []), [catalogue, scenario, flow]);
  const varNames = useMemo(() => flowVars.map((v) => v.name), [flowVars]);
  const varSeries = useNamedSeries(run.id, flow, varNames, win?.[0] ?? null, win?.[1] ?? null);
  // the core's window variables (receive window, send buffer), drawn beside cwnd when the run traced them
  const winVars = useMemo(() => (catalogue ? windowVars(catalogue.vars) : []), [catalogue]);
  const winVarNames = useMemo(() => winVars.map((v) => v.name), [winVars]);
  const winSeries = useNamedSeries(run.id, flow, winVarNames, win?.[0] ?? null, win?.[1] ?? null);
  // application stalls (app_stall begin/end pairs) of the window, shaded on the cwnd chart
  const stalls = useMemo(() => stallPeriods(events, flow, shown[0], shown[1]), [events, flow, shown]);
  // the flow's loss-recovery periods (RunPublic.episodes) with their utilisation and idle link time, shaded
  // behind the diagram and the window chart beside the path's periods (runs stored without episodes: none)
  const recBands = useMemo(() => recoveryBands(run.episodes?.[flow], catalogue?.episodeMetrics ?? []), [run.episodes, flow, catalogue]);
  const bands = useMemo(() => [...pathBands, ...recBands], [pathBands, recBands]);
  const stallEvent = useMemo(() => entryOf(vocab?.events ?? [], "app_stall"), [vocab]);
  const links = useMemo(() => linkTimers(events), [events]);
  // the spurious-RTO verdicts, marked on the cwnd chart with their explanation
  const spuriousMarks = useMemo(
    () =>
      events.flatMap((e) => {
        if (e.kind !== "spurious") return [];
        const ex = explain(e);
        return [{ key: String(e.i), t: e.t, label: spuriousMarkLabel(e, vocab), title: ex.title, details: ex.details }];
      }),
    [events, explain, vocab],
  );

  // ---- interaction: hover, selection, the drop/delay menu, step-through
  const [hover, setHover] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ ev: TraceEvent; pos: { x: number; y: number } } | null>(null);
  const clearSelection = useCallback(() => {
    setMenu(null);
    setSelected(null);
  }, []);
  const step = useStepThrough(events, clearSelection);
  const { cursor } = step;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new window clears what pointed into the old one
  useEffect(() => {
    setHover(null);
    clearSelection();
  }, [trace.key, clearSelection]);
  const { renderMs, onDrawn } = useRenderTiming(events.length);

  // ---- the event the panels talk about; in a downsampled window the arming of a timer may be missing
  const focusI = cursor ?? selected ?? hover;
  const focusSource = cursor !== null ? "step" : selected !== null ? "selected" : hover !== null ? "hover" : null;
  const focusEv = focusI !== null ? (events[focusI] ?? null) : null;
  const guideI = hover ?? selected ?? cursor;
  const guideT = guideI !== null ? (events[guideI]?.t ?? null) : null;
  const sel = selected ?? cursor;
  const ctx = useContextExplanation(run.id, events, scenario, !!trace.window?.downsampled, trace.key, sel);
  const focusExpl = focusEv ? (ctx.data && sel === focusEv.i ? ctx.data : explain(focusEv)) : null;

  // ---- derived chart data
  const cursorT = cursor !== null ? (events[cursor]?.t ?? null) : null;
  const states = useMemo(() => stateSegments(events, events[0]?.flow ?? flow, d0, d1, cursorT ?? undefined), [events, flow, d0, d1, cursorT]);
  const openMenuFor = (ev: TraceEvent, pos?: { x: number; y: number }) => {
    if (readOnly || !DATA_TX_KINDS.has(ev.kind)) return;
    step.pause();
    setMenu({ ev, pos: pos ?? { x: margin.left + x(ev.t), y: 60 } });
  };
  // the diagram's arrow keys: while stepping (always when presenting) they move the step cursor, else the selection
  const onNavigate = (i: number) => {
    if (cursor !== null || presenting) step.moveTo(i);
    else setSelected(i);
  };

  // ---- presentation mode: + / − zoom around the current event (the step cursor survives the new window), Esc leaves
  const presentToggle = useRef<HTMLButtonElement | null>(null);
  const presentRoot = useRef<HTMLElement | null>(null);
  const keepCursor = useRef<{ t_ns: number; kind: string; seq: number } | null>(null);
  const zoomBy = useCallback(
    (factor: number) => {
      const at = cursor ?? selected;
      const ev = at !== null ? events[at] : undefined;
      keepCursor.current = cursor !== null && ev ? { t_ns: ev.t_ns, kind: ev.kind, seq: ev.seq } : null;
      setWindow(...zoomWindow(domain, factor, 0, runEnd, ev?.t));
    },
    [cursor, selected, events, domain, runEnd, setWindow],
  );
  const leave = useCallback(() => view.setPresent(false), [view.setPresent]);
  usePresentationKeys(presenting, zoomBy, leave);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new window (after a zoom) restores the cursor
  useEffect(() => {
    const k = keepCursor.current;
    if (!k) return;
    keepCursor.current = null;
    const e = events.find((x) => x.t_ns === k.t_ns && x.kind === k.kind && x.seq === k.seq);
    if (e) step.moveTo(e.i);
  }, [events]);
  // entering the mode focuses the diagram (its keys, its live region); leaving returns to the toggle
  const wasPresenting = useRef(presenting);
  useEffect(() => {
    if (presenting) presentRoot.current?.querySelector<HTMLElement>('[data-testid="chart-time-sequence"]')?.focus();
    else if (wasPresenting.current) presentToggle.current?.focus();
    wasPresenting.current = presenting;
  }, [presenting]);

  const viewState = { from_ms: win?.[0] ?? null, to_ms: win?.[1] ?? null, flow, unit, compress: view.compress, idle_ms: view.idleMs, selected, step: cursor };
  const name = (what: string) => `rexmit-${run.id.slice(0, 8)}${what && `-${what}`}`;
  const common = { x, width, margin: MARGIN, cursorT, guideT };
  // what every exported chart says under it (the permalink is the address at export time: this view)
  const exportInfo = useMemo<ExportInfo>(
    () => ({
      caption: [
        `Scenario: ${describeScenario(scenario, catalogue).join(" · ")}.`,
        `Run ${run.id} · seed ${run.seed} · engine ${run.engine_version} · flow ${flow} · ${formatMsRange(domain[0], domain[1])}.`,
      ],
    }),
    [scenario, catalogue, run.id, run.seed, run.engine_version, flow, domain],
  );

  const diagram = (
    <TimeSequenceChart
      {...common}
      margin={margin}
      events={events}
      plotHeight={plotHeight}
      fontSize={presenting ? PRESENT_FONT : undefined}
      unit={unit}
      mss={mss}
      links={links}
      states={states}
      explain={explain}
      vocab={vocab}
      bands={bands}
      revealUpTo={cursor}
      highlight={hover}
      selected={selected}
      onHover={setHover}
      onSelect={(i) => {
        setSelected(i);
        if (i === null) setMenu(null);
      }}
      onNavigate={onNavigate}
      onDataClick={readOnly ? undefined : openMenuFor}
      onZoom={setWindow}
      onWheelZoom={wheelZoom}
      onDrawn={onDrawn}
      title={`Time-sequence diagram of flow ${flow}`}
    />
  );
  const segmentMenu = menu && !readOnly && (
    <SegmentMenu
      runId={run.id}
      scenario={scenario}
      ev={menu.ev}
      mss={mss}
      defaultDelayMs={Math.max(1, Math.round((menu.ev.srtt_us || 100_000) / 1000))}
      flowTransmissions={run.metrics ? txCount(run.metrics[flow]) : undefined}
      allTransmissions={run.metrics?.reduce((a, m) => a + txCount(m), 0)}
      pos={menu.pos}
      containerWidth={width}
      onClose={() => setMenu(null)}
    />
  );
  const why = (
    <EventDetails
      vocab={vocab}
      ev={focusEv}
      explanation={focusExpl}
      source={focusSource}
      onModify={readOnly ? undefined : openMenuFor}
      loadingContext={ctx.isFetching && focusEv?.i === sel}
      emptyHint={presenting ? "Press → to step through the run event by event, Space to play it; each event is explained here." : undefined}
    />
  );

  if (presenting)
    return (
      <section
        ref={presentRoot}
        className="rv-dash rv-present"
        data-testid="run-dashboard"
        data-render-ms={renderMs?.toFixed(1)}
        data-ready={renderMs !== null ? "true" : undefined}
        aria-label="Presentation mode"
      >
        <div className="rv-present-bar" ref={barRef}>
          <h1 className="rv-present-title">
            Run <code title={run.id}>{run.id.slice(0, 8)}</code>
            {view.nFlows > 1 && ` · flow ${flow}`}
          </h1>
          <span className="rv-present-pos" aria-live="polite" data-testid="present-position">
            {step.position === null ? `${step.total} events` : `event ${step.position + 1} of ${step.total}`}
            {step.playing && " · playing"}
          </span>
          <ul className="rv-keys" data-testid="presentation-keys" aria-label="Keys">
            {PRESENTATION_KEYS.map((k) => (
              <li key={k.what}>
                {k.keys.map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}{" "}
                {k.what}
              </li>
            ))}
          </ul>
          <button type="button" onClick={leave} aria-label="Leave presentation mode" title="Leave presentation mode (Esc)">
            ✕
          </button>
        </div>
        <div className="rv-present-body" ref={presentBodyRef}>
          <div className="rv-charts rv-present-chart">
            {trace.error && (
              <p className="error" role="alert">
                Could not load the trace: {trace.error}
              </p>
            )}
            {diagram}
            <PeriodLegend bands={pathBands} />
            <RecoveryLegend bands={recBands} />
            {segmentMenu}
          </div>
          {why}
        </div>
      </section>
    );

  return (
    <ExportInfoContext.Provider value={exportInfo}>
    <section ref={dashRef} className="rv-dash" data-testid="run-dashboard" data-render-ms={renderMs?.toFixed(1)} data-ready={renderMs !== null ? "true" : undefined}>
      <RunHeader run={run} actions={!readOnly && <ShareButton runId={run.id} viewState={viewState} />} />
      <RunToolbar
        view={view}
        setWindow={setWindow}
        step={step}
        domain={domain}
        runEnd={runEnd}
        threshold={threshold}
        drops={Array.from({ length: view.nFlows }, (_, f) => run.metrics?.[f]?.drops as number | undefined)}
        presentRef={presentToggle}
      />

      <div className="rv-main">
        <div className="rv-charts" ref={colRef}>
          <ChartCard
            title={`Time-sequence diagram${view.nFlows > 1 ? ` · flow ${flow}` : ""}`}
            exportName={name("time-sequence")}
            exportLabel="time-sequence diagram"
            exportTitle={`Time-sequence diagram of flow ${flow}, run ${run.id.slice(0, 8)}`}
            periods={periodLegendEntries(bands, domain)}
            statusTestId="window-status"
            status={
              <>
                {formatMsRange(domain[0], domain[1])}
                {w && (w.downsampled ? ` · ${w.returned.toLocaleString()} of ${w.total_in_window.toLocaleString()} events (every loss, repair, timer fire and state change kept; drag to zoom for all)` : ` · ${w.returned.toLocaleString()} events`)}
                {trace.loading && " · loading…"}
              </>
            }
            error={trace.error && `Could not load the trace: ${trace.error}`}
            busy={trace.loading}
          >
            {diagram}
            <PeriodLegend bands={pathBands} />
            <RecoveryLegend bands={recBands} />
            {segmentMenu}
          </ChartCard>
          {/* under the diagram, so that the diagram is on the first screen even at 150 % zoom */}
          {run.metrics && run.metrics.length > 0 && !cataloguePending && <MetricsTable metrics={run.metrics} flow={flow} onFlow={view.setFlow} catalogue={catalogue?.metrics} />}
          <SeriesCards
            {...common}
            bands={bands}
            series={series.series}
            error={series.error}
            unit={unit}
            mss={mss}
            exportPrefix={name("")}
            spurious={spuriousMarks}
            windowVars={winVars}
            windowSeries={winSeries.series}
            stalls={stalls}
            stallEvent={stallEvent}
          />
          {flowVars.length > 0 && <VarCards {...common} vars={flowVars} series={varSeries.series} error={varSeries.error} exportPrefix={name("")} />}
        </div>

        <aside className="rv-side">
          {why}
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
              if (cursor !== null && i !== null) step.moveTo(i);
            }}
            onModify={readOnly ? undefined : openMenuFor}
            height={460}
          />
          {w && w.total_in_window > MAX_POINTS && <p className="muted rv-pad">The log lists the events of the downsampled window; zoom in to list every event.</p>}
        </aside>
      </div>
    </section>
    </ExportInfoContext.Provider>
  );
}
