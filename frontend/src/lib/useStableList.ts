/** The same array object for as long as the items are the same (===, in order),
 * so that a list whose length may change can be a hook dependency: spreading
 * it into a deps array would change the array's size between renders. */
import { useRef } from "react";

export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function useStableList<T>(items: readonly T[]): readonly T[] {
  const ref = useRef(items);
  if (!sameItems(ref.current, items)) ref.current = items;
  return ref.current;
}
