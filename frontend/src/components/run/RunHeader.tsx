/** What was simulated, in one line, plus downloads and sharing. */
import type { RunPublic } from "../../lib/api";
import { formatMs } from "../../lib/format";
import type { Catalogue } from "../../lib/forms/catalogue";
import { familyLabel, mechanismFamilies, mechanismLabel } from "../../lib/forms/mechanisms";
import { useCatalogue } from "../../lib/queries";

type Obj = Record<string, unknown>;

function rate(bps: number): string {
  if (!bps) return "unlimited";
  if (bps >= 1e9) return `${bps / 1e9} Gbit/s`;
  if (bps >= 1e6) return `${bps / 1e6} Mbit/s`;
  return `${bps / 1e3} kbit/s`;
}

/** The scenario in a few chips: flow 0's mechanism of every catalogue family
 * by their catalogue labels ("Retransmission timer: TLP"), its switches, the loss model, RTT, bottleneck and workload. */
export function describeScenario(sc: Obj, cat?: Catalogue | null): string[] {
  const flows = (sc.flows as Obj[] | undefined) ?? [];
  const f0 = flows[0] ?? {};
  const tcp = (f0.tcp as Obj | undefined) ?? {};
  const app = (f0.app as Obj | undefined) ?? {};
  const path = (sc.path as Obj | undefined) ?? {};
  const fwd = (path.forward as Obj | undefined) ?? {};
  const rev = (path.reverse as Obj | undefined) ?? {};
  const loss = (fwd.loss as Obj | undefined) ?? {};
  const out: string[] = [];
  for (const family of cat ? mechanismFamilies(cat) : []) {
    if (typeof tcp[family] === "string") out.push(`${familyLabel(cat, family)}: ${mechanismLabel(cat, family, tcp[family])}`);
  }
  const switches = [tcp.sack && "SACK", tcp.early_retransmit && "ER"].filter(Boolean);
  if (switches.length) out.push(switches.join(" + "));
  const model = String(loss.model ?? "none");
  if (model === "tail") out.push(`tail loss ×${loss.count ?? 1}`);
  else if (model === "bernoulli") out.push(`random loss p = ${loss.p}`);
  else if (model === "positioned") out.push(`${((loss.rules as unknown[]) ?? []).length} positioned loss rule(s)`);
  else if (model === "gilbert_elliott") out.push("Gilbert–Elliott loss");
  else out.push("no loss model");
  out.push(`RTT ${formatMs(Number(fwd.delay_ms ?? 0) + Number(rev.delay_ms ?? 0))}`);
  out.push(`bottleneck ${rate(Number(fwd.rate_bps ?? 0))}`);
  const kind = String(app.kind ?? "");
  if (kind === "fixed") out.push(`${app.segments ?? "?"} segments`);
  else if (kind === "bulk") out.push(`bulk for ${app.duration_s} s`);
  else if (kind) out.push(`${kind} app`);
  if (flows.length > 1) out.push(`${flows.length} flows`);
  return out;
}

export function RunHeader(props: { run: RunPublic; actions?: React.ReactNode }) {
  const { run } = props;
  const { data: catalogue } = useCatalogue();
  const s = (run.summary ?? {}) as Obj;
  return (
    <header className="rv-header">
      <div>
        <div className="rv-title">
          <h1>
            Run <code title={run.id}>{run.id.slice(0, 8)}</code>{" "}
            <span className={`rv-state rv-state-${run.state}`} data-testid="run-state">{run.state}</span>
          </h1>
          <p className="rv-chips">
            {describeScenario(run.scenario, catalogue).map((c) => (
              <span key={c} className="rv-chip">{c}</span>
            ))}
          </p>
        </div>
        <p className="muted rv-meta">
          engine {run.engine_version} · seed {run.seed}
          {typeof s.trace_events === "number" && <> · {s.trace_events.toLocaleString()} trace events</>}
          {typeof s.sim_end_ns === "number" && <> · simulated {formatMs(s.sim_end_ns / 1e6)}</>}
          {run.timings.engine_ms != null && <> · engine took {formatMs(run.timings.engine_ms)}</>}
        </p>
        {Boolean(s.truncated) && (
          <p className="error" role="alert">
            The run stopped early ({String(s.truncated_reason ?? "budget")}): the trace and metrics cover only the simulated part.
          </p>
        )}
      </div>
      <div className="rv-header-actions">
        <span className="rv-downloads">
          {["csv", "json", "pcap"].map((f) => (
            <a key={f} href={`/api/v1/runs/${run.id}/export?format=${f}`} download>
              {f === "pcap" ? f : f.toUpperCase()}
            </a>
          ))}
        </span>
        {props.actions}
      </div>
    </header>
  );
}
