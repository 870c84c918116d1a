import { Link, matchPath, useLocation } from "./lib/router";
import { Explore } from "./routes/Explore";
import { RunView } from "./routes/RunView";
import { CompareView } from "./routes/CompareView";
import { ShareView } from "./routes/ShareView";

/** Routes: / (explore), /runs/:id, /compare/:id, /s/:slug (a permalink). */
export function App() {
  const { path } = useLocation();
  let page: React.ReactNode;
  let m: Record<string, string> | null;
  if ((m = matchPath("/runs/:id", path))) page = <RunView id={m.id} />;
  else if ((m = matchPath("/compare/:id", path))) page = <CompareView id={m.id} />;
  else if ((m = matchPath("/s/:slug", path))) page = <ShareView slug={m.slug} />;
  else page = <Explore />;
  return (
    <div className="app">
      <header className="topbar">
        <Link to="/" className="brand">Rexmit</Link>
        <span className="tagline">an interactive lab for TCP loss recovery</span>
        <nav>
          <Link to="/">Explore</Link>
          <a href="/api/v1/docs">API</a>
        </nav>
      </header>
      <main>{page}</main>
    </div>
  );
}
