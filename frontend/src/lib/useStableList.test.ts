import { describe, expect, it } from "vitest";
import { sameItems } from "./useStableList";

describe("sameItems (when useStableList keeps its array)", () => {
  it("compares items by identity, in order, and counts them", () => {
    const a = {};
    const b = {};
    expect(sameItems([a, b], [a, b])).toBe(true);
    expect(sameItems([a, b], [b, a])).toBe(false);
    expect(sameItems([a], [a, b])).toBe(false);
    expect(sameItems([a, {}], [a, {}])).toBe(false);
    expect(sameItems([null, null], [null, null])).toBe(true);
  });
});
