import raw from "./fixtures/catalogue.json";
import presets from "./fixtures/presets.json";
import { parseCatalogue } from "./catalogue";
import {
  defaultMechanism,
  familyDoc,
  familyKey,
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

/** The engine's families, straight from the JSON. */
const rawFamily = (name: string) => raw.families.find((f) => f.name === name)!;

describe("mechanism families from the catalogue", () => {
  it("lists the families a flow's TCP picks a member of, and one the engine adds later", () => {
    const tcpFamilies = raw.families.filter((f) => f.key === `tcp.${f.name}` && f.members.length > 0).map((f) => f.name);
    expect(mechanismFamilies(cat)).toEqual(tcpFamilies);
    expect(mechanismFamilies(cat)).toEqual(expect.arrayContaining(["cc", "timer", "recovery"]));
    // the application is a family too, but the workload, chosen at app.kind: not compared as a TCP mechanism
    expect(rawFamily("app").members.length).toBeGreaterThan(0);
    expect(mechanismFamilies(cat)).not.toContain("app");
    expect(familyKey(cat, "app")).toBe(rawFamily("app").key);
    expect(familyKey(cat, "spurious")).toBeNull();
    const later = parseCatalogue({ ...raw, mechanisms: { ...raw.mechanisms, rack: [{ name: "rack", doc: "RACK", label: "RACK (RFC 8985)" }], spurious: [] } });
    expect(mechanismFamilies(later)).toEqual([...tcpFamilies, "rack"]);
    expect(mechanismLabel(later, "rack", "rack")).toBe("RACK (RFC 8985)");
    // a family the catalogue does not describe is named as it is, chosen at tcp.<family>
    expect(familyLabel(later, "rack")).toBe("rack");
    expect(familyKey(later, "rack")).toBe("tcp.rack");
  });

  it("labels families and mechanisms by the catalogue's labels, else their names", () => {
    for (const f of raw.families) {
      expect(familyLabel(cat, f.name)).toBe(f.label);
      expect(familyDoc(cat, f.name)).toBe(f.doc);
    }
    expect(familyLabel(cat, "lossdet")).not.toBe("lossdet");
    expect(familyLabel(null, "lossdet")).toBe("lossdet");
    expect(familyLabel(parseCatalogue({ ...raw, families: raw.families.map(({ label: _, ...f }) => f) }), "cc")).toBe("cc");
    const tlpr = raw.mechanisms.timer.find((m) => m.name === "tlpr")!;
    expect(mechanismLabel(cat, "timer", "tlpr")).toBe(tlpr.label);
    const unlabelled = parseCatalogue({ ...raw, mechanisms: { timer: [{ name: "tlpr", doc: "d" }] } });
    expect(mechanismLabel(unlabelled, "timer", "tlpr")).toBe("tlpr");
    expect(mechanismLabel(null, "timer", "tlpr")).toBe("tlpr");
  });

  it("knows each family's default from its choosing parameter", () => {
    const def = (key: string) => raw.parameters.find((p) => p.section === "flow" && p.key === key)!.default;
    expect(defaultMechanism(cat, "timer")).toBe(def("tcp.timer"));
    expect(defaultMechanism(cat, "cc")).toBe(def("tcp.cc"));
    expect(defaultMechanism(cat, "app")).toBe(def("app.kind"));
    expect(mechanismsOf(cat, "recovery").map((m) => m.name)).toEqual(raw.mechanisms.recovery.map((m) => m.name));
    // without a mechanism list, the choosing parameter's choices
    const bare = parseCatalogue({ ...raw, mechanisms: {} });
    expect(mechanismsOf(bare, "app").map((m) => m.name)).toEqual(raw.parameters.find((p) => p.key === "app.kind")!.choices);
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
