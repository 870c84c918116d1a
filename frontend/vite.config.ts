import { defineConfig } from "vite";

// JSX is compiled by esbuild (React 17+ automatic runtime); no React plugin needed.
export default defineConfig({
  esbuild: { jsx: "automatic" },
  server: { proxy: { "/api": process.env.REXMIT_API ?? "http://127.0.0.1:8000" } },
  build: {
    outDir: "dist",
    sourcemap: true,
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      // TanStack Query marks its modules "use client" (for React Server Components); meaningless in this SPA
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  // testTimeout: a harness limit, not a speed assertion (speed is measured by e2e/tests/e-perf.spec.ts):
  // jsdom renders of the run view take several seconds on a loaded two-core machine
  test: { environment: "jsdom", globals: true, include: ["src/**/*.test.ts", "src/**/*.test.tsx"], testTimeout: 30_000 },
});
