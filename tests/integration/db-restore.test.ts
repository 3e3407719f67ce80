// `npm run db:restore` (scripts/db-restore.mjs, issue #48), run as the operator runs it, on real
// SQLite files: from a backup file or a Litestream replica, refusing while a server runs, keeping
// the database it replaces, refusing a copy that fails its checks.
import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { startBuiltServer } from "../support/built-server";

const RESTORE = path.resolve("scripts", "db-restore.mjs");
const BACKUP = path.resolve("scripts", "db-backup.mjs");
let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-restore-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(script: string, databasePath: string, args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], { env: { ...process.env, DATABASE_PATH: databasePath }, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A migrated database in a folder of its own, with `messages` contact messages. */
function market(name: string, messages: number): string {
  const file = path.join(dir, name, "shuk.db");
  const db = openDatabase(file);
  migrateDatabase(db);
  addMessages(db.$client, messages);
  db.$client.close();
  return file;
}

function addMessages(sqlite: Database.Database, n: number) {
  const insert = sqlite.prepare("insert into contact_messages (id, name, email, subject, message, created_at) values (?, 'a', 'a@example.com', ?, 'm', ?)");
  sqlite.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(crypto.randomUUID(), "restore", Date.now());
  })();
}

function count(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("select count(*) from contact_messages").pluck().get() as number;
  } finally {
    db.close();
  }
}

describe("npm run db:restore", () => {
  it("puts a backup in place of the database, keeping the one it replaces (with its WAL) under a dated name", () => {
    const file = market("from-file", 5);
    const backup = run(BACKUP, file, []);
    expect(backup.code, backup.stderr).toBe(0);
    const backupFile = /to (\S+) \(/.exec(backup.stdout)![1]!;
    // After the backup, more is written, and left in the WAL (a connection still open).
    const live = new Database(file);
    live.pragma("journal_mode = WAL");
    live.pragma("wal_autocheckpoint = 0");
    addMessages(live, 3);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    // The process "dies" with its WAL on disk: copy the files as a crash leaves them.
    const crashed = path.join(dir, "from-file", "crashed");
    fs.mkdirSync(crashed);
    for (const suffix of ["", "-wal"]) fs.copyFileSync(file + suffix, path.join(crashed, "shuk.db") + suffix);
    live.close();
    const database = path.join(crashed, "shuk.db");

    const restored = run(RESTORE, database, [backupFile]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored \S+ from \S+ \(\d+(\.\d)? (KiB|MiB), integrity ok\) in \d+\.\d s/);
    expect(count(database)).toBe(5);
    expect(fs.existsSync(`${database}-wal`)).toBe(false);
    expect(fs.existsSync(`${database}-shm`)).toBe(false);
    expect(fs.statSync(database).mode & 0o777).toBe(0o600);
    // The one it replaced, whole: its WAL went aside with it.
    const aside = fs.readdirSync(crashed).find((name) => /^shuk-before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db$/.test(name))!;
    expect(restored.stdout).toContain(`kept as ${path.join(crashed, aside)} (with its -wal)`);
    expect(count(path.join(crashed, aside))).toBe(8);
    // Nothing of the restore's own left behind.
    expect(fs.readdirSync(crashed).filter((name) => name.includes("restoring"))).toEqual([]);

    // The server opens it as its own: WAL again, migrations applied.
    const reopened = openDatabase(database);
    migrateDatabase(reopened);
    expect(reopened.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    reopened.$client.close();
  });

  it("restores the latest state of a Litestream replica (a folder or a file:// URL)", async () => {
    const file = market("from-replica", 4);
    const replica = path.join(dir, "from-replica", "replica");
    const config = path.join(dir, "from-replica", "litestream.yml");
    fs.writeFileSync(config, `dbs:\n  - path: ${JSON.stringify(file)}\n    replicas:\n      - path: ${JSON.stringify(replica)}\n`);
    const binary = path.resolve("node_modules", "@flydotio", `litestream-${process.platform}-${process.arch}`, "litestream");
    const litestream = spawn(binary, ["replicate", "-config", config, "-no-expand-env"], { stdio: "ignore" });
    try {
      const live = new Database(file);
      live.pragma("busy_timeout = 5000");
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      addMessages(live, 6);
      live.close();
      // Litestream syncs the replica every second.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    } finally {
      const exited = new Promise((resolve) => litestream.once("exit", resolve));
      litestream.kill("SIGKILL");
      await exited;
    }
    for (const source of [replica, `file://${replica}`]) {
      const database = path.join(dir, "from-replica", source.startsWith("file:") ? "b" : "a", "shuk.db");
      const restored = run(RESTORE, database, [source]);
      expect(restored.code, restored.stderr).toBe(0);
      expect(count(database)).toBe(10);
      // A fresh folder: nothing to keep aside, nothing left over.
      expect(restored.stdout).not.toContain("kept as");
      expect(fs.readdirSync(path.dirname(database)).sort()).toEqual(["shuk.db", "shuk.db.lock"]);
    }
  });

  it("refuses while a server runs on the database, and changes nothing", async () => {
    const server = await startBuiltServer({ BACKUP_INTERVAL_HOURS: "0" });
    try {
      const backup = run(BACKUP, server.databasePath, [path.join(server.dataDir, "copy.db")]);
      expect(backup.code).toBe(0);
      const before = fs.statSync(server.databasePath);
      const refused = run(RESTORE, server.databasePath, [path.join(server.dataDir, "copy.db")]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("a server is running on");
      expect(fs.statSync(server.databasePath).ino).toBe(before.ino);
      expect((await server.raw("/healthz")).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("refuses what is not a sound copy of this market's database, and leaves the database as it was", () => {
    const file = market("refusals", 2);
    const garbage = path.join(dir, "refusals", "garbage.db");
    fs.writeFileSync(garbage, "this is not SQLite ".repeat(300));
    const other = path.join(dir, "refusals", "other.db");
    const db = new Database(other);
    db.exec("create table notes (text)");
    db.close();
    for (const [args, message] of [
      [[garbage], "could not restore from"],
      [[other], "not this market's"],
      [[path.join(dir, "refusals", "missing.db")], "no such file"],
      [[], "name one backup file or one replica URL"],
      [[file], "the database itself"],
    ] as const) {
      const refused = run(RESTORE, file, [...args]);
      expect(refused.code, args.join(" ")).toBe(1);
      expect(refused.stderr).toContain(message);
    }
    expect(count(file)).toBe(2);
    expect(fs.readdirSync(path.join(dir, "refusals")).filter((name) => name.includes("restoring") || name.includes("before-restore"))).toEqual([]);
  });
});
