/** /compare/:id — a comparison, polled until every run has finished. */
import { Link } from "react-router";
import { useComparison } from "../lib/queries";
import { CompareDashboard } from "../components/compare/CompareDashboard";

export { CompareDashboard };

export function CompareView({ id }: { id: string }) {
  const { comparison, error } = useComparison(id);
  return (
    <section data-testid="compare-view">
      {error ? (
        <div className="card page-state" role="alert">
          <p className="error">Could not load comparison {id}: {error}.</p>
          <Link to="/">Back to Explore</Link>
        </div>
      ) : !comparison ? (
        <p className="muted page-state" aria-live="polite">
          Loading the comparison…
        </p>
      ) : (
        <CompareDashboard comparison={comparison} />
      )}
    </section>
  );
}
