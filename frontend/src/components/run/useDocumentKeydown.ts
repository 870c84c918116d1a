/** A keydown listener on the document that is subscribed once while `active` and calls the
 * `onKey` of the latest committed render.
 *
 * Why not `useEffect(() => { document.addEventListener("keydown", onKey); … }, [onKey, …])`:
 * a listener re-subscribed whenever its callbacks change can miss the key being dispatched.
 * A browser runs the microtasks between two listeners of one native event (HTML, "clean up
 * after running script": a microtask checkpoint once the script stack is empty), and React
 * renders a discrete event's updates in a microtask, with their effects; so when an earlier
 * document listener updates state (the step-through's Esc clearing the selection), the
 * re-render's effects remove this listener and add a new one before it is called.  The removed
 * listener is skipped and the added one is not called for this event (DOM, "inner invoke" runs
 * over a clone of the listener list and skips removed listeners): the key is lost (issue #9,
 * the first Esc after a zoom not leaving presentation mode).  Subscribed once, the listener is
 * always called, and it reads the handler from a ref set in a layout effect, so it acts on the
 * latest committed render, never a stale one or one React discarded. */
import { useEffect, useLayoutEffect, useRef } from "react";

export function useDocumentKeydown(active: boolean, onKey: (e: KeyboardEvent) => void): void {
  const latest = useRef(onKey);
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    if (!active) return;
    const listener = (e: KeyboardEvent) => latest.current(e);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, [active]);
}
