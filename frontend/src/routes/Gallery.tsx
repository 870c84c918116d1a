/** /gallery — the papers' figures the engine reproduces, one card each; and
 * /gallery/:card?comparison=<id> — one figure: its quoted findings, its method
 * and, once reproduced, Rexmit's figure drawn the paper's way beside the
 * paper's published values (the comparison id in the URL makes it a permalink). */
import { Link, useSearchParams } from "react-router";
import { Findings } from "../components/gallery/Findings";
import { GalleryFigure } from "../components/gallery/GalleryFigure";
import { GalleryList } from "../components/gallery/GalleryList";
import { ReproduceButton } from "../components/gallery/ReproduceButton";
import { type GalleryCard, matchesCard, runCountText } from "../lib/gallery";
import { useGallery, useGalleryCard } from "../lib/galleryQueries";
import { errorText, useCatalogue, useComparison } from "../lib/queries";
import "../components/gallery/gallery.css";

export function GalleryIndex() {
  const { data: cards, error } = useGallery();
  return (
    <section data-testid="gallery" className="gallery">
      <div className="gallery-intro">
        <h1>Paper gallery</h1>
        <p className="muted">
          Each card is a figure of a paper that Rexmit reproduces. Reproduce runs the figure's full grid with the paper's replications as one comparison and draws
          it the way the paper does, with the paper's published values and quoted findings beside Rexmit's results.
        </p>
      </div>
      {error ? (
        <p role="alert" className="error card">
          Could not load the gallery: {errorText(error)}.
        </p>
      ) : !cards ? (
        <p className="muted" aria-live="polite">
          Loading the gallery…
        </p>
      ) : cards.length === 0 ? (
        <p className="muted card">This server's engine has no gallery cards.</p>
      ) : (
        <GalleryList cards={cards} />
      )}
    </section>
  );
}

export function GalleryCardView({ id }: { id: string }) {
  const { data: card, error } = useGalleryCard(id);
  return (
    <section data-testid="gallery-card-view" className="gallery">
      <p className="gallery-back">
        <Link to="/gallery">← Paper gallery</Link>
      </p>
      {error ? (
        <p role="alert" className="error card">
          Could not load the gallery: {errorText(error)}.
        </p>
      ) : card === undefined ? (
        <p className="muted" aria-live="polite">
          Loading the card…
        </p>
      ) : card === null ? (
        <div className="card" role="alert" data-testid="gallery-unknown-card">
          <p className="error">The gallery has no card “{id}”.</p>
          <Link to="/gallery">See every card</Link>
        </div>
      ) : (
        <CardPage card={card} />
      )}
    </section>
  );
}

function CardPage({ card }: { card: GalleryCard }) {
  const [search] = useSearchParams();
  const comparisonId = search.get("comparison");
  return (
    <article aria-labelledby="gallery-card-title">
      <header className="gallery-card-head card">
        <p className="gallery-figure-name">
          {card.figure} · {card.section}
        </p>
        <h1 id="gallery-card-title">{card.title}</h1>
        <p className="gallery-caption">
          <span className="muted">The paper's caption:</span> “{card.caption}”
        </p>
        <p className="preset-citation">
          <cite>{card.citation}</cite>
        </p>
        <div className="gallery-actions">
          <ReproduceButton card={card} />
        </div>
      </header>
      {comparisonId ? (
        <Reproduction card={card} comparisonId={comparisonId} />
      ) : (
        <p className="card muted" data-testid="gallery-not-reproduced">
          Not reproduced yet on this page: Reproduce runs the figure's grid ({runCountText(card)}) and draws it here.
        </p>
      )}
      <Findings card={card} />
      <Method card={card} />
    </article>
  );
}

function Reproduction({ card, comparisonId }: { card: GalleryCard; comparisonId: string }) {
  const { comparison, error } = useComparison(comparisonId);
  // each variant's colour is its mechanism's place in the catalogue: the figure waits for it
  // (or its first failure) rather than drawing other colours first and changing them when it arrives
  const { data: catalogue, isFetched: catalogueFetched } = useCatalogue();
  const cataloguePending = catalogue === undefined && !catalogueFetched;
  if (error)
    return (
      <p role="alert" className="error card">
        Could not load comparison {comparisonId}: {error}.
      </p>
    );
  if (!comparison || cataloguePending)
    return (
      <p className="muted card" aria-live="polite">
        {comparison ? "Loading the engine catalogue (each mechanism's colour)…" : "Loading the comparison…"}
      </p>
    );
  if (!matchesCard(card, comparison))
    return (
      <p role="alert" className="error card" data-testid="gallery-mismatch">
        Comparison {comparisonId} does not run this figure's grid; <Link to={`/compare/${comparisonId}`}>open it on the compare page</Link>.
      </p>
    );
  return (
    <div className="card">
      <GalleryFigure card={card} comparison={comparison} catalogue={catalogue ?? undefined} />
      <p className="muted">
        Every run, table and distribution of this comparison: <Link to={`/compare/${comparisonId}`}>the compare page</Link>.
      </p>
    </div>
  );
}

function Method({ card }: { card: GalleryCard }) {
  return (
    <section className="gallery-method card" aria-labelledby={`method-${card.id}`}>
      <h2 id={`method-${card.id}`}>Method</h2>
      <dl>
        <dt>Preset</dt>
        <dd>
          <code>{card.preset}</code>, variants {Object.keys(card.variants).join(", ")}
          {card.chart.kind === "timeseries" ? " (one stored run per panel)" : ` (normalized to ${card.baseline_variant})`}
        </dd>
        <dt>Grid</dt>
        <dd>
          <ul>
            {Object.entries(card.grid).map(([k, values]) => (
              <li key={k}>
                <code>{k}</code>: {values.map(String).join(", ")}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Replications</dt>
        <dd>
          {card.replications}. {card.replications_note}
        </dd>
        <dt>Metric</dt>
        <dd>
          <code>{card.metric}</code>
          {card.flows ? ` over flows ${card.flows[0]}–${card.flows[card.flows.length - 1]}` : " over every flow"}
          {card.flow_filter && (
            <span data-testid="gallery-flow-filter">
              {" "}
              whose <code>{card.flow_filter.metric}</code> is at least {card.flow_filter.at_least} in the run
            </span>
          )}
        </dd>
      </dl>
      {card.notes.length > 0 && (
        <>
          <h3>Where the method differs from the paper's</h3>
          <ul data-testid="gallery-notes">
            {card.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
