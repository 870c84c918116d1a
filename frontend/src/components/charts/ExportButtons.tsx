/** "SVG" and "PNG" buttons for one chart container: a self-contained figure
 * (title, legend, caption with the page's scenario summary, seed, engine
 * version and permalink; exportChart.ts). */
import { useState } from "react";
import { downloadPng, downloadSvg, type ExportMeta, type LegendEntry } from "./exportChart";
import { captionLines, useExportInfo } from "./exportMeta";

export function ExportButtons(props: {
  target: React.RefObject<HTMLElement | null>;
  name: string;
  label: string;
  /** the figure's title */
  title: string;
  /** legend entries for a chart that draws none itself (else the page's) */
  legend?: LegendEntry[];
  /** caption lines of this chart's own, before the page's (which runs a panel shows) */
  note?: string[];
  /** the path periods shaded behind the chart (periodLegendEntries), named in the export under the legend */
  periods?: LegendEntry[];
}) {
  const [error, setError] = useState<string | null>(null);
  const info = useExportInfo();
  const meta = (): ExportMeta => ({ title: props.title, caption: [...(props.note ?? []), ...captionLines(info, window.location.href)], legend: props.legend ?? info?.legend, periods: props.periods });
  return (
    <span className="chart-export">
      <button
        type="button"
        className="chart-export-button"
        aria-label={`Export the ${props.label} as SVG`}
        onClick={() => props.target.current && downloadSvg(props.target.current, `${props.name}.svg`, meta())}
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
            if (props.target.current) await downloadPng(props.target.current, `${props.name}.png`, meta());
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
