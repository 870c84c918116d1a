/** One chart card per mechanism variable the run's flow declares (the
 * catalogue's vars, e.g. a bandwidth estimate), under the sender's variables
 * on the same time axis. Label, unit and doc all come from the catalogue. */
import type { Series } from "../../lib/api";
import { seriesPoints, type SeriesPayload } from "../../lib/chart-math/downsample";
import type { TimeScale } from "../../lib/chart-math/idleScale";
import type { Margin } from "../../lib/chart-math/scales";
import type { MechanismVar } from "../../lib/forms/catalogue";
import { formatCompact } from "../../lib/format";
import { ChartCard } from "../charts/ChartCard";
import { SERIES_STYLES } from "../charts/palette";
import { SeriesChart } from "../charts/SeriesChart";

export function VarCards(props: {
  vars: readonly MechanismVar[];
  series: Series | null;
  error: string | null;
  /** the exported files' name: prefix + "-var-" + name */
  exportPrefix: string;
  x: TimeScale;
  width: number;
  margin: Margin;
  cursorT: number | null;
  guideT: number | null;
}) {
  const { vars, exportPrefix, error } = props;
  const common = { x: props.x, width: props.width, margin: props.margin, cursorT: props.cursorT, guideT: props.guideT };
  const { color } = SERIES_STYLES.cwnd;
  const data = (props.series?.series ?? {}) as Record<string, SeriesPayload>;
  return (
    <>
      {vars.map((v) => {
        const unit = data[v.name]?.unit || v.unit;
        const lines = [{ key: v.name, label: v.label, color, points: seriesPoints(data[v.name]), width: 2 }];
        return (
          <div key={v.name} title={v.doc || undefined} data-testid={`var-card-${v.name}`} data-var={v.name}>
            <ChartCard
              title={v.label}
              exportName={`${exportPrefix}-var-${v.name}`}
              exportLabel={`${v.label} chart`}
              error={error && `Could not load ${v.label}: ${error}`}
            >
              <SeriesChart {...common} lines={lines} plotHeight={100} format={formatCompact} yLabel={unit} testId={`chart-var-${v.name}`} title={unit ? `${v.label} (${unit})` : v.label} />
            </ChartCard>
          </div>
        );
      })}
    </>
  );
}
