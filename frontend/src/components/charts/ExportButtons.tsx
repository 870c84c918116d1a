/** "SVG" and "PNG" buttons for one chart container. */
import { useState } from "react";
import { downloadPng, downloadSvg } from "./exportChart";

export function ExportButtons(props: { target: React.RefObject<HTMLElement | null>; name: string; label: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="chart-export">
      <button
        type="button"
        className="chart-export-button"
        aria-label={`Export the ${props.label} as SVG`}
        onClick={() => props.target.current && downloadSvg(props.target.current, `${props.name}.svg`, props.label)}
      >
        SVG
      </button>
      <button
        type="button"
        className="chart-export-button"
        aria-label={`Export the ${props.label} as PNG`}
        onClick={async () => {
          setError(null);
          try {
            if (props.target.current) await downloadPng(props.target.current, `${props.name}.png`);
          } catch (e) {
            setError(e instanceof Error ? e.message : "export failed");
          }
        }}
      >
        PNG
      </button>
      {error && <span role="alert" className="error">{error}</span>}
    </span>
  );
}
