/** What the config, the global setup and the tests share. */
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..");
/** Debian's Chromium (apt-get install chromium); never a downloaded browser build. */
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
export const MISSING_CHROMIUM =
  `missing machine feature: chromium (${CHROMIUM} not found; install Debian's package: apt-get install chromium)`;
/** Screenshots the tests take on purpose; failure screenshots go to RESULTS. */
export const ARTIFACTS = path.join(ROOT, "artifacts", "e2e");
export const RESULTS = path.join(ARTIFACTS, "results");
