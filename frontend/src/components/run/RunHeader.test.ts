import raw from "../../lib/forms/fixtures/catalogue.json";
import { parseCatalogue } from "../../lib/forms/catalogue";
import { describeScenario } from "./RunHeader";

const cat = parseCatalogue(raw);
const family = (name: string) => raw.families.find((f) => f.name === name)!;
const member = (fam: string, name: string) => family(fam).members.find((m) => m.name === name)!;

describe("describeScenario", () => {
  const sc = { flows: [{ tcp: { cc: "cubic", timer: "tlp" }, app: { kind: "fixed", segments: 10 } }], path: { forward: { delay_ms: 10 }, reverse: { delay_ms: 10 } } };

  it("names flow 0's mechanisms by their families' and their own catalogue labels", () => {
    const chips = describeScenario(sc, cat);
    expect(chips).toContain(`${family("cc").label}: ${member("cc", "cubic").label}`);
    expect(chips).toContain(`${family("timer").label}: ${member("timer", "tlp").label}`);
    // no chip spells a family's raw name
    expect(chips.some((c) => c.startsWith("cc ") || c.startsWith("timer "))).toBe(false);
  });

  it("names no mechanism before the catalogue arrives", () => {
    const chips = describeScenario(sc, null);
    expect(chips.some((c) => c.includes(member("cc", "cubic").label))).toBe(false);
    expect(chips).toContain("10 segments");
  });
});
