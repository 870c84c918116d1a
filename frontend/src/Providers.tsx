/** What every page needs around it: the query cache and the router. Tests
 * wrap what they render in the same providers, each with a fresh cache. */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./lib/queries";

export function Providers(props: { children: React.ReactNode; client?: QueryClient }) {
  const [client] = useState(() => props.client ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>{props.children}</BrowserRouter>
    </QueryClientProvider>
  );
}
