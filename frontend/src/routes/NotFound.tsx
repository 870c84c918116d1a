/** An address the dashboard has no page for: say so, instead of showing
 * Explore as if the link had worked (a mistyped or outdated permalink). */
import { Link, useLocation } from "react-router";

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="not-found" data-testid="not-found">
      <h1>No page at this address</h1>
      <p>
        Rexmit has no page at <code>{pathname}</code>. Runs live at <code>/runs/…</code>, comparisons at <code>/compare/…</code> and
        permalinks at <code>/s/…</code>.
      </p>
      <p>
        <Link to="/">Go to Explore</Link>
      </p>
    </section>
  );
}
