import { Fragment } from "react";
import { Link, Route, Routes, useParams } from "react-router";
import { CompareView } from "./routes/CompareView";
import { Explore } from "./routes/Explore";
import { History } from "./routes/History";
import { Lineage } from "./routes/Lineage";
import { GalleryCardView, GalleryIndex } from "./routes/Gallery";
import { NotFound } from "./routes/NotFound";
import { RunView } from "./routes/RunView";
import { ShareView } from "./routes/ShareView";

/** Routes: / (explore), /gallery and /gallery/:card (the papers' figures), /runs/:id, /runs/:id/vs/:parentId
 * (a re-run beside its parent), /compare/:id, /s/:slug (a permalink), /history; anything else is a 404 page. */
export function App() {
  return (
    <div className="app">
      <header className="topbar">
        <Link to="/" className="brand">
          Rexmit
        </Link>
        <span className="tagline">an interactive lab for TCP loss recovery</span>
        <nav>
          <Link to="/">Explore</Link>
          <Link to="/gallery">Paper gallery</Link>
          <Link to="/history">History</Link>
          <a href="/api/v1/docs">API</a>
        </nav>
      </header>
      <main>
        <Routes>
          <Route path="/runs/:id" element={<Param name="id" render={(id) => <RunView id={id} />} />} />
          <Route path="/runs/:id/vs/:parentId" element={<LineageRoute />} />
          <Route path="/history" element={<History />} />
          <Route path="/compare/:id" element={<Param name="id" render={(id) => <CompareView id={id} />} />} />
          <Route path="/gallery" element={<GalleryIndex />} />
          <Route path="/gallery/:card" element={<Param name="card" render={(card) => <GalleryCardView id={card} />} />} />
          <Route path="/s/:slug" element={<Param name="slug" render={(slug) => <ShareView slug={slug} />} />} />
          <Route path="/" element={<Explore />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
    </div>
  );
}

/** A page keyed by its path parameter, so that moving to another run starts afresh. */
function Param(props: { name: string; render: (value: string) => React.ReactNode }) {
  const value = useParams()[props.name] ?? "";
  return <Fragment key={value}>{props.render(value)}</Fragment>;
}

/** /runs/:id/vs/:parentId, keyed by both ids. */
function LineageRoute() {
  const { id = "", parentId = "" } = useParams();
  return <Lineage key={`${id}/${parentId}`} id={id} parentId={parentId} />;
}
