/** "provisional · 92/1,000 runs": the mark on every statistic shown while
 * runs of the comparison are unfinished (issue #9: a bar read 0.95 at 92 of
 * 1,000 runs and ended at 1.00). Nothing once every run has finished. */
import { provisionalLabel, provisionalText, type ComparisonView } from "../../lib/stats/comparison";

export function ProvisionalBadge(props: { view: ComparisonView; live?: boolean }) {
  const { view } = props;
  if (!view.provisional) return null;
  const label = provisionalLabel(view);
  const text = provisionalText(view);
  // the header's badge is a live status; the ones beside charts and tables are notes
  // (two literal roles: biome's ARIA check reads a role only when it is a literal)
  return props.live ? (
    <span className="provisional-badge" data-testid="provisional-badge" role="status" aria-label={label} title={label}>
      {text}
    </span>
  ) : (
    <span className="provisional-badge" data-testid="provisional-badge" role="note" aria-label={label} title={label}>
      {text}
    </span>
  );
}

/** The same mark inside a chart's SVG, top right, so that an exported chart keeps it. Nothing without text. */
export function ProvisionalMark(props: { text: string | null | undefined; width: number; fill: string; testId?: string }) {
  if (!props.text) return null;
  return (
    <text data-testid={props.testId} x={props.width - 6} y={12} textAnchor="end" fontSize={11} fontWeight={600} fill={props.fill}>
      {props.text}
    </text>
  );
}
