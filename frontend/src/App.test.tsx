import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "./App";
import { createQueryClient } from "./lib/queries";

async function at(path: string): Promise<HTMLElement> {
  const el = document.createElement("div");
  document.body.appendChild(el);
  await act(async () => {
    createRoot(el).render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return el;
}

describe("routes", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("an address with no page says so, and links back to Explore", async () => {
    const el = await at("/no/such/page");
    const nf = el.querySelector('[data-testid="not-found"]');
    expect(nf).not.toBeNull();
    expect(nf!.textContent).toContain("/no/such/page");
    expect([...nf!.querySelectorAll("a")].some((a) => a.getAttribute("href") === "/")).toBe(true);
  });

  it("the root is Explore, not the 404 page", async () => {
    const el = await at("/");
    expect(el.querySelector('[data-testid="not-found"]')).toBeNull();
  });
});
