/** The generated client (src/client, never edited by hand), pointed at this
 * origin, and the one place an API error becomes text. Charts never fetch:
 * routes and containers fetch through lib/queries.ts and pass data down. */
import { client } from "../client/client.gen";

client.setConfig({ baseUrl: typeof window !== "undefined" ? window.location.origin : "" });

export * from "../client/sdk.gen";
export type * from "../client/types.gen";

/** An API call that did not return data: the text to show, and the HTTP status if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The text of an API error: FastAPI's string detail, its field errors as
 * "scenario.flows.0.tcp.mss: must be ...", an exception's message, else the fallback. */
export function apiError(error: unknown, fallback: string): string {
  if (error instanceof Error) return error.message || fallback;
  const d = (error as { detail?: unknown } | null | undefined)?.detail;
  if (typeof d === "string") return d;
  if (!Array.isArray(d) || !d.length) return fallback;
  return d
    .map((e: { loc?: unknown[]; msg?: string }) => {
      const loc = (e?.loc ?? []).filter((x) => x !== "body").join(".");
      return loc ? `${loc}: ${e?.msg ?? "invalid"}` : (e?.msg ?? "invalid");
    })
    .join("; ");
}

/** The data of a generated-client call, or an ApiError carrying apiError()'s text. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response?: Response }>, fallback: string): Promise<T> {
  const r = await call;
  if (r.error !== undefined || r.data === undefined) throw new ApiError(apiError(r.error, fallback), r.response?.status);
  return r.data;
}
