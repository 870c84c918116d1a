import v2 from "./fixtures/catalogue-metrics.json";
import current from "./forms/fixtures/catalogue.json";
import { parseCatalogue } from "./forms/catalogue";
import { higherIsBetter, metricColumns, metricHeading, metricInfo, metricLabel, metricTooltip, orderMetricNames, parseMetrics } from "./metrics";

// the engine's catalogue as rexsim.catalog() gives it (metrics and vocab.causes)
const metrics = parseMetrics(v2.metrics);

describe("catalogue metrics", () => {
  it("reads every metric the engine describes, with its label, unit, doc and direction", () => {
    expect(metrics.map((m) => m.name)).toEqual(v2.metrics.map((m) => m.name));
    const fct = metricInfo(metrics, "fct_ms");
    expect(fct).toMatchObject({ name: "fct_ms", label: "Completion time", unit: "ms", type: "float", higherIsBetter: false, nullable: true });
    expect(fct.doc).toMatch(/^Flow completion time/);
    expect(metricInfo(metrics, "goodput_bps").higherIsBetter).toBe(true);
    expect(metricInfo(metrics, "probe_count")).toMatchObject({ label: "Loss probes", higherIsBetter: null });
    expect(metricInfo(metrics, "probe_repairs").label).toBe("Losses a probe repaired");
    expect(metricInfo(metrics, "tlp_loss_episodes").label).toBe("Probe repairs the sender inferred");
  });

  it("skips malformed rows and reads missing fields as unknown", () => {
    const m = parseMetrics([null, { label: "no name" }, { name: "x" }, { name: "x", label: "again" }, { name: "y", label: "", higher_is_better: "yes", unit: 3 }]);
    expect(m.map((r) => r.name)).toEqual(["x", "y"]);
    expect(m[0]).toEqual({ name: "x", label: "x", unit: "", doc: "", type: "", higherIsBetter: null, nullable: false });
    expect(m[1].label).toBe("y");
    expect(m[1].higherIsBetter).toBeNull();
    expect(parseMetrics(undefined)).toEqual([]);
    expect(parseMetrics({ fct_ms: {} })).toEqual([]);
  });

  it("falls back to the metric's name when the catalogue does not describe it", () => {
    for (const cat of [undefined, null, [], metrics]) {
      const info = metricInfo(cat, "request_ms");
      expect(info).toMatchObject({ name: "request_ms", label: "request_ms", unit: "", doc: "", higherIsBetter: null });
    }
    expect(metricLabel("fct_ms")).toEqual({ name: "fct_ms", unit: "", doc: "" });
    expect(metricLabel("fct_ms", metrics)).toMatchObject({ name: "Completion time", unit: "ms" });
    expect(higherIsBetter(undefined, "goodput_bps")).toBeNull();
    expect(higherIsBetter(metrics, "retransmissions")).toBe(false);
  });

  it("names a column with its unit and explains it with its doc", () => {
    expect(metricHeading(metricInfo(metrics, "fct_ms"))).toBe("Completion time (ms)");
    expect(metricHeading(metricInfo(metrics, "retransmissions"))).toBe("Retransmissions");
    expect(metricTooltip(metricInfo(metrics, "rto_count"))).toBe("Retransmission timeouts (RFC 6298). (rto_count)");
    expect(metricTooltip(metricInfo([], "rto_count"))).toBe("rto_count");
  });

  it("orders metrics as the catalogue does, then unknown ones by name", () => {
    expect(orderMetricNames(["zeta", "rto_count", "fct_ms", "alpha", "completed", "fct_ms"], metrics)).toEqual(["completed", "fct_ms", "rto_count", "alpha", "zeta"]);
    expect(orderMetricNames(["rto_count", "fct_ms"], undefined)).toEqual(["fct_ms", "rto_count"]);
    const cols = metricColumns([{ fct_ms: 1, drops: 0 }, { request_ms: [1, 2], fct_ms: 2 }], metrics);
    expect(cols.map((c) => c.name)).toEqual(["fct_ms", "drops", "request_ms"]);
    expect(cols.map((c) => c.label)).toEqual(["Completion time", "Drops", "request_ms"]);
  });
});

describe("parseCatalogue: metrics and causes", () => {
  // a catalogue from before trace v2: no metrics, no vocab
  const { metrics: _m, vocab: _v, ...legacy } = current;

  it("reads them from the catalogue answer when present", () => {
    const cat = parseCatalogue({ ...legacy, ...v2 });
    expect(cat.metrics.map((m) => m.name)).toEqual(v2.metrics.map((m) => m.name));
    expect(cat.causes.find((c) => c.name === "fast")).toMatchObject({ label: "Fast retransmit" });
    expect(cat.causes.map((c) => c.name)).toEqual(v2.vocab.causes.map((c) => c.name));
  });

  it("is empty, not an error, while the API does not send them", () => {
    const cat = parseCatalogue(legacy);
    expect(cat.metrics).toEqual([]);
    expect(cat.causes).toEqual([]);
    expect(parseCatalogue({ ...legacy, metrics: "soon", vocab: { causes: [{ label: "no name" }, 7] } })).toMatchObject({ metrics: [], causes: [] });
  });
});
