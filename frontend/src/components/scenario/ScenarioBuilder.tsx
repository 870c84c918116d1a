/** The scenario builder: every input is generated from the engine catalogue
 * (GET /mechanisms) and named by the dotted path the API reports errors
 * under. Submitting always goes to the server; its field errors appear next
 * to the inputs they name. */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ComparisonsService, RunsService } from "../../lib/api";
import { defaultItem, findParam, type Catalogue, type FieldSpec } from "../../lib/forms/catalogue";
import { coerceInput, type RawInput } from "../../lib/forms/coerce";
import { errorsFromDetail, flowOfPath, placeErrors, type ApiFieldError } from "../../lib/forms/errors";
import { builderLayout, comparedOf, defaultTaggedItem, type ItemList, type TaggedList } from "../../lib/forms/layout";
import { familyKey, familyLabel, mechanismLabel, mechanismsOf, orderChoices, type MechanismSelection, type QuickPick } from "../../lib/forms/mechanisms";
import { deletePath, getPath, setPath } from "../../lib/forms/paths";
import { buildComparisonBody, buildRunBody, mechanismInScenario, variantNames, type BuilderState, type Scenario, type SubmitMode } from "../../lib/forms/requests";
import { FlowSection } from "./FlowSection";
import { MechanismPicker, pickerPath } from "./MechanismPicker";
import { ParamField } from "./ParamField";
import { PathSection } from "./PathSection";
import { SeedsSection } from "./SeedsSection";
import { SubmitBar } from "./SubmitBar";
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
  const formRef = useRef<HTMLFormElement>(null);

  const { family } = mechanisms;
  const chosen = orderChoices(mechanisms.choices, mechanismsOf(catalogue, family).map((m) => m.name));
  const names = variantNames(catalogue, family, chosen);
  const nFlows = Math.max(1, flowsOf(scenario).length);
  const curFlow = Math.min(flow, nFlows - 1);
  const compared = comparedOf(catalogue, { family, choices: chosen });
  const layout = builderLayout(catalogue, scenario, curFlow, compared);
  const picker = pickerPath(catalogue, family);
  /** the key the picker chooses for every flow: its own field is not shown */
  const pickedKey = familyKey(catalogue, family);
  const placement = placeErrors(errors, [...layout.shown, picker, "replications"], (p) =>
    p.replace(/^flows\.\d+\./, "flows.0.") === picker ? picker : p === "seeds" ? "replications" : null,
  );
  const clearError = (path: string) => setErrors((es) => es.filter((e) => e.path !== path));

  const onChange = (spec: FieldSpec, raw: RawInput) => {
    const c = coerceInput(spec, raw);
    setScenario((sc) => setPath(sc, spec.path, c.value));
    if (spec.kind === "number") setDrafts((d) => ({ ...d, [spec.path]: String(raw) }));
    setHints((h) => ({ ...h, [spec.path]: c.hint }));
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
  const listed = {
    onAdd: (list: TaggedList, kind: string) =>
      setScenario((sc) => {
        const items = getPath(sc, list.path);
        return setPath(sc, list.path, [...(Array.isArray(items) ? items : []), defaultTaggedItem(catalogue, list.family, kind)]);
      }),
    onRemove: (list: TaggedList, i: number) => {
      setScenario((sc) => deletePath(sc, `${list.path}.${i}`));
      resetDrafts();
    },
    // another kind: that member's own parameters at their defaults (the old kind's would be unknown keys)
    onKind: (list: TaggedList, i: number, kind: string) => {
      setScenario((sc) => setPath(sc, `${list.path}.${i}`, defaultTaggedItem(catalogue, list.family, kind)));
      resetDrafts();
      clearError(`${list.path}.${i}.kind`);
    },
  };
  const choose = (sel: MechanismSelection) => {
    setMechanisms(sel);
    clearError(picker);
  };

  // ---- submit
  const submit = async (mode: SubmitMode) => {
    const state: BuilderState = { scenario, mechanisms: { family, choices: chosen }, scope, replications: Number(replications) };
    if (chosen.length === 0) {
      setErrors([{ path: picker, message: "pick at least one mechanism" }]);
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
  const reps = Math.max(1, Math.floor(Number(replications)) || 1);

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
        <PathSection directions={layout.directions} field={field} onAddRule={addItem} onRemoveRule={removeItem} listed={listed} />
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

        <SubmitBar unplaced={placement.unplaced} chosen={chosen.map((c) => names[c])} replications={reps} busy={busy} onSubmit={submit} />
      </form>
    </section>
  );
}
