/** Time-aligned sequence diagrams: the first run of each shown variant in the
 * selected cell, stacked on one shared time axis (the run page's
 * TimeSequenceChart, fed from GET /runs/{id}/trace). The stack exports as one
 * self-contained SVG/PNG figure (ExportButtons): a title naming the flow and
 * the cell, each panel's variant label (an SVG layer, with its marker), the
 * diagrams' own legend, and a caption with the runs' seeds and the page's
 * comparison caption (scenario, grid, engine version, permalink). */
import { useQueries } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { RunsService, type RunPublic, type TraceWindow } from "../../lib/api";
import { toEvents, type TraceEvent } from "../../lib/chart-math/events";
import { buildExplainIndex, explainEvent } from "../../lib/chart-math/explain";
import { timeScale } from "../../lib/chart-math/idleScale";
import { linkTimers, stateSegments } from "../../lib/chart-math/timeline";
import type { CellView } from "../../lib/stats/comparison";
import { flowOf, mssOf } from "../../lib/mss";
import { useTraceVocab } from "../../lib/queries";
import { useStableList } from "../../lib/useStableList";
import { ExportButtons } from "../charts/ExportButtons";
import { markerPath } from "../charts/markers";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { TimeSequenceChart } from "../charts/TimeSequenceChart";
import { ErrorBoundary } from "./ErrorBoundary";

interface Loaded {
  trace: TraceWindow | null;
  scenario: Record<string, unknown> | null;
  error: string | null;
}

const MARGIN = { top: 30, right: 16, bottom: 4, left: 64 };
const LABEL_HEIGHT = 20;

function nFlowsOf(scenario: Record<string, unknown> | null): number {
  return Array.isArray(scenario?.flows) ? scenario.flows.length : 1;
}

function Panel(props: { variant: string; cue: VariantCue | undefined; loaded: Loaded | undefined; flow: number; domain: [number, number]; width: number }) {
  const { loaded, flow } = props;
  const vocab = useTraceVocab().data;
  const events = useMemo(
    () => (loaded?.trace ? toEvents(loaded.trace.events).filter((e) => e.flow === flow).map((e, i) => ({ ...e, i })) : []),
    [loaded, flow],
  );
  const derived = useMemo(() => {
    const plotW = Math.max(10, props.width - MARGIN.left - MARGIN.right);
    const x = timeScale({ domain: props.domain, range: [0, plotW] });
    const ix = buildExplainIndex(events, loaded?.scenario ?? null, null, vocab);
    return {
      x,
      links: linkTimers(events),
      states: stateSegments(events, flow, props.domain[0], props.domain[1]),
      explain: (ev: TraceEvent) => explainEvent(ev, ix),
      mss: mssOf(flowOf(loaded?.scenario, flow), events),
    };
  }, [events, loaded, flow, props.domain, props.width, vocab]);
  const p = palette();
  return (
    <div className="sequence-panel" data-variant={props.variant}>
      {/* an SVG layer, so that the exported figure names each panel; hidden from assistive technology,
          which reads the variant at the start of the diagram's own name */}
      <svg className="sequence-label" data-layer="label" width={props.width} height={LABEL_HEIGHT} fontFamily={FONT} aria-hidden="true">
        {props.cue && <path d={markerPath(props.cue.marker, 7, LABEL_HEIGHT / 2, 5.5)} fill={props.cue.color} stroke="#fff" strokeWidth={1} data-marker={props.cue.marker} />}
        <text x={props.cue ? 18 : 0} y={LABEL_HEIGHT / 2} dy="0.32em" fontSize={14} fontWeight={600} fill={p.text}>
          {props.variant}
        </text>
      </svg>
      {!loaded ? (
        <p className="muted">loading the trace…</p>
      ) : loaded.error || !loaded.trace ? (
        <p className="muted">{loaded.error ?? "no trace"}</p>
      ) : events.length === 0 ? (
        <p className="muted">flow {flow} has no events in this run's trace.</p>
      ) : (
        <ErrorBoundary fallback={() => <p className="muted">this sequence diagram could not be drawn.</p>}>
          <TimeSequenceChart
            events={events}
            x={derived.x}
            width={props.width}
            margin={MARGIN}
            plotHeight={150}
            unit="segments"
            mss={derived.mss}
            links={derived.links}
            states={derived.states}
            explain={derived.explain}
            vocab={vocab}
            title={`${props.variant}: time-sequence diagram of flow ${flow}`}
          />
        </ErrorBoundary>
      )}
    </div>
  );
}

/** One run's trace of a flow and its scenario; failures become a message, not an error state. */
async function loadPanel(runId: string, flow: number): Promise<Loaded> {
  const [tr, run] = await Promise.all([
    RunsService.readTrace({ path: { run_id: runId }, query: { flows: String(flow), max_points: 3000 } }),
    RunsService.readRun({ path: { run_id: runId } }),
  ]);
  return {
    trace: (tr.data as TraceWindow | undefined) ?? null,
    scenario: ((run.data as RunPublic | undefined)?.scenario as Record<string, unknown>) ?? null,
    error: tr.error || !tr.data ? "the trace is not available (the run may still be running, or it failed)" : null,
  };
}

/** "baseline: seed 1 · TLP: seed 1", from the runs' scenarios (as they load). */
export function panelSeedsText(panels: readonly { variant: string; loaded?: Loaded }[]): string {
  return panels.map((p) => `${p.variant}: ${typeof p.loaded?.scenario?.seed === "number" ? `seed ${p.loaded.scenario.seed}` : "seed unknown"}`).join(" · ");
}

export function SequenceStack(props: {
  cell: CellView | undefined;
  variants: string[];
  cues: Record<string, VariantCue>;
  width: number;
  ready: boolean;
  /** the exported files' name, without extension */
  exportName: string;
  /** the cell shown, when the comparison has several ("delay_ms = 40"), else null */
  cellName: string | null;
}) {
  const body = useRef<HTMLDivElement | null>(null);
  const runs = props.variants
    .map((v) => ({ variant: v, runId: props.cell?.variants[v]?.runs[0] }))
    .filter((r): r is { variant: string; runId: string } => !!r.runId);
  const [flow, setFlow] = useState(0);
  const loaded = useQueries({
    queries: runs.map((r) => ({
      queryKey: ["sequence-panel", r.runId, flow],
      queryFn: () => loadPanel(r.runId, flow),
      enabled: props.ready,
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const panels = runs.map((r, k) => ({ ...r, loaded: loaded[k]?.data }));
  // one time domain for every panel: the union of the flow's events
  // keyed by the traces' identities (one array while they stay the same), not by a new array per render
  const traces = useStableList(panels.map((p) => p.loaded?.trace ?? null));
  const domain = useMemo<[number, number]>(() => {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const trace of traces) {
      for (const e of trace?.events ?? []) {
        if (e.flow !== flow) continue;
        const t = Number(e.t_ns) / 1e6;
        if (t < lo) lo = t;
        if (t > hi) hi = t;
      }
    }
    if (!Number.isFinite(lo)) return [0, 1];
    const pad = (hi - lo) * 0.02 || 1;
    return [Math.max(0, lo - pad), hi + pad];
  }, [flow, traces]);

  if (runs.length === 0) return null;
  if (!props.ready)
    return (
      <section className="card sequence-stack" aria-label="Sequence diagrams per variant">
        <h3>Time-sequence diagrams</h3>
        <p className="muted">Shown once every run of the comparison has finished.</p>
      </section>
    );
  const nFlows = Math.max(1, ...panels.map((p) => nFlowsOf(p.loaded?.scenario ?? null)));
  return (
    <section className="card sequence-stack" data-testid="sequence-stack" aria-label="Sequence diagrams per variant">
      <div className="chart-head">
        <h3>Time-sequence diagrams: the first run of each variant, one shared time axis</h3>
        <div className="chart-actions">
          {nFlows > 1 && (
            <label className="inline-field">
              Flow{" "}
              <select aria-label="Sequence diagram flow" value={flow} onChange={(e) => setFlow(Number(e.target.value))}>
                {Array.from({ length: nFlows }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a flow is its index
                  <option key={i} value={i}>
                    {i}
                  </option>
                ))}
              </select>
            </label>
          )}
          <span className="muted">
            {domain[0].toFixed(0)} – {domain[1].toFixed(0)} ms
          </span>
          <ExportButtons
            target={body}
            name={props.exportName}
            label="time-sequence diagrams"
            title={`Time-sequence diagrams of flow ${flow}: the first run of each variant${props.cellName ? `, cell ${props.cellName}` : ""}`}
            note={[`Panels, top to bottom, on one shared time axis (${domain[0].toFixed(0)}–${domain[1].toFixed(0)} ms): ${panelSeedsText(panels)}.`]}
          />
        </div>
      </div>
      <div ref={body} className="sequence-panels">
        {panels.map((p) => (
          <Panel key={p.runId} variant={p.variant} cue={props.cues[p.variant]} loaded={p.loaded} flow={flow} domain={domain} width={props.width} />
        ))}
      </div>
    </section>
  );
}
