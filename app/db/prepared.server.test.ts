import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type Db } from "./client.server";
import { preparedQuery } from "./prepared.server";
import { communities } from "./schema";

const opened: { db: Db; dir: string }[] = [];
function freshDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-prepared-"));
  const db = openDatabase(path.join(dir, "test.db"));
  migrateDatabase(db);
  opened.push({ db, dir });
  return db;
}
afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const insert = "INSERT INTO communities (id, name) VALUES (?, ?)";

describe("preparedQuery", () => {
  it("builds once per connection, also when called with a transaction, and reads what the transaction wrote", () => {
    let builds = 0;
    const nameOf = preparedQuery((db) => {
      builds += 1;
      return db.select({ name: communities.name }).from(communities).where(eq(communities.id, sql.placeholder("id"))).prepare();
    });
    const one = freshDb();
    const other = freshDb();
    one.$client.prepare(insert).run("c1", "One");
    other.$client.prepare(insert).run("c1", "Other");

    expect(nameOf(one).get({ id: "c1" })).toEqual({ name: "One" });
    expect(nameOf(one).get({ id: "c2" })).toBeUndefined();
    one.transaction((tx) => {
      one.$client.prepare(insert).run("c2", "Two");
      expect(nameOf(tx).get({ id: "c2" })).toEqual({ name: "Two" });
    });
    expect(builds).toBe(1);
    expect(nameOf(other).get({ id: "c1" })).toEqual({ name: "Other" });
    expect(builds).toBe(2);
  });
});
