import raw from "./fixtures/catalogue.json";
import { fieldSpec, findParam, parseCatalogue } from "./catalogue";
import { coerceInput, displayValue, formatCount, formatRange, humanize, rangeHint, setHint, setMembers } from "./coerce";
import { withDetectors } from "./testing";

const cat = parseCatalogue(raw);
const mss = fieldSpec(findParam(cat, "flow", "tcp.mss")!, { index: { flows: 0 } });
const p = fieldSpec(findParam(cat, "loss", "p")!, { dir: "forward" });
const ack = fieldSpec(findParam(cat, "flow", "receiver.ack_policy")!);
const sack = fieldSpec(findParam(cat, "flow", "tcp.sack")!);
const rate = fieldSpec(findParam(cat, "direction", "rate_bps")!);

describe("value coercion", () => {
  it("turns numbers into numbers, with the server's wording for range hints", () => {
    expect(coerceInput(mss, "1448")).toEqual({ value: 1448, hint: null });
    expect(coerceInput(mss, " 20 ")).toEqual({ value: 20, hint: "must be between 64 and 65495 (got 20)" });
    expect(coerceInput(mss, "1.5").hint).toMatch(/integer/);
    expect(coerceInput(p, "0.015")).toEqual({ value: 0.015, hint: null });
    expect(coerceInput(rate, "1e7")).toEqual({ value: 1e7, hint: null });
  });

  it("sends what does not parse as typed, so the server answers", () => {
    expect(coerceInput(mss, "abc")).toEqual({ value: "abc", hint: "not a number" });
    expect(coerceInput(mss, "").value).toBeNull();
  });

  it("passes selects and checkboxes through", () => {
    expect(coerceInput(ack, "quick").value).toBe("quick");
    expect(coerceInput(sack, false).value).toBe(false);
  });

  it("formats ranges and shows defaults when a value is missing", () => {
    expect(formatRange(mss)).toBe("between 64 and 65495");
    expect(formatRange({ min: 0, max: undefined })).toBe("at least 0");
    expect(rangeHint(p, 2)).toBe("must be between 0 and 1 (got 2)");
    expect(displayValue(mss, undefined)).toBe("1448");
    expect(displayValue(sack, undefined)).toBe(true);
    expect(displayValue(mss, null)).toBe("");
  });

  it("humanizes rates and large byte counts", () => {
    expect(humanize(rate, 1e7)).toBe("10 Mbit/s");
    // 0 is a special value: the catalogue says what it means, not this unit formatting
    expect(humanize(rate, 0)).toBeNull();
    expect(humanize({ unit: "bytes" }, 67108864)).toBe("64 MiB");
    expect(humanize({ unit: "bytes" }, 1448)).toBeNull();
  });

  it("keeps a set's names as a list, in the catalogue's order, and checks how many", () => {
    const set = fieldSpec(findParam(parseCatalogue(withDetectors(raw)), "flow", "tcp.spurious")!, { index: { flows: 0 } });
    expect(coerceInput(set, ["dsack", "frto"])).toEqual({ value: ["frto", "dsack"], hint: null });
    expect(coerceInput(set, ["eifel", "eifel"])).toEqual({ value: ["eifel"], hint: null });
    expect(coerceInput(set, [])).toEqual({ value: [], hint: null });
    expect(coerceInput(set, ["frto", "eifel", "dsack"])).toEqual({ value: ["frto", "eifel", "dsack"], hint: "choose at most 2 names (got 3)" });
    expect(coerceInput(set, ["frto", "rack"]).hint).toBe("not offered by the engine: rack");
    // never a number, whatever comes in
    expect(coerceInput(set, "3").value).toEqual(["3"]);
    expect(coerceInput(set, true).value).toEqual([]);
    expect(setMembers(set, "frto")).toEqual([]);
    expect(setMembers(set, ["x", "dsack", 4, "frto"])).toEqual(["frto", "dsack", "x"]);
    expect(setHint({ ...set, min: 1 }, [])).toBe("choose between 1 and 2 names (got 0)");
    expect(displayValue(set, ["dsack", "frto"])).toBe("frto, dsack");
    expect(displayValue(set, undefined)).toBe("");
  });

  it("says how many names a set takes", () => {
    expect(formatCount({ min: 0, max: 4 })).toBe("at most 4 names");
    expect(formatCount({ min: 1, max: 1 })).toBe("exactly 1 name");
    expect(formatCount({ min: 2, max: undefined })).toBe("at least 2 names");
    expect(formatCount({ min: 1, max: 3 })).toBe("between 1 and 3 names");
    expect(formatCount({ min: undefined, max: undefined })).toBeNull();
  });
});
