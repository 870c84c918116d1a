/** Direct manipulation: re-run the scenario with one transmission dropped or
 * delayed (positioned loss rule, see lib/chart-math/segmentIndex.ts). */
import { RunsService, unwrap } from "../../lib/api";
import { transmissionOf, type TraceEvent } from "../../lib/chart-math/events";
import { dropsToRules, estimateSegmentIndex, planRerun, segmentIndexMap, type PositionedRule, type RerunPlan } from "../../lib/chart-math/segmentIndex";
import { fetchKinds } from "../../lib/queries";

type Obj = Record<string, unknown>;

export interface TargetInfo {
  segment: number;
  transmission: number;
  /** false: estimated from seq / MSS (the sends before it could not all be loaded) */
  exact: boolean;
}

/** Above this many data transmissions the trace is not fetched to count them. */
export const MAX_COUNTED = 50_000;

/** The segment index and transmission number of a clicked data event: exact
 * from the flow's sends (one request), estimated for very long flows. */
export async function locateTransmission(runId: string, ev: TraceEvent, mss: number, segmentsSent?: number): Promise<TargetInfo> {
  const transmission = transmissionOf(ev);
  if (segmentsSent !== undefined && segmentsSent > MAX_COUNTED) return { segment: estimateSegmentIndex(ev.seq, mss), transmission, exact: false };
  try {
    const { events, complete } = await fetchKinds(runId, ["send", "probe"], ev.t + 0.001, ev.flow);
    const seg = segmentIndexMap(events, ev.flow).get(ev.seq);
    if (complete && seg !== undefined) return { segment: seg, transmission, exact: true };
  } catch {
    /* fall through to the estimate */
  }
  return { segment: estimateSegmentIndex(ev.seq, mss), transmission, exact: false };
}

function lossModel(scenario: Obj): string {
  return String((((scenario.path as Obj | undefined)?.forward as Obj | undefined)?.loss as Obj | undefined)?.model ?? "none");
}

/** The loss-model drops of the run as positioned rules, or null if they cannot all be loaded
 * (`transmissions`: data transmissions of all flows, to skip the fetch for huge runs). */
export async function observedDropRules(runId: string, scenario: Obj, transmissions?: number): Promise<PositionedRule[] | null> {
  const model = lossModel(scenario);
  if (model === "none" || model === "positioned") return [];
  if (transmissions !== undefined && transmissions > MAX_COUNTED) return null;
  try {
    const { events, complete } = await fetchKinds(runId, ["send", "probe", "retransmit", "drop"], null);
    return complete ? dropsToRules(events) : null;
  } catch {
    return null;
  }
}

export function preparePlan(scenario: Obj, target: TargetInfo, flow: number, action: "drop" | "delay", delayMs: number, observed: PositionedRule[] | null): RerunPlan {
  const rule: PositionedRule = {
    flow,
    segment: target.segment,
    transmission: target.transmission,
    action,
    delay_ms: action === "delay" ? delayMs : 0,
  };
  return planRerun(scenario, rule, observed);
}

/** POST /runs with the planned scenario; the new run's id. */
/** Start the re-run; `parentRunId` names the run it was made from (the
 * server keeps the lineage: the parent lists its re-runs). */
export async function submitRerun(plan: RerunPlan, parentRunId?: string): Promise<string> {
  const body = parentRunId ? { scenario: plan.scenario, parent_run_id: parentRunId } : { scenario: plan.scenario };
  const created = await unwrap(RunsService.createRun({ body }), "could not start the run");
  const id = created.runs[0]?.id;
  if (!id) throw new Error("the server returned no run");
  return id;
}
