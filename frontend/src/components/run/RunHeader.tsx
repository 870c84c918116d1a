/** What was simulated, in one line, plus downloads and sharing. */
import { useState } from "react";
import type { RunPublic } from "../../lib/api";
import { formatMs } from "../../lib/format";
import { type Catalogue, directionsOf, expandTemplate, type FieldSpec, fieldSpec, TAG_KEY } from "../../lib/forms/catalogue";
import { builderLayout, type DirectionFields } from "../../lib/forms/layout";
import { familyInfo, familyKey, familyLabel, mechanismFamilies, mechanismLabel, memberPath } from "../../lib/forms/mechanisms";
import { getPath, isObject } from "../../lib/forms/paths";
import { useCatalogue } from "../../lib/queries";
import { LineageLinks } from "../history/LineageLinks";

type Obj = Record<string, unknown>;

function rate(bps: number): string {
  if (!bps) return "unlimited";
  if (bps >= 1e9) return `${bps / 1e9} Gbit/s`;
  if (bps >= 1e6) return `${bps / 1e6} Mbit/s`;
  return `${bps / 1e3} kbit/s`;
}

/** A field's value for a chip: "p = 0.01", "Flow size = 10 segments". */
function fieldChip(spec: FieldSpec, value: unknown): string {
  const v = Array.isArray(value) ? value.join(", ") : String(value);
  return `${spec.label} = ${v}${spec.unit ? ` ${spec.unit}` : ""}`;
}

/** A switch that is off says nothing in a chip ("Spare retransmissions = false" on every Bernoulli loss
 * would be noise); every other field is shown, default or not. */
function shown(spec: FieldSpec, value: unknown): boolean {
  return !(spec.kind === "checkbox" && value === false);
}

/** The loss stage a direction runs, named by the catalogue ("Tail loss (Tail losses = 1 segments)"),
 * with the parameters and rules it reads (a switch only when on); null when it runs none of the stages
 * the catalogue lists. */
function lossChip(sc: Obj, d: DirectionFields): string | null {
  if (!d.model) return null;
  const model = getPath(sc, d.model.path) ?? d.model.default;
  const label = typeof model === "string" ? d.model.choiceLabels?.[model] : undefined;
  if (!label) return null;
  const details = d.lossParams.flatMap((p) => {
    const v = getPath(sc, p.path) ?? p.default;
    return shown(p, v) ? [fieldChip(p, v)] : [];
  });
  if (d.rules?.relevant) details.push(`${d.rules.items.length} ${d.rules.name}`);
  return details.length ? `${label} (${details.join(", ")})` : label;
}

/** The stages a direction lists after its loss model (the catalogue's tagged lists of
 * stage members), each by its member's label with its own parameters: "Bernoulli loss (P = 0.01)". */
function listedStageChips(cat: Catalogue, sc: Obj, dir: string): string[] {
  const out: string[] = [];
  for (const c of cat.containers) {
    if (c.type !== "tagged_list" || c.family === null || !directionsOf(c.path).includes(dir)) continue;
    const items = getPath(sc, expandTemplate(c.path, { dir }));
    for (const item of Array.isArray(items) ? items : []) {
      const kind = isObject(item) ? item[TAG_KEY] : undefined;
      if (typeof kind !== "string") continue;
      const m = familyInfo(cat, c.family)?.members.find((x) => x.name === kind);
      const details = (m?.params ?? []).flatMap((p) => {
        const spec = fieldSpec(p);
        const v = (item as Obj)[p.key] ?? p.default;
        return shown(spec, v) ? [fieldChip(spec, v)] : [];
      });
      const label = m?.label || kind;
      out.push(details.length ? `${label} (${details.join(", ")})` : label);
    }
  }
  return out;
}

/** The scenario in a few chips: flow 0's member of every family a flow picks,
 * by their catalogue labels ("Retransmission timer: TLP", "Application: One
 * object (Flow size = 10 segments)"), its switches, each direction's loss model
 * and listed stages by the catalogue's labels with what they read, RTT, bottleneck and flows. Before
 * the catalogue arrives, no mechanism, loss model or application is named. */
export function describeScenario(sc: Obj, cat?: Catalogue | null): string[] {
  const flows = (sc.flows as Obj[] | undefined) ?? [];
  const f0 = flows[0] ?? {};
  const tcp = (f0.tcp as Obj | undefined) ?? {};
  const path = (sc.path as Obj | undefined) ?? {};
  const fwd = (path.forward as Obj | undefined) ?? {};
  const rev = (path.reverse as Obj | undefined) ?? {};
  const out: string[] = [];
  const layout = cat ? builderLayout(cat, sc, 0) : null;
  for (const family of cat ? mechanismFamilies(cat) : []) {
    const at = memberPath(cat, family);
    const v = at === null ? undefined : getPath(sc, at);
    if (typeof v !== "string") continue;
    let chip = `${familyLabel(cat, family)}: ${mechanismLabel(cat, family, v)}`;
    // the application's kind heads its fields: what the chosen kind reads, when set
    if (layout?.flow.appKind && familyKey(cat, family) === layout.flow.appKind.key) {
      const details = layout.appFields.filter((s) => s.appliesTo !== null).flatMap((s) => {
        const x = getPath(sc, s.path);
        return x === undefined || x === null || x === 0 ? [] : [fieldChip(s, x)];
      });
      if (details.length) chip += ` (${details.join(", ")})`;
    }
    out.push(chip);
  }
  const switches = [tcp.sack && "SACK", tcp.early_retransmit && "ER"].filter(Boolean);
  if (switches.length) out.push(switches.join(" + "));
  for (const [i, d] of (layout?.directions ?? []).entries()) {
    const chip = lossChip(sc, d);
    const listed = cat ? listedStageChips(cat, sc, d.dir) : [];
    if (i === 0) out.push(chip ?? "no loss model");
    else if (chip) out.push(`${d.dir}: ${chip}`);
    for (const l of listed) out.push(`${i === 0 ? "" : `${d.dir}: `}+ ${l}`);
  }
  out.push(`RTT ${formatMs(Number(fwd.delay_ms ?? 0) + Number(rev.delay_ms ?? 0))}`);
  out.push(`bottleneck ${rate(Number(fwd.rate_bps ?? 0))}`);
  if (flows.length > 1) out.push(`${flows.length} flows`);
  return out;
}

/** Did the run end at its planned duration rather than stop early? The
 * engine marks a run truncated whenever its time budget ends with work left;
 * a run whose unfinished flows are all bulk transfers meant to write until
 * then (start + app.duration_s at or past duration_s) ended as planned. */
export function endedAsPlanned(run: Pick<RunPublic, "scenario" | "summary" | "metrics">): boolean {
  const s = (run.summary ?? {}) as Obj;
  if (!s.truncated || s.truncated_reason !== "duration_s") return false;
  const sc = run.scenario as Obj;
  const horizonMs = Number(sc.duration_s ?? 0) * 1000;
  const flows = (Array.isArray(sc.flows) ? sc.flows : []) as Obj[];
  const metrics = (run.metrics ?? []) as Obj[];
  if (flows.length === 0 || metrics.length !== flows.length) return false;
  return flows.every((f, i) => {
    if (metrics[i]?.completed === true) return true;
    const app = (f.app ?? {}) as Obj;
    return app.kind === "bulk" && Number(f.start_ms ?? 0) + Number(app.duration_s ?? 0) * 1000 >= horizonMs;
  });
}

/** Why this server would refuse to export the run's trace, or null: it exports at most
 * limits.export_max_events events (GET /mechanisms; the service's EXPORT_MAX_EVENTS), and a
 * download link would otherwise save the refusal's JSON as the file. */
export function exportRefusal(summary: Obj, limits: Record<string, number> | undefined): string | null {
  const max = limits?.export_max_events;
  const n = summary.trace_events;
  if (typeof max !== "number" || typeof n !== "number" || n <= max) return null;
  return `No export: this trace has ${n.toLocaleString()} events and this server exports at most ${max.toLocaleString()}; read it in the charts and the event log`;
}

export function RunHeader(props: { run: RunPublic; actions?: React.ReactNode }) {
  const { run } = props;
  const { data: catalogue } = useCatalogue();
  const s = (run.summary ?? {}) as Obj;
  const chips = describeScenario(run.scenario, catalogue);
  const refusal = exportRefusal(s, catalogue?.limits);
  const [allChips, setAllChips] = useState(false);
  return (
    <header className="rv-header">
      <div>
        <div className="rv-title">
          <h1>
            Run <code title={run.id}>{run.id.slice(0, 8)}</code>{" "}
            <span className={`rv-state rv-state-${run.state}`} data-testid="run-state">{run.state}</span>
          </h1>
          <p className={`rv-chips${allChips ? " open" : ""}`} id={`chips-${run.id}`}>
            {chips.map((c) => (
              <span key={c} className="rv-chip">{c}</span>
            ))}
          </p>
          {/* on a short screen the chips keep to one line until asked (run.css), so that the diagram stays on the first screen */}
          <button type="button" className="rv-link rv-chips-toggle" aria-expanded={allChips} aria-controls={`chips-${run.id}`} onClick={() => setAllChips(!allChips)}>
            {allChips ? "fewer" : `all ${chips.length}`}
          </button>
        </div>
        <p className="muted rv-meta">
          engine {run.engine_version} · seed {run.seed}
          {typeof s.trace_events === "number" && <> · {s.trace_events.toLocaleString()} trace events</>}
          {typeof s.sim_end_ns === "number" && <> · simulated {formatMs(s.sim_end_ns / 1e6)}</>}
          {run.timings.engine_ms != null && <> · engine took {formatMs(run.timings.engine_ms)}</>}
        </p>
        <LineageLinks run={run} />
        {Boolean(s.truncated) &&
          (endedAsPlanned(run) ? (
            <p className="muted" data-testid="run-ended-as-planned">
              The run ended at its planned duration with its bulk transfers still sending, as they were meant to.
            </p>
          ) : (
            <p className="error" role="alert">
              The run stopped early ({String(s.truncated_reason ?? "budget")}): the trace and metrics cover only the simulated part.
            </p>
          ))}
      </div>
      <div className="rv-header-actions">
        {refusal ? (
          <span className="rv-downloads muted" data-testid="run-export-refused">
            {refusal}
          </span>
        ) : (
          <span className="rv-downloads">
            {["csv", "json", "pcap"].map((f) => (
              <a key={f} href={`/api/v1/runs/${run.id}/export?format=${f}`} download>
                {f === "pcap" ? f : f.toUpperCase()}
              </a>
            ))}
          </span>
        )}
        {props.actions}
      </div>
    </header>
  );
}
