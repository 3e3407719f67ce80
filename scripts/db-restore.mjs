// `npm run db:restore <backup file | replica URL>` (issue #48): puts a backup or the latest state
// of a Litestream replica in place of the database at DATABASE_PATH (default data/shuk.db).
//
// - Refuses while a server runs on that database: the server holds an exclusive lock on
//   <database>.lock for as long as it lives (server/start.ts); this script takes the same lock,
//   and holds it until the swap is done, so no server can start half-way either.
// - Restores to a temporary file beside the database first: `litestream restore` for a replica
//   (s3://, sftp://, gcs://, abs://, file://, or a replica's folder), SQLite's backup API for a
//   file (which reads a consistent copy, its -wal included, if it has one).
// - Checks the copy in full (integrity_check) and that it is this market's database.
// - Keeps the current database aside as <name>-before-restore-<UTC time>.db (with its -wal, so
//   nothing it held is lost), drops the -shm and Litestream's working folder, then renames the
//   restored file into place. The next start applies any newer migrations.
//
// Plain JavaScript with only better-sqlite3 (and the Litestream binary for a replica), so it runs
// in the Docker image, which has no dev dependencies. Exits 1 with a message on any failure,
// leaving the current database as it was.
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// The restored database holds every order, address and password hash: readable by its owner only.
process.umask(0o077);

const database = path.resolve(process.env.DATABASE_PATH ?? path.join("data", "shuk.db"));
const started = Date.now();

function fail(message) {
  console.error(`db:restore: ${message}`);
  process.exit(1);
}

const source = process.argv[2];
if (!source || process.argv.length > 3) fail("name one backup file or one replica URL: npm run db:restore <backups/shuk-....db | s3://bucket/path | /path/to/replica>");

const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
let replica = null;
if (isUrl) replica = source;
else if (fs.existsSync(source) && fs.statSync(source).isDirectory()) replica = `file://${path.resolve(source)}`;
else if (!fs.existsSync(source)) fail(`${source}: no such file`);
if (!isUrl && path.resolve(source) === database) fail(`${source} is the database itself`);

// The server's lock: taken at once or not at all.
fs.mkdirSync(path.dirname(database), { recursive: true });
const lock = new Database(`${database}.lock`);
try {
  lock.pragma("busy_timeout = 0");
  lock.pragma("locking_mode = EXCLUSIVE");
  lock.exec("BEGIN EXCLUSIVE");
} catch {
  lock.close();
  fail(`a server is running on ${database} (it holds ${database}.lock): stop it first, then restore`);
}

function formatSize(bytes) {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The Litestream binary: LITESTREAM_PATH, else the one @flydotio/litestream installed here. */
function litestreamBinary() {
  if (process.env.LITESTREAM_PATH?.trim()) return process.env.LITESTREAM_PATH.trim();
  try {
    return createRequire(import.meta.url).resolve(`@flydotio/litestream-${process.platform}-${process.arch}/litestream`);
  } catch {
    return null;
  }
}

const stamp = new Date().toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
const restoring = `${database}.restoring`;
const removeRestoring = () => {
  // litestream restore works in <output>.tmp and leaves its -wal and -shm behind.
  for (const suffix of ["", "-wal", "-shm", "-journal", ".tmp", ".tmp-wal", ".tmp-shm"]) fs.rmSync(restoring + suffix, { force: true });
};

try {
  removeRestoring();
  if (replica) {
    const binary = litestreamBinary();
    if (!binary) throw new Error(`no Litestream binary for ${process.platform}-${process.arch} (install @flydotio/litestream or set LITESTREAM_PATH)`);
    const run = spawnSync(binary, ["restore", "-o", restoring, replica], { encoding: "utf8", env: process.env });
    if (run.error) throw new Error(`litestream could not run: ${run.error.message}`);
    if (run.status !== 0 || !fs.existsSync(restoring)) throw new Error(`litestream restore failed (exit code ${run.status}): ${(run.stderr || run.stdout).trim()}`);
  } else {
    const from = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await from.backup(restoring, { progress: () => 0x7fffffff });
    } finally {
      from.close();
    }
  }

  const copy = new Database(restoring, { fileMustExist: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`the restored copy failed its integrity check: ${check}`);
    const ours = copy.prepare("select count(*) from sqlite_master where type = 'table' and name in ('__drizzle_migrations', 'orders', 'users')").pluck().get();
    if (ours !== 3) throw new Error("it is a SQLite database, but not this market's (no orders, users or migrations tables)");
    // One self-contained file; the server turns WAL back on when it opens it.
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
} catch (error) {
  removeRestoring();
  lock.close();
  fail(`could not restore from ${source}: ${error instanceof Error ? error.message : String(error)}`);
}

// The swap. The current database, with its WAL, goes aside under a dated name.
const base = path.join(path.dirname(database), `${path.basename(database, path.extname(database))}-before-restore-${stamp}`);
let aside = null;
if (fs.existsSync(database)) {
  aside = `${base}.db`;
  for (let n = 2; fs.existsSync(aside); n++) aside = `${base}-${n}.db`;
  fs.renameSync(database, aside);
  if (fs.existsSync(`${database}-wal`)) fs.renameSync(`${database}-wal`, `${aside}-wal`);
}
// A -shm or -wal left beside the new file would be read as its own.
fs.rmSync(`${database}-wal`, { force: true });
fs.rmSync(`${database}-shm`, { force: true });
// Litestream's working folder tracks the old file's WAL: it starts afresh on the restored one.
fs.rmSync(path.join(path.dirname(database), `.${path.basename(database)}-litestream`), { recursive: true, force: true });
fs.renameSync(restoring, database);
removeRestoring();
lock.close();

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Restored ${database} from ${source} (${formatSize(fs.statSync(database).size)}, integrity ok) in ${seconds} s`);
if (aside) console.log(`The database it replaced is kept as ${aside}${fs.existsSync(`${aside}-wal`) ? " (with its -wal)" : ""}`);
console.log("Start the server: it applies any newer migrations.");
