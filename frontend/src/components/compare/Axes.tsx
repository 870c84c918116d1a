/** Axes drawn by React from a scale's ticks (no DOM mutation by D3). Only
 * <line> and <text> elements, so a chart's <path>s are its data lines. */

const TICK = 5;
const AXIS = "#9aa1ab";
const TEXT = "#4b5563";

export function AxisBottom(props: { ticks: { value: number; x: number }[]; y: number; x0: number; x1: number; format: (v: number) => string; title?: string }) {
  return (
    <g aria-hidden="true">
      <line x1={props.x0} x2={props.x1} y1={props.y} y2={props.y} stroke={AXIS} />
      {props.ticks.map((t) => (
        <g key={t.value} transform={`translate(${t.x},${props.y})`}>
          <line y2={TICK} stroke={AXIS} />
          <text y={TICK + 12} textAnchor="middle" fontSize={11} fill={TEXT}>
            {props.format(t.value)}
          </text>
        </g>
      ))}
      {props.title && (
        <text x={(props.x0 + props.x1) / 2} y={props.y + 34} textAnchor="middle" fontSize={12} fill={TEXT}>
          {props.title}
        </text>
      )}
    </g>
  );
}

export function AxisLeft(props: { ticks: { value: number; y: number }[]; x: number; y0: number; y1: number; format: (v: number) => string; title?: string; grid?: number }) {
  return (
    <g aria-hidden="true">
      <line x1={props.x} x2={props.x} y1={props.y0} y2={props.y1} stroke={AXIS} />
      {props.ticks.map((t) => (
        <g key={t.value} transform={`translate(${props.x},${t.y})`}>
          {props.grid ? <line x2={props.grid} stroke="#eef0f3" /> : null}
          <line x2={-TICK} stroke={AXIS} />
          <text x={-TICK - 3} dy="0.32em" textAnchor="end" fontSize={11} fill={TEXT}>
            {props.format(t.value)}
          </text>
        </g>
      ))}
      {props.title && (
        <text transform={`translate(${props.x - 40},${(props.y0 + props.y1) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill={TEXT}>
          {props.title}
        </text>
      )}
    </g>
  );
}
