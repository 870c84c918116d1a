/** A bar's 95% confidence interval drawn as a capped whisker at its centre
 * (the compare page's and the gallery's normalized bars). Takes the bar's
 * layout (stats/bars.ts): nothing when it has no interval. */
import type { Bar } from "../../lib/stats/bars";

export function CiWhisker(props: { bar: Bar; color: string; testId: string }) {
  const { bar: b } = props;
  if (!b.ci || !b.ciY) return null;
  const cx = b.x + b.width / 2;
  const cap = Math.min(8, Math.max(3, b.width / 4));
  return (
    <g data-testid={props.testId} data-low={String(b.ci[0])} data-high={String(b.ci[1])} stroke={props.color} strokeWidth={1.3} pointerEvents="none">
      <line x1={cx} x2={cx} y1={b.ciY[0]} y2={b.ciY[1]} />
      <line x1={cx - cap} x2={cx + cap} y1={b.ciY[0]} y2={b.ciY[0]} />
      <line x1={cx - cap} x2={cx + cap} y1={b.ciY[1]} y2={b.ciY[1]} />
    </g>
  );
}
