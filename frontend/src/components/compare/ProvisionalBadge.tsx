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
