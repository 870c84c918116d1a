/** /history — recent runs, comparisons and permalinks, newest first, one tab
 * each (?tab=runs|comparisons|shares; runs of comparisons with ?comparison_runs=1).
 * Each list pages through the server (GET /runs, /comparisons, /shares). */
import { HistoryList, LIST_NAMES } from "../components/history/HistoryList";
import { Tabs } from "../components/history/Tabs";
import type { HistoryKind } from "../lib/queries";
import { useSearchState } from "../lib/url";
import "../components/history/history.css";

const KINDS: readonly HistoryKind[] = ["runs", "comparisons", "shares"];
const TABS = KINDS.map((k) => ({ key: k, label: LIST_NAMES[k].title }));

export function History() {
  const [params, set] = useSearchState();
  const raw = params.get("tab");
  const tab: HistoryKind = KINDS.includes(raw as HistoryKind) ? (raw as HistoryKind) : "runs";
  const comparisonRuns = params.get("comparison_runs") === "1";
  const headingId = `history-heading-${tab}`;
  return (
    <section className="hist-page" data-testid="history-view">
      <h1>History</h1>
      <p className="muted">What was run, compared and shared on this server, newest first.</p>
      <Tabs label="History lists" idPrefix="history" tabs={TABS} selected={tab} onSelect={(k) => set({ tab: k === "runs" ? null : k })} />
      <div className="card hist-panel" role="tabpanel" id={`history-panel-${tab}`} aria-labelledby={`history-tab-${tab}`}>
        <div className="hist-panel-head">
          <h2 id={headingId}>{LIST_NAMES[tab].title}</h2>
          {tab === "runs" && (
            <label className="hist-option">
              <input type="checkbox" checked={comparisonRuns} onChange={(e) => set({ comparison_runs: e.target.checked ? "1" : null })} /> include the runs of
              comparisons
            </label>
          )}
        </div>
        <HistoryList kind={tab} comparisonRuns={comparisonRuns} headingId={headingId} />
      </div>
    </section>
  );
}
