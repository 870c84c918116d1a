import raw from "./fixtures/catalogue.json";
import presets from "./fixtures/presets.json";
import { parseCatalogue } from "./catalogue";
import {
  defaultMechanism,
  familyLabel,
  mechanismFamilies,
  mechanismLabel,
  mechanismOfVariant,
  mechanismsOf,
  orderChoices,
  presetQuickPicks,
  selectionOfVariants,
} from "./mechanisms";

const cat = parseCatalogue(raw);

describe("mechanism families from the catalogue", () => {
  it("lists every family the engine lists, and one it adds later", () => {
    expect(mechanismFamilies(cat)).toEqual(["cc", "timer", "recovery"]);
    const later = parseCatalogue({ ...raw, mechanisms: { ...raw.mechanisms, lossdet: [{ name: "rack", doc: "RACK", label: "RACK (RFC 8985)" }], spurious: [] } });
    expect(mechanismFamilies(later)).toEqual(["cc", "timer", "recovery", "lossdet"]);
    expect(mechanismLabel(later, "lossdet", "rack")).toBe("RACK (RFC 8985)");
    expect(familyLabel("lossdet")).toBe("Lossdet");
  });

  it("labels by the catalogue's label, else the name", () => {
    expect(mechanismLabel(cat, "timer", "tlpr")).toBe("tlpr");
    const labelled = parseCatalogue({ ...raw, mechanisms: { timer: [{ name: "tlpr", doc: "d", label: "TLP with restart" }] } });
    expect(mechanismLabel(labelled, "timer", "tlpr")).toBe("TLP with restart");
    expect(mechanismLabel(null, "timer", "tlpr")).toBe("tlpr");
    expect(familyLabel("cc")).toBe("Congestion control");
  });

  it("knows each family's default from its scenario parameter", () => {
    expect(defaultMechanism(cat, "timer")).toBe("rto");
    expect(defaultMechanism(cat, "cc")).toBe("reno");
    expect(mechanismsOf(cat, "recovery").map((m) => m.name)).toEqual(["rfc6675"]);
  });

  it("reads mechanism-only variants of any family", () => {
    expect(mechanismOfVariant({ "flows[*].tcp.timer": "tlp" })).toEqual({ family: "timer", name: "tlp", scope: "flows[*]" });
    expect(mechanismOfVariant({ "flows[0:40].tcp.cc": "cubic" })).toEqual({ family: "cc", name: "cubic", scope: "flows[0:40]" });
    expect(mechanismOfVariant({ "flows.tcp.timer": "x", other: 1 })).toBeNull();
    expect(mechanismOfVariant({ "flows[*].tcp.mss": 1000 })).toBeNull();
    expect(mechanismOfVariant({ "flows[*].tcp.er_variant": "linux" }, mechanismFamilies(cat))).toBeNull();
    expect(selectionOfVariants({ a: { "flows[*].tcp.cc": "reno" }, b: { "flows[*].tcp.cc": "cubic" }, c: { x: 1 } })).toEqual({ family: "cc", choices: ["reno", "cubic"], scope: "flows[*]" });
  });

  it("orders choices as the catalogue does", () => {
    expect(orderChoices(["tlpr", "rto", "x", "x"], ["rto", "rtor", "tlp", "tlpr"])).toEqual(["rto", "tlpr", "x"]);
  });

  it("takes the quick picks from the presets", () => {
    const picks = presetQuickPicks(presets as never, mechanismFamilies(cat));
    expect(picks).toEqual([{ family: "timer", choices: ["rto", "rtor", "tlp", "tlpr"], presets: presets.map((p) => p.title) }]);
  });
});
