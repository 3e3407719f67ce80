// Reads many shoppers share (a community's deal list, its week and tiers) kept in the worker
// while the database stays exactly as it was when they were read. In the hour before a deadline
// hundreds of a community's shoppers ask for the same list between two orders; each of them
// made the same six queries and the same cards (a fifth of a signed-in /deals; decision 016).
import type Database from "better-sqlite3";
import { connectionOf, type Queryable } from "./client.server";

interface StampStatements {
  /** Changes when another connection (another worker, a script, the backup) has committed. */
  dataVersion: Database.Statement;
  /** Rows this connection has changed since it opened: its own writes, which data_version omits. */
  totalChanges: Database.Statement;
  /** Tells connections apart: a test process opens many. */
  connection: number;
  /** data_version as last read, and the read epoch it was read in. */
  version: number;
  versionEpoch: number;
}

const stampStatements = new WeakMap<Database.Database, StampStatements>();
let connectionsSeen = 0;

/**
 * data_version is a read transaction of its own, 2 µs on one machine and 6 µs on another
 * (decision record 016, session 19), and a signed-in page asked for it five or six times. It is
 * read once per epoch: an epoch ends when a request arrives (`newReadEpoch`, from the load
 * context every request gets) and at the end of the event loop's turn in which it was read. So
 * whatever another connection committed before a request arrived, that request's reads see;
 * a commit during the request may be seen or not, as if the request had read a moment earlier.
 */
let readEpoch = 0;
let epochEndQueued = false;

/** A request has arrived: the next stamp reads data_version afresh. */
export function newReadEpoch(): void {
  readEpoch += 1;
}

function endEpochAfterThisTurn() {
  if (epochEndQueued) return;
  epochEndQueued = true;
  setImmediate(() => {
    epochEndQueued = false;
    readEpoch += 1;
  });
}

/**
 * A text that changes whenever anything in the database may have changed, as this connection
 * sees it: this connection's own writes at once, another connection's from the next read epoch.
 * Null inside a transaction: its changes are not committed yet and may be rolled back without
 * the stamp moving back, so nothing read there may be kept.
 */
export function databaseStamp(db: Queryable): string | null {
  const sqlite = connectionOf(db);
  if (sqlite.inTransaction) return null;
  let statements = stampStatements.get(sqlite);
  if (!statements) {
    statements = {
      dataVersion: sqlite.prepare("PRAGMA data_version").pluck(),
      totalChanges: sqlite.prepare("SELECT total_changes()").pluck(),
      connection: ++connectionsSeen,
      version: 0,
      versionEpoch: -1,
    };
    stampStatements.set(sqlite, statements);
  }
  if (statements.versionEpoch !== readEpoch) {
    statements.version = statements.dataVersion.get() as number;
    statements.versionEpoch = readEpoch;
    endEpochAfterThisTurn();
  }
  return `${statements.connection}:${statements.version}:${statements.totalChanges.get()}`;
}

/**
 * A longer key is read and not kept: keys carry what a client sent (a search text, a slug), and
 * a few thousand long ones would make megabytes of keys.
 */
export const READ_CACHE_KEY_MAX = 1_024;

/**
 * Values read from the database, each under a key naming everything its read depended on,
 * handed back until the database changes; then all of them go at once. At most `limit` kept,
 * the least recently used out first (a search text is part of a list's key, and any client
 * can send a new one). A kept value is shared by every request that asks: it is frozen, and a
 * caller must copy before changing it.
 */
export class ReadCache<Value> {
  private stamp: string | null = null;
  private readonly entries = new Map<string, Value>();

  constructor(private readonly limit: number) {}

  read(db: Queryable, key: string, load: () => Value): Value {
    if (key.length > READ_CACHE_KEY_MAX || !this.current(db)) return load();
    const kept = this.take(key);
    return kept !== undefined ? kept : this.keep(key, deepFreeze(load()));
  }

  /**
   * Several values at once: the kept ones handed back, the others loaded together by
   * `loadMissing` (one batch of queries for any number of them) and kept. A key `loadMissing`
   * does not answer is neither kept nor in the answer.
   */
  readEach(db: Queryable, keys: readonly string[], loadMissing: (missing: string[]) => Map<string, Value>): Map<string, Value> {
    if (!this.current(db)) return loadMissing([...keys]);
    const found = new Map<string, Value>();
    const missing: string[] = [];
    for (const key of keys) {
      const kept = key.length > READ_CACHE_KEY_MAX ? undefined : this.take(key);
      if (kept !== undefined) found.set(key, kept);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    for (const [key, value] of loadMissing(missing)) found.set(key, key.length > READ_CACHE_KEY_MAX ? value : this.keep(key, deepFreeze(value)));
    return found;
  }

  /** Whether values may be kept now: empties the cache when the database has changed since. */
  private current(db: Queryable): boolean {
    const stamp = databaseStamp(db);
    if (stamp === null) return false;
    if (stamp !== this.stamp) {
      this.entries.clear();
      this.stamp = stamp;
    }
    return true;
  }

  /** A kept value, made the most recently used (a Map keeps insertion order: it goes last). */
  private take(key: string): Value | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  private keep(key: string, value: Value): Value {
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }
}

/** Freezes a value and every plain object and array inside it (Dates stay as they are). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value) || value instanceof Date) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
