/** A card's figure from its comparison, drawn the paper's way, with the
 * paper's published values beside Rexmit's and the difference stated. Every
 * panel exports as a self-contained SVG/PNG: the page's ExportInfoContext
 * gives the caption (the paper's figure, preset, grid, variants,
 * replications and seeds, engine version, comparison; the permalink is the
 * page's address) and each panel its legend (the variants with the cue the
 * panel draws, and the paper's marks). */
import { useMemo, useRef } from "react";
import type { ComparisonPublic } from "../../lib/api";
import type { Catalogue } from "../../lib/forms/catalogue";
import { choicesOf, mechanismOfVariant } from "../../lib/forms/mechanisms";
import { fmtNum, fmtRatio, trimNumber } from "../../lib/format";
import { cardFigure, type GalleryCard, type GalleryFigure as Figure, timeWindowText } from "../../lib/gallery";
import { metricLabel } from "../../lib/metrics";
import { usePresets } from "../../lib/queries";
import { readComparison } from "../../lib/stats/comparison";
import type { LegendEntry } from "../charts/exportChart";
import { ExportButtons } from "../charts/ExportButtons";
import { type ExportInfo, ExportInfoContext } from "../charts/exportMeta";
import { useParentSize } from "../charts/useParentSize";
import { palette, type VariantCue, variantCues } from "../charts/palette";
import { baseSeed, comparisonCaption, variantLegend } from "../compare/exportCaption";
import { BoxPlot } from "../compare/BoxPlot";
import { VariantGlyph } from "../compare/VariantGlyph";
import { GalleryBars } from "./GalleryBars";
import { GalleryCdf } from "./GalleryCdf";
import { GalleryTimePlot } from "./GalleryTimePlot";
import { GalleryTable, variantsHeader } from "./GalleryTable";
import "../charts/charts.css";

/** A mechanism keeps its colour, dash and marker everywhere: its place in its catalogue family (as on the compare page). */
export function galleryCues(card: GalleryCard, variants: string[], cat: Catalogue | undefined): Record<string, VariantCue> {
  // a time plot compares nothing to a baseline: every variant gets its own mechanism's cue
  return variantCues(variants, card.chart.kind === "timeseries" ? "" : card.baseline_variant, (v) => {
    const m = cat ? mechanismOfVariant(card.variants[v], cat) : null;
    return m && cat ? choicesOf(cat, m.family).findIndex((x) => x.name === m.name) : -1;
  });
}

export function GalleryFigure(props: { card: GalleryCard; comparison: ComparisonPublic; catalogue?: Catalogue }) {
  const { card, comparison, catalogue } = props;
  const fig = useMemo(() => cardFigure(card, comparison), [card, comparison]);
  const cues = useMemo(() => galleryCues(card, fig.variants, catalogue), [card, fig.variants, catalogue]);
  const { data: presets } = usePresets();
  const spec = (comparison.spec ?? {}) as Record<string, unknown>;
  const seed = baseSeed(spec, presets);
  const exportInfo = useMemo<ExportInfo>(
    () => ({
      caption: [
        `Rexmit's reproduction of ${card.figure} of ${card.citation}.`,
        ...comparisonCaption(readComparison(comparison), spec, { base: `preset ${card.preset}`, metric: card.metric, seed }),
      ],
    }),
    [card, comparison, spec, seed],
  );
  const { ref, width } = useParentSize<HTMLDivElement>(1000);
  const metric = metricLabel(card.metric, catalogue?.metrics);
  // a CDF's x axis: the card's name for the metric (the paper's: FCT, OCT), else the catalogue's
  const cdfTitle = `${card.chart.x_label ?? metric.name} (${card.chart.x_unit ?? metric.unit})`;
  // small multiples: CDFs three abreast, time plots two (the paper's Figs. 4-10 are two columns)
  const columns = fig.kind === "cdf" ? (width >= 900 ? 3 : width >= 600 ? 2 : 1) : fig.kind === "timeseries" ? (width >= 700 ? 2 : 1) : 1;
  const panelWidth = Math.floor((width - (columns - 1) * 16) / columns);
  return (
    <section className="gallery-figure" aria-labelledby="gallery-figure-title" data-testid="gallery-figure">
      <h2 id="gallery-figure-title">
        Rexmit's {card.figure}
        {fig.provisional ? (
          <span className="provisional" role="status" data-testid="gallery-provisional">
            {" "}
            provisional: {fig.done}/{fig.total} runs finished
          </span>
        ) : (
          <span className="muted"> · {fig.total} runs</span>
        )}
      </h2>
      <ul className="gallery-legend" aria-label="Variants">
        {fig.variants.map((v) => (
          <li key={v} data-variant={v}>
            <VariantGlyph cue={cues[v]} kind={fig.kind === "cdf" || fig.kind === "timeseries" ? "line" : "marker"} />
            {v}
            {v === fig.baseline && fig.kind !== "timeseries" ? " (baseline)" : ""}
          </li>
        ))}
        {fig.savings.length > 0 && (
          <li>
            <span className="mark-dashed" aria-hidden="true" /> the paper's stated saving
          </li>
        )}
        {fig.cdfs.some((c) => c.markers.length) && (
          <li>
            <span className="mark-hollow" aria-hidden="true" /> the paper's value · <span className="mark-filled" aria-hidden="true" /> Rexmit's
          </li>
        )}
      </ul>
      {fig.kind === "timeseries" && (
        <p className="muted" data-testid="gallery-time-window">
          Each panel is one stored run of the comparison ({timeWindowText(card)}); the shaded band is the path's handover period, as on the run view.
        </p>
      )}
      <ExportInfoContext.Provider value={exportInfo}>
        <div ref={ref} className={`gallery-panels cols-${columns}`}>
          {fig.kind === "timeseries"
            ? fig.times.map((panel) => (
                <GalleryTimePlot
                  key={panel.id}
                  card={card}
                  panel={panel}
                  cue={cues[panel.variant]}
                  width={panelWidth}
                  ready={!fig.provisional}
                  frame={(legend, body) => (
                    <Panel card={card} label={panel.label} id={panel.id} legend={legend}>
                      {body}
                    </Panel>
                  )}
                />
              ))
            : fig.kind === "table"
            ? fig.tables.map((panel) => (
                <TablePanelView
                  key={panel.id}
                  card={card}
                  panel={panel}
                  fig={fig}
                  cues={cues}
                  metricName={metric.name}
                  metricUnit={metric.unit}
                  variantLabel={variantsHeader(card.variants, fig.variants, catalogue)}
                />
              ))
            : fig.kind === "box"
            ? fig.boxes.map((panel) => (
                <Panel key={panel.id} card={card} label={panel.label} id={panel.id} legend={panelLegend(fig, cues, "marker")}>
                  <BoxPlot
                    cell={panel.cell}
                    metric={card.metric}
                    variants={fig.variants}
                    cues={cues}
                    width={panelWidth}
                    catalogue={catalogue?.metrics}
                    provisional={fig.provisional ? `provisional · ${fig.done}/${fig.total} runs` : null}
                  />
                </Panel>
              ))
            : fig.kind === "bars"
            ? fig.bars.map((panel) => (
                <Panel key={panel.id} card={card} label={panel.label} id={panel.id} legend={panelLegend(fig, cues, "marker")}>
                  <GalleryBars
                    panel={panel}
                    variants={fig.variants}
                    baseline={fig.baseline}
                    cues={cues}
                    width={panelWidth}
                    xLabel={card.chart.x_label ?? ""}
                    xUnit={card.chart.x_unit ?? ""}
                    metricName={metric.name}
                  />
                </Panel>
              ))
            : fig.cdfs.map((panel) => (
                <Panel key={panel.id} card={card} label={panel.label} id={panel.id} legend={panelLegend(fig, cues, "line")}>
                  <GalleryCdf panel={panel} variants={fig.variants} cues={cues} width={panelWidth} xTitle={cdfTitle} />
                </Panel>
              ))}
        </div>
      </ExportInfoContext.Provider>
      <PublishedTables fig={fig} card={card} />
    </section>
  );
}

/** A table card's panel (the mobile-recovery paper's tables): Rexmit's cells in the paper's shape with the paper's values beside them. */
function TablePanelView(props: { card: GalleryCard; panel: Figure["tables"][number]; fig: Figure; cues: Record<string, VariantCue>; metricName: string; metricUnit: string; variantLabel: string }) {
  const { card, panel, fig } = props;
  const chart = card.chart;
  const value = chart.value_label ?? props.metricName;
  // a scaled value's unit is the card's; an unscaled one keeps the catalogue's
  const unit = chart.value_unit ?? (chart.value_scale && chart.value_scale !== 1 ? "" : props.metricUnit);
  const xLabel = chart.x_label ?? chart.x ?? "";
  const per = `${value}${unit ? ` (${unit})` : ""} per ${xLabel.toLowerCase()}${chart.x_unit ? ` (${chart.x_unit})` : ""}`;
  const rows = chart.rows ? ` and ${(chart.rows_label ?? chart.rows).toLowerCase()}` : "";
  const title = `Rexmit's ${card.figure}${card.panels.length > 1 ? `: ${panel.label}` : ""}`;
  return (
    <GalleryTable
      table={panel.table}
      id={panel.id}
      caption={`${title} (${card.title}): ${per}, one row per variant${rows}; mean with its 95% confidence interval`}
      title={title}
      exportLabel={`${card.figure} table${card.panels.length > 1 ? ` “${panel.label}”` : ""}`}
      exportName={`rexmit-${card.id}-${panel.id}`}
      xKey={chart.x ?? ""}
      xLabel={xLabel}
      xUnit={chart.x_unit ?? ""}
      rowsKey={chart.rows ?? null}
      rowsLabel={chart.rows_label ?? chart.rows ?? ""}
      variantLabel={props.variantLabel}
      valueUnit={unit}
      cues={props.cues}
      provisional={fig.provisional ? `provisional · ${fig.done}/${fig.total} runs` : null}
      legend={variantLegend(fig.variants, props.cues, fig.baseline, "marker")}
    />
  );
}

/** The legend of an exported panel: the variants with the cue the panel draws, then the paper's marks it shows. */
export function panelLegend(fig: Figure, cues: Record<string, VariantCue>, kind: "marker" | "line"): LegendEntry[] {
  const ink = palette().text;
  const out = variantLegend(fig.variants, cues, fig.baseline, kind);
  if (fig.savings.length) out.push({ label: "the paper's stated saving", color: ink, dash: "4 2" });
  if (fig.cdfs.some((c) => c.markers.length))
    out.push({ label: "the paper's value", color: ink, marker: "circle", hollow: true }, { label: "Rexmit's value", color: ink, marker: "circle" });
  return out;
}

/** One panel: its name, SVG/PNG export buttons (title, legend and the page's caption), the chart. */
function Panel(props: { card: GalleryCard; id: string; label: string; legend: LegendEntry[]; children: React.ReactNode }) {
  const body = useRef<HTMLDivElement | null>(null);
  const { card } = props;
  return (
    <figure className="gallery-panel" data-panel={props.id}>
      <figcaption>
        <span>{props.label}</span>
        <ExportButtons
          target={body}
          name={`rexmit-${card.id}-${props.id}`}
          label={`${card.figure} panel “${props.label}”`}
          title={`Rexmit's ${card.figure} (${card.title}): ${props.label}`}
          legend={props.legend}
        />
      </figcaption>
      <div ref={body}>{props.children}</div>
    </figure>
  );
}

function PublishedTables({ fig, card }: { fig: Figure; card: GalleryCard }) {
  const x = card.chart.x_label ?? "x";
  const unit = card.chart.x_unit ? ` (${card.chart.x_unit})` : "";
  const savingPubs = card.published.filter((p) => p.kind === "saving");
  const ecdfPubs = card.published.filter((p) => p.kind === "ecdf_at");
  return (
    <div className="gallery-published">
      {savingPubs.map((pub) => (
        <table key={pub.id} className="gallery-table" data-testid="gallery-saving-table">
          <caption>
            {pub.variant}'s saving over {fig.baseline}: the paper ({pub.section}) vs Rexmit
          </caption>
          <thead>
            <tr>
              <th scope="col">Panel</th>
              <th scope="col">
                {x}
                {unit}
              </th>
              <th scope="col">Paper (ms)</th>
              <th scope="col">Rexmit (ms)</th>
              <th scope="col">Difference (ms)</th>
            </tr>
          </thead>
          <tbody>
            {fig.savings
              .filter((s) => s.variant === pub.variant)
              .map((s) => (
                <tr key={`${s.panel}-${s.x}`}>
                  <td>{card.panels.find((p) => p.id === s.panel)?.label ?? s.panel}</td>
                  <td>{trimNumber(s.x)}</td>
                  <td>
                    {s.atLeast ? "≥ " : ""}
                    {trimNumber(s.paperMs)}
                  </td>
                  <td>{s.rexmitMs === null ? "–" : trimNumber(s.rexmitMs, 1)}</td>
                  <td>{s.diffMs === null ? "–" : signed(s.diffMs)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
      {ecdfPubs.map((pub) => (
        <table key={pub.id} className="gallery-table" data-testid="gallery-ecdf-table">
          <caption>
            Share below {fmtNum(pub.x)} ms in panel {pub.panel}: the paper ({pub.section}) vs Rexmit
          </caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Paper</th>
              <th scope="col">Rexmit</th>
              <th scope="col">Difference (points)</th>
            </tr>
          </thead>
          <tbody>
            {fig.cdfs
              .find((c) => c.id === pub.panel)
              ?.markers.map((m) => (
                <tr key={m.variant}>
                  <th scope="row">{m.variant}</th>
                  <td>≈ {pct(m.paper)}</td>
                  <td>{m.rexmit === null ? "–" : pct(m.rexmit)}</td>
                  <td>{m.rexmit === null ? "–" : signed((m.rexmit - m.paper) * 100)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
      {fig.ratios.map((t) => (
        <table key={t.published.id} className="gallery-table" data-testid="gallery-ratio-table">
          <caption>
            {t.published.label}: the paper ({t.published.section}) vs Rexmit, over every cell
          </caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Paper</th>
              <th scope="col">Rexmit</th>
              <th scope="col">Rexmit ÷ paper</th>
            </tr>
          </thead>
          <tbody>
            {t.rows.map((r) => (
              <tr key={r.variant}>
                <th scope="row">{r.variant}</th>
                <td>{sci(r.paper)}</td>
                <td>{sci(r.rexmit)}</td>
                <td>{r.factor === null ? "–" : `× ${fmtRatio(r.factor)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** A difference with its sign, to 0.1: "+12.5", "−3", "0" (a float's noise reads 0). */
export function signed(v: number): string {
  const r = Math.round(v * 10) / 10;
  const t = trimNumber(Math.abs(r), 1);
  return r > 0 ? `+${t}` : r < 0 ? `−${t}` : "0";
}

function pct(v: number): string {
  return `${trimNumber(v * 100, 1)}%`;
}

const SUPERSCRIPT: Record<string, string> = { "-": "⁻", "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹" };

/** Scientific notation as the paper prints it: 3.67 × 10⁻⁴. */
export function sci(v: number | null): string {
  if (v === null) return "–";
  if (v === 0) return "0";
  const e = Math.floor(Math.log10(Math.abs(v)));
  const exp = [...String(e)].map((ch) => SUPERSCRIPT[ch] ?? ch).join("");
  return `${trimNumber(v / 10 ** e, 2)} × 10${exp}`;
}
