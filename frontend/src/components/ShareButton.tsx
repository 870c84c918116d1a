/** Share: freezes the run or comparison with the current view state behind a
 * permalink /s/{slug} and shows it, ready to copy. */
import { useState } from "react";
import { apiError, SharesService } from "../lib/api";

export function ShareButton(props: { runId?: string; comparisonId?: string; viewState: Record<string, unknown>; disabled?: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    setError(null);
    const r = await SharesService.createShare({
      body: { run_id: props.runId ?? null, comparison_id: props.comparisonId ?? null, view_state: props.viewState },
    });
    setBusy(false);
    if (r.error || !r.data) {
      setError(apiError(r.error, "could not create the permalink"));
      return;
    }
    setUrl(`${window.location.origin}/s/${r.data.slug}`);
  };
  return (
    <span className="share">
      <button type="button" onClick={share} disabled={props.disabled || busy}>
        Share
      </button>
      {url && (
        <span className="share-result">
          <input data-testid="share-url" aria-label="Permalink" readOnly value={url} onFocus={(e) => e.target.select()} size={48} />
          <button type="button" onClick={() => navigator.clipboard?.writeText(url)}>Copy</button>
        </span>
      )}
      {error && <span role="alert" className="error">{error}</span>}
    </span>
  );
}
