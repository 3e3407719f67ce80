// Group commit: the write transactions that arrive in one turn of the event loop are committed
// together. A checkout's commit writes 16-19 pages to the WAL, and every commit empties the
// other worker's SQLite page cache (decision record 016, session 19): with two workers taking
// turns, nearly every transaction started cold. Writes queued in the same turn run one after
// another inside one IMMEDIATE transaction, each in a savepoint of its own, and are committed
// once; a page they share (the week's row, an index's leaf) goes to the WAL once, and the other
// worker reloads its cache once per batch instead of once per write.
//
// A batch takes at most WRITES_PER_BATCH_MAX writes, and the rest go in the next turn: a batch
// holds the database's write lock while it runs, and the other worker waits for it (blocked, in
// SQLite's busy handler), so a crowd of writes must not make one long transaction.
//
// Each write keeps its own outcome: one that throws is rolled back to its savepoint and rejects
// alone, the others still commit. None is answered before the commit, so a write that was
// answered is on disk. If the batch's transaction itself fails (the disk is full, the
// database is locked past busy_timeout), every write in it rejects with that error.
import type Database from "better-sqlite3";
import { connectionOf, type Queryable } from "./client.server";

interface QueuedWrite {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Batcher {
  queue: QueuedWrite[];
  /** One write in a savepoint of its own: better-sqlite3 nests a transaction function as a savepoint. */
  inSavepoint: Database.Transaction<(write: () => unknown) => unknown>;
  /** The batch: every queued write, then one COMMIT. */
  inTransaction: Database.Transaction<(writes: QueuedWrite[]) => Outcome[]>;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const batchers = new WeakMap<Database.Database, Batcher>();

/**
 * A whole checkout round (both requests) cost 1.1-2 ms of CPU in the bench (decision record
 * 016), and its transaction is only part of that: 64 hold the write lock for tens of ms at most.
 */
export const WRITES_PER_BATCH_MAX = 64;

function batcherOf(sqlite: Database.Database): Batcher {
  let batcher = batchers.get(sqlite);
  if (batcher) return batcher;
  const inSavepoint = sqlite.transaction((write: () => unknown) => write());
  const inTransaction = sqlite.transaction((writes: QueuedWrite[]) =>
    writes.map((queued): Outcome => {
      try {
        return { ok: true, value: inSavepoint(queued.write) };
      } catch (error) {
        // Some errors (SQLITE_FULL, an I/O error) roll back the whole transaction, not just the
        // savepoint: what came before in the batch is gone too, so the batch fails as one.
        if (!sqlite.inTransaction) throw error;
        return { ok: false, error };
      }
    }),
  );
  batcher = { queue: [], inSavepoint, inTransaction };
  batchers.set(sqlite, batcher);
  return batcher;
}

function flush(batcher: Batcher) {
  const writes = batcher.queue.splice(0, WRITES_PER_BATCH_MAX);
  // Those past the limit go in the next turn, after the reads waiting for this one.
  if (batcher.queue.length) setImmediate(flush, batcher);
  let outcomes: Outcome[];
  try {
    outcomes = batcher.inTransaction.immediate(writes);
  } catch (error) {
    for (const queued of writes) queued.reject(error);
    return;
  }
  writes.forEach((queued, i) => {
    const outcome = outcomes[i];
    if (outcome.ok) queued.resolve(outcome.value);
    else queued.reject(outcome.error);
  });
}

/**
 * Runs `write` (synchronous, on `db`) at the end of this turn of the event loop, committed with
 * the other writes queued in the turn: resolves with its value once committed, rejects with
 * what it threw (its changes undone, the others' kept). `write` may use `db.transaction(...)`
 * as usual: inside the batch it becomes a savepoint. Nothing in `write` may wait: it runs
 * inside the batch's transaction, which holds the database's write lock.
 */
export function writeInBatch<T>(db: Queryable, write: () => T): Promise<T> {
  const sqlite = connectionOf(db);
  const batcher = batcherOf(sqlite);
  return new Promise<T>((resolve, reject) => {
    if (batcher.queue.length === 0) setImmediate(flush, batcher);
    batcher.queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
  });
}
