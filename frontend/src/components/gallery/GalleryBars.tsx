/** One panel of a normalized-bar figure (the tail-loss paper's Fig. 1/2): a
 * group of bars per grid value (RTT, loss count), one bar per variant, the
 * baseline at 1.0; where the paper states a saving, a dashed mark on the bar
 * shows where the paper's saving would put it. Each bar has its variant's
 * colour and, under it, its marker shape (the legend's): colour is never the
 * only cue; a whisker shows its 95% confidence interval. A group for
 * assistive technology, named by a text summary of every value
 * (summarizeGalleryBars), whose bars are reached with the keyboard as the run
 * diagram's events are: Tab to the bars, ←/→ from bar to bar, ↑/↓ from group
 * to group, Home/End; the bar in focus (or under the pointer) shows its
 * tooltip (variant, value, 95% CI, n and the paper's value: galleryBarTip),
 * which is also its accessible name; Escape hides it. Takes data, never
 * fetches. */
import { useId, useMemo, useRef, useState } from "react";
import { barLayout } from "../../lib/stats/bars";
import { fmtRatio, trimNumber } from "../../lib/format";
import type { BarPanel } from "../../lib/gallery";
import { AxisLeft } from "../charts/Axes";
import { CiWhisker } from "../charts/CiWhisker";
import { isNavKey, navTarget } from "../charts/keyboardNav";
import { markerPath } from "../charts/markers";
import { FONT, palette, type VariantCue } from "../charts/palette";
import { galleryBarTip, summarizeGalleryBars } from "../compare/summaries";

/** the band under the axis that holds each bar's marker */
const MARKS = 14;
const M = { top: 16, right: 16, bottom: 46 + MARKS, left: 60 };
const HEIGHT = 300 + MARKS;
/** the tooltip's text size, line height and average character advance (px) */
const TIP_FONT = 12;
const TIP_LINE = 16;
const TIP_CHAR = 6.8;

export function GalleryBars(props: {
  panel: BarPanel;
  variants: string[];
  baseline: string;
  /** each variant's colour, dash and marker (palette.ts variantCues) */
  cues: Record<string, VariantCue>;
  width: number;
  xLabel: string;
  xUnit: string;
  metricName: string;
}) {
  const { panel, variants, cues } = props;
  const p = palette();
  const innerW = Math.max(120, props.width - M.left - M.right);
  const innerH = HEIGHT - M.top - M.bottom;
  const layout = barLayout(
    panel.groups.map((g) => ({ cell: g.cell, label: String(g.x), values: g.bars.map((b) => ({ variant: b.variant, value: b.value, ci: b.ci })) })),
    variants,
    { width: innerW, height: innerH },
    { maxBarWidth: 40 },
  );
  const y = (v: number) => innerH - (innerH * v) / layout.yMax;
  const unit = props.xUnit ? ` (${props.xUnit})` : "";
  const helpId = useId();

  // ---- keyboard: the drawn bars left to right; ↑/↓ jump between the groups' first bars
  const flat = useMemo(() => layout.groups.flatMap((g) => g.bars.map((b) => ({ b, group: panel.groups.find((x) => x.cell === g.cell) }))), [layout, panel]);
  const order = useMemo(() => flat.map((_, i) => i), [flat]);
  const groupStarts = useMemo(() => order.filter((i) => i === 0 || flat[i].b.cell !== flat[i - 1].b.cell), [order, flat]);
  const [focused, setFocused] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const refs = useRef<(SVGGElement | null)[]>([]);
  /** the bar Tab reaches: the last one focused, else the first */
  const [current, setCurrent] = useState(0);
  const tabStop = Math.min(current, Math.max(0, flat.length - 1));
  const tipOf = (i: number) => {
    const { b, group } = flat[i];
    const datum = group?.bars.find((d) => d.variant === b.variant);
    return datum ? galleryBarTip(datum, group?.x ?? 0, props.baseline, props.xLabel, props.xUnit) : [b.variant];
  };
  const onKeyDown = (ev: React.KeyboardEvent, i: number) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === "Escape") {
      if (!dismissed) ev.stopPropagation();
      setDismissed(true);
      return;
    }
    if (!isNavKey(ev.key)) return;
    ev.preventDefault();
    ev.stopPropagation();
    const to = navTarget(order, groupStarts, i, ev.key);
    if (to === undefined || to === i) return;
    setCurrent(to);
    refs.current[to]?.focus();
  };
  const tipAt = hovered ?? (dismissed ? null : focused);
  return (
    // biome-ignore lint/a11y/useSemanticElements: an interactive chart is not a <fieldset>
    <svg
      data-testid="gallery-bars"
      data-panel={panel.id}
      width={props.width}
      height={HEIGHT}
      role="group"
      aria-roledescription="bar chart"
      aria-label={summarizeGalleryBars(panel, variants, props.baseline, props.metricName, props.xLabel, props.xUnit)}
      aria-describedby={helpId}
      fontFamily={FONT}
    >
      <desc id={helpId} data-export="skip">
        Tab to the bars: the arrow keys move from bar to bar, up and down from group to group, Home and End to the first and last; each bar says its
        value, its 95% confidence interval, n and the paper's value.
      </desc>
      <g transform={`translate(${M.left},${M.top})`}>
        <AxisLeft ticks={layout.yTicks} x={0} y0={0} y1={innerH} format={(v) => v.toFixed(1)} title={`${props.metricName} ÷ ${props.baseline}`} grid={innerW} />
        {layout.groups.map((g) => {
          const group = panel.groups.find((x) => x.cell === g.cell);
          return (
            <g key={g.cell} data-testid="gallery-group" data-x={group?.x}>
              {g.bars.map((b) => {
                const datum = group?.bars.find((d) => d.variant === b.variant);
                const paper = datum?.paper ?? null;
                const i = flat.findIndex((f) => f.b === b);
                return (
                  // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a bar is an image the keyboard reaches (roving focus), as the run diagram's events are
                  <g
                    key={b.variant}
                    ref={(el) => {
                      refs.current[i] = el;
                    }}
                    className="gallery-bar"
                    data-testid="gallery-bar"
                    data-variant={b.variant}
                    data-value={String(b.value)}
                    role="img"
                    aria-label={tipOf(i).join("; ")}
                    tabIndex={i === tabStop ? 0 : -1}
                    onKeyDown={(ev) => onKeyDown(ev, i)}
                    onFocus={() => {
                      setFocused(i);
                      setCurrent(i);
                      setDismissed(false);
                    }}
                    onBlur={() => setFocused((f) => (f === i ? null : f))}
                    onMouseEnter={() => setHovered(i)}
                    onMouseLeave={() => setHovered((h) => (h === i ? null : h))}
                  >
                    <rect x={b.x} y={b.y} width={Math.max(1, b.width)} height={Math.max(0, b.height)} fill={cues[b.variant]?.color} rx={1.5} />
                    <CiWhisker bar={b} color={p.text} testId="gallery-ci" />
                    {cues[b.variant] && (
                      <path
                        data-testid="gallery-marker"
                        data-marker={cues[b.variant].marker}
                        d={markerPath(cues[b.variant].marker, b.x + b.width / 2, innerH + MARKS / 2 + 1, Math.max(2.5, Math.min(5.5, b.width / 2)))}
                        fill={cues[b.variant].color}
                        stroke="#fff"
                        strokeWidth={0.8}
                      />
                    )}
                    {b.width >= 24 && (
                      <text x={b.x + b.width / 2} y={Math.min(b.y, b.ciY?.[0] ?? b.y, paper === null ? b.y : y(paper)) - 4} textAnchor="middle" fontSize={12} fill={p.text}>
                        {fmtRatio(b.value)}
                      </text>
                    )}
                    {paper !== null && (
                      <line
                        data-testid="gallery-paper-mark"
                        data-variant={b.variant}
                        data-value={String(paper)}
                        x1={b.x - 3}
                        x2={b.x + b.width + 3}
                        y1={y(paper)}
                        y2={y(paper)}
                        stroke={p.text}
                        strokeWidth={2}
                        strokeDasharray="4 2"
                      />
                    )}
                  </g>
                );
              })}
              {g.bars.length === 0 && (
                <text x={g.x + g.width / 2} y={innerH - 8} textAnchor="middle" fontSize={12} fill={p.muted}>
                  pending
                </text>
              )}
              <text x={g.x + g.width / 2} y={innerH + MARKS + 18} textAnchor="middle" fontSize={13} fill={p.text}>
                {trimNumber(group?.x ?? 0)}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={innerW} y1={layout.baselineY} y2={layout.baselineY} stroke={p.text} strokeDasharray="2 3" strokeWidth={1} />
        <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke={p.axis} />
        <text x={innerW / 2} y={innerH + MARKS + 38} textAnchor="middle" fontSize={13} fill={p.muted}>
          {props.xLabel}
          {unit}
        </text>
        {focused !== null && flat[focused] && <FocusRing b={flat[focused].b} color={p.highlight} />}
        {tipAt !== null && flat[tipAt] && <Tooltip lines={tipOf(tipAt)} b={flat[tipAt].b} innerW={innerW} text={p.text} />}
      </g>
    </svg>
  );
}

function FocusRing(props: { b: { x: number; y: number; width: number; height: number }; color: string }) {
  const { b } = props;
  return (
    <rect
      data-testid="gallery-focus-ring"
      data-export="skip"
      x={b.x - 3}
      y={b.y - 3}
      width={Math.max(1, b.width) + 6}
      height={Math.max(0, b.height) + 6}
      fill="none"
      stroke={props.color}
      strokeWidth={2}
      pointerEvents="none"
    />
  );
}

/** The bar's tooltip: above it (its whisker), inside the plot's width; below its top when there is no room above. */
function Tooltip(props: { lines: string[]; b: { x: number; y: number; width: number; ciY: [number, number] | null }; innerW: number; text: string }) {
  const { lines, b } = props;
  const w = Math.ceil(Math.max(...lines.map((l) => l.length)) * TIP_CHAR) + 16;
  const h = lines.length * TIP_LINE + 10;
  const top = Math.min(b.y, b.ciY?.[0] ?? b.y);
  const x = Math.max(-M.left + 2, Math.min(props.innerW + M.right - w - 2, b.x + b.width / 2 - w / 2));
  const y = top - h - 8 >= -M.top ? top - h - 8 : top + 8;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the tooltip is not focusable; it repeats the focused bar's accessible name
    <g data-testid="gallery-tip" data-export="skip" aria-hidden="true" transform={`translate(${x},${y})`} pointerEvents="none">
      <rect width={w} height={h} rx={4} fill="#ffffff" stroke={props.text} strokeWidth={1} opacity={0.97} />
      {lines.map((l, k) => (
        <text key={l} x={8} y={8 + TIP_LINE * k + TIP_FONT} fontSize={TIP_FONT} fontWeight={k === 0 ? 700 : 400} fill={props.text}>
          {l}
        </text>
      ))}
    </g>
  );
}
