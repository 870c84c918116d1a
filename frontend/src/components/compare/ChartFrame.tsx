/** A titled chart card with SVG/PNG export of the chart it wraps. */
import { useRef } from "react";
import { downloadPng, downloadSvg } from "../charts/exportChart";

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
              <button type="button" className="small" aria-label={`Export ${props.title} as SVG`} onClick={() => svgRef.current && downloadSvg(svgRef.current, `${props.filename}.svg`, props.title)}>
                SVG
              </button>
              <button type="button" className="small" aria-label={`Export ${props.title} as PNG`} onClick={() => svgRef.current && downloadPng(svgRef.current, `${props.filename}.png`)}>
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
