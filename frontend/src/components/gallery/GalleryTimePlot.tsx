/** One panel of a time-plot card (Kato et al. Figs. 4-10): the run that
 * "Reproduce" stored for the panel's variant and replication, drawn with the
 * run view's own charts over the card's window: sequence/ACK numbers as the
 * time-sequence diagram (dense marks on canvas), or a sender series (cwnd in
 * packets) as the series chart; the path's periods (the handover's delay
 * spike) shaded behind either, as on the run view. The charts take data and
 * never fetch; this panel fetches (TanStack Query: the run, its path periods,
 * the trace window or the series) once the comparison has finished. */
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { RunsService, type RunPublic, type Series, type TraceWindow } from "../../lib/api";
import { toEvents, type TraceEvent } from "../../lib/chart-math/events";
import { buildExplainIndex, explainEvent, spuriousMarkLabel } from "../../lib/chart-math/explain";
import { timeScale } from "../../lib/chart-math/idleScale";
import { type PeriodBand, periodBands, scenarioSchedules } from "../../lib/chart-math/periods";
import { linkTimers, stateSegments } from "../../lib/chart-math/timeline";
import { seriesPoints } from "../../lib/chart-math/downsample";
import { formatCompact, trimNumber } from "../../lib/format";
import { type GalleryCard, seriesDivisor, type TimePanel, timeWindowMs } from "../../lib/gallery";
import { flowOf, mssOf } from "../../lib/mss";
import { fetchKinds, useTraceVocab } from "../../lib/queries";
import type { LegendEntry } from "../charts/exportChart";
import { periodLegendEntries } from "../charts/PeriodBands";
import type { VariantCue } from "../charts/palette";
import { SeriesChart } from "../charts/SeriesChart";
import { SPURIOUS_LEGEND, TimeSequenceChart } from "../charts/TimeSequenceChart";

const MARGIN = { top: 24, right: 12, bottom: 4, left: 56 };
/** the flow the paper's figures show: the scenario's only one */
const FLOW = 0;
/** events of the window at most (the server keeps every loss, repair, timer and verdict when it thins) */
const MAX_POINTS = 4000;

export interface TimePlotData {
  scenario: Record<string, unknown> | null;
  bands: PeriodBand[];
  /** the run's spurious-RTO verdicts in the window (marked on a series chart, as on the run view's cwnd chart) */
  verdicts: TraceEvent[];
  events: TraceEvent[] | null;
  series: Series | null;
}

/** Everything a panel draws, from the stored run. */
export async function loadTimePlot(runId: string, plot: string, window: [number, number]): Promise<TimePlotData> {
  const [run, rare] = await Promise.all([RunsService.readRun({ path: { run_id: runId } }), fetchKinds(runId, ["path_period", "spurious"], window[1])]);
  const scenario = ((run.data as RunPublic | undefined)?.scenario as Record<string, unknown> | undefined) ?? null;
  const bands = periodBands(
    rare.events.filter((e) => e.kind === "path_period"),
    window[1],
    scenario ? scenarioSchedules(scenario) : {},
  );
  const verdicts = rare.events.filter((e) => e.kind === "spurious" && e.flow === FLOW && e.t >= window[0]);
  const query = { from_ms: window[0], to_ms: window[1], max_points: MAX_POINTS };
  if (plot === "sequence") {
    const tr = await RunsService.readTrace({ path: { run_id: runId }, query: { ...query, flows: String(FLOW) } });
    if (tr.error || !tr.data) throw new Error("the trace is not available");
    const events = toEvents((tr.data as TraceWindow).events)
      .filter((e) => e.flow === FLOW)
      .map((e, i) => ({ ...e, i }));
    return { scenario, bands, verdicts, events, series: null };
  }
  const s = await RunsService.readSeries({ path: { run_id: runId }, query: { ...query, flow: FLOW, names: plot, max_points: 2000 } });
  if (s.error || !s.data) throw new Error(`the ${plot} series is not available`);
  return { scenario, bands, verdicts, events: null, series: s.data as Series };
}

/** The legend of an exported panel: the run's variant (its cue) and the periods shaded in the window. */
export function timePanelLegend(panel: TimePanel, cue: VariantCue | undefined, bands: readonly PeriodBand[], window: [number, number]): LegendEntry[] {
  const out: LegendEntry[] = [];
  if (panel.plot !== "sequence") out.push({ label: `${panel.plotLabel}: ${panel.variant}, run ${panel.replication + 1}`, color: cue?.color ?? "#000", dash: cue?.dash || "0" });
  return [...out, ...periodLegendEntries(bands, window)];
}

export function GalleryTimePlot(props: {
  card: GalleryCard;
  panel: TimePanel;
  cue: VariantCue | undefined;
  width: number;
  ready: boolean;
  /** the panel's frame (name, export buttons) around the chart, given the exported legend: the variant's line and the periods shaded */
  frame: (legend: LegendEntry[], body: ReactNode) => ReactNode;
}) {
  const { card, panel, cue, width } = props;
  const window = useMemo(() => timeWindowMs(card), [card]);
  const q = useQuery({
    queryKey: ["gallery-time-plot", panel.runId, panel.plot, window[0], window[1]],
    queryFn: () => loadTimePlot(panel.runId ?? "", panel.plot, window),
    enabled: props.ready && panel.runId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const legend = useMemo(() => timePanelLegend(panel, cue, q.data?.bands ?? [], window), [panel, cue, q.data, window]);
  return <>{props.frame(legend, <TimePlotState q={q} panel={panel} cue={cue} width={width} window={window} ready={props.ready} />)}</>;
}

function TimePlotState(props: {
  q: { data?: TimePlotData; error: unknown };
  panel: TimePanel;
  cue: VariantCue | undefined;
  width: number;
  window: [number, number];
  ready: boolean;
}) {
  const { q, panel, cue, width, window } = props;
  if (!props.ready || panel.runId === null)
    return (
      <p className="muted" data-testid="gallery-time-waiting">
        Drawn once the comparison's runs have finished.
      </p>
    );
  if (q.error)
    return (
      <p className="muted" role="alert">
        This run could not be drawn: {q.error instanceof Error ? q.error.message : String(q.error)}.
      </p>
    );
  if (!q.data)
    return (
      <p className="muted" aria-live="polite">
        Loading the run's trace…
      </p>
    );
  return <TimePlotBody data={q.data} panel={panel} cue={cue} width={width} window={window} />;
}

function TimePlotBody(props: { data: TimePlotData; panel: TimePanel; cue: VariantCue | undefined; width: number; window: [number, number] }) {
  const { data, panel, cue, width, window } = props;
  const vocab = useTraceVocab().data;
  const plotW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const x = useMemo(() => timeScale({ domain: window, range: [0, plotW] }), [window, plotW]);
  const flow = flowOf(data.scenario, FLOW);
  const events = data.events;
  const seq = useMemo(() => {
    if (!events) return null;
    const ix = buildExplainIndex(events, data.scenario, null, vocab);
    return { links: linkTimers(events), states: stateSegments(events, FLOW, window[0], window[1]), explain: (ev: TraceEvent) => explainEvent(ev, ix), mss: mssOf(flow, events) };
  }, [events, data.scenario, vocab, window, flow]);
  const lines = useMemo(() => {
    const s = data.series?.series[panel.plot];
    if (!s) return [];
    const div = seriesDivisor(s.unit, panel.plotUnit, mssOf(flow));
    return [{ key: panel.plot, label: `${panel.plotLabel} (${panel.variant}, run ${panel.replication + 1})`, color: cue?.color ?? "#000", dash: cue?.dash, width: 2, points: seriesPoints(s, div) }];
  }, [data.series, panel, cue, flow]);
  // the spurious-RTO verdicts with their explanation, as the run view marks them on its cwnd chart
  const marks = useMemo(() => {
    const ix = buildExplainIndex(data.verdicts, data.scenario, null, vocab);
    return data.verdicts.flatMap((e) =>
      e.kind === "spurious" ? [{ key: String(e.i), t: e.t, label: spuriousMarkLabel(e, vocab), ...pick(explainEvent(e, ix)) }] : [],
    );
  }, [data.verdicts, data.scenario, vocab]);
  const what = `${panel.variant}, run ${panel.replication + 1}`;
  if (seq && events)
    return events.length === 0 ? (
      <p className="muted">No events of the flow in this window.</p>
    ) : (
      <div data-testid="gallery-time-sequence" data-variant={panel.variant}>
        <TimeSequenceChart
          events={events}
          x={x}
          width={width}
          margin={MARGIN}
          plotHeight={170}
          unit="bytes"
          mss={seq.mss}
          links={seq.links}
          states={seq.states}
          explain={seq.explain}
          vocab={vocab}
          bands={data.bands}
          title={`${what}: ${panel.plotLabel} against time (bytes; 1M = 1 MB)`}
        />
      </div>
    );
  return (
    <div data-testid="gallery-time-series" data-variant={panel.variant} data-replication={panel.replication}>
      <SeriesChart
        lines={lines}
        x={x}
        width={width}
        margin={MARGIN}
        plotHeight={140}
        format={(v) => (panel.plotUnit === "bytes" ? formatCompact(v) : trimNumber(v, 1))}
        yLabel={panel.plotUnit}
        testId={`gallery-series-${panel.id}`}
        title={`${what}: ${panel.plotLabel} (${panel.plotUnit}) against time`}
        bands={data.bands}
        marks={marks}
        marksLabel={SPURIOUS_LEGEND}
      />
    </div>
  );
}

function pick(ex: { title: string; details: string[] }) {
  return { title: ex.title, details: ex.details };
}
