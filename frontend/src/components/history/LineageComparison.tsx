/** The body of the before/after view of two finished runs: scenario changes,
 * the overlaid diagrams of one flow (?flow=), zoomable to a time window
 * (?from_ms=&to_ms=, as in the run view), its metric changes and the rare
 * marks that differ.  Fetches the two traces (lib/queries) and passes data
 * to the chart: the whole runs' traces for the comparison, the window's for
 * the zoomed diagram (at full resolution where the whole run is thinned). */
import { useMemo, useState } from "react";
import type { RunPublic } from "../../lib/api";
import { flowOf, mssOf } from "../../lib/mss";
import { useCatalogue, useTraceVocab, useTraceWindow } from "../../lib/queries";
import { useSearchState } from "../../lib/url";
import { useParentSize } from "../charts/useParentSize";
import { describeMark, segmentNumbering } from "./describe";
import { eventLabel, useEventLabels } from "./eventLabels";
import { MarkDifferences } from "./MarkDifferences";
import { MetricChanges } from "./MetricChanges";
import { OverlayChart, OverlayLegend, sharedDomain } from "./OverlayChart";
import { diffMarks, type MarkPair, metricChanges, rareDifferences, scenarioChanges } from "./overlay";
import { ScenarioChanges } from "./ScenarioChanges";
import { zoomWindow } from "../../lib/chart-math/scales";
import { formatMs } from "../../lib/format";
import { windowParams } from "../run/useRunViewState";

function flowCount(run: RunPublic): number {
  const flows = (run.scenario as { flows?: unknown }).flows;
  return Array.isArray(flows) ? Math.max(1, flows.length) : 1;
}

/** "The runs agree up to 320 ms; then 4 marks differ: ..." */
export function overlaySentence(d: ReturnType<typeof diffMarks>): string {
  if (d.divergence === null) return "The two runs send, drop, acknowledge and fire timers at the same instants.";
  const n = d.counts.moved + d.counts["before-only"] + d.counts["after-only"];
  return `The runs agree up to ${formatMs(d.divergence, 3)}; from there ${n} mark${n === 1 ? "" : "s"} differ: ${d.counts["after-only"]} only after, ${d.counts["before-only"]} only before, ${d.counts.moved} moved in time.`;
}

export function LineageComparison(props: { before: RunPublic; after: RunPublic }) {
  const { before, after } = props;
  const [params, set] = useSearchState();
  const nFlows = Math.max(flowCount(before), flowCount(after));
  const flowParam = Number(params.get("flow") ?? 0);
  const flow = Number.isInteger(flowParam) && flowParam >= 0 && flowParam < nFlows ? flowParam : 0;
  const tb = useTraceWindow(before.id, null, null, flow);
  const ta = useTraceWindow(after.id, null, null, flow);
  const { data: catalogue } = useCatalogue();
  const vocab = useTraceVocab().data;
  const labels = useEventLabels();
  const { ref, width } = useParentSize<HTMLDivElement>(900);
  const [selected, setSelected] = useState<MarkPair | null>(null);

  const loaded = tb.window !== null && ta.window !== null && tb.key?.endsWith(`|${flow}`) && ta.key?.endsWith(`|${flow}`);
  const downsampled = !!(tb.window?.downsampled || ta.window?.downsampled);
  const diff = useMemo(() => diffMarks(tb.events, ta.events, downsampled), [tb.events, ta.events, downsampled]);
  const mss = mssOf(flowOf(after.scenario, flow), ta.events);
  const segmentOf = useMemo(() => segmentNumbering(tb.events, ta.events, flow, mss, !downsampled), [tb.events, ta.events, flow, mss, downsampled]);
  const rare = useMemo(() => rareDifferences(diff), [diff]);
  const metrics = useMemo(
    () => metricChanges((before.metrics ?? [])[flow], (after.metrics ?? [])[flow], catalogue?.metrics),
    [before.metrics, after.metrics, flow, catalogue?.metrics],
  );
  const scenario = useMemo(() => scenarioChanges(before.scenario, after.scenario), [before.scenario, after.scenario]);
  // the zoom: a window of the whole runs' span, in the URL like the run view's
  const full = useMemo(() => sharedDomain(tb.events, ta.events), [tb.events, ta.events]);
  const fromMs = Number(params.get("from_ms") ?? Number.NaN);
  const toMs = Number(params.get("to_ms") ?? Number.NaN);
  const win: [number, number] | null = Number.isFinite(fromMs) && Number.isFinite(toMs) && toMs > fromMs ? [fromMs, toMs] : null;
  const zb = useTraceWindow(before.id, win?.[0] ?? null, win?.[1] ?? null, flow);
  const za = useTraceWindow(after.id, win?.[0] ?? null, win?.[1] ?? null, flow);
  const zoomKey = (id: string) => `${id}|${win?.[0] ?? null}|${win?.[1] ?? null}|${flow}`;
  // until the window's traces arrive, the whole runs' (clipped) stand in for them
  const shownBefore = zb.window && zb.key === zoomKey(before.id) ? zb.events : tb.events;
  const shownAfter = za.window && za.key === zoomKey(after.id) ? za.events : ta.events;
  const zoomTo = (a: number, b: number) => {
    const w = windowParams(a, b, full[1]);
    if (w) set(w);
  };
  const error = tb.error ?? ta.error ?? zb.error ?? za.error;

  return (
    <>
      <section className="card lin-card" aria-labelledby="lin-scenario">
        <h2 id="lin-scenario">What the re-run changed</h2>
        <ScenarioChanges changes={scenario} />
      </section>
      <section className="card lin-card" aria-labelledby="lin-diagram">
        <div className="lin-controls">
          <h2 id="lin-diagram">Time-sequence diagrams of flow {flow}, one time axis</h2>
          {nFlows > 1 && (
            <label>
              Flow{" "}
              <select value={flow} onChange={(e) => set({ flow: e.target.value === "0" ? null : e.target.value })}>
                {Array.from({ length: nFlows }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a flow is its index
                  <option key={i} value={i}>
                    {i}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <OverlayLegend label={(k) => eventLabel(labels, k)} />
        <div ref={ref}>
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : !loaded ? (
            <p className="muted" role="status">
              Loading both traces…
            </p>
          ) : (
            <>
              <OverlayZoom
                window={win}
                divergence={diff.divergence}
                onZoom={(factor, center) => {
                  const [a, b] = zoomWindow(win ?? full, factor, 0, full[1], center);
                  zoomTo(a, b);
                }}
                onReset={() => set({ from_ms: null, to_ms: null })}
              />
              <OverlayChart
                before={shownBefore}
                after={shownAfter}
                domain={win}
                onBrush={zoomTo}
                diff={diff}
                width={width}
                unit="segments"
                mss={mss}
                highlight={selected}
                label={`Time-sequence diagrams of flow ${flow}: the parent run (before) outlined in grey, the re-run (after) solid. ${overlaySentence(diff)}`}
              />
              <p data-testid="lineage-summary">{overlaySentence(diff)}</p>
              {downsampled && (
                <p className="muted">
                  A trace has more events than one window holds: the diagram is thinned and only retransmissions, probes, drops and timers are compared.
                </p>
              )}
            </>
          )}
        </div>
      </section>
      <div className="lin-grid">
        <section className="card lin-card" aria-labelledby="lin-metrics">
          <h2 id="lin-metrics">Metrics of flow {flow} that changed</h2>
          <MetricChanges changes={metrics} />
        </section>
        <section className="card lin-card" aria-labelledby="lin-marks">
          <h2 id="lin-marks">Retransmissions, probes, drops and timers that differ</h2>
          {loaded && <MarkDifferences pairs={rare} describe={(p) => describeMark(p, labels, vocab, segmentOf)} selected={selected} onSelect={setSelected} />}
        </section>
      </div>
    </>
  );
}

/** Zoom buttons for the overlaid diagrams (dragging across the plot zooms too). */
function OverlayZoom(props: {
  window: [number, number] | null;
  divergence: number | null;
  /** zoom by a factor around a centre (ms; the window's middle when absent) */
  onZoom: (factor: number, center?: number) => void;
  onReset: () => void;
}) {
  const { window: win, divergence } = props;
  return (
    <fieldset className="lin-zoom" data-testid="overlay-zoom">
      <legend className="visually-hidden">Zoom</legend>
      <span className="muted">{win ? `${formatMs(win[0], 3)} – ${formatMs(win[1], 3)}` : "whole runs"} · drag across the diagram to zoom</span>
      {divergence !== null && (
        <button type="button" onClick={() => props.onZoom(0.25, divergence)}>
          Zoom to where the runs part
        </button>
      )}
      <button type="button" onClick={() => props.onZoom(0.5)}>
        Zoom in
      </button>
      <button type="button" onClick={() => props.onZoom(2)} disabled={!win}>
        Zoom out
      </button>
      <button type="button" onClick={props.onReset} disabled={!win}>
        Whole runs
      </button>
    </fieldset>
  );
}
