/** A titled chart card with SVG/PNG export of the chart it wraps. */
import { useRef } from "react";
import { exportPng, exportSvg } from "./exportChart";

export function ChartFrame(props: {
  title: string;
  caption?: React.ReactNode;
  filename: string;
  children: (svgRef: React.RefObject<SVGSVGElement | null>) => React.ReactNode;
  actions?: React.ReactNode;
  className?: string;
  canExport?: boolean;
}) {
  const svgRef = useRef<SVGSVGElement | null>(null);
  const canExport = props.canExport ?? true;
  return (
    <figure className={`chart-frame card ${props.className ?? ""}`}>
      <div className="chart-head">
        <h3>{props.title}</h3>
        <div className="chart-actions">
          {props.actions}
          {canExport && (
            <>
              <button type="button" className="small" aria-label={`Export ${props.title} as SVG`} onClick={() => svgRef.current && exportSvg(svgRef.current, props.filename)}>
                SVG
              </button>
              <button type="button" className="small" aria-label={`Export ${props.title} as PNG`} onClick={() => svgRef.current && exportPng(svgRef.current, props.filename)}>
                PNG
              </button>
            </>
          )}
        </div>
      </div>
      {props.children(svgRef)}
      {props.caption && <figcaption className="muted">{props.caption}</figcaption>}
    </figure>
  );
}
