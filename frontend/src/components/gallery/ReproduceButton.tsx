/** "Reproduce": the card's full grid with the paper's replications as one
 * comparison; on success the card's page shows it (?comparison=<id>, a permalink). */
import { useState } from "react";
import { useNavigate } from "react-router";
import { apiError, ComparisonsService } from "../../lib/api";
import { cardComparisonBody, type GalleryCard, runCountText } from "../../lib/gallery";

export function ReproduceButton({ card, primary = true }: { card: GalleryCard; primary?: boolean }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    const r = await ComparisonsService.createComparison({ body: cardComparisonBody(card) });
    setBusy(false);
    if (r.error || !r.data) return setError(apiError(r.error, "could not start the comparison"));
    navigate(`/gallery/${card.id}?comparison=${r.data.id}`);
  };
  return (
    <span className="reproduce">
      <button type="button" className={primary ? "primary" : undefined} onClick={start} disabled={busy} aria-label={`Reproduce ${card.figure}`} title={`Runs the figure's full grid: ${runCountText(card)}`}>
        {busy ? "Starting…" : "Reproduce"}
      </button>
      <span className="muted reproduce-count">{runCountText(card)}</span>
      {error && (
        <span role="alert" className="error">
          {" "}
          {error}
        </span>
      )}
    </span>
  );
}
