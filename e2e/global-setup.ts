/** Starts the real stack (scripts/lab.py: migrations, a Celery worker and the API
 * serving the built frontend) on a free port with a temporary REXMIT_DATA_DIR,
 * waits until it is healthy, and returns the teardown that stops it.
 *
 * Database and broker: see stack.py (E2E_DATABASE_URL / E2E_REDIS_URL, else the
 * machine's PostgreSQL and Redis db 13 when they answer, else embedded ones). */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ARTIFACTS, HAVE_CHROMIUM, MISSING_CHROMIUM, ROOT } from "./env";

const PYTHON = process.env.PYTHON ?? path.join(ROOT, ".venv", "bin", "python");
const STARTUP_TIMEOUT_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function stackPy(...args: string[]): string {
  const r = spawnSync(PYTHON, [path.join(__dirname, "stack.py"), ...args], { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`e2e: stack.py ${args[0]} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

async function waitHealthy(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`e2e: scripts/lab.py exited (${child.exitCode ?? child.signalCode}) before it was healthy; see ${logFile}`);
    }
    try {
      const r = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      const body = (await r.json()) as { status: string; workers: string[] };
      last = JSON.stringify(body);
      if (r.ok && body.status === "ok" && body.workers.length > 0) return;
    } catch (e) {
      last = String(e);
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`e2e: the lab was not healthy within ${STARTUP_TIMEOUT_MS / 1000} s (last: ${last}); see ${logFile}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((res) => child.once("exit", () => res()));
  child.kill("SIGTERM"); // lab.py stops its worker, the API and any embedded servers
  const timeout = new Promise<"timeout">((res) => setTimeout(() => res("timeout"), 45_000));
  if ((await Promise.race([exited, timeout])) === "timeout") {
    try {
      process.kill(-child.pid, "SIGKILL"); // the whole process group lab.py leads
    } catch {
      /* already gone */
    }
  }
}

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.rmSync(path.join(ARTIFACTS, "perf.json"), { force: true });
  if (!HAVE_CHROMIUM) {
    console.log(`\ne2e: SKIPPED, ${MISSING_CHROMIUM}\n`);
    return;
  }
  const dist = process.env.FRONTEND_DIST ?? path.join(ROOT, "frontend", "dist");
  if (!fs.existsSync(path.join(dist, "index.html"))) {
    throw new Error(`e2e: no built frontend in ${dist}: run \`make frontend\` first`);
  }
  if (!fs.existsSync(PYTHON)) throw new Error(`e2e: no ${PYTHON}: run \`make services\` first`);

  const services = JSON.parse(stackPy("prepare")) as { env: Record<string, string>; cleanup: Record<string, string> };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rexmit-e2e-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // only what stack.py chose: otherwise lab.py starts embedded servers
  delete env.REDIS_URL;
  Object.assign(env, services.env, {
    REXMIT_DATA_DIR: dataDir,
    FRONTEND_DIST: dist,
    RATE_LIMIT_WRITES_PER_MINUTE: "100000",
    API_TOKEN: "",
    PYTHONUNBUFFERED: "1",
  });
  const logFile = path.join(ARTIFACTS, "lab.log");
  const log = fs.openSync(logFile, "w");
  const t0 = Date.now();
  const child = spawn(PYTHON, [path.join(ROOT, "scripts", "lab.py"), "--host", "127.0.0.1", "--port", String(port), "--workers", "2"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", log, log],
    detached: true, // its own process group, so a stuck stack can be ended as a whole
  });
  fs.closeSync(log);

  const teardown = async () => {
    await stop(child);
    try {
      stackPy("cleanup", JSON.stringify(services.cleanup));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    await waitHealthy(url, child, logFile);
    const index = await (await fetch(`${url}/`)).text();
    if (!index.includes('id="root"')) throw new Error(`e2e: ${url}/ does not serve the built frontend (FRONTEND_DIST=${dist})`);
  } catch (e) {
    await teardown();
    throw e;
  }
  const where = [services.env.DATABASE_URL ? "machine PostgreSQL (fresh database)" : "embedded PostgreSQL",
                 services.env.REDIS_URL ? `Redis ${services.env.REDIS_URL}` : "embedded Redis"].join(", ");
  console.log(`e2e: stack up at ${url} in ${((Date.now() - t0) / 1000).toFixed(1)} s (${where}; log ${logFile})`);
  process.env.E2E_BASE_URL = url;
  return teardown;
}
