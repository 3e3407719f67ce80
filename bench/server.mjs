// The production server as a child process (`node <build>/start.js`, as tests/e2e/global-setup.ts
// starts it), its workers' pids and CPU time. Every child is tracked so run.mjs can stop them all,
// also on failure or Ctrl-C.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const children = new Set();

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function track(child, name) {
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const handle = { child, name, log: () => output };
  children.add(handle);
  child.once("exit", () => children.delete(handle));
  return handle;
}

async function waitFor(url, handle, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle.child.exitCode !== null) throw new Error(`${handle.name} exited (${handle.child.exitCode}):\n${handle.log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${handle.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${handle.log()}`);
}

/**
 * `node <buildDir>/start.js` in production mode on 127.0.0.1:<port>, with its own database;
 * `extraEnv` for a variant (the tools' GUEST_CACHE_TTL_MS=0, say); `nodeFlags` go to
 * the supervisor and, through cluster, to its workers (`--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startAppServer({ buildDir, databasePath, port, extraEnv = {}, nodeFlags = [] }) {
  const child = spawn(process.execPath, [...nodeFlags, path.join(buildDir, "start.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      SESSION_SECRET: "bench-session-secret",
      RATE_LIMIT_SCALE: "1000",
      INSECURE_COOKIES: "1",
      // seed-large.mjs uses the demo catalogue as its templates.
      DEMO_DATA: "1",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const handle = track(child, "app server");
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/healthz`, handle);
  return { ...handle, origin };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the child has exited. */
export function stopChild(handle, graceMs = 12_000) {
  const { child } = handle;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function stopAll() {
  await Promise.all([...children].map((handle) => stopChild(handle)));
}

/** For signal handlers: no waiting. */
export function killAllNow() {
  for (const { child } of children) {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/** User + system CPU time of a process so far, in ms (Linux /proc). */
export function processCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The pids of the supervisor's workers, first started first: its children with a worker slot in
 * their environment (the supervisor also runs backups and Litestream as children).
 */
export function workerPidsOf(handle) {
  const children = execFileSync("pgrep", ["-P", String(handle.child.pid)], { encoding: "utf8" }).trim().split("\n").map(Number);
  return children.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").some((entry) => entry.startsWith("SHUK_WORKER_SLOT="));
    } catch {
      return false; // gone already (a backup that finished)
    }
  });
}

/** The pid of the supervisor's (first) worker. */
export function workerPidOf(handle) {
  return workerPidsOf(handle)[0];
}

/** User + system CPU time of these processes together so far, in ms. */
export function processesCpuMs(pids) {
  return pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
}
