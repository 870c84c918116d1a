/** The scenario builder: every input is generated from the engine catalogue
 * (GET /mechanisms) and named by the dotted path the API reports errors
 * under. It says which profile the flows start from, and sweeps any field
 * as a comparison's grid. Submitting always goes to the server; its field
 * errors appear next to the inputs they name. */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ComparisonsService, RunsService } from "../../lib/api";
import { defaultItem, findParam, type Catalogue, type FieldSpec, type Profile, suggestionFor } from "../../lib/forms/catalogue";
import { coerceInput, type RawInput } from "../../lib/forms/coerce";
import { errorsFromDetail, flowOfPath, placeErrors, type ApiFieldError } from "../../lib/forms/errors";
import { builderLayout, comparedOf, defaultTaggedItem, siblingPath, type ItemList, type TaggedList } from "../../lib/forms/layout";
import { choicesOf, familyKey, familyLabel, mechanismLabel, orderChoices, type MechanismSelection, type QuickPick } from "../../lib/forms/mechanisms";
import { deletePath, getPath, setPath } from "../../lib/forms/paths";
import { applyProfile } from "../../lib/forms/profiles";
import { buildComparisonBody, buildRunBody, mechanismInScenario, variantNames, type BuilderState, type Scenario, type SubmitMode } from "../../lib/forms/requests";
import { axesOfGrid, estimateRuns, gridErrorPath, planSweep, runLimit, type SweepAxis } from "../../lib/forms/sweep";
import { FlowSection } from "./FlowSection";
import { MechanismPicker, pickerPath } from "./MechanismPicker";
import { ParamField } from "./ParamField";
import { PathSection } from "./PathSection";
import { rowLimits } from "./ScheduleEditor";
import type { ScheduleRow } from "../../lib/chart-math/schedule";
import { ProfileBar } from "./ProfileBar";
import { SeedsSection } from "./SeedsSection";
import { SubmitBar } from "./SubmitBar";
import { SweepEditor } from "./SweepEditor";
import "./scenario.css";

export type BuilderInit = BuilderState;

/** The family members that read some of these fields (their applies_to values), in order of first mention. */
function readersOf(specs: FieldSpec[]): string[] {
  return [...new Set(specs.flatMap((s) => s.appliesTo?.values ?? []))];
}

function flowsOf(sc: Scenario): unknown[] {
  return Array.isArray(sc.flows) ? sc.flows : [];
}

export function ScenarioBuilder({ catalogue, initial, quickPicks = [], notice }: { catalogue: Catalogue; initial: BuilderInit; quickPicks?: QuickPick[]; notice?: React.ReactNode }) {
  const navigate = useNavigate();
  const [scenario, setScenario] = useState<Scenario>(initial.scenario);
  const [mechanisms, setMechanisms] = useState<MechanismSelection>(initial.mechanisms);
  const [scope] = useState(initial.scope);
  const [replications, setReplications] = useState<string>(String(initial.replications));
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [hints, setHints] = useState<Record<string, string | null>>({});
  const [errors, setErrors] = useState<ApiFieldError[]>([]);
  const [flow, setFlow] = useState(0);
  const [busy, setBusy] = useState<SubmitMode | null>(null);
  const [axes, setAxes] = useState<SweepAxis[]>(() => axesOfGrid(catalogue, initial.scenario, initial.grid));
  const formRef = useRef<HTMLFormElement>(null);

  const { family } = mechanisms;
  const chosen = orderChoices(mechanisms.choices, choicesOf(catalogue, family).map((m) => m.name));
  const names = variantNames(catalogue, family, chosen);
  const nFlows = Math.max(1, flowsOf(scenario).length);
  const curFlow = Math.min(flow, nFlows - 1);
  const compared = comparedOf(catalogue, { family, choices: chosen });
  const layout = builderLayout(catalogue, scenario, curFlow, compared);
  const picker = pickerPath(catalogue, family);
  /** the key the picker chooses for every flow: its own field is not shown */
  const pickedKey = familyKey(catalogue, family);
  const reps = Math.max(1, Math.floor(Number(replications)) || 1);
  const plan = planSweep(catalogue, scenario, axes, compared);
  const estimate = estimateRuns(plan.cells, chosen.length, reps, runLimit(catalogue));
  const sweepInputs = axes.map((a) => (a.path ? gridErrorPath(a.path) : ""));
  const placement = placeErrors(errors, [...layout.shown, picker, "replications", ...sweepInputs, "grid"], (p) =>
    p.replace(/^flows\.\d+\./, "flows.0.") === picker ? picker : p === "seeds" ? "replications" : p.startsWith("grid.") && axes.length ? "grid" : null,
  );
  const sweepServerErrors = Object.fromEntries(sweepInputs.flatMap((p, i) => (p && placement.placed[p] ? [[i, placement.placed[p]]] : [])));
  const clearError = (path: string) => setErrors((es) => es.filter((e) => e.path !== path));

  const onChange = (spec: FieldSpec, raw: RawInput) => {
    const c = coerceInput(spec, raw);
    // a choice the catalogue suggests values for (Gilbert-Elliott loss) fills its siblings in
    const suggested = spec.kind === "select" ? suggestionFor(catalogue, spec.template, c.value) : undefined;
    const filled = Object.keys(suggested?.set ?? {}).flatMap((k) => siblingPath(spec.path, spec.key, k) ?? []);
    setScenario((sc) => {
      let out = setPath(sc, spec.path, c.value);
      for (const [k, v] of Object.entries(suggested?.set ?? {})) {
        const at = siblingPath(spec.path, spec.key, k);
        if (at !== null) out = setPath(out, at, v);
      }
      return out;
    });
    if (spec.kind === "number") setDrafts((d) => ({ ...d, [spec.path]: String(raw) }));
    if (filled.length) setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([p]) => !filled.includes(p))));
    setHints((h) => ({ ...h, [spec.path]: c.hint, ...Object.fromEntries(filled.map((p) => [p, null])) }));
    clearError(spec.path);
  };
  /** a number set to one of its special values: what was typed goes */
  const onSpecial = (spec: FieldSpec, value: number) => {
    setScenario((sc) => setPath(sc, spec.path, value));
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([p]) => p !== spec.path)));
    setHints((h) => ({ ...h, [spec.path]: null }));
    clearError(spec.path);
  };
  const resetDrafts = () => {
    setDrafts({});
    setHints({});
  };
  const field = (spec: FieldSpec, label?: string) => (
    <ParamField
      key={spec.path}
      spec={spec}
      value={getPath(scenario, spec.path)}
      draft={drafts[spec.path]}
      hint={hints[spec.path]}
      error={placement.placed[spec.path]}
      onChange={onChange}
      onSpecial={onSpecial}
      label={label}
    />
  );

  // ---- structure edits
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
  const copyToAllFlows = () => {
    const src = (flowsOf(scenario)[curFlow] ?? {}) as Record<string, unknown>;
    setScenario((sc) => ({
      ...sc,
      flows: flowsOf(sc).map((f) => ({ ...(f as Record<string, unknown>), tcp: structuredClone(src.tcp), receiver: structuredClone(src.receiver) })),
    }));
    resetDrafts();
  };
  const addItem = (list: ItemList) =>
    setScenario((sc) => {
      const items = getPath(sc, list.path);
      return setPath(sc, list.path, [...(Array.isArray(items) ? items : []), defaultItem(catalogue, list.name)]);
    });
  const removeItem = (list: ItemList, i: number) => {
    setScenario((sc) => deletePath(sc, `${list.path}.${i}`));
    resetDrafts();
  };
  const tables = {
    onAdd: addItem,
    onRemove: removeItem,
    // pasted rows replace the table; what was typed into its fields and the server's errors on them go
    onReplace: (list: ItemList, rows: ScheduleRow[]) => {
      setScenario((sc) => setPath(sc, list.path, rows));
      setErrors((es) => es.filter((e) => !e.path.startsWith(`${list.path}.`) && e.path !== list.path));
      resetDrafts();
    },
    rows: (list: ItemList) => {
      const v = getPath(scenario, list.path);
      return (Array.isArray(v) ? v : []) as ScheduleRow[];
    },
    limits: (list: ItemList) => rowLimits(catalogue.params, list.name),
  };
  const listed = {
    onAdd: (list: TaggedList, kind: string) =>
      setScenario((sc) => {
        const items = getPath(sc, list.path);
        return setPath(sc, list.path, [...(Array.isArray(items) ? items : []), defaultTaggedItem(catalogue, list.family, kind, list.template)]);
      }),
    onRemove: (list: TaggedList, i: number) => {
      setScenario((sc) => deletePath(sc, `${list.path}.${i}`));
      resetDrafts();
    },
    // another kind: that member's own parameters at their defaults (the old kind's would be unknown keys)
    onKind: (list: TaggedList, i: number, kind: string) => {
      setScenario((sc) => setPath(sc, `${list.path}.${i}`, defaultTaggedItem(catalogue, list.family, kind, list.template)));
      resetDrafts();
      clearError(`${list.path}.${i}.kind`);
    },
  };
  const choose = (sel: MechanismSelection) => {
    setMechanisms(sel);
    clearError(picker);
  };
  // a profile for every flow; when the profile itself names the picked family's member (Linux 6's
  // timer; Linux 3.17 leaves the timer to the paper's comparison) and one is picked, the picker follows
  const startFrom = (p: Profile) => {
    setScenario((sc) => applyProfile(catalogue, sc, p));
    resetDrafts();
    const member = pickedKey === null ? undefined : p.overrides[`flows[*].${pickedKey}`];
    if (typeof member === "string" && chosen.length <= 1) choose({ family, choices: [member] });
  };

  // ---- submit
  const submit = async (mode: SubmitMode) => {
    const grid = mode === "compare" ? plan.grid : {};
    const state: BuilderState = { scenario, mechanisms: { family, choices: chosen }, scope, replications: Number(replications), grid };
    if (chosen.length === 0) {
      setErrors([{ path: picker, message: "pick at least one mechanism" }]);
      return;
    }
    // a sweep with errors (shown next to its fields already) or over the server's limit is not sent
    if (mode === "compare" && axes.length > 0 && (Object.keys(plan.errors).length > 0 || estimate.over)) {
      const el = formRef.current?.querySelector<HTMLElement>('[data-testid="sweep-editor"]');
      if (el && typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "center" });
      return;
    }
    setBusy(mode);
    setErrors([]);
    const r =
      mode === "run"
        ? await RunsService.createRun({ body: buildRunBody(state, catalogue) })
        : await ComparisonsService.createComparison({ body: buildComparisonBody(state, catalogue) });
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

  // bring the first placed error into view, centred: the sticky submit bar must not cover it
  const firstPlaced = Object.keys(placement.placed)[0];
  useEffect(() => {
    if (!errors.length || !firstPlaced) return;
    const el = [...(formRef.current?.querySelectorAll<HTMLElement>("[data-path]") ?? [])].find((x) => x.dataset.path === firstPlaced);
    if (!el) return;
    if (typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
  }, [errors, firstPlaced]);

  const fg = layout.flow;
  const { sizes } = layout;

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
          submit(chosen.length > 1 ? "compare" : "run");
        }}
      >
        <ProfileBar catalogue={catalogue} scenario={scenario} pickedKey={pickedKey} onApply={startFrom} />
        <PathSection directions={layout.directions} field={field} onAddRule={addItem} onRemoveRule={removeItem} listed={listed} tables={tables} />
        <FlowSection
          flow={curFlow}
          nFlows={nFlows}
          maxFlows={catalogue.limits.max_flows ?? 64}
          appKind={fg.appKind}
          appKindPicked={fg.appKind !== undefined && fg.appKind.key === pickedKey ? { family: familyLabel(catalogue, family), chosen: chosen.map((c) => names[c]) } : undefined}
          appFields={layout.appFields}
          receiver={fg.receiver}
          sizes={sizes}
          field={field}
          onFlow={setFlow}
          onAdd={addFlow}
          onRemove={removeFlow}
          onCopyToAll={copyToAllFlows}
          onDropSizes={() => sizes && setScenario((sc) => deletePath(sc, sizes.path))}
        />

        <fieldset className="builder-section mechanisms">
          <legend>Mechanisms</legend>
          <MechanismPicker
            catalogue={catalogue}
            value={{ family, choices: chosen }}
            scope={scope}
            quickPicks={quickPicks}
            error={placement.placed[picker]}
            onFamily={(f) => choose({ family: f, choices: mechanismInScenario(catalogue, scenario, f) })}
            onChange={choose}
          />
          <h4>Other mechanisms (flow {curFlow})</h4>
          <div className="field-grid">{fg.mechanisms.filter((s) => s.key !== pickedKey).map((s) => field(s))}</div>
          <h4>Switches (flow {curFlow})</h4>
          <div className="field-grid flags">{fg.flags.map((s) => field(s))}</div>
          {Object.entries(fg.byFamily).map(([fam, specs]) => (
            <div key={fam} className="family-options" data-testid={`family-options-${fam}`}>
              <h4>
                {familyLabel(catalogue, fam)} options (flow {curFlow})
              </h4>
              <p className="muted small">Read only by {readersOf(specs).map((m) => mechanismLabel(catalogue, fam, m)).join("; ")}</p>
              <div className="field-grid">{specs.map((s) => field(s))}</div>
            </div>
          ))}
        </fieldset>

        <fieldset className="builder-section">
          <legend>TCP parameters (flow {curFlow})</legend>
          <div className="field-grid">{fg.tcp.map((s) => field(s))}</div>
          {fg.other.length > 0 && <div className="field-grid">{fg.other.map((s) => field(s))}</div>}
        </fieldset>

        <SeedsSection
          fields={layout.scenario}
          seed={Number(getPath(scenario, "seed") ?? findParam(catalogue, "scenario", "seed")?.default ?? 1)}
          replications={replications}
          error={placement.placed.replications}
          field={field}
          onReplications={(v) => {
            setReplications(v);
            clearError("replications");
          }}
        />

        <SweepEditor
          catalogue={catalogue}
          scenario={scenario}
          axes={axes}
          plan={plan}
          estimate={estimate}
          serverErrors={sweepServerErrors}
          gridError={placement.placed.grid}
          onChange={(a) => {
            setAxes(a);
            setErrors((es) => es.filter((e) => !e.path.startsWith("grid")));
          }}
        />

        <SubmitBar
          unplaced={placement.unplaced}
          chosen={chosen.map((c) => names[c])}
          replications={reps}
          busy={busy}
          onSubmit={submit}
          sweep={axes.length > 0 ? { estimate, errors: Object.values(plan.errors).reduce((n, e) => n + e.length, 0) } : null}
        />
      </form>
    </section>
  );
}
