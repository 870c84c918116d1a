/** The sender's variables under the time-sequence diagram, on the same time
 * axis: cwnd, ssthresh and pipe (in segments or bytes) with the core's window
 * variables beside them (the receive window and the send buffer, when the run
 * traced them; labels from the catalogue), the recovery periods and the
 * application stalls shaded (in the chart's SVG: exported with it), and SRTT
 * and RTO. */
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
import type { MechanismVar, VocabEntry } from "../../lib/forms/catalogue";
import type { StallPeriod } from "../../lib/windowChart";
import { ACCESSIBLE } from "../charts/palette";
import { useMemo } from "react";
import { StallLegend, stallBands } from "./StallBands";

/** The window variables' styles, in catalogue order (colours and dashes the cwnd chart's lines do not use). */
const WINDOW_VAR_STYLES = [
  { color: ACCESSIBLE.bluishGreen, dash: "8 3 2 3", width: 2 },
  { color: ACCESSIBLE.reddishPurple, dash: "4 4", width: 2 },
  { color: ACCESSIBLE.skyBlue, dash: "12 4", width: 2 },
];
const CWND_PLOT_HEIGHT = 130;

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
  /** path periods and recovery periods (lib/recoveryBands.ts) shaded behind the congestion window chart */
  bands?: readonly PeriodBand[];
  /** the core's window variables (lib/windowChart.ts windowVars) and their series; drawn when traced */
  windowVars?: readonly MechanismVar[];
  windowSeries?: Series | null;
  /** application stalls shaded on the congestion window chart, named by the catalogue's event entry */
  stalls?: readonly StallPeriod[];
  stallEvent?: VocabEntry;
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
  const wdata = (props.windowSeries?.series ?? {}) as Record<string, SeriesPayload>;
  (props.windowVars ?? []).forEach((v, k) => {
    const points = seriesPoints(wdata[v.name], div);
    if (points.length > 0) cwnd.push({ key: v.name, label: v.label, ...WINDOW_VAR_STYLES[k % WINDOW_VAR_STYLES.length], points });
  });
  // with the window variables the legend names every line: a short title leaves it room
  const drawn = cwnd.slice(3).map((l) => l.label);
  const stalls = props.stalls ?? [];
  // the window chart shades the path's periods, the recovery periods and the stalls, in its own SVG (so exported)
  const stallEvent = props.stallEvent;
  const cwndBands = useMemo(() => [...(props.bands ?? []), ...stallBands(stalls, stallEvent)], [props.bands, stalls, stallEvent]);
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
        periods={periodLegendEntries(cwndBands, props.x.domain())}
        error={error && `Could not load the series: ${error}`}
      >
        <div style={{ position: "relative" }}>
          <SeriesChart
            {...common}
            lines={cwnd}
            bands={cwndBands}
            plotHeight={CWND_PLOT_HEIGHT}
            format={(v) => (unit === "segments" ? trimNumber(v, 1) : formatCompact(v))}
            yLabel={unit === "segments" ? "segments" : "bytes"}
            testId="chart-cwnd"
            title={drawn.length ? `Windows (${unit})` : `cwnd, ssthresh, pipe (${unit})`}
            marks={props.spurious}
            marksLabel={SPURIOUS_LEGEND}
          />
        </div>
        {props.stallEvent && <StallLegend periods={stalls} event={props.stallEvent} />}
      </ChartCard>
      <ChartCard title="RTT estimate and RTO" exportName={`${exportPrefix}-rtt`} exportLabel="SRTT and RTO chart">
        <SeriesChart {...common} lines={rtt} plotHeight={100} format={(v) => trimNumber(v, 1)} yLabel="ms" testId="chart-rtt" title="SRTT and RTO (ms)" />
      </ChartCard>
    </>
  );
}
