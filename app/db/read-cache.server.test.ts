import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type Db } from "./client.server";
import { databaseStamp, deepFreeze, newReadEpoch, READ_CACHE_KEY_MAX, ReadCache } from "./read-cache.server";

const opened: { db: Db; dir: string }[] = [];
function freshFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-read-cache-"));
  const file = path.join(dir, "test.db");
  const db = openDatabase(file);
  migrateDatabase(db);
  opened.push({ db, dir });
  return { db, file };
}
afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A fresh database and a second connection to its file, as another worker holds; closed after `use`. */
async function withAnotherWorker(use: (db: Db, otherWorker: Db) => void | Promise<void>) {
  const { db, file } = freshFile();
  const otherWorker = openDatabase(file);
  try {
    await use(db, otherWorker);
  } finally {
    otherWorker.$client.close();
  }
}

const insert = "INSERT INTO communities (id, name, pickup_day, pickup_time, pickup_address) VALUES (?, ?, 5, '10:00', 'Main St')";
const names = (db: Db) => db.$client.prepare("SELECT name FROM communities ORDER BY name").pluck().all() as string[];

/** A cache of the communities' names, counting its reads of the database. */
function namesCache(limit = 10) {
  const cache = new ReadCache<string[]>(limit);
  let reads = 0;
  return {
    read: (db: Db, key = "all") =>
      cache.read(db, key, () => {
        reads += 1;
        return names(db);
      }),
    reads: () => reads,
  };
}

describe("ReadCache", () => {
  it("hands back what it read until this connection writes", () => {
    const { db } = freshFile();
    const cache = namesCache();
    db.$client.prepare(insert).run("c1", "One");
    expect(cache.read(db)).toEqual(["One"]);
    expect(cache.read(db)).toEqual(["One"]);
    expect(cache.reads()).toBe(1);

    db.$client.prepare(insert).run("c2", "Two");
    expect(cache.read(db)).toEqual(["One", "Two"]);
    expect(cache.reads()).toBe(2);
  });

  it("reads again for the next request once another connection (another worker) has committed", () =>
    withAnotherWorker((db, otherWorker) => {
      const cache = namesCache();
      newReadEpoch();
      expect(cache.read(db)).toEqual([]);
      otherWorker.$client.prepare(insert).run("c1", "One");
      // The same request, in the same turn: as if it had read a moment before the commit.
      expect(cache.read(db)).toEqual([]);
      newReadEpoch();
      expect(cache.read(db)).toEqual(["One"]);
      expect(cache.reads()).toBe(2);
    }));

  it("sees another connection's commit after the turn it read in, with no request arriving", () =>
    withAnotherWorker(async (db, otherWorker) => {
      const cache = namesCache();
      newReadEpoch();
      expect(cache.read(db)).toEqual([]);
      otherWorker.$client.prepare(insert).run("c1", "One");
      await new Promise((resolve) => setImmediate(resolve));
      expect(cache.read(db)).toEqual(["One"]);
    }));

  it("moves its stamp with this connection's writes at once, with another's from the next epoch", () =>
    withAnotherWorker((db, otherWorker) => {
      newReadEpoch();
      const first = databaseStamp(db);
      otherWorker.$client.prepare(insert).run("c1", "One");
      expect(databaseStamp(db)).toBe(first);
      db.$client.prepare(insert).run("c2", "Two");
      const afterOwnWrite = databaseStamp(db);
      expect(afterOwnWrite).not.toBe(first);
      newReadEpoch();
      expect(databaseStamp(db)).not.toBe(afterOwnWrite);
    }));

  it("keeps nothing read inside a transaction, which may still roll back", () => {
    const { db } = freshFile();
    const cache = namesCache();
    expect(() =>
      db.transaction(() => {
        db.$client.prepare(insert).run("c1", "Rolled back");
        expect(cache.read(db)).toEqual(["Rolled back"]);
        expect(databaseStamp(db)).toBeNull();
        throw new Error("roll back");
      }),
    ).toThrow("roll back");
    expect(cache.read(db)).toEqual([]);
    expect(cache.reads()).toBe(2);
  });

  it("keeps each connection's reads apart", () => {
    const one = freshFile().db;
    const other = freshFile().db;
    one.$client.prepare(insert).run("c1", "One");
    other.$client.prepare(insert).run("c1", "Other");
    const cache = namesCache();
    expect(cache.read(one)).toEqual(["One"]);
    expect(cache.read(other)).toEqual(["Other"]);
    expect(cache.read(one)).toEqual(["One"]);
    expect(cache.reads()).toBe(3);
  });

  it("keeps at most its limit of keys, the least recently used out first", () => {
    const { db } = freshFile();
    const cache = namesCache(2);
    cache.read(db, "a");
    cache.read(db, "b");
    cache.read(db, "a");
    cache.read(db, "c"); // b goes
    expect(cache.reads()).toBe(3);
    cache.read(db, "a");
    expect(cache.reads()).toBe(3);
    cache.read(db, "b");
    expect(cache.reads()).toBe(4);
  });

  it("reads in one batch only the keys it does not keep, and keeps what the batch found", () => {
    const { db } = freshFile();
    db.$client.prepare(insert).run("c1", "One");
    db.$client.prepare(insert).run("c2", "Two");
    const cache = new ReadCache<string>(10);
    const batches: string[][] = [];
    const nameOf = db.$client.prepare("SELECT name FROM communities WHERE id = ?").pluck();
    const readEach = (ids: string[]) =>
      cache.readEach(db, ids, (missing) => {
        batches.push(missing);
        return new Map(missing.flatMap((id) => (nameOf.get(id) === undefined ? [] : [[id, nameOf.get(id) as string] as const])));
      });
    expect([...readEach(["c1", "nope"])]).toEqual([["c1", "One"]]);
    expect([...readEach(["c2", "c1", "nope"])]).toEqual([["c1", "One"], ["c2", "Two"]]);
    // What was found is kept; what was not is asked again, and only that.
    expect(batches).toEqual([["c1", "nope"], ["c2", "nope"]]);
    expect(readEach(["c1", "c2"]).size).toBe(2);
    expect(batches).toHaveLength(2);
    // A write empties it: the next batch asks for everything again.
    db.$client.prepare("UPDATE communities SET name = 'Uno' WHERE id = 'c1'").run();
    expect(readEach(["c1", "c2"]).get("c1")).toBe("Uno");
    expect(batches.at(-1)).toEqual(["c1", "c2"]);
  });

  it("reads a key longer than READ_CACHE_KEY_MAX every time and keeps it out, pushing nothing out", () => {
    const { db } = freshFile();
    const cache = namesCache(1);
    cache.read(db, "short");
    const long = "q".repeat(READ_CACHE_KEY_MAX + 1);
    cache.read(db, long);
    cache.read(db, long);
    expect(cache.reads()).toBe(3);
    cache.read(db, "short");
    expect(cache.reads()).toBe(3);
  });

  it("freezes what it keeps, so no request can change another's copy", () => {
    const { db } = freshFile();
    db.$client.prepare(insert).run("c1", "One");
    const cache = new ReadCache<{ list: { name: string }[]; at: Date }>(10);
    const kept = cache.read(db, "k", () => ({ list: names(db).map((name) => ({ name })), at: new Date(0) }));
    expect(Object.isFrozen(kept) && Object.isFrozen(kept.list) && Object.isFrozen(kept.list[0])).toBe(true);
    expect(() => kept.list.push({ name: "Two" })).toThrow(TypeError);
    expect(Object.isFrozen(kept.at)).toBe(false);
  });
});

describe("deepFreeze", () => {
  it("leaves values that are not objects as they are", () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBeNull();
  });
});
