import { absoluteTime, relativeTime } from "./time";

const NOW = Date.parse("2026-08-21T12:00:00Z");
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();

describe("relativeTime", () => {
  it("says 'just now' for the last seconds and for a clock ahead of ours", () => {
    expect(relativeTime(ago(3), NOW)).toBe("just now");
    expect(relativeTime(ago(-120), NOW)).toBe("just now");
  });

  it("takes the largest whole unit", () => {
    expect(relativeTime(ago(42), NOW)).toBe("42 sec. ago");
    expect(relativeTime(ago(3 * 60 + 59), NOW)).toBe("3 min. ago");
    expect(relativeTime(ago(2 * 3600 + 5), NOW)).toBe("2 hr. ago");
    expect(relativeTime(ago(26 * 3600), NOW)).toBe("yesterday");
    expect(relativeTime(ago(15 * 24 * 3600), NOW)).toBe("2 wk. ago");
  });

  it("is empty for text that is not a date", () => {
    expect(relativeTime("not a date", NOW)).toBe("");
  });
});

describe("absoluteTime", () => {
  it("prints local date and time to the second", () => {
    const d = new Date(2026, 7, 21, 9, 3, 7);
    expect(absoluteTime(d.toISOString())).toBe("2026-08-21 09:03:07");
  });

  it("keeps text that is not a date", () => {
    expect(absoluteTime("soon")).toBe("soon");
  });
});
