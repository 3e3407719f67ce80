// `npm start` (build/start.js): production unless told otherwise, and a supervisor that keeps
// the workers (server.ts, built to build/worker.js) alive. The supervisor itself serves nothing
// and loads no app code, so no request can reach it; a worker that dies is started again with
// a growing back-off, and the reason is logged. Exactly one worker runs the weekly clock and the
// housekeeping jobs; its replacement inherits that role.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { cookieSecurityNotice, publicAddressNotice } from "./start-notice";

// Every file the server makes (the database, its WAL, the outbox's mails, the deal pictures, the
// session secret) and every folder is its owner's alone; workers inherit the mask.
process.umask(0o077);

// Before anything loads React: NODE_ENV picks React's production build and Secure cookies.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";

// Beside this file in build/ (scripts/build-server.mjs); a name, so no bundler inlines it here.
const WORKER_ENTRY = "./worker.js";

if (cluster.isPrimary) {
  await supervise();
} else {
  await import(WORKER_ENTRY);
}

/** How many workers: WEB_CONCURRENCY, else one per core. */
function workerCount(): number {
  const asked = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(asked) && asked > 0) return Math.min(asked, os.availableParallelism() * 4);
  return os.availableParallelism();
}

async function supervise() {
  const count = workerCount();
  const port = Number(process.env.PORT ?? 3000);
  /** Restarts of each slot in a row without a calm minute between them, for the back-off. */
  const crashes = new Map<number, number>();
  let stopping = false;
  let started = false;

  function fork(slot: number): Worker {
    const startedAt = Date.now();
    const worker = cluster.fork({ SHUK_WORKER_SLOT: String(slot), SHUK_LEADER: slot === 0 ? "1" : "0" });
    worker.on("exit", (code, signal) => {
      // Before the first worker listens, a failure is a broken start (handled below), not a crash.
      if (stopping || !started) return;
      const calm = Date.now() - startedAt > 60_000;
      const inARow = calm ? 1 : (crashes.get(slot) ?? 0) + 1;
      crashes.set(slot, inARow);
      const delay = Math.min(30_000, 250 * 2 ** (inARow - 1));
      console.error(`worker ${slot} (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}); starting another in ${delay} ms`);
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, delay).unref();
    });
    return worker;
  }

  // The first worker migrates the database before the others open it.
  const first = fork(0);
  await new Promise<void>((resolve, reject) => {
    first.once("listening", () => resolve());
    first.once("exit", (code) => reject(new Error(`the first worker stopped before it listened (exit code ${code})`)));
  }).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
  started = true;
  for (let slot = 1; slot < count; slot++) fork(slot);
  console.log(`Shuk Kehilati is serving http://localhost:${port} (${count} worker${count === 1 ? "" : "s"}, NODE_ENV=${process.env.NODE_ENV})`);
  console.log(publicAddressNotice(process.env));
  const cookieNotice = cookieSecurityNotice(process.env);
  if (cookieNotice) console.warn(cookieNotice);

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing open requests, then stopping`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once("exit", () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker.process.kill(signal);
    }
    // The workers give their requests 10 s; never hang past that.
    setTimeout(() => process.exit(0), 12_000).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
