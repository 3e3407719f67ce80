// `npm run db:backup` (scripts/db-backup.mjs), run as the operator runs it: a separate process
// against a database that another process keeps writing to.
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type Db } from "~/db/client.server";

const SCRIPT = path.resolve("scripts", "db-backup.mjs");
let dir = "";

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-backup-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runBackup(databasePath: string, target?: string, flags: string[] = []): { done: Promise<Run> } {
  const child = spawn(process.execPath, [SCRIPT, ...flags, ...(target ? [target] : [])], {
    env: { ...process.env, DATABASE_PATH: databasePath },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return { done: new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr }))) };
}

function newDatabase(name: string): { db: Db; file: string } {
  const file = path.join(dir, name);
  const db = openDatabase(file);
  migrateDatabase(db);
  return { db, file };
}

let sequence = 0;
/** One contact message numbered by `subject`, so a snapshot can be checked for gaps. */
function writeMessage(db: Db) {
  sequence += 1;
  // A plain statement: drizzle's query building would make the 20,000 rows below take seconds.
  db.$client
    .prepare("insert into contact_messages (id, name, email, subject, message, created_at) values (?, ?, ?, ?, ?, ?)")
    .run(crypto.randomUUID(), "בדיקה", "load@example.com", String(sequence), `הודעה ${sequence} `.repeat(20), Date.now());
}

const tablesOf = (db: Database.Database) =>
  db.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];

describe("npm run db:backup", () => {
  it("copies a database that is being written to: a sound file holding every row up to one moment", async () => {
    sequence = 0;
    const { db, file } = newDatabase("busy.db");
    // Big enough (several MB) that SQLite copies many pages while the writes go on.
    db.transaction(() => {
      for (let i = 0; i < 20_000; i++) writeMessage(db);
    });
    const before = sequence;
    const target = path.join(dir, "busy-copy.db");

    const backup = runBackup(file, target);
    let finished = false;
    void backup.done.then(() => (finished = true));
    let writesDuring = 0;
    // One row per turn of the event loop, each its own transaction, until the backup is done.
    while (!finished) {
      writeMessage(db);
      writesDuring += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const run = await backup.done;
    const after = sequence;
    db.$client.close();

    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`to ${target} (`);
    expect(run.stdout).toMatch(/\(\d+(\.\d)? (KiB|MiB)\)/);
    expect(writesDuring).toBeGreaterThan(0);

    const copy = new Database(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      // A single self-contained file: no WAL to carry along.
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
      const source = new Database(file, { readonly: true });
      expect(tablesOf(copy)).toEqual(tablesOf(source));
      source.close();
      expect(tablesOf(copy)).toContain("__drizzle_migrations");
      const rows = copy.prepare("select count(*) as n, min(cast(subject as integer)) as first, max(cast(subject as integer)) as last from contact_messages").get() as { n: number; first: number; last: number };
      // Every row written before some moment, none after it, and no gaps.
      expect(rows.first).toBe(1);
      expect(rows.n).toBe(rows.last);
      // ...and that moment fell inside the loop: rows written before it and after it.
      expect(rows.n).toBeGreaterThan(before);
      expect(rows.n).toBeLessThan(after);
    } finally {
      copy.close();
    }
    expect(fs.existsSync(`${target}.partial`)).toBe(false);
  });

  it("writes to a timestamped file under backups/ beside the database when no target is given", async () => {
    const { db, file } = newDatabase("shuk.db");
    writeMessage(db);
    db.$client.close();
    const first = await runBackup(file).done;
    const second = await runBackup(file).done;
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    const made = fs.readdirSync(path.join(dir, "backups"));
    expect(made).toHaveLength(2);
    // Readable by the owner only: a backup holds every address and password hash.
    expect(fs.statSync(path.join(dir, "backups")).mode & 0o777).toBe(0o700);
    for (const name of made) expect(fs.statSync(path.join(dir, "backups", name)).mode & 0o777).toBe(0o600);
    for (const name of made) expect(name).toMatch(/^shuk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?\.db$/);
    // Two runs in one second: the second gets its own name, never the first one's file.
    const written = [first, second].map((run) => /to (\S+) \(/.exec(run.stdout)?.[1]);
    expect(written.sort()).toEqual(made.map((name) => path.join(dir, "backups", name)).sort());

    // Restoring (README): with the server stopped, copy the file over DATABASE_PATH, drop
    // -wal/-shm, start. The server opens and migrates it as its own.
    const restored = path.join(dir, "restored.db");
    fs.copyFileSync(written[0]!, restored);
    const reopened = openDatabase(restored);
    migrateDatabase(reopened);
    expect(reopened.$client.prepare("select subject from contact_messages").pluck().all()).toEqual([String(sequence)]);
    expect(reopened.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    reopened.$client.close();
  });

  it("--keep N keeps only the newest N of its own copies in backups/ (the server's scheduled backup)", async () => {
    const home = fs.mkdtempSync(path.join(dir, "keep-"));
    const { db, file } = newDatabase(path.relative(dir, path.join(home, "market.db")));
    writeMessage(db);
    db.$client.close();
    const backups = path.join(home, "backups");
    fs.mkdirSync(backups);
    // Three older copies of ours (oldest first), and two files that are not ours.
    const old = ["market-2026-01-01T00-00-00Z.db", "market-2026-01-02T00-00-00Z.db", "market-2026-01-02T00-00-00Z-2.db"];
    old.forEach((name, i) => {
      fs.writeFileSync(path.join(backups, name), "old");
      const at = new Date(Date.UTC(2026, 0, 1 + i));
      fs.utimesSync(path.join(backups, name), at, at);
    });
    fs.writeFileSync(path.join(backups, "before-the-move.db"), "kept by hand");
    fs.writeFileSync(path.join(backups, "shuk-2026-01-01T00-00-00Z.db"), "another database's");

    const run = await runBackup(file, undefined, ["--keep", "2"]).done;
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Removed 2 older backups, keeping the newest 2");
    const left = fs.readdirSync(backups).sort();
    expect(left).toContain("market-2026-01-02T00-00-00Z-2.db");
    expect(left).toContain("before-the-move.db");
    expect(left).toContain("shuk-2026-01-01T00-00-00Z.db");
    expect(left.filter((name) => name.startsWith("market-"))).toHaveLength(2);

    for (const bad of [["--keep", "0"], ["--keep", "many"], ["--keep"]]) {
      const refused = await runBackup(file, undefined, bad).done;
      expect(refused.code, bad.join(" ")).toBe(1);
      expect(refused.stderr).toContain("--keep wants a whole number");
    }
    const withTarget = await runBackup(file, path.join(home, "elsewhere.db"), ["--keep", "2"]).done;
    expect(withTarget.code).toBe(1);
    expect(fs.existsSync(path.join(home, "elsewhere.db"))).toBe(false);
  });

  it("fails with a message and exit code 1, writing nothing, when it cannot make a good copy", async () => {
    const missing = path.join(dir, "missing.db");
    const noDatabase = await runBackup(missing, path.join(dir, "never.db")).done;
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toContain("no database at");
    // It must not create an empty database where the real one was expected.
    expect(fs.existsSync(missing)).toBe(false);
    expect(fs.existsSync(path.join(dir, "never.db"))).toBe(false);

    const { db, file } = newDatabase("kept.db");
    db.$client.close();
    const existing = path.join(dir, "existing.db");
    fs.writeFileSync(existing, "an older backup");
    const overwrite = await runBackup(file, existing).done;
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain("already exists");
    expect(fs.readFileSync(existing, "utf8")).toBe("an older backup");

    const ontoItself = await runBackup(file, file).done;
    expect(ontoItself.code).toBe(1);
    expect(ontoItself.stderr).toContain("the database itself");

    const notADatabase = path.join(dir, "garbage.db");
    fs.writeFileSync(notADatabase, "this is not SQLite ".repeat(100));
    const garbage = await runBackup(notADatabase, path.join(dir, "garbage-copy.db")).done;
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toContain("could not back up");
    expect(fs.existsSync(path.join(dir, "garbage-copy.db"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "garbage-copy.db.partial"))).toBe(false);
  });
});
