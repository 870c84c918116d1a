/** One chart card for both dashboards: a title, an optional status line,
 * SVG/PNG export of what the card holds (a figure with title, legend and
 * caption: ExportButtons), a load error, and a caption. The chart inside only
 * draws; the card knows nothing about what it shows. */
import { useRef } from "react";
import type { LegendEntry } from "./exportChart";
import { ExportButtons } from "./ExportButtons";
import "./charts.css";

export function ChartCard(props: {
  title: string;
  /** the exported files' name, without extension */
  exportName: string;
  /** what the export buttons call the chart ("time-sequence diagram"); the title by default */
  exportLabel?: string;
  /** the exported figure's title; the card's title by default */
  exportTitle?: string;
  /** legend entries for the export, when the chart draws no legend of its own (the page's ExportInfo otherwise) */
  legend?: LegendEntry[];
  /** the path periods shaded behind the chart, for the export's legend (their HTML list is under the chart, which the export does not hold) */
  periods?: LegendEntry[];
  /** a line next to the title (window, counts, loading) */
  status?: React.ReactNode;
  statusTestId?: string;
  caption?: React.ReactNode;
  /** shown instead of a broken chart's data: "Could not load ..." */
  error?: string | null;
  busy?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const body = useRef<HTMLDivElement | null>(null);
  return (
    <figure className={`chart-card${props.className ? ` ${props.className}` : ""}`} aria-busy={props.busy || undefined}>
      <div className="chart-card-head">
        <h2>{props.title}</h2>
        {props.status !== undefined && (
          <span className="muted chart-card-status" data-testid={props.statusTestId}>
            {props.status}
          </span>
        )}
        <ExportButtons target={body} name={props.exportName} label={props.exportLabel ?? props.title} title={props.exportTitle ?? props.title} legend={props.legend} periods={props.periods} />
      </div>
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <div ref={body} className="chart-card-body">
        {props.children}
      </div>
      {props.caption && <figcaption className="muted">{props.caption}</figcaption>}
    </figure>
  );
}
