/** One history list (runs, comparisons or permalinks) as a table, newest
 * first, a server page at a time: "Load older" asks for the next page
 * (keyset cursor).  Loading, empty and error states say what they are. */
import { Link } from "react-router";
import type { ComparisonSummary, RunSummary, ShareSummary } from "../../lib/api";
import { type HistoryKind, useHistory } from "../../lib/queries";
import { CreatedAt } from "./CreatedAt";
import { StatusBadge } from "./StatusBadge";
import { useNow } from "./useNow";
import { lineagePath } from "./paths";

/** What each list is called, in a heading and in a sentence. */
export const LIST_NAMES: Record<HistoryKind, { title: string; noun: string; empty: React.ReactNode }> = {
  runs: {
    title: "Runs",
    noun: "runs",
    empty: (
      <>
        No runs yet. Start one from <Link to="/">Explore</Link>.
      </>
    ),
  },
  comparisons: {
    title: "Comparisons",
    noun: "comparisons",
    empty: (
      <>
        No comparisons yet. The <Link to="/">Explore</Link> page compares a preset's variants.
      </>
    ),
  },
  shares: {
    title: "Permalinks",
    noun: "permalinks",
    empty: <>No permalinks yet. The Share button of a finished run or comparison makes one.</>,
  },
};

const short = (id: string) => id.slice(0, 8);

/** One row of any list: when, its state, its link (the row's header), its summary and the list's last column. */
function HistoryRow(props: { id: string; createdAt: string; now: number; status: React.ReactNode; head: React.ReactNode; summary: string; last: React.ReactNode }) {
  return (
    <tr data-testid="history-row" data-id={props.id}>
      <td>
        <CreatedAt iso={props.createdAt} now={props.now} />
      </td>
      <td>{props.status}</td>
      <th scope="row">{props.head}</th>
      <td className="hist-summary">{props.summary}</td>
      {props.last}
    </tr>
  );
}

function RunRow({ item, now }: { item: RunSummary; now: number }) {
  return (
    <HistoryRow
      id={item.id}
      createdAt={item.created_at}
      now={now}
      status={<StatusBadge status={item.status} />}
      head={
        <Link to={item.link} aria-label={`Run ${item.id}`}>
          <code>{short(item.id)}</code>
        </Link>
      }
      summary={item.summary}
      last={
        <td>
          {item.parent_run_id ? (
            <span className="hist-lineage">
              re-run of{" "}
              <Link to={`/runs/${item.parent_run_id}`} aria-label={`parent run ${item.parent_run_id}`}>
                <code>{short(item.parent_run_id)}</code>
              </Link>{" "}
              · <Link to={lineagePath(item.id, item.parent_run_id)}>before / after</Link>
            </span>
          ) : (
            <span className="muted">–</span>
          )}
        </td>
      }
    />
  );
}

function ComparisonRow({ item, now }: { item: ComparisonSummary; now: number }) {
  return (
    <HistoryRow
      id={item.id}
      createdAt={item.created_at}
      now={now}
      status={<StatusBadge status={item.status} progress={item.progress} />}
      head={
        <Link to={item.link} aria-label={`Comparison ${item.id}`}>
          <code>{short(item.id)}</code>
        </Link>
      }
      summary={item.summary}
      last={<td className="num">{item.n_runs.toLocaleString("en")}</td>}
    />
  );
}

function ShareRow({ item, now }: { item: ShareSummary; now: number }) {
  const target = item.kind === "run" ? `/runs/${item.target_id}` : `/compare/${item.target_id}`;
  return (
    <HistoryRow
      id={item.slug}
      createdAt={item.created_at}
      now={now}
      status={<StatusBadge status={item.status} />}
      head={
        <Link to={item.link} aria-label={`Permalink ${item.slug}`}>
          <code>/s/{item.slug}</code>
        </Link>
      }
      summary={item.summary}
      last={
        <td>
          <Link to={target} aria-label={`the ${item.kind} ${item.target_id}`}>
            {item.kind} <code>{short(item.target_id)}</code>
          </Link>
        </td>
      }
    />
  );
}

const LAST_COLUMN: Record<HistoryKind, string> = { runs: "Lineage", comparisons: "Runs", shares: "Of" };
const ID_COLUMN: Record<HistoryKind, string> = { runs: "Run", comparisons: "Comparison", shares: "Permalink" };

interface ListProps {
  kind: HistoryKind;
  /** runs: also the runs of comparisons */
  comparisonRuns?: boolean;
  /** the id of the heading that names the table */
  headingId: string;
  /** items per page (the server's default when absent) */
  limit?: number;
}

export function HistoryList(props: ListProps) {
  if (props.kind === "runs") return <RunsList {...props} />;
  if (props.kind === "comparisons") return <ComparisonsList {...props} />;
  return <SharesList {...props} />;
}

function RunsList(props: ListProps) {
  const h = useHistory("runs", { comparisonRuns: props.comparisonRuns, limit: props.limit });
  return <ListShell {...props} h={h} row={(it, now) => <RunRow key={it.id} item={it} now={now} />} />;
}

function ComparisonsList(props: ListProps) {
  const h = useHistory("comparisons", { limit: props.limit });
  return <ListShell {...props} h={h} row={(it, now) => <ComparisonRow key={it.id} item={it} now={now} />} />;
}

function SharesList(props: ListProps) {
  const h = useHistory("shares", { limit: props.limit });
  return <ListShell {...props} h={h} row={(it, now) => <ShareRow key={it.slug} item={it} now={now} />} />;
}

function ListShell<T>(props: ListProps & { h: Omit<ReturnType<typeof useHistory>, "items"> & { items: T[] }; row: (item: T, now: number) => React.ReactNode }) {
  const { kind, h } = props;
  const now = useNow();
  const names = LIST_NAMES[kind];
  if (!h.loaded)
    return (
      <p className="muted" role="status">
        Loading the {names.noun}…
      </p>
    );
  if (h.error && h.items.length === 0)
    return (
      <div role="alert" className="hist-error">
        <p className="error">
          Could not load the {names.noun}: {h.error}
        </p>
        <button type="button" onClick={h.retry}>
          Try again
        </button>
      </div>
    );
  if (h.items.length === 0)
    return (
      <p className="muted" data-testid="history-empty">
        {names.empty}
      </p>
    );
  return (
    <>
      <div className="hist-table-wrap">
        <table className="hist-table" aria-labelledby={props.headingId} data-testid={`history-${kind}`}>
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">State</th>
              <th scope="col">{ID_COLUMN[kind]}</th>
              <th scope="col">Summary</th>
              <th scope="col" className={kind === "comparisons" ? "num" : undefined}>
                {LAST_COLUMN[kind]}
              </th>
            </tr>
          </thead>
          <tbody>{h.items.map((it) => props.row(it, now))}</tbody>
        </table>
      </div>
      <div className="hist-more">
        <span className="muted" role="status">
          {h.items.length.toLocaleString("en")} {names.noun} shown{h.hasMore ? "" : ", the oldest included"}
        </span>
        {h.error && <span className="error">{h.error}</span>}
        {h.hasMore && (
          <button type="button" onClick={h.loadMore} disabled={h.loadingMore}>
            {h.loadingMore ? "Loading…" : `Load older ${names.noun}`}
          </button>
        )}
      </div>
    </>
  );
}
