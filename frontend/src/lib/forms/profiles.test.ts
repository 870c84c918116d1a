import raw from "./fixtures/catalogue.json";
import { defaultScenario, parseCatalogue } from "./catalogue";
import { getPath } from "./paths";
import { applyProfile, matchingProfiles, paramOfSelector, profileKeys, profileSettings, profileTable, scenarioValue, valueText } from "./profiles";

const cat = parseCatalogue(raw);
const profile = (name: string) => cat.profiles.find((p) => p.name === name)!;
/** the overrides the engine publishes for a profile, straight from the JSON */
const rawOverrides = (name: string) => raw.profiles.find((p) => p.name === name)!.overrides as Record<string, unknown>;

describe("profiles", () => {
  it("assigns every key any profile sets: its own value, else the catalogue's default", () => {
    const keys = profileKeys(cat);
    expect(keys).toEqual(expect.arrayContaining([...Object.keys(rawOverrides("linux-3.17")), ...Object.keys(rawOverrides("linux-6"))]));
    const engine = profileSettings(cat, profile("engine"));
    const l317 = profileSettings(cat, profile("linux-3.17"));
    expect(Object.keys(engine)).toEqual(keys);
    expect(Object.keys(l317)).toEqual(keys);
    // the engine's defaults are the catalogue's
    for (const k of keys) expect(engine[k]).toBe(paramOfSelector(cat, k)!.default);
    expect(engine["flows[*].tcp.fack"]).toBe(false);
    expect(l317["flows[*].tcp.fack"]).toBe(true);
    // Linux 3.17 does not set the timer (the paper compares it): the default, not Linux 6's
    expect(rawOverrides("linux-3.17")["flows[*].tcp.timer"]).toBeUndefined();
    expect(l317["flows[*].tcp.timer"]).toBe(paramOfSelector(cat, "flows[*].tcp.timer")!.default);
    expect(paramOfSelector(cat, "flows[*].tcp.no_such")).toBeUndefined();
  });

  it("says which profile the scenario follows, before and after one is applied", () => {
    const sc = defaultScenario(cat, 2);
    expect(matchingProfiles(cat, sc).map((p) => p.name)).toEqual(["engine"]);
    const l317 = applyProfile(cat, sc, profile("linux-3.17"));
    expect(matchingProfiles(cat, l317).map((p) => p.name)).toEqual(["linux-3.17"]);
    expect(getPath(l317, "flows.1.tcp.er_variant")).toBe("linux");
    const l6 = applyProfile(cat, l317, profile("linux-6"));
    expect(matchingProfiles(cat, l6).map((p) => p.name)).toEqual(["linux-6"]);
    // a scenario read back (a permalink, a fork) holds its own copy of a set's list: still Linux 6
    expect(matchingProfiles(cat, JSON.parse(JSON.stringify(l6))).map((p) => p.name)).toEqual(["linux-6"]);
    // back to the engine's defaults: Linux 3.17's FACK and Linux 6's RACK both go
    const back = applyProfile(cat, l6, profile("engine"));
    expect(matchingProfiles(cat, back).map((p) => p.name)).toEqual(["engine"]);
    expect(getPath(back, "flows.0.tcp.lossdet")).toBe("dupack");
    // one flow edited: no profile, and the table says the flows differ
    const edited = { ...l317, flows: [(l317.flows as unknown[])[0], { tcp: { fack: false } }] };
    expect(matchingProfiles(cat, edited)).toEqual([]);
    expect(scenarioValue(cat, edited, "flows[*].tcp.fack")).toBeUndefined();
    // a flow that leaves a key unset holds its default
    expect(scenarioValue(cat, { flows: [{}] }, "flows[*].tcp.fack")).toBe(false);
  });

  it("tabulates where the profiles differ, with the scenario's value", () => {
    const rows = profileTable(cat, defaultScenario(cat));
    const fack = rows.find((r) => r.key === "flows[*].tcp.fack")!;
    expect(fack.label).toBe(raw.parameters.find((p) => p.key === "tcp.fack")!.label);
    expect(fack.values).toEqual({ engine: false, "linux-3.17": true, "linux-6": false });
    expect(fack.current).toBe(false);
    // every row differs somewhere; keys on which all agree (mss, iw: 1448 and 10 everywhere) are left out
    for (const r of rows) expect(new Set(Object.values(r.values).map(String)).size).toBeGreaterThan(1);
    expect(rows.some((r) => r.key === "flows[*].tcp.mss")).toBe(false);
    expect(valueText(true)).toBe("on");
    expect(valueText(undefined)).toBe("differs per flow");
  });
});
