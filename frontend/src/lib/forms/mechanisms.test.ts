import raw from "./fixtures/catalogue.json";
import presets from "./fixtures/presets.json";
import { parseCatalogue } from "./catalogue";
import { withDetectors } from "./testing";
import {
  defaultMechanism,
  familyDoc,
  familyKey,
  familyLabel,
  mechanismFamilies,
  mechanismLabel,
  mechanismOfVariant,
  mechanismOverride,
  mechanismsOf,
  memberPath,
  orderChoices,
  presetQuickPicks,
  selectionOfVariants,
} from "./mechanisms";

const cat = parseCatalogue(raw);

/** The engine's families, straight from the JSON. */
const rawFamily = (name: string) => raw.families.find((f) => f.name === name)!;

describe("mechanism families from the catalogue", () => {
  it("lists every family a flow picks one member of, at the catalogue's key, and one the engine adds later", () => {
    // a family chosen by a set (tcp.spurious: any combination of detectors) is not one member per flow
    const bySet = (f: { key: string | null }) => raw.parameters.some((p) => p.section === "flow" && p.key === f.key && p.type === "set");
    const picked = raw.families.filter((f) => f.key !== null && f.members.length > 0 && !bySet(f)).map((f) => f.name);
    expect(mechanismFamilies(cat)).toEqual(picked);
    expect(mechanismFamilies(cat)).toEqual(expect.arrayContaining(["cc", "timer", "recovery", "app"]));
    // the application is chosen at app.kind, not tcp.app
    expect(familyKey(cat, "app")).toBe(rawFamily("app").key);
    expect(familyKey(cat, "app")).not.toBe("tcp.app");
    expect(memberPath(cat, "app", 2)).toBe(`flows.2.${rawFamily("app").key}`);
    // no key picks the stages, and a set picks the spurious-timeout detectors: neither is compared as one member per flow
    expect(familyKey(cat, "stage")).toBeNull();
    expect(memberPath(cat, "stage")).toBeNull();
    expect(mechanismFamilies(cat)).not.toContain("stage");
    expect(mechanismFamilies(cat)).not.toContain("spurious");
    // a family the engine adds, chosen wherever its key says
    const rack = { name: "rack", label: "RACK-TLP", key: "tcp.rack_mode", doc: "", members: [{ name: "rack", label: "RACK (RFC 8985)", doc: "RACK" }] };
    const later = parseCatalogue({ ...raw, families: [...raw.families, rack] });
    expect(mechanismFamilies(later)).toEqual([...picked, "rack"]);
    expect(mechanismLabel(later, "rack", "rack")).toBe("RACK (RFC 8985)");
    expect(familyLabel(later, "rack")).toBe("RACK-TLP");
    expect(mechanismOverride(later, "flows[*]", "rack", "rack")).toEqual({ "flows[*].tcp.rack_mode": "rack" });
    // a family the catalogue does not describe has no key: nothing is invented for it
    const undescribed = parseCatalogue({ ...raw, mechanisms: { ...raw.mechanisms, rack: [{ name: "rack", doc: "RACK" }] } });
    expect(familyKey(undescribed, "rack")).toBeNull();
    expect(mechanismFamilies(undescribed)).not.toContain("rack");
    expect(mechanismOverride(undescribed, "flows[*]", "rack", "rack")).toEqual({});
  });

  it("does not compare along a family whose key is a set (several members at once)", () => {
    const c = parseCatalogue(withDetectors(raw));
    expect(familyKey(c, "spurious")).toBe("tcp.spurious");
    expect(mechanismsOf(c, "spurious").map((m) => m.name)).toEqual(["frto", "eifel", "dsack"]);
    expect(mechanismFamilies(c)).not.toContain("spurious");
    expect(mechanismOfVariant({ "flows[*].tcp.spurious": "frto" }, c)).toBeNull();
  });

  it("writes overrides at the family's key", () => {
    expect(mechanismOverride(cat, "flows[*]", "timer", "tlp")).toEqual({ "flows[*].tcp.timer": "tlp" });
    expect(mechanismOverride(cat, "flows[0:2]", "app", "bulk")).toEqual({ [`flows[0:2].${rawFamily("app").key}`]: "bulk" });
    expect(mechanismOverride(cat, "", "cc", "cubic")).toEqual({ "flows[*].tcp.cc": "cubic" });
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

  it("reads mechanism-only variants of any family, by the catalogue's keys", () => {
    expect(mechanismOfVariant({ "flows[*].tcp.timer": "tlp" }, cat)).toEqual({ family: "timer", name: "tlp", scope: "flows[*]" });
    expect(mechanismOfVariant({ "flows[0:40].tcp.cc": "cubic" }, cat)).toEqual({ family: "cc", name: "cubic", scope: "flows[0:40]" });
    expect(mechanismOfVariant({ "flows.app.kind": "bulk" }, cat)).toEqual({ family: "app", name: "bulk", scope: "flows[*]" });
    expect(mechanismOfVariant({ [`flows[*].${rawFamily("app").key}`]: "requests" }, cat)).toEqual({ family: "app", name: "requests", scope: "flows[*]" });
    // tcp.<family> is no key unless the catalogue says so
    expect(mechanismOfVariant({ "flows[*].tcp.app": "bulk" }, cat)).toBeNull();
    expect(mechanismOfVariant({ "flows.tcp.timer": "x", other: 1 }, cat)).toBeNull();
    expect(mechanismOfVariant({ "flows[*].tcp.mss": 1000 }, cat)).toBeNull();
    expect(mechanismOfVariant({ "flows[*].tcp.er_variant": "linux" }, cat)).toBeNull();
    expect(mechanismOfVariant({ "path.*.loss.model": "tail" }, cat)).toBeNull();
    // without the catalogue nothing is known to be a family
    expect(mechanismOfVariant({ "flows[*].tcp.timer": "tlp" }, null)).toBeNull();
    expect(selectionOfVariants({ a: { "flows[*].tcp.cc": "reno" }, b: { "flows[*].tcp.cc": "cubic" }, c: { x: 1 } }, cat)).toEqual({ family: "cc", choices: ["reno", "cubic"], scope: "flows[*]" });
    expect(selectionOfVariants({ a: { "flows[*].app.kind": "fixed" }, b: { "flows[*].app.kind": "bulk" } }, cat)).toEqual({ family: "app", choices: ["fixed", "bulk"], scope: "flows[*]" });
  });

  it("orders choices as the catalogue does", () => {
    expect(orderChoices(["tlpr", "rto", "x", "x"], ["rto", "rtor", "tlp", "tlpr"])).toEqual(["rto", "tlpr", "x"]);
  });

  it("takes the quick picks from the presets", () => {
    const picks = presetQuickPicks(presets as never, cat);
    expect(picks).toEqual([{ family: "timer", choices: ["rto", "rtor", "tlp", "tlpr"], presets: presets.map((p) => p.title) }]);
  });
});
