// Each test gets its own copy of the migrated, seeded template database (see global-setup.ts).
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, inject } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type Db } from "~/db/client.server";
import { weeklyCycles } from "~/db/schema";

let counter = 0;

/** A fresh database file copied from the template; the caller closes it. */
export function copyTemplateDatabase(): Db {
  const file = path.join(
    inject("testDirectory"),
    `worker-${process.env.VITEST_POOL_ID ?? "0"}-${process.pid}-${++counter}.db`,
  );
  fs.copyFileSync(inject("templateDatabase"), file);
  return openDatabase(file);
}

/** Registers hooks that give every test in the file a fresh database; read it with `db()`. */
export function useTestDatabase(): () => Db {
  let current: Db | undefined;
  beforeEach(() => {
    current = copyTemplateDatabase();
  });
  afterEach(() => {
    const file = current?.$client.name;
    current?.$client.close();
    current = undefined;
    if (file) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  });
  return () => {
    if (!current) throw new Error("useTestDatabase: no database outside a test");
    return current;
  };
}

/**
 * Moves a week's deadline four days ahead. Cancelling and changing an order close 24 hours before
 * the deadline, and the demo weeks close on weekday evenings: a test that cancels must not pass
 * or fail by the day it runs on.
 */
export function deadlineDaysAway(db: Db, cycleId: string) {
  db.update(weeklyCycles).set({ orderDeadline: new Date(Date.now() + 4 * 86_400_000) }).where(eq(weeklyCycles.id, cycleId)).run();
}
