import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";

export type Db = BetterSQLite3Database & { $client: Database.Database };
/** The handle inside `db.transaction(...)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either: for reads that run alone or inside a caller's transaction. */
export type Queryable = Db | Tx;

/** The better-sqlite3 connection under a drizzle database or transaction handle. */
export function connectionOf(db: Queryable): Database.Database {
  // A transaction handle is a new object each time, on the same connection: drizzle keeps the
  // connection as session.client, on a database and a transaction handle alike.
  return (db as unknown as { session: { client: Database.Database } }).session.client;
}

/** The database handle of each connection openDatabase made. */
const handles = new WeakMap<Database.Database, Db>();

/**
 * The database handle (never a transaction's) on the connection under `db`. Work that runs after
 * a transaction has ended must not use that transaction's handle: its `transaction()` is a
 * SAVEPOINT, which outside a transaction opens a deferred one, and when its body throws (a busy
 * database), drizzle rolls back to the savepoint and leaves that transaction open, so every later
 * write on the connection failed with SQLITE_BUSY_SNAPSHOT (seen in session 33's browser tests).
 */
export function databaseOf(db: Queryable): Db {
  const connection = connectionOf(db);
  let handle = handles.get(connection);
  if (!handle) {
    handle = drizzle({ client: connection }) as Db;
    handles.set(connection, handle);
  }
  return handle;
}

/** Where the SQL migrations live: `drizzle/` beside package.json (also in the Docker image). */
export const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_PATH ?? "drizzle");

/** Opens (creating if needed) a SQLite file with the settings every connection here uses. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets pages read while a checkout writes; busy_timeout makes a second writer wait
  // instead of failing at once; NORMAL is durable across app crashes in WAL mode.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // What is deleted is overwritten with zeros, not left readable in the file, its WAL and every
  // backup made after (a deleted account, /privacy). Costs a little more writing on deletes.
  sqlite.pragma("secure_delete = ON");
  // SQLite checkpoints the WAL by itself (every 1,000 pages, in the committing connection) but
  // never shrinks the file: under load it grew past 40 MB and stayed so. Past this size the log
  // is truncated when a checkpoint resets it.
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  // With a replica, Litestream (issue #48, decision record 019) keeps a read transaction open
  // and checkpoints the WAL itself. The automatic checkpoints stay on (PASSIVE: they never wait,
  // and cannot reset the WAL past Litestream's read), so the WAL stays bounded even if Litestream
  // dies; what the app must not do under it is wal_checkpoint(TRUNCATE) (account deletion asks
  // for PASSIVE then), which would hold every writer off while it waits for Litestream's read.
  reuseStatements(sqlite);
  // Without the schema: it serves only drizzle's relational queries (`db.query.*`), which the app
  // does not use, and with it every transaction built a query helper per table (1.7 % of a
  // checkout round in a profile; decision record 016, session 21).
  const db = drizzle({ client: sqlite }) as Db;
  handles.set(sqlite, db);
  return db;
}

/** The size the WAL file is brought back to after a checkpoint resets it. */
export const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

/** Prepared statements kept per connection; more distinct SQL texts than this, the oldest go. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * drizzle prepares every query again each time it runs it (better-sqlite3's prepare() parses
 * and plans the SQL). The SQL text of a query shape is always the same, so the connection keeps
 * the statement of each text (least recently used out) and hands it back. drizzle switches a
 * statement to array rows (`raw()`) for its typed selects but not for its `sql` queries, and a
 * caller may pluck or expand: a statement comes back with every mode off, as prepare() gives it.
 */
function reuseStatements(sqlite: Database.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (statement) {
      statements.delete(source);
      // Each mode is its own switch: raw(false) leaves pluck() or expand() on.
      if (statement.reader) statement.raw(false).pluck(false).expand(false);
    } else {
      statement = prepare(source);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    }
    statements.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * Applies the pending migrations. Foreign keys are off while they run, as SQLite's guide to
 * changing a table's schema asks: a migration that rebuilds a parent table (create the new
 * table, copy, drop the old one) would otherwise cascade the drop into every child row. The
 * pragma cannot change inside drizzle's transaction, hence here; the check after proves no
 * migration left a dangling reference (the server refuses to start if one did).
 */
export function migrateDatabase(db: Db) {
  const sqlite = db.$client;
  sqlite.pragma("foreign_keys = OFF");
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const dangling = sqlite.pragma("foreign_key_check") as unknown[];
    if (dangling.length > 0) throw new Error(`migrations left ${dangling.length} rows pointing nowhere: ${JSON.stringify(dangling.slice(0, 5))}`);
  } finally {
    sqlite.pragma("foreign_keys = ON");
  }
}

/**
 * SQLite's query planner picks indexes from the statistics ANALYZE keeps (sqlite_stat1); with
 * none, it guessed `orders (status, created_at)` for "this user's fulfilled orders of this deal"
 * and read 40,000 rows where `(deal_id, user_id)` reads one: 112 ms against 0.05 ms per deal
 * page on the bench's data set (decision record 016). As SQLite advises for long-lived
 * connections, `PRAGMA optimize` at open and then now and again (the hourly housekeeping); it
 * analyzes only the tables that have no statistics yet or grew a lot since (a few hundred ms on
 * a large database the first time, nothing when they are fresh).
 *
 * Without sqlite_stat4. better-sqlite3 builds SQLite with STAT4, whose samples of an index's
 * values make a statement comparing a sampled column with a parameter compile itself again
 * every time a value is bound to it (the value might change the plan): the header's two counts
 * took 8-12 µs a run with the samples and 1.3-2.9 µs without, same plan (decision record 016,
 * session 20). ANALYZE writes the samples afresh, so they are dropped in its transaction. That
 * runs on a connection of its own: a connection keeps the samples it once loaded until it
 * reads the schema again, which every other connection does at its next transaction once the
 * schema has changed; this one reads it at once, before it compiles anything more. (A statement
 * compiled while samples were loaded keeps compiling itself again even after they are gone:
 * getDb refreshes before the app prepares any.)
 */
export function refreshPlannerStatistics(db: Db) {
  const sqlite = db.$client;
  // An in-memory database has no second connection; it keeps what it loaded, samples or not.
  const analyzer = sqlite.memory ? sqlite : new Database(sqlite.name);
  try {
    analyzer.pragma("busy_timeout = 5000");
    analyzer
      .transaction(() => {
        // 0x10002: ANALYZE where needed, checking every table (this connection has used none).
        analyzer.pragma("optimize=0x10002");
        analyzer.exec("DROP TABLE IF EXISTS sqlite_stat4");
      })
      .immediate();
  } finally {
    if (analyzer !== sqlite) analyzer.close();
  }
  // A read transaction notices the changed schema and loads it again, without samples.
  sqlite.prepare("SELECT count(*) FROM sqlite_schema").pluck().get();
}

export function defaultDatabasePath() {
  return process.env.DATABASE_PATH ?? path.join("data", "shuk.db");
}

let shared: Db | undefined;

/** The process-wide connection, opened and migrated on first use. */
export function getDb(): Db {
  if (!shared) {
    shared = openDatabase(defaultDatabasePath());
    ownerOnly(defaultDatabasePath());
    migrateDatabase(shared);
    refreshPlannerStatistics(shared);
  }
  return shared;
}

/**
 * A database made before the server set its file mask (server/start.ts) may be readable by
 * anyone on the machine: its files are brought to the owner alone.
 */
function ownerOnly(file: string) {
  if (file === ":memory:") return;
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(part, 0o600);
    } catch {
      // not there (yet), or not ours to change: SQLite made it under the server's mask
    }
  }
}

export function closeDb() {
  shared?.$client.close();
  shared = undefined;
}
