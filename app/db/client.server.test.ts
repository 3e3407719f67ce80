import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, refreshPlannerStatistics, STATEMENT_CACHE_SIZE, WAL_SIZE_LIMIT_BYTES, type Db } from "./client.server";
import { communities } from "./schema";

// A real SQLite file with a table of its own (and the real schema for drizzle's typed queries).
let db: Db | undefined;
let dir: string | undefined;
function freshDb() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-statements-"));
  db = openDatabase(path.join(dir, "test.db"));
  db.$client.exec("CREATE TABLE kv (k TEXT PRIMARY KEY, v INTEGER NOT NULL)");
  return db;
}
afterEach(() => {
  db?.$client.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  db = dir = undefined;
});

describe("reused statements", () => {
  it("hands back the same statement for the same SQL text, and a new one for another", () => {
    const sqlite = freshDb().$client;
    const first = sqlite.prepare("SELECT v FROM kv WHERE k = ?");
    expect(sqlite.prepare("SELECT v FROM kv WHERE k = ?")).toBe(first);
    expect(sqlite.prepare("SELECT k FROM kv WHERE v = ?")).not.toBe(first);
  });

  it("gives objects to a plain query after drizzle used the same text for array rows", () => {
    const sqlite = freshDb().$client;
    sqlite.prepare("INSERT INTO kv (k, v) VALUES (?, ?)").run("a", 1);
    // raw() is how drizzle reads its typed selects; a later caller must not inherit it.
    expect(sqlite.prepare("SELECT k, v FROM kv").raw().all()).toEqual([["a", 1]]);
    expect(sqlite.prepare("SELECT k, v FROM kv").all()).toEqual([{ k: "a", v: 1 }]);
    expect(db!.all(sql`SELECT k, v FROM kv`)).toEqual([{ k: "a", v: 1 }]);
  });

  it("gives rows to a caller after another plucked or expanded the same text", () => {
    const sqlite = freshDb().$client;
    sqlite.prepare("INSERT INTO kv (k, v) VALUES (?, ?)").run("a", 1);
    expect(sqlite.prepare("SELECT k, v FROM kv").pluck().all()).toEqual(["a"]);
    expect(sqlite.prepare("SELECT k, v FROM kv").all()).toEqual([{ k: "a", v: 1 }]);
    expect(sqlite.prepare("SELECT k, v FROM kv").expand().get()).toEqual({ kv: { k: "a", v: 1 } });
    expect(sqlite.prepare("SELECT k, v FROM kv").get()).toEqual({ k: "a", v: 1 });
  });

  it("brings the WAL back under its limit once a checkpoint has reset it", () => {
    const sqlite = freshDb().$client;
    sqlite.exec("CREATE TABLE blobs (b BLOB)");
    const insert = sqlite.prepare("INSERT INTO blobs (b) VALUES (?)");
    // One transaction of 24 MB: the log holds all of it until the commit's checkpoint.
    sqlite.transaction(() => {
      for (let i = 0; i < 24; i++) insert.run(Buffer.alloc(1024 * 1024, i));
    })();
    const walFile = `${sqlite.name}-wal`;
    expect(fs.statSync(walFile).size).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    // The next write starts the log over and truncates it to the limit.
    insert.run(Buffer.alloc(10));
    expect(fs.statSync(walFile).size).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
  });

  it("keeps at most STATEMENT_CACHE_SIZE texts, dropping the least recently used", () => {
    const sqlite = freshDb().$client;
    const kept = sqlite.prepare("SELECT 0 AS n");
    const evicted = sqlite.prepare("SELECT -1 AS n");
    for (let i = 1; i < STATEMENT_CACHE_SIZE; i++) {
      sqlite.prepare(`SELECT ${i} AS n`);
      if (i % 100 === 0) sqlite.prepare("SELECT 0 AS n"); // used recently: stays
    }
    expect(sqlite.prepare("SELECT 0 AS n")).toBe(kept);
    expect(sqlite.prepare("SELECT -1 AS n")).not.toBe(evicted);
  });

  it("runs drizzle's typed queries on reused statements with the right rows", () => {
    const database = freshDb();
    migrateDatabase(database);
    const insert = "INSERT INTO communities (id, name) VALUES (?, ?)";
    database.$client.prepare(insert).run("c1", "One");
    database.$client.prepare(insert).run("c2", "Two");
    for (const [id, name] of [["c1", "One"], ["c2", "Two"], ["c1", "One"]]) {
      expect(database.select({ name: communities.name }).from(communities).where(eq(communities.id, id)).get()).toEqual({ name });
    }
  });
});

describe("refreshPlannerStatistics", () => {
  it("gives the planner statistics for an indexed table that had none, so it picks the narrow index", () => {
    const database = freshDb();
    const sqlite = database.$client;
    sqlite.exec("CREATE TABLE lines (id INTEGER PRIMARY KEY, status TEXT NOT NULL, owner INTEGER NOT NULL, item INTEGER NOT NULL)");
    sqlite.exec("CREATE INDEX lines_status ON lines (status)");
    sqlite.exec("CREATE INDEX lines_item_owner ON lines (item, owner)");
    const insert = sqlite.prepare("INSERT INTO lines (status, owner, item) VALUES (?, ?, ?)");
    sqlite.transaction(() => {
      for (let i = 0; i < 5000; i++) insert.run(i % 10 === 0 ? "OPEN" : "DONE", i % 500, i % 50);
    })();
    const plan = () => sqlite.prepare("EXPLAIN QUERY PLAN SELECT id FROM lines WHERE status = ? AND owner = ? AND item = ?").all("DONE", 3, 3).map((row) => (row as { detail: string }).detail).join(" ");
    expect(sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'").get()).toBeUndefined();
    refreshPlannerStatistics(database);
    expect(sqlite.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'lines_status'").get()).toEqual({ stat: "5000 2500" });
    expect(plan()).toContain("lines_item_owner");
    refreshPlannerStatistics(database);
  });

  it("leaves no sqlite_stat4 samples, also after a table that grew is analyzed again (they make statements compile again per value bound)", () => {
    const database = freshDb();
    const sqlite = database.$client;
    const stat4 = () => sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat4'").get();
    sqlite.exec("CREATE TABLE lines (id INTEGER PRIMARY KEY, owner INTEGER NOT NULL)");
    sqlite.exec("CREATE INDEX lines_owner ON lines (owner)");
    const insert = sqlite.prepare("INSERT INTO lines (owner) VALUES (?)");
    const add = (rows: number) => sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run(i % 50);
    })();
    add(100);
    // ANALYZE of this build writes samples: the thing refreshPlannerStatistics must not leave.
    sqlite.exec("ANALYZE");
    expect(stat4()).toBeDefined();
    refreshPlannerStatistics(database);
    expect(stat4()).toBeUndefined();
    expect(sqlite.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'lines_owner'").get()).toEqual({ stat: "100 2" });
    add(20_000);
    refreshPlannerStatistics(database);
    expect(sqlite.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'lines_owner'").get()).toEqual({ stat: "20100 402" });
    expect(stat4()).toBeUndefined();
  });
});
