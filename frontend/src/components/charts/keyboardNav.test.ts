import { isNavKey, navTarget, PAGE } from "./keyboardNav";

describe("navTarget", () => {
  const order = [0, 2, 5, 7, 9];
  const keyOrder = [5, 9];
  it("steps to the next and previous drawn event", () => {
    expect(navTarget(order, keyOrder, null, "ArrowRight")).toBe(0);
    expect(navTarget(order, keyOrder, 2, "ArrowRight")).toBe(5);
    // from an event that is not drawn (selected in the log): the next drawn one
    expect(navTarget(order, keyOrder, 3, "ArrowRight")).toBe(5);
    expect(navTarget(order, keyOrder, 9, "ArrowRight")).toBeUndefined();
    expect(navTarget(order, keyOrder, null, "ArrowLeft")).toBe(9);
    expect(navTarget(order, keyOrder, 5, "ArrowLeft")).toBe(2);
    expect(navTarget(order, keyOrder, 6, "ArrowLeft")).toBe(5);
    expect(navTarget(order, keyOrder, 0, "ArrowLeft")).toBeUndefined();
  });
  it("jumps between the key events with up and down", () => {
    expect(navTarget(order, keyOrder, null, "ArrowDown")).toBe(5);
    expect(navTarget(order, keyOrder, 2, "ArrowDown")).toBe(5);
    expect(navTarget(order, keyOrder, 5, "ArrowDown")).toBe(9);
    expect(navTarget(order, keyOrder, 9, "ArrowDown")).toBeUndefined();
    expect(navTarget(order, keyOrder, 9, "ArrowUp")).toBe(5);
    expect(navTarget(order, keyOrder, 5, "ArrowUp")).toBeUndefined();
  });
  it("goes to either end with Home and End, and pages by ten", () => {
    expect(navTarget(order, keyOrder, 5, "Home")).toBe(0);
    expect(navTarget(order, keyOrder, 5, "End")).toBe(9);
    const long = Array.from({ length: 30 }, (_, k) => 2 * k);
    expect(navTarget(long, [], 4, "PageDown")).toBe(4 + 2 * PAGE);
    expect(navTarget(long, [], 4, "PageUp")).toBe(0);
    expect(navTarget(long, [], 50, "PageUp")).toBe(50 - 2 * PAGE);
    expect(navTarget(long, [], 58, "PageDown")).toBe(58);
  });
  it("does nothing without drawn events, and knows its keys", () => {
    expect(navTarget([], [], null, "ArrowRight")).toBeUndefined();
    expect(isNavKey("Home")).toBe(true);
    expect(isNavKey("Enter")).toBe(false);
  });
});
