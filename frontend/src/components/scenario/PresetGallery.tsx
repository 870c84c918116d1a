/** The papers' experiments as cards: run one variant, or compare every
 * variant of the preset at its base scenario (one cell) in one click; the
 * figure's full grid is the paper gallery's Reproduce (/gallery/:card). */
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { apiError, ComparisonsService, RunsService, type PresetPublic } from "../../lib/api";
import { defaultRunVariant, firstSentence, hasRandomLoss, presetComparisonBody } from "../../lib/forms/requests";
import { useGallery } from "../../lib/galleryQueries";
import { useCatalogue } from "../../lib/queries";
import "./scenario.css";

export function PresetCard({ preset, onLoad }: { preset: PresetPublic; onLoad?: (p: PresetPublic) => void }) {
  const navigate = useNavigate();
  const variants = Object.keys(preset.variants ?? {});
  const [variant, setVariant] = useState(defaultRunVariant(preset));
  const [busy, setBusy] = useState<"run" | "compare" | null>(null);
  const [error, setError] = useState<string | null>(null);
  // which loss models are random is the catalogue's to say: unknown until it arrives
  const { data: catalogue } = useCatalogue();
  const random = catalogue ? hasRandomLoss(catalogue, preset.scenario) : null;
  const flows = Array.isArray(preset.scenario.flows) ? preset.scenario.flows.length : 1;
  // the gallery card that runs this preset's figure in full, if any
  const { data: cards } = useGallery();
  const figureCard = cards?.find((c) => c.preset === preset.name);
  const gridKeys = Object.keys(preset.grid ?? {});

  const run = async () => {
    setBusy("run");
    setError(null);
    const r = await RunsService.createRun({ body: { preset: preset.name, variant } });
    setBusy(null);
    const id = r.data?.runs?.[0]?.id;
    if (r.error || !id) return setError(apiError(r.error, "could not start the run"));
    navigate(`/runs/${id}`);
  };
  const body = catalogue ? presetComparisonBody(preset, catalogue) : null;
  const compare = async () => {
    if (!body) return;
    setBusy("compare");
    setError(null);
    const r = await ComparisonsService.createComparison({ body });
    setBusy(null);
    if (r.error || !r.data) return setError(apiError(r.error, "could not start the comparison"));
    navigate(`/compare/${r.data.id}`);
  };
  return (
    <article className="preset-card card" data-testid={`preset-card-${preset.name}`} aria-labelledby={`preset-${preset.name}-title`}>
      <div className="preset-meta">
        <span className="preset-figure">
          {preset.figure} · {preset.section}
        </span>
        {random !== null && body && (
          <span className={`preset-kind ${random ? "random" : "deterministic"}`} title={random ? "random loss: replicated with several seeds" : "no random loss: one run per variant is exact"}>
            {random ? `random loss · ${body.replications} seeds` : "deterministic"}
          </span>
        )}
      </div>
      <h3 id={`preset-${preset.name}-title`}>{preset.title}</h3>
      <p className="preset-line" title={preset.description}>
        {firstSentence(preset.description)}
      </p>
      <p className="preset-citation">
        <cite>{preset.citation}</cite>
      </p>
      <p className="preset-facts muted">
        {flows} flow{flows === 1 ? "" : "s"} · variants {variants.join(", ")}
      </p>
      <div className="preset-actions">
        <label className="variant-pick">
          <span className="visually-hidden">Variant for {preset.title}</span>
          <select aria-label={`Variant for ${preset.title}`} value={variant} onChange={(e) => setVariant(e.target.value)}>
            {variants.map((v) => (
              <option key={v} value={v}>
                {v}
                {v === preset.baseline_variant ? " (baseline)" : ""}
              </option>
            ))}
          </select>
        </label>
        <button type="button" aria-label={`Run ${preset.title}`} onClick={run} disabled={busy !== null}>
          {busy === "run" ? "Starting…" : "Run"}
        </button>
        <button type="button" className="primary" aria-label={`Compare ${preset.title}`} onClick={compare} disabled={busy !== null || !body} title={body ? `All ${variants.length} variants vs ${preset.baseline_variant}, ${body.replications} replication${body.replications === 1 ? "" : "s"}, at the preset's base scenario only (one cell, not its grid)` : "Waiting for the engine catalogue"}>
          {busy === "compare" ? "Starting…" : "Compare"}
        </button>
        {onLoad && (
          <button type="button" className="link-button" aria-label={`Open ${preset.title} in the builder`} onClick={() => onLoad(preset)}>
            Edit in builder
          </button>
        )}
      </div>
      {gridKeys.length > 0 && (
        <p className="preset-grid-note muted" data-testid="preset-grid-note">
          Compare runs one cell (the base scenario), not the figure's grid.
          {figureCard && (
            <>
              {" "}
              <Link to={`/gallery/${figureCard.id}`}>Reproduce {figureCard.figure} in the paper gallery</Link>
            </>
          )}
        </p>
      )}
      {error && (
        <p role="alert" className="error card-error">
          {error}
        </p>
      )}
    </article>
  );
}

export function PresetGallery(props: { presets: PresetPublic[] | null; error: string | null; onLoad?: (p: PresetPublic) => void }) {
  return (
    <section className="preset-gallery-wrap" aria-labelledby="gallery-title">
      <h2 id="gallery-title">Experiments from the papers</h2>
      {props.error ? (
        <p role="alert" className="error card">
          Could not load the presets: {props.error}
        </p>
      ) : !props.presets ? (
        <p className="muted" aria-live="polite">
          Loading the presets…
        </p>
      ) : props.presets.length === 0 ? (
        <p className="muted card">No presets are available from this server.</p>
      ) : (
        <div className="preset-gallery" data-testid="preset-gallery">
          {props.presets.map((p) => (
            <PresetCard key={p.name} preset={p} onLoad={props.onLoad} />
          ))}
        </div>
      )}
    </section>
  );
}
