/** Dotted paths into a nested scenario ("flows.0.tcp.mss"), immutable updates,
 * and the API's override selectors ("flows[*].tcp.timer", "flows[0:40].app.segments",
 * "path.*.delay_ms") applied on the client, so a fork or a preview shows the
 * scenario the server would run. */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: unknown };

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** "flows.0.tcp.mss" -> ["flows", 0, "tcp", "mss"] (all-digit segments become indices). */
export function splitPath(path: string): (string | number)[] {
  if (path === "") return [];
  return path.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

export function getPath(obj: unknown, path: string | (string | number)[]): unknown {
  const parts = typeof path === "string" ? splitPath(path) : path;
  let cur: unknown = obj;
  for (const p of parts) {
    if (Array.isArray(cur) && typeof p === "number") cur = cur[p];
    else if (isObject(cur)) cur = cur[String(p)];
    else return undefined;
  }
  return cur;
}

/** A copy of obj with the value at path replaced; missing containers are
 * created (an array when the next segment is an index). */
export function setPath<T>(obj: T, path: string | (string | number)[], value: unknown): T {
  const parts = typeof path === "string" ? splitPath(path) : path;
  if (parts.length === 0) return value as T;
  const [head, ...rest] = parts;
  const nextDefault = typeof rest[0] === "number" ? [] : {};
  if (Array.isArray(obj) && typeof head === "number") {
    const copy = obj.slice();
    copy[head] = setPath(copy[head] ?? nextDefault, rest, value);
    return copy as T;
  }
  const base: JsonObject = isObject(obj) ? { ...obj } : {};
  base[String(head)] = setPath(base[String(head)] ?? nextDefault, rest, value);
  return base as T;
}

/** A copy of obj without the value at path (array items are spliced out). */
export function deletePath<T>(obj: T, path: string | (string | number)[]): T {
  const parts = typeof path === "string" ? splitPath(path) : path;
  if (parts.length === 0) return obj;
  const [head, ...rest] = parts;
  if (Array.isArray(obj) && typeof head === "number") {
    const copy = obj.slice();
    if (rest.length === 0) copy.splice(head, 1);
    else copy[head] = deletePath(copy[head], rest);
    return copy as T;
  }
  if (!isObject(obj)) return obj;
  const copy: JsonObject = { ...obj };
  if (rest.length === 0) delete copy[String(head)];
  else copy[String(head)] = deletePath(copy[String(head)], rest);
  return copy as T;
}

/** One segment of an override selector. */
type Selector =
  | { kind: "key"; key: string }
  | { kind: "all"; key: string } // flows[*]
  | { kind: "slice"; key: string; from: number; to: number | null } // flows[0:40]
  | { kind: "index"; key: string; index: number } // flows[3]
  | { kind: "wild" }; // path.*

export function parseSelector(path: string): Selector[] {
  return path.split(".").map((seg): Selector => {
    if (seg === "*") return { kind: "wild" };
    const m = /^([^[\]]+)\[([^\]]*)\]$/.exec(seg);
    if (!m) {
      if (/^\d+$/.test(seg)) return { kind: "index", key: "", index: Number(seg) };
      return { kind: "key", key: seg };
    }
    const [, key, inner] = m;
    if (inner === "*" || inner === "") return { kind: "all", key };
    const sl = /^(-?\d*):(-?\d*)$/.exec(inner);
    if (sl) return { kind: "slice", key, from: sl[1] === "" ? 0 : Number(sl[1]), to: sl[2] === "" ? null : Number(sl[2]) };
    if (/^-?\d+$/.test(inner)) return { kind: "index", key, index: Number(inner) };
    throw new Error(`unsupported selector "${seg}" in ${path}`);
  });
}

function indicesOf(len: number, sel: Selector): number[] {
  const norm = (i: number) => (i < 0 ? Math.max(0, len + i) : Math.min(i, len));
  if (sel.kind === "all") return Array.from({ length: len }, (_, i) => i);
  if (sel.kind === "slice") {
    const a = norm(sel.from);
    const b = sel.to === null ? len : norm(sel.to);
    return Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);
  }
  if (sel.kind === "index") {
    const i = sel.index < 0 ? len + sel.index : sel.index;
    return i >= 0 && i < len ? [i] : [];
  }
  return [];
}

function applyAt(node: unknown, sels: Selector[], value: unknown): unknown {
  if (sels.length === 0) return value;
  const [s, ...rest] = sels;
  if (s.kind === "wild") {
    if (Array.isArray(node)) return node.map((x) => applyAt(x, rest, value));
    if (isObject(node)) {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(node)) out[k] = applyAt(v, rest, value);
      return out;
    }
    return node;
  }
  if (s.kind === "key") {
    const base: JsonObject = isObject(node) ? { ...node } : {};
    base[s.key] = applyAt(base[s.key], rest, value);
    return base;
  }
  // list selectors: "key[...]" or a bare index segment
  const container = s.key === "" ? node : isObject(node) ? node[s.key] : undefined;
  const list = Array.isArray(container) ? container.slice() : [];
  for (const i of indicesOf(list.length, s)) list[i] = applyAt(list[i], rest, value);
  if (s.key === "") return list;
  return { ...(isObject(node) ? node : {}), [s.key]: list };
}

/** Apply {"flows[*].tcp.timer": "tlp", "path.*.delay_ms": 40, ...} in order. */
export function applyOverrides<T>(scenario: T, overrides: Record<string, unknown> | undefined | null): T {
  let out: unknown = scenario;
  for (const [path, value] of Object.entries(overrides ?? {})) out = applyAt(out, parseSelector(path), value);
  return out as T;
}

/** Every leaf path of a nested value, e.g. for checking which inputs exist. */
export function leafPaths(obj: unknown, prefix = ""): string[] {
  if (Array.isArray(obj)) return obj.flatMap((v, i) => leafPaths(v, prefix ? `${prefix}.${i}` : String(i)));
  if (isObject(obj)) return Object.entries(obj).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
  return prefix ? [prefix] : [];
}
