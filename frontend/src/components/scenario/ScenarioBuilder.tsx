/** The scenario builder: every input is generated from the engine catalogue
 * (GET /mechanisms) and named by the dotted path the API reports errors
 * under. Submitting always goes to the server; its field errors appear next
 * to the inputs they name. */
import { useEffect, useMemo, useRef, useState } from "react";
import { ComparisonsService, RunsService } from "../../lib/api";
import { navigate } from "../../lib/router";
import { defaultItem, directionsOf, findParam, sectionFields, type Catalogue, type FieldSpec } from "../../lib/forms/catalogue";
import { coerceInput } from "../../lib/forms/coerce";
import { errorsFromDetail, flowOfPath, placeErrors, type ApiFieldError } from "../../lib/forms/errors";
import { groupFlowFields, isRelevant, splitLoss } from "../../lib/forms/layout";
import { deletePath, getPath, setPath } from "../../lib/forms/paths";
import {
  buildComparisonBody,
  buildRunBody,
  orderTimers,
  timerLabel,
  type BuilderState,
  type Scenario,
} from "../../lib/forms/requests";
import { InfoTip } from "./InfoTip";
import { ParamField } from "./ParamField";
import "./scenario.css";

export interface BuilderInit {
  scenario: Scenario;
  timers: string[];
  timerScope: string;
  replications: number;
}

/** The path the timer picker is named by, and where every flow's timer error lands. */
export const TIMER_PICKER_PATH = "flows.0.tcp.timer";

function flowsOf(sc: Scenario): unknown[] {
  return Array.isArray(sc.flows) ? sc.flows : [];
}

export function ScenarioBuilder({ catalogue, initial, notice }: { catalogue: Catalogue; initial: BuilderInit; notice?: React.ReactNode }) {
  const [scenario, setScenario] = useState<Scenario>(initial.scenario);
  const [timers, setTimers] = useState<string[]>(initial.timers);
  const [timerScope] = useState(initial.timerScope);
  const [replications, setReplications] = useState<string>(String(initial.replications));
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [hints, setHints] = useState<Record<string, string | null>>({});
  const [errors, setErrors] = useState<ApiFieldError[]>([]);
  const [flow, setFlow] = useState(0);
  const [busy, setBusy] = useState<"run" | "compare" | null>(null);
  const [showAdvanced, setShowAdvanced] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const timerNames = useMemo(() => {
    const fromMech = (catalogue.mechanisms.timer ?? []).map((m) => m.name);
    return fromMech.length ? fromMech : findParam(catalogue, "flow", "tcp.timer")?.choices ?? ["rto"];
  }, [catalogue]);
  const timerDocs = useMemo(() => Object.fromEntries((catalogue.mechanisms.timer ?? []).map((m) => [m.name, m.doc])), [catalogue]);
  const nFlows = Math.max(1, flowsOf(scenario).length);
  const curFlow = Math.min(flow, nFlows - 1);

  // ---- fields on screen ---------------------------------------------------
  const dirs = useMemo(() => {
    const p = catalogue.params.find((x) => x.section === "direction");
    return p ? directionsOf(p.path) : ["forward", "reverse"];
  }, [catalogue]);
  const scenarioFields = sectionFields(catalogue, "scenario");
  const flowFields = groupFlowFields(sectionFields(catalogue, "flow", { index: { flows: curFlow } }));
  const shown: string[] = [];
  const track = (specs: FieldSpec[]) => {
    for (const s of specs) shown.push(s.path);
    return specs;
  };

  const value = (path: string) => getPath(scenario, path);
  const lossModelParam = findParam(catalogue, "loss", "model");
  const lossChoices = lossModelParam?.choices ?? [];
  const appKindChoices = findParam(catalogue, "flow", "app.kind")?.choices ?? [];

  const onChange = (spec: FieldSpec, raw: string | boolean) => {
    const c = coerceInput(spec, raw);
    setScenario((sc) => setPath(sc, spec.path, c.value));
    if (spec.kind === "number") setDrafts((d) => ({ ...d, [spec.path]: String(raw) }));
    setHints((h) => ({ ...h, [spec.path]: c.hint }));
    setErrors((es) => es.filter((e) => e.path !== spec.path));
  };

  const resetDrafts = () => {
    setDrafts({});
    setHints({});
  };

  // ---- structure edits ----------------------------------------------------
  const addFlow = () => {
    const flows = flowsOf(scenario);
    const copy = structuredClone(flows[curFlow] ?? defaultItem(catalogue, "flows"));
    setScenario((sc) => setPath(sc, ["flows", flows.length], copy));
    resetDrafts();
    setFlow(flows.length);
  };
  const removeFlow = () => {
    if (nFlows <= 1) return;
    setScenario((sc) => deletePath(sc, ["flows", curFlow]));
    resetDrafts();
    setFlow(Math.max(0, curFlow - 1));
  };
  const applyToAllFlows = () => {
    const flows = flowsOf(scenario);
    const src = (flows[curFlow] ?? {}) as Record<string, unknown>;
    setScenario((sc) => ({
      ...sc,
      flows: flowsOf(sc).map((f) => ({ ...(f as Record<string, unknown>), tcp: structuredClone(src.tcp), receiver: structuredClone(src.receiver) })),
    }));
    resetDrafts();
  };
  const rulesOf = (dir: string): unknown[] => {
    const r = value(`path.${dir}.loss.rules`);
    return Array.isArray(r) ? r : [];
  };
  const addRule = (dir: string) => {
    const rules = rulesOf(dir);
    setScenario((sc) => setPath(sc, `path.${dir}.loss.rules`, [...rules, defaultItem(catalogue, "rules")]));
  };
  const removeRule = (dir: string, i: number) => {
    setScenario((sc) => deletePath(sc, `path.${dir}.loss.rules.${i}`));
    resetDrafts();
  };

  // ---- submit ---------------------------------------------------------------
  const state: BuilderState = {
    scenario,
    timers: orderTimers(timers, timerNames),
    timerScope,
    replications: Number(replications),
  };

  const submit = async (mode: "run" | "compare") => {
    if (state.timers.length === 0) {
      setErrors([{ path: TIMER_PICKER_PATH, message: "pick at least one retransmission timer" }]);
      return;
    }
    setBusy(mode);
    setErrors([]);
    const r =
      mode === "run"
        ? await RunsService.createRun({ body: buildRunBody(state) })
        : await ComparisonsService.createComparison({ body: buildComparisonBody(state, timerNames) });
    setBusy(null);
    if (r.error || !r.data) {
      let errs = errorsFromDetail(r.error);
      if (!errs.length) errs = [{ path: "", message: r.response ? `the server answered ${r.response.status}` : "could not reach the server" }];
      setErrors(errs);
      const f = errs.map((e) => flowOfPath(e.path)).find((x) => x !== null);
      if (f !== undefined && f !== null && f < nFlows) setFlow(f);
      return;
    }
    if ("runs" in r.data) navigate(`/runs/${r.data.runs[0].id}`);
    else navigate(`/compare/${r.data.id}`);
  };

  // ---- render helpers ------------------------------------------------------
  const field = (spec: FieldSpec, label?: string) => (
    <ParamField
      key={spec.path}
      spec={spec}
      value={value(spec.path)}
      draft={drafts[spec.path]}
      hint={hints[spec.path]}
      error={placement.placed[spec.path]}
      onChange={onChange}
      label={label}
    />
  );

  // decide what is on screen first, so errors can be placed
  const pathFields = dirs.map((dir) => {
    const direction = track(sectionFields(catalogue, "direction", { dir }));
    const { model, params } = splitLoss(sectionFields(catalogue, "loss", { dir }));
    const modelValue = String(value(model?.path ?? "") ?? model?.default ?? "none");
    const lossParams = track(params.filter((p) => isRelevant(p, modelValue, lossChoices)));
    if (model) track([model]);
    const rules = modelValue === "positioned" || rulesOf(dir).length > 0 ? rulesOf(dir).map((_, i) => track(sectionFields(catalogue, "rule", { dir, index: { rules: i } }))) : null;
    return { dir, direction, model, modelValue, lossParams, rules };
  });
  const appKind = flowFields.appKind;
  const appKindValue = String(value(appKind?.path ?? "") ?? appKind?.default ?? "fixed");
  const appFields = track(flowFields.app.filter((s) => isRelevant(s, appKindValue, appKindChoices)));
  if (appKind) track([appKind]);
  track(flowFields.receiver);
  track(flowFields.cc);
  track(flowFields.flags);
  track(flowFields.tcp);
  track(flowFields.other);
  track(scenarioFields);
  shown.push(TIMER_PICKER_PATH, "replications");
  const placement = placeErrors(errors, shown, (p) => (/^flows\.\d+\.tcp\.timer$/.test(p) ? TIMER_PICKER_PATH : p === "seeds" ? "replications" : null));

  useEffect(() => {
    if (!errors.length) return;
    const first = Object.keys(placement.placed)[0];
    const el = first ? [...(formRef.current?.querySelectorAll<HTMLElement>("[data-path]") ?? [])].find((x) => x.dataset.path === first) : undefined;
    // centre it: the sticky submit bar must not cover the input or its message
    if (!el) return;
    if (typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  const sizes = getPath(scenario, `flows.${curFlow}.app.sizes`);
  const timerError = placement.placed[TIMER_PICKER_PATH];
  const repError = placement.placed.replications;
  const seedValue = Number(value("seed") ?? findParam(catalogue, "scenario", "seed")?.default ?? 1);
  const reps = Math.max(1, Math.floor(Number(replications)) || 1);
  const selectedTimers = orderTimers(timers, timerNames);
  const dirTitle = (d: string) => (d === "forward" ? "Forward path (data)" : d === "reverse" ? "Reverse path (ACKs)" : d);

  return (
    <section className="scenario-builder card" data-testid="scenario-builder" aria-labelledby="builder-title">
      <div className="builder-head">
        <h2 id="builder-title">Scenario builder</h2>
        <p className="muted">
          Every field comes from the engine catalogue (engine {catalogue.engineVersion || "?"}); hover or focus “?” for the explanation and its source.
        </p>
      </div>
      {notice}
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(selectedTimers.length > 1 ? "compare" : "run");
        }}
      >
        <fieldset className="builder-section">
          <legend>Path</legend>
          <div className="dir-columns">
            {pathFields.map((pf) => (
              <div key={pf.dir} className="dir-column" data-direction={pf.dir}>
                <h4>{dirTitle(pf.dir)}</h4>
                <div className="field-grid">{pf.direction.map((s) => field(s))}</div>
                <h5>Loss</h5>
                <div className="field-grid">
                  {pf.model && field(pf.model)}
                  {pf.lossParams.map((s) => field(s))}
                </div>
                {pf.rules && (
                  <div className="rules">
                    <h5>Positioned losses</h5>
                    {pf.rules.length === 0 && <p className="muted small">No rules yet: add one to drop, delay or duplicate a chosen transmission.</p>}
                    <ol className="rule-list" aria-label={`${pf.dir} loss rules`}>
                      {pf.rules.map((specs, i) => (
                        <li key={i} className="rule-row">
                          <span className="rule-num" aria-hidden="true">
                            {i + 1}
                          </span>
                          <div className="field-grid compact">{specs.map((s) => field(s))}</div>
                          <button type="button" className="link-button" onClick={() => removeRule(pf.dir, i)} aria-label={`Remove rule ${i + 1} (${pf.dir})`}>
                            Remove
                          </button>
                        </li>
                      ))}
                    </ol>
                    <button type="button" onClick={() => addRule(pf.dir)} aria-label={`Add a ${pf.dir} loss rule`}>
                      Add rule
                    </button>
                  </div>
                )}
              </div>
            ))}
          </div>
        </fieldset>

        <fieldset className="builder-section">
          <legend>Flows</legend>
          <div className="flow-bar">
            <label className="inline-field">
              Editing flow{" "}
              <select aria-label="Flow to edit" value={curFlow} onChange={(e) => setFlow(Number(e.target.value))}>
                {Array.from({ length: nFlows }, (_, i) => (
                  <option key={i} value={i}>
                    Flow {i}
                  </option>
                ))}
              </select>
            </label>
            <span className="muted">of {nFlows}</span>
            <button type="button" onClick={addFlow} disabled={nFlows >= (catalogue.limits.max_flows ?? 64)}>
              Add flow
            </button>
            <button type="button" onClick={removeFlow} disabled={nFlows <= 1}>
              Remove flow {curFlow}
            </button>
            {nFlows > 1 && (
              <button type="button" onClick={applyToAllFlows} title="Copy this flow's TCP and receiver settings to every flow">
                Copy TCP settings to all flows
              </button>
            )}
          </div>
          <div className="flow-groups">
            <div className="flow-group">
              <h4>Application</h4>
              <div className="field-grid">
                {appKind && field(appKind)}
                {appFields.map((s) => field(s))}
              </div>
              {Array.isArray(sizes) && (
                <p className="muted small">
                  This flow lists {sizes.length} explicit object sizes (app.sizes), which take precedence over the request count and object size.{" "}
                  <button type="button" className="link-button" onClick={() => setScenario((sc) => deletePath(sc, `flows.${curFlow}.app.sizes`))}>
                    Use the fields instead
                  </button>
                </p>
              )}
            </div>
            <div className="flow-group">
              <h4>Receiver (ACKs)</h4>
              <div className="field-grid">{flowFields.receiver.map((s) => field(s))}</div>
            </div>
          </div>
        </fieldset>

        <fieldset className="builder-section mechanisms">
          <legend>Mechanisms</legend>
          <div className="mech-grid">
            <div className={`field timer-picker${timerError ? " has-error" : ""}`}>
              <div className="field-label">
                <label htmlFor="timer-picker">Retransmission timers to compare</label>
                <InfoTip text={flowFields.timer?.doc ?? "Retransmission-timer policies from the catalogue."} label="timers" />
              </div>
              <select
                id="timer-picker"
                multiple
                size={Math.min(8, timerNames.length)}
                aria-label={TIMER_PICKER_PATH}
                data-path={TIMER_PICKER_PATH}
                aria-invalid={timerError ? true : undefined}
                value={selectedTimers}
                onChange={(e) => {
                  setTimers(Array.from(e.target.selectedOptions).map((o) => o.value));
                  setErrors((es) => es.filter((x) => x.path !== TIMER_PICKER_PATH));
                }}
              >
                {timerNames.map((t) => (
                  <option key={t} value={t} title={timerDocs[t]}>
                    {timerLabel(t)} ({t})
                  </option>
                ))}
              </select>
              {timerError && (
                <span role="alert" data-testid="field-error" className="field-error">
                  {timerError}
                </span>
              )}
              <span className="field-note">
                Ctrl/⌘-click or Shift+arrows to pick several. Applies to {timerScope === "flows[*]" ? "every flow" : timerScope}.
              </span>
              <div className="quick-picks" role="group" aria-label="Quick picks">
                <button type="button" className="small" onClick={() => setTimers(["rto"])}>
                  RTO only
                </button>
                <button type="button" className="small" onClick={() => setTimers(timerNames.filter((t) => ["rto", "rtor", "tlp", "tlpr"].includes(t)))}>
                  Paper: RTO, RTOR, TLP, TLPR
                </button>
                <button type="button" className="small" onClick={() => setTimers(timerNames)}>
                  All
                </button>
              </div>
            </div>
            <div className="timer-docs">
              {selectedTimers.map((t) => (
                <p key={t}>
                  <strong>{timerLabel(t)}</strong> — {timerDocs[t] ?? ""}
                </p>
              ))}
            </div>
          </div>
          <div className="field-grid">{flowFields.cc.map((s) => field(s))}</div>
          <h4>Switches (flow {curFlow})</h4>
          <div className="field-grid flags">{flowFields.flags.map((s) => field(s))}</div>
        </fieldset>

        <fieldset className="builder-section">
          <legend>TCP parameters (flow {curFlow})</legend>
          <div className="field-grid">{flowFields.tcp.map((s) => field(s))}</div>
          {flowFields.other.length > 0 && <div className="field-grid">{flowFields.other.map((s) => field(s))}</div>}
        </fieldset>

        <fieldset className="builder-section">
          <legend>Seeds and budget</legend>
          <div className="field-grid">
            {scenarioFields.filter((s) => s.key === "seed").map((s) => field(s))}
            <div className={`field field-number${repError ? " has-error" : ""}`} data-field="replications">
              <div className="field-label">
                <label htmlFor="replications">Replications</label>
                <InfoTip text="How many seeds to run: seed, seed + 1, … A run creates one run per seed; a comparison runs every mechanism with each seed and reports the mean with a 95% confidence interval." label="Replications" />
              </div>
              <input
                id="replications"
                type="number"
                min={1}
                max={1000}
                step={1}
                aria-label="replications"
                data-path="replications"
                aria-invalid={repError ? true : undefined}
                value={replications}
                onChange={(e) => {
                  setReplications(e.target.value);
                  setErrors((es) => es.filter((x) => x.path !== "replications"));
                }}
              />
              {repError ? (
                <span role="alert" data-testid="field-error" className="field-error">
                  {repError}
                </span>
              ) : (
                <span className="field-note">
                  seeds {seedValue}
                  {reps > 1 ? `–${seedValue + reps - 1}` : ""}
                </span>
              )}
            </div>
            {showAdvanced && scenarioFields.filter((s) => s.key !== "seed").map((s) => field(s))}
          </div>
          <button type="button" className="link-button" aria-expanded={showAdvanced} onClick={() => setShowAdvanced((x) => !x)}>
            {showAdvanced ? "Hide" : "Show"} duration, event budget and trace settings
          </button>
        </fieldset>

        <div className="submit-bar">
          {placement.unplaced.length > 0 && (
            <div role="alert" className="form-errors" data-testid="form-errors">
              <strong>The server did not accept this scenario:</strong>
              <ul>
                {placement.unplaced.map((e, i) => (
                  <li key={i}>
                    {e.path && <code>{e.path}</code>} {e.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="submit-buttons">
            <button type="button" className={selectedTimers.length <= 1 ? "primary" : ""} onClick={() => submit("run")} disabled={busy !== null || selectedTimers.length === 0}>
              {busy === "run" ? "Starting…" : "Run scenario"}
            </button>
            <button type="button" className={selectedTimers.length > 1 ? "primary" : ""} onClick={() => submit("compare")} disabled={busy !== null || selectedTimers.length === 0}>
              {busy === "compare" ? "Starting…" : "Compare mechanisms"}
            </button>
            <span className="muted submit-help">
              {selectedTimers.length === 0
                ? "Pick a timer above."
                : selectedTimers.length === 1
                  ? `Run scenario: ${timerLabel(selectedTimers[0])}${reps > 1 ? `, ${reps} seeds` : ""}. Pick two or more timers to compare them.`
                  : `Compare mechanisms: ${selectedTimers.map(timerLabel).join(" vs ")}${reps > 1 ? `, ${reps} replications each` : ""}. Run scenario runs ${timerLabel(selectedTimers[0])} alone.`}
            </span>
          </div>
        </div>
      </form>
    </section>
  );
}
