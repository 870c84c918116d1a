import { defineConfig } from "@playwright/test";
import path from "node:path";
import { ARTIFACTS, RESULTS } from "./env";

/** The stack is started once by global-setup.ts; tests run one at a time so the
 * two-core machine's CPU goes to the API and its Celery worker. */
export default defineConfig({
  testDir: "tests",
  globalSetup: path.join(__dirname, "global-setup.ts"),
  outputDir: RESULTS,
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [["list"], ["json", { outputFile: path.join(ARTIFACTS, "report.json") }]],
  use: {
    browserName: "chromium",
    // E2E_BASE_URL is set by the global setup, which runs before the workers load this file
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    viewport: { width: 1400, height: 900 },
    screenshot: "only-on-failure",
    trace: "off",
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
