/** A keyboard-reachable "?" that shows a parameter's explanation on hover or focus. */
import { useId } from "react";

export function InfoTip({ text, label }: { text: string; label: string }) {
  const id = useId();
  if (!text) return null;
  return (
    <span className="infotip">
      <button type="button" className="infotip-button" aria-label={`About ${label}`} aria-describedby={id}>
        ?
      </button>
      <span role="tooltip" id={id} className="infotip-text">
        {text}
      </span>
    </span>
  );
}
