import raw from "./fixtures/catalogue.json";
import presets from "./fixtures/presets.json";
import { parseCatalogue } from "./catalogue";
import { withDetectors } from "./testing";
import {
  choicesOf,
  comparableFamilies,
  defaultMechanism,
  familyDoc,
  familyKey,
  familyLabel,
  isSetFamily,
  mechanismFamilies,
  mechanismLabel,
  mechanismOfVariant,
  mechanismOverride,
  mechanismsOf,
  memberPath,
  orderChoices,
  presetQuickPicks,
  selectionOfVariants,
  setChoice,
  setChoicesOf,
  setMembers,
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

  it("compares a family whose key is a set by combination: the empty set, each member, each pair, up to the parameter's max", () => {
    const c = parseCatalogue(withDetectors(raw));
    expect(familyKey(c, "spurious")).toBe("tcp.spurious");
    expect(mechanismsOf(c, "spurious").map((m) => m.name)).toEqual(["frto", "eifel", "dsack"]);
    // not one member per flow (the run header and profiles read mechanismFamilies) ...
    expect(mechanismFamilies(c)).not.toContain("spurious");
    // ... but the builder compares along it
    expect(isSetFamily(c, "spurious")).toBe(true);
    expect(isSetFamily(c, "timer")).toBe(false);
    expect(comparableFamilies(c)).toEqual(c.families.map((f) => f.name).filter((f) => f === "spurious" || mechanismFamilies(c).includes(f)));
    // withDetectors allows at most two at once: 1 + 3 + 3 combinations, by size, in catalogue order
    const combos = setChoicesOf(c, "spurious");
    expect(combos.map((m) => m.name)).toEqual(["", "frto", "eifel", "dsack", "frto+eifel", "frto+dsack", "eifel+dsack"]);
    expect(choicesOf(c, "spurious")).toEqual(combos);
    expect(choicesOf(c, "timer")).toEqual(mechanismsOf(c, "timer"));
    // labels from the catalogue: the members' labels joined, the empty set after the family's label
    const lbl = (n: string) => mechanismsOf(c, "spurious").find((m) => m.name === n)!.label;
    expect(mechanismLabel(c, "spurious", "eifel+dsack")).toBe(`${lbl("eifel")} + ${lbl("dsack")}`);
    expect(mechanismLabel(c, "spurious", "frto")).toBe(lbl("frto"));
    expect(mechanismLabel(c, "spurious", "")).toBe(`No ${familyLabel(c, "spurious").toLowerCase()}`);
    // a parameter that allows all three offers the triple too
    expect(setChoicesOf(parseCatalogue(withDetectors(raw, 3)), "spurious").map((m) => m.name).at(-1)).toBe("frto+eifel+dsack");
    // the default (an empty list) is the empty set: conventional recovery
    expect(defaultMechanism(c, "spurious")).toBe("");
  });

  it("writes a combination's override as the list of its members, and reads it back whatever the order", () => {
    const c = parseCatalogue(withDetectors(raw));
    expect(setChoice(c, "spurious", ["dsack", "eifel"])).toBe("eifel+dsack");
    expect(setChoice(c, "spurious", [])).toBe("");
    expect(setMembers("eifel+dsack")).toEqual(["eifel", "dsack"]);
    expect(setMembers("")).toEqual([]);
    expect(mechanismOverride(c, "flows[*]", "spurious", "eifel+dsack")).toEqual({ "flows[*].tcp.spurious": ["eifel", "dsack"] });
    expect(mechanismOverride(c, "flows[0:2]", "spurious", "")).toEqual({ "flows[0:2].tcp.spurious": [] });
    expect(mechanismOfVariant({ "flows[*].tcp.spurious": ["dsack", "eifel"] }, c)).toEqual({ family: "spurious", name: "eifel+dsack", scope: "flows[*]" });
    expect(mechanismOfVariant({ "flows[*].tcp.spurious": [] }, c)).toEqual({ family: "spurious", name: "", scope: "flows[*]" });
    // a set family's key never holds one name
    expect(mechanismOfVariant({ "flows[*].tcp.spurious": "frto" }, c)).toBeNull();
    // a preset comparing detector sets (Kato et al.'s variants) selects them in the builder
    const kato = {
      conventional: { "flows[*].tcp.spurious": [] },
      Eifel: { "flows[*].tcp.spurious": ["eifel"] },
      "F-RTO": { "flows[*].tcp.spurious": ["frto"] },
      "Eifel+DSACK": { "flows[*].tcp.spurious": ["eifel", "dsack"] },
    };
    expect(selectionOfVariants(kato, c)).toEqual({ family: "spurious", choices: ["", "eifel", "frto", "eifel+dsack"], scope: "flows[*]" });
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
