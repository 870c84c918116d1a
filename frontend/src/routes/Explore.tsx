/** / — the papers' experiments as a gallery, and the scenario builder.
 * ?fork={slug} opens the builder on a permalink's frozen scenario. */
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { PresetPublic } from "../lib/api";
import { defaultScenario, type Catalogue } from "../lib/forms/catalogue";
import { mechanismFamilies, presetQuickPicks, selectionOfVariants } from "../lib/forms/mechanisms";
import { forkFromShare, hasRandomLoss, mechanismInScenario } from "../lib/forms/requests";
import { useCatalogue, usePresets, useShare } from "../lib/queries";
import { PresetGallery } from "../components/scenario/PresetGallery";
import { ScenarioBuilder, type BuilderInit } from "../components/scenario/ScenarioBuilder";
import { LinuxReferenceTable } from "../components/reference/LinuxReferenceTable";
import { figureText, type ReferenceCase } from "../lib/linuxReference";

interface Loaded {
  init: BuilderInit;
  key: string;
  notice?: React.ReactNode;
}

/** The builder's state for a preset: its scenario, and the mechanisms its variants compare. */
function presetInit(p: PresetPublic, cat: Catalogue, family: string): BuilderInit {
  const sel = selectionOfVariants(p.variants, cat);
  return {
    scenario: structuredClone(p.scenario),
    mechanisms: sel ? { family: sel.family, choices: sel.choices } : { family, choices: mechanismInScenario(cat, p.scenario, family) },
    scope: sel?.scope ?? "flows[*]",
    // as published: the preset's grid in the sweep editor, its replications
    replications: hasRandomLoss(cat, p.scenario) ? Math.max(1, p.replications || 1) : 1,
    grid: p.grid ?? {},
  };
}

export function Explore() {
  const { data: catalogue, error: catError } = useCatalogue();
  const { data: presets, error: presetError } = usePresets();
  const [search] = useSearchParams();
  const fork = search.get("fork");
  const shareQ = useShare(fork);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const builderRef = useRef<HTMLDivElement>(null);
  const presetsSettled = presets !== undefined || presetError !== null;

  const families = useMemo(() => (catalogue ? mechanismFamilies(catalogue) : []), [catalogue]);
  const quickPicks = useMemo(() => presetQuickPicks(presets ?? [], catalogue), [presets, catalogue]);
  // the builder starts on the family the presets compare, else the catalogue's first
  const family = quickPicks[0]?.family ?? families[0] ?? "";
  const defaults = useMemo<BuilderInit | null>(() => {
    if (!catalogue || !presetsSettled) return null;
    const scenario = defaultScenario(catalogue);
    return { scenario, mechanisms: { family, choices: mechanismInScenario(catalogue, scenario, family) }, scope: "flows[*]", replications: 1 };
  }, [catalogue, presetsSettled, family]);

  // ?fork={slug}: the permalink's frozen scenario in the builder
  const forked = useMemo(() => {
    if (!fork || !catalogue || !presetsSettled || (!shareQ.data && !shareQ.error)) return null;
    if (!shareQ.data) return { error: `Could not load permalink ${fork} to fork it.` };
    const f = forkFromShare(shareQ.data, presets ?? [], catalogue, family);
    if (!f) return { error: `Permalink ${fork} holds no scenario the builder can open.` };
    const loaded: Loaded = {
      key: `fork-${fork}`,
      init: { scenario: f.scenario, mechanisms: f.mechanisms, scope: f.scope, replications: f.replications, grid: f.grid },
      notice: (
        <p className="builder-notice" role="status" data-testid="fork-notice">
          Forked from permalink <Link to={`/s/${fork}`}>{fork}</Link>: {f.note}. Change anything and run it again.
        </p>
      ),
    };
    return { loaded };
  }, [fork, catalogue, presetsSettled, presets, shareQ.data, shareQ.error, family]);
  const forkError = forked && "error" in forked ? forked.error : null;

  const loadPreset = (p: PresetPublic) => {
    setLoaded({
      key: `preset-${p.name}-${Date.now()}`,
      init: presetInit(p, catalogue as Catalogue, family),
      notice: (
        <p className="builder-notice" role="status" data-testid="preset-notice">
          Loaded preset “{p.title}” ({p.figure}){" "}
          {Object.keys(p.grid ?? {}).length
            ? `with its grid (${Object.keys(p.grid).join(", ")}) and replications in the sweep editor below: Run sweep runs every cell.`
            : "as published."}{" "}
          The <Link to="/gallery">paper gallery</Link>'s Reproduce also draws the figure the paper's way, beside its findings.
        </p>
      ),
    });
  };

  // a Linux reference case: its scenario in the builder, as a preset's, on the family it exercises that the builder compares
  const openReferenceCase = (c: ReferenceCase) => {
    const cat = catalogue as Catalogue;
    const scenario = structuredClone(c.scenario ?? {});
    const fam = Object.keys(c.mechanisms).find((f) => families.includes(f)) ?? family;
    setLoaded({
      key: `reference-${c.id}-${Date.now()}`,
      init: { scenario, mechanisms: { family: fam, choices: mechanismInScenario(cat, scenario, fam) }, scope: "flows[*]", replications: 1 },
      notice: (
        <p className="builder-notice" role="status" data-testid="reference-notice">
          Loaded Linux reference case “{c.id}”{c.script ? ` (${c.script})` : ""}: kernel {figureText(c.kernel, c.unit)}, engine {figureText(c.engine, c.unit)}
          {c.modelled ? "" : ` (not modelled yet: needs ${c.needs ?? "a mechanism the engine lacks"})`}. {c.behaviour}
        </p>
      ),
    });
  };

  // bring the builder into view once a fork or a preset has been loaded into it
  const shown = loaded ?? (forked && "loaded" in forked ? forked.loaded : null);
  const loadedKey = shown?.key;
  useEffect(() => {
    const el = builderRef.current;
    if (loadedKey && el && typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "start" });
  }, [loadedKey]);

  const init = shown?.init ?? defaults;
  return (
    <section data-testid="explore" className="explore">
      <div className="explore-intro">
        <h1>Explore tail loss recovery</h1>
        <p className="muted">
          Re-run an experiment from the papers, or build your own path, loss pattern and workload and compare the engine's mechanisms of any family
          (retransmission timers, congestion control, recovery, …) side by side.
        </p>
      </div>
      <PresetGallery presets={presets ?? null} error={presetError ? "the server did not answer" : null} onLoad={catalogue ? loadPreset : undefined} />
      <LinuxReferenceTable reference={catalogue?.linuxReference} catalogue={catalogue} onOpen={catalogue ? openReferenceCase : undefined} />
      <div ref={builderRef} className="builder-anchor">
        {forkError && (
          <p role="alert" className="error card">
            {forkError}
          </p>
        )}
        {catError ? (
          <p role="alert" className="error card">
            The scenario builder needs the engine catalogue, and the engine catalogue is not available. Reload the page once the API is up.
          </p>
        ) : !catalogue || !init || (fork && !shown && !forkError) ? (
          <p className="muted card" aria-live="polite">
            {fork ? "Loading the permalink's scenario…" : "Loading the engine catalogue…"}
          </p>
        ) : (
          <ScenarioBuilder key={shown?.key ?? "default"} catalogue={catalogue} initial={init} quickPicks={quickPicks} notice={shown?.notice} />
        )}
      </div>
    </section>
  );
}
