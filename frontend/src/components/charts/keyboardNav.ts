/** Keyboard navigation over a chart's events (pure): which event a key moves
 * to from the current one.  `order` lists the navigable events' indices in
 * time order; `keyOrder` the subset that ↑/↓ jump between. */

export const NAV_KEYS = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End", "PageDown", "PageUp"] as const;
export type NavKey = (typeof NAV_KEYS)[number];
/** How many events PageUp/PageDown move. */
export const PAGE = 10;

export function isNavKey(key: string): key is NavKey {
  return (NAV_KEYS as readonly string[]).includes(key);
}

/** The first index of `order` whose value is > i (order.length when none). */
function after(order: readonly number[], i: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (order[m] <= i) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/** The event `key` moves to from `current` (null: nothing selected yet), or
 * undefined when it does not move (at an end, or nothing to move to). */
export function navTarget(order: readonly number[], keyOrder: readonly number[], current: number | null, key: NavKey): number | undefined {
  if (!order.length) return undefined;
  const last = order[order.length - 1];
  switch (key) {
    case "Home":
      return order[0];
    case "End":
      return last;
    case "ArrowRight":
      return current === null ? order[0] : order[after(order, current)];
    case "ArrowLeft": {
      if (current === null) return last;
      const k = after(order, current - 1) - 1; // the last index < current
      return k >= 0 ? order[k] : undefined;
    }
    case "ArrowDown":
      return current === null ? keyOrder[0] : keyOrder[after(keyOrder, current)];
    case "ArrowUp": {
      if (current === null) return keyOrder[keyOrder.length - 1];
      const k = after(keyOrder, current - 1) - 1;
      return k >= 0 ? keyOrder[k] : undefined;
    }
    case "PageDown": {
      if (current === null) return order[Math.min(order.length - 1, PAGE - 1)];
      return order[Math.min(order.length - 1, after(order, current) - 1 + PAGE)];
    }
    case "PageUp": {
      if (current === null) return order[0];
      return order[Math.max(0, after(order, current - 1) - PAGE)];
    }
  }
}
