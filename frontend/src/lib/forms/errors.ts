/** Server validation errors -> the builder input they belong to.
 *
 * FastAPI reports a location such as ["body", "scenario", "flows", 0, "tcp", "mss"]
 * (a run), ["body", "variants", "TLP", "scenario", "flows", 0, "tcp", "mss"]
 * (a comparison variant) or ["body", "base", "scenario", ...]. Either way the
 * builder's inputs are named by the path inside the scenario, "flows.0.tcp.mss". */

export type Loc = (string | number)[];

export interface ApiFieldError {
  /** the path inside the scenario ("flows.0.tcp.mss"), or the request field ("replications") */
  path: string;
  message: string;
  /** the variant the error was reported for, if any */
  variant?: string;
}

/** Strip "body", "base", "variants.<name>" and "scenario" from a loc. */
export function normaliseLoc(loc: Loc): { path: string; variant?: string } {
  let parts = loc.slice();
  let variant: string | undefined;
  if (parts[0] === "body") parts = parts.slice(1);
  if (parts[0] === "base") parts = parts.slice(1);
  else if (parts[0] === "variants" && parts.length >= 2) {
    variant = String(parts[1]);
    parts = parts.slice(2);
  }
  if (parts[0] === "scenario") parts = parts.slice(1);
  return { path: parts.map(String).join("."), variant };
}

/** FastAPI's 422 body (or its detail) -> normalised field errors, first message per path. */
export function errorsFromDetail(body: unknown): ApiFieldError[] {
  const detail = body && typeof body === "object" && !Array.isArray(body) && "detail" in body ? (body as { detail: unknown }).detail : body;
  if (typeof detail === "string") return [{ path: "", message: detail }];
  if (!Array.isArray(detail)) return [];
  const seen = new Set<string>();
  const out: ApiFieldError[] = [];
  for (const e of detail) {
    if (!e || typeof e !== "object") continue;
    const { loc, msg } = e as { loc?: Loc; msg?: string };
    const { path, variant } = normaliseLoc(Array.isArray(loc) ? loc : []);
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: msg ?? "invalid", variant });
  }
  return out;
}

export interface Placement {
  /** input path -> message, for errors that have an input */
  placed: Record<string, string>;
  /** errors without an input on screen (shown in the form's error summary) */
  unplaced: ApiFieldError[];
}

/** Put each error next to its input: an exact match, else an alias (e.g. every
 * flow's "tcp.timer" belongs to the mechanism picker), else the summary. */
export function placeErrors(
  errors: ApiFieldError[],
  inputs: Iterable<string>,
  aliases: (path: string) => string | null = () => null,
): Placement {
  const known = new Set(inputs);
  const placed: Record<string, string> = {};
  const unplaced: ApiFieldError[] = [];
  for (const e of errors) {
    const target = known.has(e.path) ? e.path : aliases(e.path);
    if (target && known.has(target) && !(target in placed)) placed[target] = e.message;
    else unplaced.push(e);
  }
  return { placed, unplaced };
}

/** The flow an error path points into ("flows.3.tcp.mss" -> 3), so the builder can show that flow. */
export function flowOfPath(path: string): number | null {
  const m = /^flows\.(\d+)(\.|$)/.exec(path);
  return m ? Number(m[1]) : null;
}
