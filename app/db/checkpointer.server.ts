// Copying the write-ahead log into the database file, away from the requests. SQLite does it by
// itself in the connection whose commit takes the log past 1,000 pages, inside that commit's
// call: in the checkout mix one commit in about a hundred stopped its worker for 15 ms
// (a third of what a checkout's commits cost all told) while every request on that worker
// waited. Here a thread of the leader's, with a connection of its own, checkpoints every
// CHECKPOINT_INTERVAL_MS instead; the workers only fall back to doing it themselves past
// FALLBACK_AUTOCHECKPOINT_PAGES, should the thread ever stop (decision record 016, session 21).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export const CHECKPOINT_INTERVAL_MS = 200;
/**
 * The server's connections checkpoint themselves only past this many pages in the log (40 MB):
 * never while the thread keeps up, and still a bound on the log's size if it does not.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

// The thread's code, a plain CommonJS script: the app is bundled, and a thread needs a file or
// a text of its own. It is given better-sqlite3's resolved path, so it loads the same driver
// from wherever the app runs.
const THREAD_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
// A failure that repeats (a full disk) is reported once, not five times a second.
let lastError = "";
const checkpoint = () => {
  try {
    // PASSIVE: copies what no reader still needs and never waits for readers or writers.
    db.pragma("wal_checkpoint(PASSIVE)");
    lastError = "";
  } catch (error) {
    const message = String(error && error.message || error);
    if (message !== lastError) parentPort.postMessage({ error: message });
    lastError = message;
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the thread after one last checkpoint; resolves once it has closed its connection. */
  stop(): Promise<void>;
}

/** Starts the checkpointing thread for the database file `file` (not for ":memory:"). */
export function startCheckpointer(file: string, options: { intervalMs?: number } = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(THREAD_CODE, { eval: true, workerData: { file, driver, intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS } });
  // The thread never keeps the process alive: a stopping server closes its own connection,
  // and the last connection to close checkpoints whatever is left.
  worker.unref();
  worker.on("message", (message: { error?: string }) => {
    if (message.error) console.error(`WAL checkpoint failed: ${message.error}`);
  });
  worker.on("error", (error) => console.error("The WAL checkpoint thread stopped; the workers checkpoint for themselves from now on.", error));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    stop() {
      worker.postMessage("stop");
      return exited;
    },
  };
}
