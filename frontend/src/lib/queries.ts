/** Every read of the API, as TanStack Query queries: runs and comparisons are
 * polled (refetchInterval) until they reach a terminal state, a moving trace
 * window keeps the previous window on screen (placeholderData) until the next
 * one arrives, and the query key makes a late answer for an old window
 * harmless. Charts never fetch: containers call these hooks. */
import { keepPreviousData, QueryClient, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { toEvents, type TraceEvent } from "./chart-math/events";
import { type PeriodBand, periodBands, scenarioSchedules } from "./chart-math/periods";
import { parseCatalogue } from "./forms/catalogue";
import { comparisonDone } from "./stats/comparison";
import { parseTraceVocab } from "./traceVocab";
import { ApiError, ComparisonsService, RunsService, SharesService, unwrap, UtilsService, type ComparisonPublic, type ComparisonSummary, type RunPublic, type RunSummary, type Series, type ShareSummary, type TraceWindow } from "./api";

/** Events per trace window the dashboard asks for. */
export const MAX_POINTS = 4000;

// cancelled: a run its comparison's Cancel dropped before it ran (it runs again only if asked again)
const TERMINAL = new Set(["succeeded", "failed", "cancelled"]);

/** Poll every `ms` until the resource is in a terminal state or cannot be read. */
function pollUntilDone(ms: number) {
  return (query: { state: { data?: { state: string }; error: unknown } }) =>
    query.state.error || (query.state.data && TERMINAL.has(query.state.data.state)) ? false : ms;
}

/** Retry network trouble and server errors twice; an answer such as 404 or 422 is final. */
function retry(failures: number, error: unknown): boolean {
  return failures < 2 && !(error instanceof ApiError && error.status !== undefined && error.status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 } } });
}

/** The text of a query's error, for the page. */
export function errorText(error: unknown): string | null {
  return error ? (error instanceof Error ? error.message : String(error)) : null;
}

// ---- runs and comparisons, polled until they finish

export function useRun(id: string | null, intervalMs = 150) {
  const q = useQuery({
    queryKey: ["run", id],
    queryFn: () => unwrap(RunsService.readRun({ path: { run_id: id ?? "" } }), "could not load the run"),
    enabled: !!id,
    staleTime: 0,
    refetchInterval: pollUntilDone(intervalMs),
  });
  return { run: (q.data ?? null) as RunPublic | null, error: errorText(q.error) };
}

export function useComparison(id: string | null, intervalMs = 300) {
  const q = useQuery({
    queryKey: ["comparison", id],
    queryFn: () => unwrap(ComparisonsService.readComparison({ path: { comparison_id: id ?? "" } }), "could not load the comparison"),
    enabled: !!id,
    staleTime: 0,
    // until no run changes any more: a cancelled comparison's running runs still finish
    refetchInterval: (query) => (query.state.error || (query.state.data && comparisonDone(query.state.data)) ? false : intervalMs),
  });
  return { comparison: (q.data ?? null) as ComparisonPublic | null, error: errorText(q.error) };
}

// ---- the engine catalogue, presets and permalinks: read once

/** The engine catalogue as the API sends it, fetched once; each view of it selects what it reads. */
export const catalogueQuery = queryOptions({
  queryKey: ["catalogue"],
  queryFn: () => unwrap(UtilsService.readMechanisms(), "the engine catalogue is not available"),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The engine catalogue (parsed), or null while loading or when it is not available. */
export function useCatalogue() {
  return useQuery({ ...catalogueQuery, select: parseCatalogue });
}

/** The labels and docs of the names trace events carry (causes, drop stages), from the same catalogue. */
export function useTraceVocab() {
  return useQuery({ ...catalogueQuery, select: parseTraceVocab });
}

export function usePresets() {
  return useQuery({ queryKey: ["presets"], queryFn: () => unwrap(UtilsService.readPresets(), "the server did not answer"), staleTime: Number.POSITIVE_INFINITY });
}

export function useShare(slug: string | null) {
  return useQuery({
    queryKey: ["share", slug],
    queryFn: () => unwrap(SharesService.readShare({ path: { slug: slug ?? "" } }), "could not load this permalink"),
    enabled: !!slug,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// ---- a run's trace

export interface TraceState {
  window: TraceWindow | null;
  events: TraceEvent[];
  loading: boolean;
  error: string | null;
  /** the request the shown data answers (changes when a new window arrives) */
  key: string | null;
}

/** A window of the trace (all of it when fromMs/toMs are null), at most MAX_POINTS events. */
export function useTraceWindow(runId: string, fromMs: number | null, toMs: number | null, flow: number | null): TraceState {
  const q = useQuery({
    queryKey: ["trace", runId, fromMs, toMs, flow],
    queryFn: async () => {
      const w = (await unwrap(
        RunsService.readTrace({
          path: { run_id: runId },
          query: { from_ms: fromMs ?? undefined, to_ms: toMs ?? undefined, max_points: MAX_POINTS, flows: flow === null ? undefined : String(flow) },
        }),
        "could not load the trace",
      )) as TraceWindow;
      return { window: w, events: toEvents(w.events), key: `${runId}|${fromMs}|${toMs}|${flow}` };
    },
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { window: q.data?.window ?? null, events: q.data?.events ?? NO_EVENTS, loading: q.isFetching, error: errorText(q.error), key: q.data?.key ?? null };
}
const NO_EVENTS: TraceEvent[] = [];

export interface SeriesState {
  series: Series | null;
  loading: boolean;
  error: string | null;
}

/** The sender variables of one flow (cwnd, ssthresh, pipe, srtt, rto) over a window. */
export function useSeries(runId: string, flow: number, fromMs: number | null, toMs: number | null): SeriesState {
  const q = useQuery({
    queryKey: ["series", runId, flow, fromMs, toMs],
    queryFn: async () =>
      (await unwrap(
        RunsService.readSeries({ path: { run_id: runId }, query: { flow, from_ms: fromMs ?? undefined, to_ms: toMs ?? undefined, max_points: 2000 } }),
        "could not load the series",
      )) as Series,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { series: q.data ?? null, loading: q.isFetching, error: errorText(q.error) };
}

/** Some series of one flow by name (the catalogue's mechanism variables) over a
 * window; nothing is fetched when `names` is empty. */
export function useNamedSeries(runId: string, flow: number, names: readonly string[], fromMs: number | null, toMs: number | null): SeriesState {
  const joined = names.join(",");
  const q = useQuery({
    queryKey: ["series", runId, flow, fromMs, toMs, joined],
    queryFn: async () =>
      (await unwrap(
        RunsService.readSeries({ path: { run_id: runId }, query: { flow, names: joined, from_ms: fromMs ?? undefined, to_ms: toMs ?? undefined, max_points: 2000 } }),
        "could not load the mechanism variables",
      )) as Series,
    enabled: joined !== "",
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { series: joined ? (q.data ?? null) : null, loading: q.isFetching, error: errorText(q.error) };
}

/** Every event of some kinds from the start of the run up to `toMs` (for segment
 * numbering and loss-model conversion).  `complete` is false when the server
 * had to downsample. */
export async function fetchKinds(runId: string, kinds: string[], toMs: number | null, flow?: number): Promise<{ events: TraceEvent[]; complete: boolean }> {
  const w = (await unwrap(
    RunsService.readTrace({
      path: { run_id: runId },
      query: { to_ms: toMs ?? undefined, max_points: 100_000, kinds: kinds.join(","), flows: flow === undefined ? undefined : String(flow) },
    }),
    "could not load the trace",
  )) as TraceWindow;
  return { events: toEvents(w.events), complete: !w.downsampled };
}

/** fetchKinds as a query: cached per run, kinds, end and flow; off while `enabled` is false. */
export function useKinds(runId: string, kinds: string[], toMs: number | null, flow: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ["kinds", runId, kinds.join(","), toMs, flow],
    queryFn: () => fetchKinds(runId, kinds, toMs, flow),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const PERIOD_KINDS = ["path_period"];

/** The run's path periods (every path_period event, any flow) as bands to shade
 * behind the charts; [] until loaded or when the trace is unavailable. */
export function usePeriodBands(runId: string, runEndMs: number, scenario: Record<string, unknown>): PeriodBand[] {
  const q = useKinds(runId, PERIOD_KINDS, null, undefined, true);
  const events = q.data?.events;
  return useMemo(() => (events ? periodBands(events, runEndMs, scenarioSchedules(scenario)) : []), [events, runEndMs, scenario]);
}

/** Events of a flow in [fromMs, toMs] of the given kinds (at most 20,000); [] when unavailable. */
export async function fetchRange(runId: string, flow: number, fromMs: number, toMs: number, kinds?: string[]): Promise<TraceEvent[]> {
  const r = await RunsService.readTrace({
    path: { run_id: runId },
    query: { from_ms: Math.max(0, fromMs), to_ms: Math.max(0, toMs), max_points: 20_000, kinds: kinds?.join(","), flows: String(flow) },
  });
  if (r.error || !r.data) return [];
  return toEvents((r.data as TraceWindow).events);
}

// ---- history: recent runs, comparisons and shares, a server page at a time

export type HistoryKind = "runs" | "comparisons" | "shares";
export interface HistoryItems {
  runs: RunSummary;
  comparisons: ComparisonSummary;
  shares: ShareSummary;
}
export interface HistoryOptions {
  /** runs only: the re-runs of this run */
  parentRunId?: string;
  /** runs only: also the runs that belong to a comparison */
  comparisonRuns?: boolean;
  limit?: number;
  enabled?: boolean;
  /** refresh period while an item is queued or running (ms) */
  pollMs?: number;
}

/** The states in which a listed item may still change. */
const UNFINISHED = new Set(["queued", "running"]);

type HistoryPage<K extends HistoryKind> = { items: HistoryItems[K][]; next_cursor?: string | null };

/** One page of each list, from the generated client. */
const LIST_PAGE: { [K in HistoryKind]: (cursor: string | null, o: HistoryOptions) => Promise<HistoryPage<K>> } = {
  runs: (cursor, o) =>
    unwrap(
      RunsService.listRuns({ query: { limit: o.limit, cursor: cursor ?? undefined, parent_run_id: o.parentRunId, comparison_runs: o.comparisonRuns || undefined } }),
      "could not load the runs",
    ),
  comparisons: (cursor, o) => unwrap(ComparisonsService.listComparisons({ query: { limit: o.limit, cursor: cursor ?? undefined } }), "could not load the comparisons"),
  shares: (cursor, o) => unwrap(SharesService.listShares({ query: { limit: o.limit, cursor: cursor ?? undefined } }), "could not load the permalinks"),
};

/** A history list, newest first, one server page (keyset cursor) at a time:
 * `loadMore` fetches the next older page; refreshed (every page) every
 * `pollMs` (3 s) while an item it shows is still queued or running. */
export function useHistory<K extends HistoryKind>(kind: K, o: HistoryOptions = {}) {
  const q = useInfiniteQuery({
    queryKey: ["history", kind, o.parentRunId ?? null, !!o.comparisonRuns, o.limit ?? null],
    queryFn: ({ pageParam }) => LIST_PAGE[kind](pageParam, o),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    enabled: o.enabled ?? true,
    staleTime: 0,
    refetchInterval: (query) => (query.state.error || !query.state.data?.pages.some((p) => p.items.some((i) => UNFINISHED.has(i.status))) ? false : (o.pollMs ?? 3000)),
  });
  const items = useMemo(() => q.data?.pages.flatMap((p) => p.items) ?? [], [q.data]);
  return {
    items,
    /** the first page has arrived (or failed) */
    loaded: !q.isPending,
    hasMore: q.hasNextPage,
    loadingMore: q.isFetchingNextPage,
    loadMore: () => void q.fetchNextPage(),
    error: errorText(q.error),
    retry: () => void q.refetch(),
  };
}
