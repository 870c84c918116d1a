/** The legend of the recovery bands (lib/recoveryBands.ts) under the charts:
 * each measured loss-recovery period with its utilisation, the catalogue's
 * "why" for the utilisation (its doc: the paper's eq. 8) as visible text and
 * as a tooltip, and the link's idle stretches named once. Takes the bands as
 * props and never fetches. */
import type { PeriodBand } from "../../lib/chart-math/periods";
import { bandStyle, bandTitle } from "../charts/PeriodBands";

function Swatch(props: { stage: string }) {
  const st = bandStyle(props.stage);
  return (
    <svg width={18} height={12} aria-hidden="true">
      <rect x={1} y={1} width={16} height={10} fill={st.fill} stroke={st.edge} strokeDasharray={st.dash || undefined} />
    </svg>
  );
}

export function RecoveryLegend(props: { bands: readonly PeriodBand[] }) {
  const periods = props.bands.filter((b) => b.stage === "recovery");
  if (periods.length === 0) return null;
  const idle = props.bands.find((b) => b.stage === "link_idle");
  return (
    <div className="rv-stall-legend" data-testid="recovery-legend">
      <p title={periods[0].why}>
        <Swatch stage="recovery" /> <strong>Loss-recovery periods</strong>
        {periods[0].why && (
          <span className="muted" data-testid="recovery-why">
            : {periods[0].why}
          </span>
        )}
      </p>
      <ul className="rv-period-legend" aria-label="Loss-recovery periods">
        {periods.map((b) => (
          <li key={b.t0} title={bandTitle(b)} data-testid="recovery-item" data-value={b.value}>
            {b.label}
          </li>
        ))}
        {idle && (
          <li title={idle.why} data-testid="idle-item">
            <Swatch stage="link_idle" /> {idle.legendGroup ?? idle.label}
          </li>
        )}
      </ul>
    </div>
  );
}
