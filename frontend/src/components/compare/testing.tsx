/** Helpers for the component tests: render into jsdom with act() inside the
 * app's providers (a fresh query cache each time, the router on jsdom's
 * history), and a fetch stub. */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Providers } from "../../Providers";
import { createQueryClient } from "../../lib/queries";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  root: Root;
  unmount: () => void;
}

/** The node inside the app's providers, with a query cache of its own (no retries, so errors show at once). */
export function withProviders(node: ReactNode, client = testQueryClient()): ReactNode {
  return <Providers client={client}>{node}</Providers>;
}

function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

export async function render(node: ReactNode): Promise<Rendered> {
  const container = document.createElement("div");
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(withProviders(node)));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Render a hook in a probe component inside the providers; `result.current`
 * is its latest value, `rerender()` renders it again (same providers, same cache). */
function Probe<T>(props: { hook: () => T; result: { current: T } }) {
  props.result.current = props.hook();
  return null;
}

export async function renderHook<T>(hook: () => T): Promise<{ result: { current: T }; rerender: () => Promise<void>; unmount: () => void }> {
  const result = { current: undefined as T };
  const container = document.createElement("div");
  const root = createRoot(container);
  const client = testQueryClient();
  await act(async () => root.render(withProviders(<Probe hook={hook} result={result} />, client)));
  return {
    result,
    rerender: async () => {
      await act(async () => root.render(withProviders(<Probe hook={hook} result={result} />, client)));
    },
    unmount: () => act(() => root.unmount()),
  };
}

/** Let pending promises (stubbed fetches) and their state updates settle. */
export async function flush(times = 5) {
  for (let i = 0; i < times; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export type Route = (req: Request) => Response | Promise<Response> | undefined;

/** A fetch that answers from the routes, else 404; records requests. */
export function stubFetch(route: Route) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(String(input));
    const text = req.method === "GET" ? "" : await req.clone().text();
    calls.push({ method: req.method, url: req.url, body: text ? JSON.parse(text) : undefined });
    return (await route(req)) ?? json({ detail: "not found" }, 404);
  });
  vi.stubGlobal("fetch", fn);
  return calls;
}

/** Type into a React-controlled input or pick in a select. */
export function setValue(el: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/** Save what an export button downloads: returns a function that parses the last download as an SVG document. */
export function captureDownloads(): () => Promise<Document> {
  const saved: Blob[] = [];
  const url = URL as unknown as { createObjectURL: (b: Blob) => string; revokeObjectURL: (u: string) => void };
  url.createObjectURL = (b: Blob) => {
    saved.push(b);
    return "blob:x";
  };
  url.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  return async () =>
    new Promise<Document>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(new DOMParser().parseFromString(String(r.result), "image/svg+xml"));
      r.readAsText(saved[saved.length - 1]);
    });
}

/** A part of an exported figure (title, legend, caption, chart), by its data-export-part. */
export const exportPart = (doc: Document, name: string) => doc.querySelector(`[data-export-part="${name}"]`);

/** The texts of an SVG element's <text> nodes, in order. */
export const svgTexts = (el: Element | null) => [...(el?.querySelectorAll("text") ?? [])].map((t) => t.textContent ?? "");
