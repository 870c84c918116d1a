/** /gallery: one card per figure the engine reproduces, with its citation and
 * the paper's first finding quoted. */
import { Link } from "react-router";
import { findingCounts, type GalleryCard } from "../../lib/gallery";
import { ReproduceButton } from "./ReproduceButton";

export function GalleryCardSummary({ card }: { card: GalleryCard }) {
  const counts = findingCounts(card);
  const first = card.findings[0];
  return (
    <article className="gallery-card card" data-testid={`gallery-card-${card.id}`} aria-labelledby={`gallery-${card.id}-title`}>
      <p className="gallery-figure-name">
        {card.figure} · {card.section}
      </p>
      <h2 id={`gallery-${card.id}-title`}>
        <Link to={`/gallery/${card.id}`}>{card.title}</Link>
      </h2>
      <p className="gallery-caption">
        <span className="muted">Caption:</span> “{card.caption}”
      </p>
      {first && (
        <blockquote className="gallery-quote" cite={card.citation}>
          <p>“{first.quote}”</p>
          <footer>{first.section}</footer>
        </blockquote>
      )}
      <p className="gallery-counts">
        {card.findings.length} quoted finding{card.findings.length === 1 ? "" : "s"}: <span className="status-badge holds">{counts.holds} hold</span>{" "}
        <span className="status-badge differs">{counts.differs} differ</span> in Rexmit
      </p>
      <p className="preset-citation">
        <cite>{card.citation}</cite>
      </p>
      <div className="gallery-actions">
        <ReproduceButton card={card} />
        <Link to={`/gallery/${card.id}`} aria-label={`Open ${card.figure}: ${card.title}`}>
          Findings and method
        </Link>
      </div>
    </article>
  );
}

export function GalleryList({ cards }: { cards: GalleryCard[] }) {
  // grouped by paper, in the engine's order
  const papers = [...new Set(cards.map((c) => c.paper))];
  return (
    <>
      {papers.map((paper) => {
        const mine = cards.filter((c) => c.paper === paper);
        return (
          <section key={paper} className="gallery-paper" aria-labelledby={`paper-${paper}`}>
            <h2 className="gallery-paper-title" id={`paper-${paper}`}>
              {mine[0].paper_citation}
            </h2>
            <div className="gallery-grid" data-testid="gallery-list">
              {mine.map((c) => (
                <GalleryCardSummary key={c.id} card={c} />
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}
