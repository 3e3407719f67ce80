// Once per `vitest run`: a migrated, demo-seeded template database that every test copies.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { closeDb, getDb } from "~/db/client.server";
import { ensureDemoData } from "~/demo/seed.server";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
    testDirectory: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-vitest-"));
  const template = path.join(dir, "template.db");
  process.env.DATABASE_PATH = template;
  await ensureDemoData(getDb());
  // Fold the WAL into the main file so a plain copy of it is complete.
  getDb().$client.pragma("wal_checkpoint(TRUNCATE)");
  closeDb();
  delete process.env.DATABASE_PATH;
  project.provide("templateDatabase", template);
  project.provide("testDirectory", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
