// `npm run db:backup [target-file]`: a consistent copy of the database at DATABASE_PATH (default
// data/shuk.db), taken while the server keeps running. Without a target it goes to
// backups/<name>-<UTC time>.db beside the database (data/backups/ here, /data/backups/ in the
// Docker image, so it lands on the volume). Prints where it wrote and the size; exits 1 on any
// failure. `--keep N` (the server's daily backup, server/backups.ts): after a good copy to
// backups/, only the newest N of the copies there are kept. Plain JavaScript with only better-sqlite3, so it runs in the image, which has no
// dev dependencies. Restoring is in the README: stop the server, copy the file over
// DATABASE_PATH, remove its -wal and -shm files, start.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";

// A backup holds every order, address and password hash: readable by its owner only.
process.umask(0o077);

const source = path.resolve(process.env.DATABASE_PATH ?? path.join("data", "shuk.db"));

function fail(message) {
  console.error(`db:backup: ${message}`);
  process.exit(1);
}

/** backups/<name>-2026-05-01T09-30-00Z.db beside the database; -2, -3... if that exists. */
function defaultTarget(now = new Date()) {
  const stamp = now.toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
  const base = path.join(path.dirname(source), "backups", `${path.basename(source, path.extname(source))}-${stamp}`);
  let candidate = `${base}.db`;
  for (let n = 2; fs.existsSync(candidate); n++) candidate = `${base}-${n}.db`;
  return candidate;
}

function formatSize(bytes) {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const args = process.argv.slice(2);
let keep = null;
if (args[0] === "--keep") {
  keep = Number(args[1]);
  if (!Number.isInteger(keep) || keep < 1) fail(`--keep wants a whole number of backups, 1 or more (got ${args[1] ?? "nothing"})`);
  args.splice(0, 2);
  if (args.length > 0) fail("--keep works on backups/ beside the database only; name no target with it");
}

/** The copies this script makes in backups/: <name>-<UTC time>[-n].db. */
function madeByUs(name) {
  const base = path.basename(source, path.extname(source)).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${base}-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ(-\\d+)?\\.db$`).test(name);
}

/** Deletes all but the newest `count` of our copies in `dir` (newest by time written). */
function keepNewest(dir, count) {
  const copies = fs
    .readdirSync(dir)
    .filter(madeByUs)
    .map((name) => ({ file: path.join(dir, name), at: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at || (a.file < b.file ? 1 : -1));
  const gone = copies.slice(count);
  for (const { file } of gone) fs.rmSync(file, { force: true });
  return gone.length;
}

const target = path.resolve(args[0] ?? defaultTarget());
// Opening a missing file would create an empty database where the real one should be.
if (!fs.existsSync(source)) fail(`no database at ${source} (set DATABASE_PATH)`);
if (target === source || target.startsWith(`${source}-`)) fail(`the target ${target} is the database itself`);
// A backup never replaces a file: the one there may be the only good copy.
if (fs.existsSync(target)) fail(`${target} already exists; name a new file`);

// Written under a temporary name and renamed at the end, so a failed run leaves no file that
// looks like a backup.
const partial = `${target}.partial`;
let db;
try {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(partial, { force: true });
  db = new Database(source, { fileMustExist: true });
  // The server may hold the write lock for a moment; wait instead of failing.
  db.pragma("busy_timeout = 5000");
  // SQLite restarts a backup that a write from another connection overtakes between two
  // steps, so a busy server could keep a page-by-page backup from ever finishing. All pages in
  // one step read one snapshot (WAL lets the server keep writing meanwhile).
  await db.backup(partial, { progress: () => 0x7fffffff });
  db.close();
  db = undefined;

  const copy = new Database(partial, { fileMustExist: true });
  try {
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`the copy failed its check: ${check}`);
    // One self-contained file: restoring it is a plain copy, and the server turns WAL back on.
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  fs.renameSync(partial, target);
} catch (error) {
  db?.close();
  fs.rmSync(partial, { force: true });
  fail(`could not back up ${source}: ${error instanceof Error ? error.message : String(error)}`);
}

console.log(`Backed up ${source} to ${target} (${formatSize(fs.statSync(target).size)})`);
if (keep !== null) {
  const removed = keepNewest(path.dirname(target), keep);
  if (removed > 0) console.log(`Removed ${removed} older backup${removed === 1 ? "" : "s"}, keeping the newest ${keep}`);
}
