/** / — the papers' experiments as a gallery, and the scenario builder.
 * ?fork={slug} opens the builder on a permalink's frozen scenario. */
import { useEffect, useMemo, useRef, useState } from "react";
import { SharesService, UtilsService, type PresetPublic } from "../lib/api";
import { Link, useSearchParam } from "../lib/router";
import { defaultScenario, findParam, parseCatalogue, type Catalogue } from "../lib/forms/catalogue";
import { forkFromShare, hasRandomLoss, timerOfVariant } from "../lib/forms/requests";
import { PresetGallery } from "../components/scenario/PresetGallery";
import { ScenarioBuilder, type BuilderInit } from "../components/scenario/ScenarioBuilder";

interface Loaded {
  init: BuilderInit;
  key: string;
  notice?: React.ReactNode;
}

function presetInit(p: PresetPublic): BuilderInit {
  const timers: string[] = [];
  let scope = "flows[*]";
  for (const ov of Object.values(p.variants ?? {})) {
    const t = timerOfVariant(ov);
    if (t && !timers.includes(t.timer)) {
      timers.push(t.timer);
      scope = t.scope;
    }
  }
  return {
    scenario: structuredClone(p.scenario),
    timers: timers.length ? timers : ["rto"],
    timerScope: scope,
    replications: hasRandomLoss(p.scenario) ? Math.min(5, p.replications || 1) : 1,
  };
}

export function Explore() {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [catError, setCatError] = useState<string | null>(null);
  const [presets, setPresets] = useState<PresetPublic[] | null>(null);
  const [presetError, setPresetError] = useState<string | null>(null);
  const [fork] = useSearchParam("fork");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [forkError, setForkError] = useState<string | null>(null);
  const builderRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    UtilsService.readMechanisms().then((r) => {
      if (r.error || !r.data) setCatError("the engine catalogue is not available");
      else setCatalogue(parseCatalogue(r.data));
    });
    UtilsService.readPresets().then((r) => {
      if (r.error || !r.data) setPresetError("the server did not answer");
      else setPresets(r.data);
    });
  }, []);

  const defaults = useMemo<BuilderInit | null>(() => {
    if (!catalogue) return null;
    const timer = findParam(catalogue, "flow", "tcp.timer")?.default;
    return { scenario: defaultScenario(catalogue), timers: [typeof timer === "string" ? timer : "rto"], timerScope: "flows[*]", replications: 1 };
  }, [catalogue]);

  // ?fork={slug}: load the permalink's frozen scenario into the builder
  useEffect(() => {
    if (!fork || (!presets && !presetError)) return;
    let stop = false;
    setForkError(null);
    SharesService.readShare({ path: { slug: fork } }).then((r) => {
      if (stop) return;
      if (r.error || !r.data) return setForkError(`Could not load permalink ${fork} to fork it.`);
      const f = forkFromShare(r.data, presets ?? []);
      if (!f) return setForkError(`Permalink ${fork} holds no scenario the builder can open.`);
      setLoaded({
        key: `fork-${fork}`,
        init: { scenario: f.scenario, timers: f.timers, timerScope: f.timerScope, replications: f.replications },
        notice: (
          <p className="builder-notice" role="status" data-testid="fork-notice">
            Forked from permalink <Link to={`/s/${fork}`}>{fork}</Link>: {f.note}. Change anything and run it again.
          </p>
        ),
      });
    });
    return () => {
      stop = true;
    };
  }, [fork, presets, presetError]);

  const loadPreset = (p: PresetPublic) => {
    setLoaded({
      key: `preset-${p.name}-${Date.now()}`,
      init: presetInit(p),
      notice: (
        <p className="builder-notice" role="status">
          Loaded preset “{p.title}” ({p.figure}). The preset's grid ({Object.keys(p.grid).join(", ") || "none"}) is not part of the builder; the
          gallery's Compare runs the preset as published.
        </p>
      ),
    });
  };

  // bring the builder into view once a fork or a preset has been loaded into it
  const loadedKey = loaded?.key;
  useEffect(() => {
    const el = builderRef.current;
    if (loadedKey && el && typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "start" });
  }, [loadedKey]);

  const init = loaded?.init ?? defaults;
  return (
    <section data-testid="explore" className="explore">
      <div className="explore-intro">
        <h1>Explore tail loss recovery</h1>
        <p className="muted">
          Re-run an experiment from the papers, or build your own path, loss pattern and workload and compare retransmission timers (RTO, RTO Restart,
          TLP, TLP with restart) side by side.
        </p>
      </div>
      <PresetGallery presets={presets} error={presetError} onLoad={catalogue ? loadPreset : undefined} />
      <div ref={builderRef} className="builder-anchor">
        {forkError && (
          <p role="alert" className="error card">
            {forkError}
          </p>
        )}
        {catError ? (
          <p role="alert" className="error card">
            The scenario builder needs the engine catalogue, and {catError}. Reload the page once the API is up.
          </p>
        ) : !catalogue || !init || (fork && !loaded && !forkError) ? (
          <p className="muted card" aria-live="polite">
            {fork ? "Loading the permalink's scenario…" : "Loading the engine catalogue…"}
          </p>
        ) : (
          <ScenarioBuilder key={loaded?.key ?? "default"} catalogue={catalogue} initial={init} notice={loaded?.notice} />
        )}
      </div>
    </section>
  );
}
