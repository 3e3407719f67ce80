import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startCheckpointer, type Checkpointer } from "./checkpointer.server";

let dir: string | undefined;
let running: Checkpointer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A WAL database whose own connection never checkpoints, with `rows` rows committed to its log. */
function writtenToTheLogOnly(rows: number) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-checkpointer-"));
  const file = path.join(dir, "shop.db");
  const writer = new Database(file);
  writer.pragma("journal_mode = WAL");
  writer.pragma("wal_autocheckpoint = 0");
  writer.exec("CREATE TABLE lines (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
  const insert = writer.prepare("INSERT INTO lines (text) VALUES (?)");
  writer.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`line ${i} `.repeat(20));
  })();
  return { file, writer };
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe("the WAL checkpoint thread", () => {
  it("copies committed pages from the log into the database file while the writer goes on", async () => {
    const { file, writer } = writtenToTheLogOnly(2_000);
    const sizeBefore = fs.statSync(file).size;
    // 2,000 rows of ~200 bytes are ~100 pages, all in the log so far.
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(300_000);
    expect(sizeBefore).toBeLessThan(20_000);

    running = startCheckpointer(file, { intervalMs: 20 });
    expect(await until(() => fs.statSync(file).size > 300_000)).toBe(true);
    // The writer's connection stays usable and sees every row.
    writer.prepare("INSERT INTO lines (text) VALUES ('after')").run();
    expect(writer.prepare("SELECT count(*) FROM lines").pluck().get()).toBe(2_001);
    writer.close();
  });

  it("stops when asked, after a last checkpoint", async () => {
    const { file, writer } = writtenToTheLogOnly(500);
    const checkpointer = startCheckpointer(file, { intervalMs: 60_000 });
    await checkpointer.stop();
    // The interval never came round: only the last checkpoint can have copied the pages.
    expect(fs.statSync(file).size).toBeGreaterThan(80_000);
    writer.close();
  });
});
