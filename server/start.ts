// `npm start` (build/start.js): production unless told otherwise, and a supervisor that keeps
// the workers (server.ts, built to build/worker.js) alive. The supervisor itself serves nothing
// and loads no app code, so no request can reach it; a worker that dies is started again with
// a growing back-off, and the reason is logged. Exactly one worker runs the weekly clock and the
// housekeeping jobs; its replacement inherits that role. The supervisor itself holds the
// database's lock (one server per database; `npm run db:restore` waits for none), and runs the
// scheduled backups and, with REPLICA_URL, Litestream (issue #48, docs/decisions/019).
import Database from "better-sqlite3";
import cluster, { type Worker } from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cookieSecurityNotice, publicAddressNotice } from "./start-notice";
import { scheduleBackups, type ScheduledBackups } from "./backups";
import { replicaUrlOf, startReplication, type Replication } from "./litestream";
import { backupPlan } from "../app/domain/backups";

// Every file the server makes (the database, its WAL, the outbox's mails, the deal pictures, the
// session secret) and every folder is its owner's alone; workers inherit the mask.
process.umask(0o077);

// Before anything loads React: NODE_ENV picks React's production build and Secure cookies.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";

// Beside this file in build/ (scripts/build-server.mjs); a name, so no bundler inlines it here.
const WORKER_ENTRY = "./worker.js";
/** `npm run db:backup`'s script, which the scheduled backups run too: scripts/ beside build/. */
const BACKUP_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "scripts", "db-backup.mjs");
/** The database, as the workers find it (app/db/client.server.ts defaultDatabasePath). */
const DATABASE_PATH = path.resolve(process.env.DATABASE_PATH ?? path.join("data", "shuk.db"));
/** Locked while a server runs (holdServerLock), so `npm run db:restore` refuses to swap the database under it. */
const SERVER_LOCK_FILE = `${DATABASE_PATH}.lock`;

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
  const serverLock = holdServerLock();
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

  // Nothing lost when the machine dies (issue #48): a replica when one is configured, local
  // backups otherwise (or as well, when asked). Both run here, in the one process that outlives
  // every worker, once the first worker has migrated the database.
  const replica = replicaUrlOf(process.env);
  const replication: Replication | null = replica ? startReplication({ databasePath: DATABASE_PATH, replica }) : null;
  const { plan, problems } = backupPlan(process.env);
  for (const problem of problems) console.warn(problem);
  const backups: ScheduledBackups | null = plan ? scheduleBackups({ plan, databasePath: DATABASE_PATH, script: BACKUP_SCRIPT }) : null;
  if (plan) console.log(`Backing up the database every ${plan.intervalMs / 3_600_000} hours to ${path.join(path.dirname(DATABASE_PATH), "backups")}, keeping the newest ${plan.keep}`);
  else if (!replica) console.warn("No replica (REPLICA_URL) and no scheduled backups (BACKUP_INTERVAL_HOURS=0): a lost disk loses the market's data.");

  /** Once the workers are gone: Litestream sends the last of the WAL, then the supervisor exits. */
  async function exit() {
    backups?.stop();
    await replication?.stop();
    serverLock.close();
    process.exit(0);
  }

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing open requests, then stopping`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    let left = workers.length;
    if (left === 0) void exit();
    for (const worker of workers) {
      worker.once("exit", () => {
        left -= 1;
        if (left === 0) void exit();
      });
      worker.process.kill(signal);
    }
    // The workers give their requests 10 s, Litestream its last sync; never hang past that.
    setTimeout(() => process.exit(0), 24_000).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Holds an exclusive lock on a small SQLite file beside the database for as long as the
 * supervisor lives; the kernel lets go of it when the process ends, however it ends (SIGKILL, a
 * power cut). A second server on the same database is refused, and `npm run db:restore` tries the
 * same lock to know that no server is running (and holds it while it swaps the files).
 */
function holdServerLock() {
  fs.mkdirSync(path.dirname(SERVER_LOCK_FILE), { recursive: true });
  const lock = new Database(SERVER_LOCK_FILE);
  try {
    lock.pragma("busy_timeout = 0");
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch {
    lock.close();
    console.error(`Another server, or a restore (npm run db:restore), is using ${DATABASE_PATH} (it holds ${SERVER_LOCK_FILE}); stop it first.`);
    process.exit(1);
  }
  // Kept open (and so locked) until the process ends.
  return lock;
}
