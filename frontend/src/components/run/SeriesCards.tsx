/** The sender's variables under the time-sequence diagram, on the same time
 * axis: cwnd, ssthresh and pipe (in segments or bytes), and SRTT and RTO. */
import type { Series } from "../../lib/api";
import { seriesPoints, type SeriesPayload } from "../../lib/chart-math/downsample";
import type { TimeScale } from "../../lib/chart-math/idleScale";
import type { PeriodBand } from "../../lib/chart-math/periods";
import type { Margin, SeqUnit } from "../../lib/chart-math/scales";
import { formatCompact, trimNumber } from "../../lib/format";
import { ChartCard } from "../charts/ChartCard";
import { periodLegendEntries } from "../charts/PeriodBands";
import { SERIES_STYLES } from "../charts/palette";
import { type SeriesMark, SeriesChart } from "../charts/SeriesChart";
import { SPURIOUS_LEGEND } from "../charts/TimeSequenceChart";

export function SeriesCards(props: {
  series: Series | null;
  error: string | null;
  unit: SeqUnit;
  mss: number;
  /** the exported files' name: prefix + "-cwnd" */
  exportPrefix: string;
  x: TimeScale;
  width: number;
  margin: Margin;
  cursorT: number | null;
  guideT: number | null;
  /** the spurious-RTO verdicts of the window, marked on the cwnd chart */
  spurious?: readonly SeriesMark[];
  /** path periods shaded behind the congestion window chart */
  bands?: readonly PeriodBand[];
}) {
  const { unit, exportPrefix, error, mss } = props;
  const common = { x: props.x, width: props.width, margin: props.margin, cursorT: props.cursorT, guideT: props.guideT };
  const st = SERIES_STYLES;
  const data = (props.series?.series ?? {}) as Record<string, SeriesPayload>;
  const div = unit === "segments" ? mss : 1;
  // each series its own colour and dash (palette.ts SERIES_STYLES)
  const cwnd = [
    { key: "cwnd", label: "cwnd", ...st.cwnd, points: seriesPoints(data.cwnd, div) },
    { key: "ssthresh", label: "ssthresh", ...st.ssthresh, points: seriesPoints(data.ssthresh, div) },
    { key: "pipe", label: "pipe", ...st.pipe, points: seriesPoints(data.pipe, div) },
  ];
  const rtt = [
    { key: "srtt", label: "SRTT", ...st.srtt, points: seriesPoints(data.srtt, 1000) },
    { key: "rto", label: "RTO", ...st.rto, points: seriesPoints(data.rto, 1000) },
  ];
  return (
    <>
      <ChartCard
        title="Congestion window"
        exportName={`${exportPrefix}-cwnd`}
        exportLabel="congestion window chart"
        periods={periodLegendEntries(props.bands ?? [], props.x.domain())}
        error={error && `Could not load the series: ${error}`}
      >
        <SeriesChart
          {...common}
          lines={cwnd}
          bands={props.bands}
          plotHeight={130}
          format={(v) => (unit === "segments" ? trimNumber(v, 1) : formatCompact(v))}
          yLabel={unit === "segments" ? "segments" : "bytes"}
          testId="chart-cwnd"
          title={`cwnd, ssthresh, pipe (${unit})`}
          marks={props.spurious}
          marksLabel={SPURIOUS_LEGEND}
        />
      </ChartCard>
      <ChartCard title="RTT estimate and RTO" exportName={`${exportPrefix}-rtt`} exportLabel="SRTT and RTO chart">
        <SeriesChart {...common} lines={rtt} plotHeight={100} format={(v) => trimNumber(v, 1)} yLabel="ms" testId="chart-rtt" title="SRTT and RTO (ms)" />
      </ChartCard>
    </>
  );
}
