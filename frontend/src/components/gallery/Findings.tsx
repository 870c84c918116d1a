/** The paper's findings for a figure, quoted with their section, each marked
 * as holding or differing in Rexmit (the engine's gallery test checks the mark). */
import type { GalleryCard } from "../../lib/gallery";

/** " · panels a, b", " · every panel", or "" when the finding is about the whole figure. */
function panelsText(card: GalleryCard, ids: string[] | null): string {
  if (!ids?.length) return "";
  if (ids.length === card.panels.length) return " · every panel";
  return ` · panel${ids.length > 1 ? "s" : ""} ${ids.join(", ")}`;
}

export function Findings({ card }: { card: GalleryCard }) {
  return (
    <section className="gallery-findings" aria-labelledby={`findings-${card.id}`}>
      <h2 id={`findings-${card.id}`}>What the paper says, and what Rexmit shows</h2>
      <ol>
        {card.findings.map((f) => (
          <li key={f.id} data-testid="gallery-finding" data-finding={f.id} data-status={f.status} className={`finding ${f.status}`}>
            <blockquote cite={card.citation}>
              <p>“{f.quote}”</p>
              <footer>
                {f.section}
                {panelsText(card, f.panels)}
              </footer>
            </blockquote>
            <p className="finding-rexmit">
              <span className={`status-badge ${f.status}`}>{f.status === "holds" ? "Holds in Rexmit" : "Differs in Rexmit"}</span> {f.rexmit}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
